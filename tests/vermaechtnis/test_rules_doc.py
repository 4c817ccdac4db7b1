"""docs/games/vermaechtnis.md stays honest, and every rule id of the digest is
named by code and by a test: a row per id, every [choice] with its field and default,
every cited test exists."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from simcore.vermaechtnis.rules import CHOICES, RuleSet

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "games" / "vermaechtnis.md"
DIGESTS = [p / "shared" / "rules" / "vermaechtnis.md" for p in (ROOT.parent, ROOT.parents[1])]
RULE_IDS = (
    [f"V-C{i}" for i in range(1, 7)]
    + [f"V-S{i}" for i in range(1, 7)]
    + ["V-T1", "V-T2", "V-A1", "V-A2", "V-A3", "V-A3a", "V-A3b", "V-A3c", "V-A3d", "V-A4"]
    + [f"V-R{i}" for i in range(1, 5)]
    + ["V-E1", "V-E2"]
    + [f"V-P{i}" for i in range(1, 5)]
    + ["V-V1", "V-V1a", "V-V1b", "V-V1c", "V-V1d", "V-V1e"]
    + ["V-I1", "V-I2", "V-I3", "V-D1", "V-D2", "V-D3"]
)


def section() -> str:
    """The game's page (rules, strategies): other games' pages are files of their own."""
    return DOC.read_text(encoding="utf-8")


def test_rule_ids_match_the_digest():
    digest = next((p for p in DIGESTS if p.exists()), None)
    if digest is None:
        pytest.skip("rules digest not next to the repository")
    ids = set(re.findall(r"^ *- (V-[A-Z]\d+[a-z]?)\b", digest.read_text(encoding="utf-8"), re.M))
    assert ids == set(RULE_IDS)


def test_every_rule_id_has_a_row():
    rows = {
        line.split("|")[1].strip() for line in section().splitlines() if line.startswith("| V-")
    }
    assert [r for r in RULE_IDS if r not in rows] == []


def test_every_choice_listed_with_field_and_default():
    text = section()
    default = RuleSet()
    for name in CHOICES:
        assert f"| `{name}` | `{getattr(default, name)}` |" in text, name


def _tests() -> dict[str, set[str]]:
    out = {}
    for f in (ROOT / "tests" / "vermaechtnis").glob("test_*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        out[f.stem[5:]] = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    return out


def test_every_cited_test_exists():
    known = _tests()
    cited = re.findall(r"`(\w+)::(test_\w+)`", section())
    assert len(cited) > 80
    assert [f"{f}::{t}" for f, t in cited if t not in known.get(f, set())] == []


def test_every_rule_id_has_a_test_named_after_it():
    names = [t for ts in _tests().values() for t in ts]
    for rid in RULE_IDS:
        u = rid.replace("-", "_")
        assert any(re.search(rf"(^|_){u}(_|$)", t) for t in names), rid


def test_every_rule_id_is_named_in_the_code():
    code = "".join(
        p.read_text(encoding="utf-8")
        for folder in ("simcore/vermaechtnis", "strategies/vermaechtnis")
        for p in (ROOT / folder).rglob("*")
        if p.suffix in (".py", ".toml")
    )
    assert [r for r in RULE_IDS if not re.search(rf"\b{r}\b", code)] == []


def test_every_cited_function_exists():
    cited = re.findall(r"`((?:nb/)?\w+\.py):(\w+)`", section())
    cited += re.findall(r"`(strategies/vermaechtnis/[\w/]+\.py):(\w+)`", section())
    assert len(cited) > 40
    missing = []
    for file, fn in cited:
        path = (
            ROOT / file if file.startswith("strategies/") else ROOT / "simcore/vermaechtnis" / file
        )
        if not path.exists() or not re.search(rf"^def {fn}\b", path.read_text(), re.M):
            missing.append(f"{file}:{fn}")
    assert missing == []
