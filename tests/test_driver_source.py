"""The generated driver's source, hence its cached file, changes with the strategy code."""

from __future__ import annotations

from simcore.core.driver import driver_source

ENGINE = "simcore.maharaja.nb.game_nb"


def test_editing_a_strategy_file_gives_a_new_driver(tmp_path, monkeypatch):
    """numba checks only the driver file's time stamp: a driver that stayed the same
    after a strategy edit would keep running the strategy's old machine code."""
    monkeypatch.syspath_prepend(str(tmp_path))
    path = tmp_path / "edited_strategy_mod.py"
    path.write_text("def decide_nb():\n    return 1\n")
    before = driver_source(ENGINE, [("edited_strategy_mod", "decide_nb")])
    assert driver_source(ENGINE, [("edited_strategy_mod", "decide_nb")]) == before
    path.write_text("def decide_nb():\n    return 2\n")
    after = driver_source(ENGINE, [("edited_strategy_mod", "decide_nb")])
    assert after != before
    assert '("edited_strategy_mod", "decide_nb", DECIDE_SIG)' in after


def test_the_driver_imports_the_engine_api_from_the_engine():
    """The names come from simcore.core.engine_api (kept once), not a list of its own."""
    import ast

    from simcore.core.engine_api import ENGINE_API

    tree = ast.parse(driver_source(ENGINE, [("strategies.maharaja.chaser", "chaser_decide_nb")]))
    (imported,) = [n for n in tree.body if isinstance(n, ast.ImportFrom) and n.module == ENGINE]
    assert tuple(a.name for a in imported.names) == ENGINE_API
