"""Strategies of the dice race: reroll at random, never, or at most a threshold; and the
generic search, which needs no code of its own beyond the engine's legal answers and
what a seat may know (game.py: candidates_nb, determinise_nb, redraw_nb)."""

from numba import njit

from simcore.core.nb.rng_nb import randint_nb
from strategies.registry import register
from strategies.search import register_search

from . import game
from .game import ROLL, R


@register("random", "rerolls with probability 1/2", game="dice")
@njit(cache=True, _nrt=False)
def dice_random_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    return randint_nb(rng, 0, 2)


@register("keeper", "never rerolls", game="dice")
@njit(cache=True, _nrt=False)
def dice_keeper_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    return 0


@register("threshold", "rerolls a die showing at most a share of its faces", game="dice",
          params={"share": 0.5}, default=True)  # fmt: skip
@njit(cache=True, _nrt=False)
def dice_threshold_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    return 1 if state[ROLL] <= params[0] * rules[R.SIDES] else 0


lookahead_decide = register_search(
    "lookahead",
    "flat Monte Carlo over keep and reroll, rollouts to the end (a search)",
    game="dice",
    hooks=game.__name__,
    policy="threshold",
    defaults={"rollouts": 200.0},
)
