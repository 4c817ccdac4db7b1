"""Strategy registry, and the cached driver built over the registered strategies.

A strategy is a module with one jitted `decide_nb(kind, seat, state, board,
rules, params, rng, scratch, out)`; `@register` files it under a game and a name.
Each built-in game's strategies live in their own subpackage, `strategies/<game>/`,
whose name is the game's: every module of every such subpackage is imported on first
use, so adding a strategy means adding a file, and adding a game's strategies
means adding a folder: the engine, the CLI and this file never change for it.
A strategy registered from elsewhere (a test, a game installed as its own package,
simcore/core/contract/games.py) names its game. A function given no game plays the default one
(`simcore.core.contract.games.default_game`).
`driver_for(game)` builds the cached driver (simcore.core.nb.driver) over them, or over
the strategies one run plays (`driver_for(game, sids)`).
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType

import numpy as np

from simcore.core.contract.games import default_game, games, get_game
from simcore.core.errors import InputError
from simcore.core.nb.driver import SearchEntry, build_driver


@dataclass(frozen=True)
class Search:
    """What the driver needs to write a search strategy (simcore/core/nb/search_nb.py)."""

    hooks: str  # module of the game's search hooks
    policy: str  # the strategy its own seat plays in rollouts
    policy_at: int  # where the policy's parameters start in the search's vector


@dataclass(frozen=True)
class Strategy:
    """A registered strategy: its decision function and its parameter vector."""

    name: str
    game: str
    description: str
    decide: Callable
    param_names: tuple[str, ...] = ()
    defaults: tuple[float, ...] = ()
    module: str = field(default="")
    # optional: the seat's full vector given the whole table (see `seat_arrays`)
    table: Callable[[np.ndarray, Sequence[Strategy]], np.ndarray] | None = None
    # a search written by the driver from the game's search hooks (strategies/search.py)
    search: Search | None = None
    # how a search's rollouts play this seat: (strategy name, params) from the seat's
    # vector; None = as itself. A search names its rollout policy, so nothing recurses.
    model: Callable[[np.ndarray], tuple[str, np.ndarray]] | None = None
    ranges: dict[str, tuple[float, float]] = field(default_factory=dict)  # else PARAM_RANGE

    def param_range(self, key: str) -> tuple[float, float]:
        return self.ranges.get(key, PARAM_RANGE)

    def params(self, overrides: dict[str, float] | None = None) -> np.ndarray:
        """The parameter vector, defaults updated by name."""
        vec = np.array(self.defaults, dtype=np.float64)
        for key, value in (overrides or {}).items():
            if key not in self.param_names:
                raise InputError(f"strategy {self.name}: unknown parameter '{key}'")
            vec[self.param_names.index(key)] = float(value)
        return vec


# Every parameter is a weight, a count, a margin or a noise level: declared non-negative
# and finite unless a strategy declares its own range (register(ranges=...)).
PARAM_RANGE = (0.0, 1e6)

_REGISTRY: dict[str, dict[str, Strategy]] = {}
_DEFAULT: dict[str, str] = {}
_DRIVERS: dict[tuple, ModuleType] = {}  # by game and driver entries


def default_strategy(game: str | None = None) -> str:
    """The strategy every seat plays when the user names none (registered with
    `default=True`, usually the strongest scripted one; else `random`)."""
    game = game or default_game()
    _load_builtins(game)
    return _DEFAULT.get(game, "random")


def _game_of(module: str) -> str:
    """`strategies.<game>.<module>` -> game; anything else must name its game."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[0] == "strategies":
        return parts[1]
    raise TypeError(f"strategy in {module}: outside strategies/<game>/, give register(game=...)")


def register(
    name: str,
    description: str,
    game: str | None = None,
    params: dict[str, float] | None = None,
    table: Callable[[np.ndarray, Sequence[Strategy]], np.ndarray] | None = None,
    default: bool = False,
    search: Search | None = None,
    model: Callable[[np.ndarray], tuple[str, np.ndarray]] | None = None,
    ranges: dict[str, tuple[float, float]] | None = None,
) -> Callable[[Callable], Callable]:
    """Decorator for a strategy's `decide_nb`; the name is what users type.

    `game` defaults to the subpackage the module sits in (`strategies/<game>/`);
    `default=True` makes it the game's default strategy.

    `table(vector, seats)`, if given, returns the seat's parameter vector extended
    with what it may know of the table: which strategy, with which parameters, plays
    each seat. That is public (the players are introduced); gold and picks are not.
    `search` marks a search the driver writes itself (strategies/search.py registers
    one); `model(vector)` names what other searches' rollouts play this seat as.
    `ranges` declares a parameter's (low, high) where PARAM_RANGE does not fit.
    """

    def wrap(decide: Callable) -> Callable:
        module = decide.__module__
        params_ = params or {}
        game_ = game or _game_of(module)
        if default:
            _DEFAULT[game_] = name
        _REGISTRY.setdefault(game_, {})[name] = Strategy(
            name=name,
            game=game_,
            description=description,
            decide=decide,
            param_names=tuple(params_),
            defaults=tuple(float(v) for v in params_.values()),
            module=module,
            table=table,
            search=search,
            model=model,
            ranges=dict(ranges or {}),
        )
        return decide

    return wrap


def strategies(game: str | None = None) -> dict[str, Strategy]:
    """Registered strategies of a game, by name, in id order (sorted by name)."""
    game = game or default_game()
    _load_builtins(game)
    return dict(sorted(_REGISTRY.get(game, {}).items()))


def strategy_ids(game: str | None = None) -> dict[str, int]:
    """Stable ids: the position of each name in sorted order."""
    game = game or default_game()
    return {name: i for i, name in enumerate(strategies(game))}


