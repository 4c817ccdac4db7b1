"""docs/games/tajmahal.md stays honest: a row per rule id of the digest, every [choice]
field with its default, every cited test exists, and every rule id is named by the code
and by a test (its name or docstring)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from simcore.tajmahal.rules import CHOICES, RuleSet

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "games" / "tajmahal.md"
DIGESTS = [p / "shared" / "rules" / "taj-mahal.md" for p in (ROOT.parent, ROOT.parents[1])]
RULE_IDS = (
    ["T-C1", "T-C1b"] + [f"T-C{i}" for i in range(2, 8)]
    + [f"T-S{i}" for i in range(1, 7)]
    + [f"T-R{i}" for i in range(1, 8)]
    + ["T-A1", "T-A1a", "T-A1b", "T-A1c", "T-A1d", "T-A2", "T-A3", "T-A4", "T-A5", "T-A6",
       "T-A6a", "T-A7", "T-A8"]
    + ["T-P1", "T-P2", "T-P3", "T-P4", "T-E1", "T-E2", "T-V1", "T-V2"]
    + [f"T-I{i}" for i in range(1, 6)]
    + ["T-D1", "T-D2", "T-D3"]
)  # fmt: skip
NO_TEST = {"T-I5"}  # table talk: nothing for an engine to do (the doc says so)


def _named(text: str, rid: str) -> bool:
    return re.search(re.escape(rid) + r"(?![a-z0-9])", text) is not None


def test_rule_ids_match_the_digest():
    digest = next((p for p in DIGESTS if p.exists()), None)
    if digest is None:
        pytest.skip("rules digest not next to the repository")
    ids = set(re.findall(r"^ *- (T-[A-Z]\d+[a-z]?)\b", digest.read_text(encoding="utf-8"), re.M))
    assert ids == set(RULE_IDS)


def test_every_rule_id_has_a_row():
    rows = {
        ln.split("|")[1].strip() for ln in DOC.read_text().splitlines() if ln.startswith("| T-")
    }
    assert [r for r in RULE_IDS if r not in rows] == []


def test_every_choice_listed_with_field_and_default():
    text = DOC.read_text(encoding="utf-8")
    default = RuleSet()
    for name in CHOICES:
        assert f"| `{name}` | `{getattr(default, name)}` |" in text, name


def _tests() -> dict[str, dict[str, str]]:
    """file stem (without test_) -> test name -> name + docstring."""
    out = {}
    for f in (ROOT / "tests" / "tajmahal").glob("test_*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        out[f.stem[5:]] = {
            n.name: n.name + " " + (ast.get_docstring(n) or "")
            for n in tree.body
            if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
        }
    return out


def test_every_cited_test_exists():
    known = _tests()
    cited = re.findall(r"`(\w+)::(test_\w+)`", DOC.read_text(encoding="utf-8"))
    assert len(cited) > 60
    assert [f"{f}::{t}" for f, t in cited if t not in known.get(f, {})] == []


def test_every_rule_id_is_named_by_a_test():
    texts = " \n".join(t for tests in _tests().values() for t in tests.values())
    assert [r for r in RULE_IDS if r not in NO_TEST and not _named(texts, r)] == []


def test_every_rule_id_is_named_in_the_code():
    src = ROOT / "simcore" / "tajmahal"
    code = "".join(p.read_text(encoding="utf-8") for p in sorted(src.rglob("*.py")))
    code += "".join(p.read_text(encoding="utf-8") for p in sorted(src.rglob("*.toml")))
    assert [r for r in RULE_IDS if not _named(code, r)] == []
