"""The generic search strategy (`lookahead`), registered once per game that has search hooks.

A game registers it from a module of its strategies with `register_search`, giving the
module of its search hooks (the protocol is in simcore/core/nb/search_nb.py; a game
writes its legal answers, the defaults the rest, simcore/core/nb/search_hooks.py) and the
strategy whose decisions the rollouts use for the searching seat (the policy). The
driver (simcore/core/nb/driver.py) then writes the search into the generated module next to
the game loop, whose model dispatch plays every other registered strategy: any strategy
of the game can be an opponent model, and a new one needs no edit here.

The search's vector: the generic parameters (simcore.core.nb.search_nb.GENERIC), the game's
(hooks.PARAMS), the policy's as `policy_<name>`, and then the table block that
`table_params` appends: the block's width W, and per seat its model's strategy id and W
parameters (-1 for an empty seat). A seat's model is its strategy with its parameters,
or what that strategy names as its model (a search: its policy). Who plays a seat, with
which parameters, is public (the players are introduced); gold and picks are not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numba import config

from simcore.core.contract.games import get_game
from simcore.core.contract.rungs import SearchRung
from simcore.core.nb.search_hooks import defaulted, hooks_module, lacking
from simcore.core.nb.search_nb import GENERIC, P_THREADS

from . import registry
from .registry import Search, Strategy

# The useful range of the generic parameters (registry.PARAM_RANGE, 0 to 10^6, elsewhere), and
# of every budget named `...rollouts` (the game's own too): a value outside is refused in one
# line before anything is played. Threads beyond the cores add nothing but buffers (one set
# per thread, allocated per decision: 10^6 of them exhaust the memory); rollouts past 10^4 per
# decision make one game take minutes to hours and beat 400 by nothing the ladder can show.
MAX_ROLLOUTS = 10_000.0
MAX_THREADS = 256.0
RANGES = {
    "explore": (0.0, 1.0),
    "models": (0.0, 1.0),
    "threads": (0.0, MAX_THREADS),
    "gate": (0.0, 1.0),  # margin_nb is in [0, 1]: 1 gates nothing (but measures the margin)
    "reuse": (0.0, MAX_ROLLOUTS),  # a weight in rollouts, like the budget
}


def register_search(
    name: str,
    description: str,
    game: str,
    hooks: str,
    policy: str,
    defaults: dict[str, float] | None = None,
) -> Callable:
    """Register the search for `game` under `name`; returns its (Python) decide function.

    `hooks` names the module of the game's search hooks: at least its legal answers, and
    what a seat may know if the game has hidden information; the defaults stand in for
    the rest (simcore/core/nb/search_hooks.py). `policy` must be registered already
    (import its module first); `defaults` overrides generic or game parameter defaults
    (e.g. `rollouts`)."""
    spec = get_game(game)
    why = lacking(hooks, spec.engine, spec.redraw_hidden is not None)
    if why:
        raise ValueError(f"{name}: search hooks {hooks} {why}")
    mod = hooks_module(hooks, spec.engine)
    pol = registry.registered(game, policy)
    own = GENERIC | dict(mod.PARAMS)
    if "explore_kind_nb" in defaulted(hooks):  # no kind is explored: `explore` says so
        own["explore"] = 0.0
    unknown = set(defaults or {}) - set(own)
    if unknown:
        raise ValueError(f"{name}: unknown defaults {sorted(unknown)}")
    own |= defaults or {}
    params = own | {f"policy_{k}": v for k, v in zip(pol.param_names, pol.defaults, strict=True)}
    policy_at = len(own)
    width = len(pol.defaults)
    ranges = {k: (0.0, MAX_ROLLOUTS) for k in own if k.endswith("rollouts")} | RANGES
    if "horizon_nb" in defaulted(hooks):  # the default value knows finished games only
        ranges["horizon"] = (0.0, 0.0)

    def model(vector: np.ndarray) -> tuple[str, np.ndarray]:
        return policy, np.asarray(vector[policy_at : policy_at + width], dtype=np.float64)

    def decide(kind, seat, state, board, rules, params, rng, scratch, out):
        """The search's decision, through the game's driver (for tests and tools)."""
        sid = registry.strategy_ids(game)[name]
        d = registry.driver_for(game)
        return d.decide_nb(kind, sid, seat, state, board, rules, params, rng, scratch, out)

    decide.__name__ = f"{name.replace('-', '_')}_decide"
    return registry.register(
        name,
        description,
        game=game,
        params=params,
        table=table_params,
        search=Search(hooks, policy, policy_at),
        model=model,
        ranges=ranges,
    )(decide)


def seat_model(s: Strategy) -> tuple[str, np.ndarray]:
    """What a search's rollouts play seat strategy `s` as, with which parameters."""
    return s.model(s.params()) if s.model else (s.name, s.params())


def table_params(vector: np.ndarray, seats: Sequence[Strategy]) -> np.ndarray:
    """The seat's vector plus the table block: the model of every seat (public)."""
    game = seats[0].game
    ids = registry.strategy_ids(game)
    models = [seat_model(s) for s in seats]
    width = max([len(p) for _, p in models] + [1])
    block = [float(width)]
    for q in range(get_game(game).max_players):
        row = np.zeros(1 + width)
        row[0] = -1
        if q < len(models):
            name, p = models[q]
            row[0] = ids[name]
            row[1 : 1 + len(p)] = p
        block.extend(row)
    own = np.array(vector, dtype=np.float64)
    if own[P_THREADS] <= 0:  # all cores (numba's count, read without starting its threads)
        own[P_THREADS] = config.NUMBA_NUM_THREADS
    return np.concatenate([own, np.array(block)])


def search_rungs(game: str) -> dict[int, tuple[SearchRung, ...]]:
    """A game's recommended search rungs per player count, weakest first, as its plug-in
    states them (simcore.core.contract.rungs; {} for a game without)."""
    return dict(get_game(game).search_rungs)
