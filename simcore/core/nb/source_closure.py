"""A source file's key for numba's cache: its text and the text of every module it imports.

numba keeps a cached function until its own file changes, yet jitted code folds constants
and links callees from the modules it imports (state offsets, enums, the engine), so a
function's machine code depends on those files too. `SourceClosure.key(file)` hashes the
file with every module it imports, transitively: absolute and relative imports, `from
package import module`, and imports inside functions. The imports are found by a scan of
the import statements alone (parsed with `ast`): the keys of every file of the project
cost a third to a quarter of parsing the whole files (bench/source_closure.py). An import
in a string or a docstring that parses counts too, which can only make a key change more
often, never less.

Followed: the modules of `simcore` and `strategies`, those of the importing module's own
top-level package, those of installed games (entry points), and any module whose file lies
outside the interpreter's standard library and site-packages (a checkout, an editable
install, tests); numpy, numba and the standard library are not (numba's index holds its
version and the Python version). Keys are memoised for the process: a file edited while a
process runs is seen by the next one.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
import re
import site
import sys
import sysconfig
from collections.abc import Callable, Sequence
from pathlib import Path

OURS = ("simcore", "strategies")  # always followed, wherever they are installed

# an import statement at the start of a line: `from x import (a,  # (c)\n b)`, `import a.b as c`,
# continued with backslashes; each match is parsed on its own
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]*\((?:[^)#]|#[^\n]*)*\)"
    r"|(?:from[ \t]+[\w.]+[ \t]+)?import[ \t][^\n]*(?:\\\n[^\n]*)*)",
    re.M,
)


def imports_of(text: str) -> list[tuple[str, int, tuple[str, ...]]]:
    """The import statements of a module's text: (module, level, names) each; `import a.b`
    gives ("a.b", 0, ()), `from ..x import y, z` gives ("x", 2, ("y", "z"))."""
    statements = [m.group(0).strip() for m in _IMPORT.finditer(text)]
    try:  # all at once; one by one if some text in a string does not parse
        nodes = ast.parse("\n".join(statements)).body
    except SyntaxError:
        nodes = []
        for statement in statements:
            try:
                nodes += ast.parse(statement).body
            except SyntaxError:
                continue
    found = []
    for node in nodes:
        if isinstance(node, ast.Import):
            found += [(a.name, 0, ()) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level, tuple(a.name for a in node.names)))
    return found


def _excluded_dirs() -> tuple[str, ...]:
    """The standard library's and site-packages' directories (not followed)."""
    paths = sysconfig.get_paths()
    dirs = {paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if k in paths}
    dirs.update(getattr(site, "getsitepackages", list)())
    if site.ENABLE_USER_SITE:
        dirs.add(site.getusersitepackages())
    return tuple(str(Path(d).resolve()) + "/" for d in dirs if d)


def _find_top(name: str) -> list[Path]:
    """Where a top-level module lives, by the import system (an editable install's finder
    is not on sys.path): [file] for a module, its directories for a package."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return []
    if spec is None:
        return []
    if spec.submodule_search_locations:
        return [Path(p) for p in spec.submodule_search_locations]
    return [Path(spec.origin)] if spec.origin and spec.origin.endswith(".py") else []


def _game_packages() -> set[str]:
    """Top-level packages of installed games (simcore.core.contract.games.ENTRY_POINTS):
    followed even from site-packages."""
    import importlib.metadata  # noqa: PLC0415

    entries = importlib.metadata.entry_points(group="palace_lab.games")
    return {e.value.split(".")[0] for e in entries}


