"""numba's cache stamped per module by its import closure (simcore/core/nb/source_closure.py,
numba_cache.py): an edit recompiles what imports the edited file, nothing else."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from numba.core import caching

from simcore.core.nb.source_closure import SourceClosure, imports_of

ROOT = Path(__file__).resolve().parents[1]
DICE = ROOT / "examples" / "palace-lab-dice"
GAMES = ("maharaja", "vermaechtnis", "tajmahal", "palast")


def _sources(root: Path) -> list[Path]:
    dirs = [root / "simcore", root / "strategies", root / "dice" / "palace_lab_dice"]
    return sorted(p for d in dirs for p in d.rglob("*.py"))


def _copy(tmp_path: Path) -> Path:
    """The jitted packages and the example game, copied: the tests edit the copy."""
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "simcore", tmp_path / "simcore", ignore=ignore)
    shutil.copytree(ROOT / "strategies", tmp_path / "strategies", ignore=ignore)
    shutil.copytree(DICE / "palace_lab_dice", tmp_path / "dice" / "palace_lab_dice", ignore=ignore)
    return tmp_path


def _keys(root: Path) -> dict[str, str]:
    """Every copied file's key, looked up in the copy only (a fresh instance: no memo)."""
    stdlib = sysconfig.get_paths()["stdlib"]
    closure = SourceClosure(search=[str(root), str(root / "dice"), stdlib], find_top=None,
                            excluded=[stdlib + "/"], find_games=set)  # fmt: skip
    return {str(p.relative_to(root)): closure.key(p) for p in _sources(root)}


def _append(path: Path, text: str = "\n# an edit\n") -> None:
    path.write_text(path.read_text() + text)


def _changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {f for f in before if before[f] != after[f]}


def _of_game(file: str, game: str) -> bool:
    return file.startswith((f"simcore/{game}/", f"strategies/{game}/"))


def test_the_scan_finds_every_import_a_full_parse_finds():
    """The fast scan (import statements only) against ast over each whole project file."""
    dirs = ("simcore", "strategies", "examples", "tests")
    files = [p for d in dirs for p in (ROOT / d).rglob("*.py")]
    assert len(files) > 150
    for path in files:
        text = path.read_text()
        full = set()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                full |= {(a.name, 0, ()) for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                full.add((node.module or "", node.level, tuple(a.name for a in node.names)))
        assert full <= set(imports_of(text)), path


def test_an_edit_to_one_games_strategy_changes_no_key_of_another_game(tmp_path):
    root = _copy(tmp_path)
    before = _keys(root)
    _append(root / "strategies" / "tajmahal" / "weighted.py")
    changed = _changed(before, _keys(root))
    # weighted.py itself, and lookahead.py, which imports it to register its policy first
    # (`from strategies.tajmahal import weighted`); no module imports lookahead
    assert changed == {"strategies/tajmahal/weighted.py", "strategies/tajmahal/lookahead.py"}
    assert (
        "from strategies.tajmahal import weighted"
        in (root / "strategies" / "tajmahal" / "lookahead.py").read_text()
    )


def test_an_edit_to_one_games_engine_changes_only_that_game(tmp_path):
    root = _copy(tmp_path)
    before = _keys(root)
    _append(root / "simcore" / "maharaja" / "enums.py")
    changed = _changed(before, _keys(root))
    assert "simcore/maharaja/enums.py" in changed
    assert "strategies/maharaja/weighted.py" in changed  # (it folds the game's enums)
    assert all(_of_game(f, "maharaja") for f in changed), sorted(changed)


def test_an_edit_to_a_shared_layout_changes_every_game(tmp_path):
    """simcore/core/contract/layout.py's offsets are folded as constants into every engine,
    and every game's layout imports it."""
    root = _copy(tmp_path)
    before = _keys(root)
    _append(root / "simcore" / "core" / "contract" / "layout.py")
    changed = _changed(before, _keys(root))
    for game in GAMES:
        assert f"simcore/{game}/layout.py" in changed
        assert f"strategies/{game}/weighted.py" in changed
        assert any(f.startswith(f"simcore/{game}/nb/") for f in changed), game
    assert "dice/palace_lab_dice/game.py" in changed
    assert "simcore/core/errors.py" not in changed  # (imports nothing of ours)


def test_a_relative_import_and_an_import_inside_a_function_are_followed(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "consts.py").write_text("K = 1\n")
    (pkg / "late.py").write_text("L = 2\n")
    (pkg / "fn.py").write_text(
        "from . import consts\n\ndef f():\n    from pkg.late import L\n    return L\n"
    )
    closure = SourceClosure(search=[str(tmp_path)], find_top=None, excluded=[], find_games=set)
    names = {os.path.relpath(p, tmp_path) for p in closure.closure(pkg / "fn.py")}
    assert names == {"pkg/fn.py", "pkg/__init__.py", "pkg/consts.py", "pkg/late.py"}


def test_numba_recompiles_a_function_when_a_module_it_imports_changes(tmp_path):
    """End to end, numba's own cache: a constant folded from another module. Without the
    closure stamp, numba would load the machine code compiled with the old constant."""
    (tmp_path / "consts_mod.py").write_text("K = 1\n")
    (tmp_path / "fn_mod.py").write_text(
        "from numba import njit\nfrom consts_mod import K\n\n"
        "@njit(cache=True)\ndef f():\n    return K\n"
    )
    code = "import simcore, fn_mod; print(fn_mod.f())"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)]),
           "NUMBA_CACHE_DIR": str(tmp_path / "numba")}  # fmt: skip

    def run() -> str:
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True, timeout=600)  # fmt: skip
        return done.stdout.strip()

    assert run() == "1"
    assert list((tmp_path / "numba").rglob("*.nbi"))  # cached
    (tmp_path / "consts_mod.py").write_text("K = 2\n")
    assert run() == "2"


def test_the_locator_is_numbas_first():
    impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl
    first = impl._locator_classes[0]
    assert first.__name__ == "ClosureStampLocator"
