"""The generic layers name no game: no game's name, no game's concept, no game default.

simcore/core, jobs, analyses, reports, the CLI and the strategy registry reach a game only
through its plug-in (docs/GAMES.md); a word of a game in them is a place where the next
game would be forgotten. Each built-in game lists here the words only it uses (its
pieces, its rule ids' prefix); the project's name (palace-lab) is not a game's word.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simcore.core.contract.games import games
from tests.cli_run import run_cli

ROOT = Path(__file__).resolve().parents[1]
GENERIC = [
    *sorted((ROOT / "simcore" / "core").rglob("*.py")),
    *sorted((ROOT / "jobs").glob("*.py")),
    *sorted((ROOT / "analyses").glob("*.py")),
    *sorted((ROOT / "reports").glob("*.py")),
    *sorted((ROOT / "reports" / "templates").glob("*")),
    ROOT / "cli.py",
    ROOT / "strategies" / "registry.py",
    ROOT / "strategies" / "search.py",
    ROOT / "strategies" / "__init__.py",
]
GAME_WORDS = {
    "maharaja": [r"maharaja", r"palaces?\b", r"palace_cost",
                 r"(?<!control )\bcharacters?\b", r"mogul", r"governor",
                 r"architect", r"char_noise", r"deal=", r"\bM-[A-Z]{1,2}\d"],
    "vermaechtnis": [r"verm(ae|ä)chtnis", r"antique", r"rupee", r"tax_cap", r"\bV-[A-Z]{1,2}\d"],
    "tajmahal": [r"taj\b", r"tajmahal", r"\bmahal\b", r"elephants?\b", r"commodit(y|ies)",
                 r"princes(s|ses)?\b", r"\bT-[A-Z]{1,2}\d"],
    "palast": [r"palast", r"\bsaba\b", r"harbour", r"vizier", r"\bK(ö|oe)nigin",
               r"\bP-[A-Z]{1,2}\d"],
}  # fmt: skip
DEFAULTS = [r"""(?<![-\w])game\s*(:\s*str\s*)?=\s*["']\w"""]  # a game named as a default
PROJECT = re.compile(r"palace[-_]lab", re.I)
PENDING: set[str] = set()  # modules still to be cleaned (none left)


def offences(path: Path) -> list[str]:
    text = PROJECT.sub("", path.read_text(encoding="utf-8"))
    found = []
    for game, words in GAME_WORDS.items():
        for w in words:
            for m in re.finditer(w, text, re.I):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {game} word {m.group(0)!r}")
    for w in DEFAULTS:
        for m in re.finditer(w, text):
            line = text.count("\n", 0, m.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: a game default")
    return found


def test_generic_modules_name_no_game():
    bad = []
    for path in GENERIC:
        if path.is_file() and str(path.relative_to(ROOT)) not in PENDING:
            bad += offences(path)
    assert bad == []


def test_every_built_in_game_has_words_and_each_word_is_its_own():
    """The guard covers every game in simcore/, and each of its words occurs in that game's
    own engine or strategies (a word no game uses would guard nothing)."""
    built_in = {p.name for p in (ROOT / "simcore").iterdir() if (p / "plugin.py").is_file()}
    assert built_in == set(GAME_WORDS)
    for game, words in GAME_WORDS.items():
        own = [
            p for d in ("simcore", "strategies") for p in sorted((ROOT / d / game).rglob("*.py"))
        ]
        text = PROJECT.sub("", "\n".join(p.read_text(encoding="utf-8") for p in own))
        assert [w for w in words if not re.search(w, text, re.I)] == [], game


def test_pending_modules_still_offend():
    """A pending module that is clean leaves the list (so that it stays clean)."""
    clean = [p for p in sorted(PENDING) if not offences(ROOT / p)]
    assert clean == []


@pytest.mark.parametrize("command", ["play", "run", "study", "sweep", "tune-rules"])
def test_help_names_no_game_unless_one_is_given(capsys, command):
    """A command's help takes its examples from the plug-in of the game on the command
    line; without one it shows generic stand-ins."""
    code, text, _ = run_cli(capsys, command, "--help")
    assert code == 0
    for words in GAME_WORDS.values():
        assert not [w for w in words if re.search(w, PROJECT.sub("", text), re.I)], text
    for game, plugin in games().items():
        code, text, _ = run_cli(capsys, command, "--game", game, "--help")
        assert code == 0
        if command in ("play", "run"):
            assert plugin.examples()["set"] in text.replace("\n", " "), (game, text)