def resolve(names: Sequence[str], n_players: int, game: str | None = None) -> list[Strategy]:
    """Seat list from user names: one name for all seats, or exactly one per seat.

    A name may carry parameter values, `NAME:key=value:key=value`; the seat's
    vector is then the defaults with those values (no recompiling: params are data).
    """
    game = game or default_game()
    known = strategies(game)
    if len(names) == 1:
        names = list(names) * n_players
    if len(names) != n_players:
        raise InputError(
            f"--strategy: give one name or {n_players} names (one per seat), got {len(names)}"
        )
    seats = []
    for item in names:
        name, *sets = (part.strip() for part in item.split(":"))
        if not name:
            raise InputError(f"--strategy: empty strategy name in {item!r}; known: "
                             f"{', '.join(known)}")  # fmt: skip
        if name not in known:
            raise InputError(f"unknown strategy '{name}'; known: {', '.join(known)}")
        seats.append(_with_values(known[name], sets))
    return seats


def _with_values(strategy: Strategy, sets: Sequence[str]) -> Strategy:
    if not sets:
        return strategy
    values: dict[str, float] = {}
    for text in sets:
        key, eq, value = text.partition("=")
        try:
            number = float(value)
        except ValueError:
            eq = ""
        if not eq:
            raise InputError(
                f"strategy {strategy.name}: expected name:key=value, got ':{text}'"
            ) from None
        if not math.isfinite(number):  # NaN breaks every comparison and the manifest's JSON
            raise InputError(
                f"strategy {strategy.name}: {key.strip()}={value.strip()} must be a finite number"
            )
        key = key.strip()
        if key in values:
            raise InputError(f"strategy {strategy.name}: {key} is given twice")
        if key in strategy.param_names:
            lo, hi = strategy.param_range(key)
            if not lo <= number <= hi:
                raise InputError(
                    f"strategy {strategy.name}: {key}={value.strip()} is outside its range "
                    f"{lo:g} to {hi:g}"
                )
        values[key] = number
    return dataclasses.replace(strategy, defaults=tuple(strategy.params(values)))


def seat_arrays(
    seats: Sequence[Strategy], game: str | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """(strategy ids, parameter matrix) for the engine, one row per seat of the game's
    largest table (its `max_players`; unused rows have id -1).

    A row is the seat's vector, extended by its strategy's `table` hook if it has one."""
    game = game or default_game()
    ids = strategy_ids(game)
    rows = [s.table(s.params(), seats) if s.table else s.params() for s in seats]
    width = max([len(r) for r in rows] + [1])
    rows_n = get_game(game).max_players
    if len(seats) > rows_n:
        raise InputError(f"{game}: {len(seats)} seats, at most {rows_n}")
    sids = np.full(rows_n, -1, dtype=np.int64)
    params = np.zeros((rows_n, width), dtype=np.float64)
    for i, (s, row) in enumerate(zip(seats, rows, strict=True)):
        sids[i] = ids[s.name]
        params[i, : len(row)] = row
    return sids, params


def driver_for(
    game: str | None = None,
    sids: Sequence[int] | None = None,
    params: np.ndarray | None = None,
    extra: Sequence[int] = (),
) -> ModuleType:
    """The generated, cached driver that plays `game` with its registered strategies.

    Strategy ids are positions in name order, so they are stable across runs. With
    `sids` (a run's seat ids) the driver holds only those strategies, the `extra` ids
    (a study's other runs, so that its runs share one driver) and the rollout policies
    of the searches among them: a run compiles what it plays, not every strategy of the
    game (an id left out answers -1, an engine error). With the seats' `params`, the
    search's threaded batches are compiled only if a search seat asks for threads.
    """
    game = game or default_game()
    from simcore.core.nb.search_nb import P_THREADS  # noqa: PLC0415

    known = strategies(game)
    ids = strategy_ids(game)
    entries: tuple = tuple(
        SearchEntry(s.search.hooks, ids[s.search.policy], s.search.policy_at, len(s.defaults))
        if s.search
        else (s.module, s.decide.__name__)
        for s in known.values()
    )
    threads = True
    if sids is not None:
        used = {int(i) for i in (*sids, *extra) if i >= 0}
        used |= {entries[i].policy for i in used if isinstance(entries[i], SearchEntry)}
        entries = tuple(e if i in used else None for i, e in enumerate(entries))
        if params is not None:
            threads = any(
                sid >= 0 and isinstance(entries[sid], SearchEntry) and params[q, P_THREADS] > 1
                for q, sid in enumerate(sids)
            )
    key = (game, entries, threads)
    if key not in _DRIVERS:  # (building reads every source file for its digest)
        _DRIVERS[key] = build_driver(get_game(game).engine, entries, threads)
    return _DRIVERS[key]


def registered(game: str, name: str) -> Strategy:
    """A strategy registered so far (no discovery: for registrations that build on it)."""
    return _REGISTRY[game][name]


_LOADED: set[str] = set()


def _load_builtins(game: str) -> None:
    """Import every module of the game's subpackage (`strategies/<game>/*.py`, not its own
    subpackages such as `kit/`) so that their @register decorators run. Only that game's:
    a run of one game neither imports nor compiles another game's strategies."""
    if game in _LOADED:
        return
    _LOADED.add(game)
    games()  # a game installed as a package registers its strategies when its module loads
    import pkgutil  # noqa: PLC0415

    if not game.isidentifier() or importlib.util.find_spec(f"strategies.{game}") is None:
        return  # a game whose strategies register from elsewhere (a test game)
    pkg = importlib.import_module(f"strategies.{game}")
    for info in pkgutil.iter_modules(pkg.__path__):
        if not (info.ispkg or info.name.startswith("_")):
            importlib.import_module(f"strategies.{game}.{info.name}")