class SourceClosure:
    """Keys of source files by their import closure. `read` and `search` (the directories
    modules are looked up in; default sys.path, then the import system) can be replaced,
    so that a test computes keys on a copy of the sources. Paths are absolute strings."""

    def __init__(
        self,
        read: Callable[[str], bytes] = lambda path: Path(path).read_bytes(),
        search: Sequence[str] | None = None,
        find_top: Callable[[str], list[Path]] | None = _find_top,
        excluded: Sequence[str] | None = None,
        find_games: Callable[[], set[str]] = _game_packages,
        salt: str = "",
    ) -> None:
        self._read = read
        self._search = search
        self._find_top = find_top
        self._excluded = tuple(excluded) if excluded is not None else _excluded_dirs()
        self._find_games = find_games
        self._games: set[str] | None = None
        self._salt = salt
        self._text: dict[str, bytes] = {}
        self._digests: dict[str, bytes] = {}
        self._edges: dict[str, list[str]] = {}
        self._keys: dict[str, str] = {}
        self._modules: dict[str, str | None] = {}
        self._tops: dict[str, list[str]] = {}
        self._follow: dict[str, bool] = {}

    def key(self, file: str | Path) -> str:
        """Hash of the file and of every module it imports, transitively."""
        path = os.path.realpath(file)
        if path not in self._keys:
            h = hashlib.sha256(self._salt.encode())
            for dep in sorted(self.closure(path)):
                h.update(f"\0{dep}\0".encode())
                h.update(self._digest(dep))
            self._keys[path] = h.hexdigest()[:24]
        return self._keys[path]

    def closure(self, file: str | Path) -> set[str]:
        """The files a key covers (the file itself included)."""
        path = os.path.realpath(file)
        seen, todo = {path}, [path]
        while todo:
            for dep in self._deps(todo.pop()):
                if dep not in seen:
                    seen.add(dep)
                    todo.append(dep)
        return seen

    def module_file(self, name: str) -> str | None:
        """The source file of a module, found without importing it (None: a namespace
        package, a compiled module, or not found)."""
        if name not in self._modules:
            top, *rest = name.split(".")
            self._modules[name] = next(
                (f for place in self._top_places(top) if (f := _source_at(place, rest))), None
            )
        return self._modules[name]

    # --- the import graph -------------------------------------------------------------

    def _digest(self, path: str) -> bytes:
        if path not in self._digests:
            self._digests[path] = hashlib.sha256(self._source(path)).digest()
        return self._digests[path]

    def _source(self, path: str) -> bytes:
        if path not in self._text:
            try:
                self._text[path] = self._read(path)
            except OSError:
                self._text[path] = b""
        return self._text[path]

    def _deps(self, path: str) -> list[str]:
        if path not in self._edges:
            self._edges[path] = self._find_deps(path)
        return self._edges[path]

    def _find_deps(self, path: str) -> list[str]:
        own = _module_name(path)
        package = own if path.endswith("__init__.py") else own.rpartition(".")[0]
        names: list[str] = []
        for module, level, items in imports_of(self._source(path).decode("utf-8", "replace")):
            if level:
                parts = package.split(".")
                module = ".".join([*parts[: len(parts) - level + 1], *([module] if module else [])])
            names.append(module)
            names += [f"{module}.{item}" for item in items if item != "*"]
        top = own.split(".")[0]
        deps = []
        for name in dict.fromkeys(n for n in names if n):
            parts = name.split(".")
            if not self._followed(parts[0], top):
                continue
            for i in range(1, len(parts) + 1):  # a module's packages run first
                found = self.module_file(".".join(parts[:i]))
                if found and found != path:
                    deps.append(found)
        return list(dict.fromkeys(deps))

    def _followed(self, top: str, importer_top: str) -> bool:
        """Whether the modules of a top-level package are part of a closure (a package
        is where its first place on the search path is)."""
        if top in OURS or top == importer_top:
            return True
        if top in sys.stdlib_module_names:
            return False
        if top not in self._follow:
            places = self._top_places(top)
            if places and not all(p.startswith(self._excluded) for p in places):
                self._follow[top] = True
            else:
                if self._games is None:
                    self._games = self._find_games()
                self._follow[top] = top in self._games
        return self._follow[top]

    def _top_places(self, top: str) -> list[str]:
        """Where a top-level module may be: directories (a package) or a path without its
        .py suffix (a module), the first found on the search path."""
        if top not in self._tops:
            search = self._search if self._search is not None else sys.path
            places: list[str] = []
            for entry in search:
                base = os.path.join(os.path.realpath(entry or "."), top)
                if os.path.isfile(base + ".py") or os.path.isfile(
                    os.path.join(base, "__init__.py")
                ):
                    places = [base]
                    break
            if not places and self._find_top is not None:
                places = [str(p.with_suffix("")) if p.suffix == ".py" else str(p)
                          for p in self._find_top(top)]  # fmt: skip
            self._tops[top] = places
        return self._tops[top]


def _source_at(place: str, rest: list[str]) -> str | None:
    base = os.path.join(place, *rest)
    init = os.path.join(base, "__init__.py")
    if os.path.isfile(init):
        return init
    return base + ".py" if os.path.isfile(base + ".py") else None


def _module_name(path: str) -> str:
    """The dotted name of a file, from the packages (with __init__.py) it sits in."""
    folder, name = os.path.split(path)
    parts = [] if name == "__init__.py" else [name[:-3] if name.endswith(".py") else name]
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        folder, package = os.path.split(folder)
        parts.insert(0, package)
    return ".".join(parts)


_SHARED: list[SourceClosure] = []


def shared() -> SourceClosure:
    """The process's instance (its keys memoised)."""
    if not _SHARED:
        _SHARED.append(SourceClosure())
    return _SHARED[0]
