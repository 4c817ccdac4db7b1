"""docs/games/palast.md stays honest, and every rule id of the digest is named by code
and by a test: a row per id, every [choice] with its field and default, every cited test
exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from simcore.palast.rules import CHOICES, RuleSet

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "games" / "palast.md"
DIGESTS = [
    p / "shared" / "rules" / "palast-der-koenigin.md" for p in (ROOT.parent, ROOT.parents[1])
]
RULE_IDS = (
    ["P-C1", "P-C1a", "P-C1b"] + [f"P-C{i}" for i in range(2, 9)]
    + [f"P-S{i}" for i in range(1, 9)]
    + ["P-R1", "P-A1", "P-A1r", "P-A2", "P-A2a", "P-A2b", "P-A2c", "P-A2d"]
    + [f"P-A{i}" for i in range(3, 9)] + ["P-F1", "P-F2", "P-E1", "P-E2"]
    + [f"P-V{i}" for i in range(1, 4)] + [f"P-I{i}" for i in range(1, 5)]
    + [f"P-D{i}" for i in range(10)]
)  # fmt: skip


def test_rule_ids_match_the_digest():
    digest = next((p for p in DIGESTS if p.exists()), None)
    if digest is None:
        pytest.skip("rules digest not next to the repository")
    text = digest.read_text(encoding="utf-8")
    assert set(re.findall(r"^ *- (P-[A-Z]\d+[a-z]?)\b", text, re.M)) == set(RULE_IDS)


def test_every_rule_id_has_a_row():
    rows = {line.split("|")[1].strip() for line in DOC.read_text().splitlines()
            if line.startswith("| P-")}  # fmt: skip
    assert [r for r in RULE_IDS if r not in rows] == []


def test_every_choice_listed_with_field_and_default():
    text = DOC.read_text()
    default = RuleSet()
    for name in CHOICES:
        assert f"| `{name}` | `{getattr(default, name)}` |" in text, name


def _tests() -> dict[str, set[str]]:
    out = {}
    for f in (ROOT / "tests" / "palast").glob("test_*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        out[f.stem[5:]] = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    return out


def test_every_cited_test_exists():
    known = _tests()
    cited = re.findall(r"`(\w+)::(test_\w+)`", DOC.read_text())
    assert len(cited) > 60
    assert [f"{f}::{t}" for f, t in cited if t not in known.get(f, set())] == []


def test_every_rule_id_has_a_test_named_after_it():
    names = [t for ts in _tests().values() for t in ts]
    for rid in RULE_IDS:
        u = rid.replace("-", "_").lower()
        assert any(re.search(rf"(^|_){u}(_|$)", t) for t in names), rid


def test_every_rule_id_is_named_in_the_code():
    code = "".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "simcore" / "palast").rglob("*.py")
    )
    missing = [rid for rid in RULE_IDS if not re.search(rf"{re.escape(rid)}(?![a-z0-9])", code)]
    assert missing == []
