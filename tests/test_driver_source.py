"""The generated driver's source: what it calls by symbol, what it links, and the names
its copied code needs."""

from __future__ import annotations

from simcore.core.nb.driver import driver_source
from simcore.core.nb.source_closure import SourceClosure

ENGINE = "simcore.maharaja.nb.game_nb"


def test_a_strategy_edit_keeps_the_driver_and_restamps_the_strategy(tmp_path, monkeypatch):
    """The driver calls a strategy by symbol (a unit with its own cache stamp), so an edit
    to the strategy recompiles the strategy, not the driver; the engine is linked into the
    driver, so the driver's stamp covers it (simcore/core/nb/numba_cache.py)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    path = tmp_path / "edited_strategy_mod.py"
    path.write_text("def decide_nb():\n    return 1\n")
    before = driver_source(ENGINE, [("edited_strategy_mod", "decide_nb")])
    key = SourceClosure().key(path)
    path.write_text("def decide_nb():\n    return 2\n")
    after = driver_source(ENGINE, [("edited_strategy_mod", "decide_nb")])
    assert after == before
    assert SourceClosure().key(path) != key
    assert '("edited_strategy_mod", "decide_nb", DECIDE_SIG)' in after
    driver = tmp_path / "palace_lab_driver_test.py"
    driver.write_text(after)
    closure = SourceClosure().closure(driver)
    assert str(path) not in closure
    engine = SourceClosure().module_file(ENGINE)
    assert engine and engine in closure


def test_the_driver_imports_the_engine_api_from_the_engine():
    """The names come from simcore.core.contract.engine_api (kept once), not a list of its own."""
    import ast

    from simcore.core.contract.engine_api import ENGINE_API

    tree = ast.parse(driver_source(ENGINE, [("strategies.maharaja.chaser", "chaser_decide_nb")]))
    (imported,) = [n for n in tree.body if isinstance(n, ast.ImportFrom) and n.module == ENGINE]
    assert tuple(a.name for a in imported.names) == ENGINE_API


def _defined(tree) -> set[str]:
    """Names a module's top level binds (imports, assignments, functions)."""
    import ast

    names = set()
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            for t in node.targets:
                if isinstance(t, ast.Tuple):
                    names |= {e.id for e in t.elts if isinstance(e, ast.Name)}
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
    return names


def test_the_driver_code_gets_every_name_it_imports_from_the_header():
    """driver_loop.py and driver_search.py are real code that imports the generated
    header's names from `palace_lab_driver`: the copy leaves that import out, so the header
    must bind each of them (a name the header lost would fail only when numba compiles)."""
    import ast

    from simcore.core.nb.driver import SearchEntry, driver_code

    entries = [("strategies.maharaja.chaser", "chaser_decide_nb"),
               SearchEntry("strategies.maharaja.lookahead", 0, 10, 31)]  # fmt: skip
    source = driver_source(ENGINE, entries)
    header = source.split("# --- simcore.core.nb.driver_search (copied) ---")[0]
    bound = _defined(ast.parse(header))
    for module in ("simcore.core.nb.driver_search", "simcore.core.nb.driver_loop"):
        text, path = driver_code(module)
        assert text in source
        assert "from palace_lab_driver import" not in text
        original = ast.parse(open(path).read())
        (imports,) = [
            n for n in original.body
            if isinstance(n, ast.ImportFrom) and n.module == "palace_lab_driver"
        ]  # fmt: skip
        missing = {a.name for a in imports.names} - bound
        assert not missing, f"{module} needs {missing} from the header"
        assert len(text.splitlines()) == len(open(path).read().splitlines())  # lines kept


def test_a_driver_without_a_search_has_no_search_code():
    source = driver_source(ENGINE, [("strategies.maharaja.chaser", "chaser_decide_nb")])
    assert "simcore.core.nb.driver_search" not in source
    assert "def search_nb" not in source and "def play_loop_nb" in source
    assert "PARALLEL = False" in source
