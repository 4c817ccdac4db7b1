"""Strategies of the toy game: reroll at random, never, or below the die's middle."""

from numba import njit

from simcore.core.nb.nb_sig import DECIDE_SIG
from simcore.core.nb.rng_nb import randint_nb
from strategies.registry import register

from .game import ROLL, R


@register("random", "rerolls with probability 1/2", game="toy")
@njit(DECIDE_SIG, cache=True)
def toy_random_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    return randint_nb(rng, 0, 2)


@register("keeper", "never rerolls", game="toy")
@njit(DECIDE_SIG, cache=True)
def toy_keeper_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    return 0


@register("greedy", "rerolls below a threshold share of the die", game="toy",
          params={"threshold": 0.5}, default=True)  # fmt: skip
@njit(DECIDE_SIG, cache=True)
def toy_greedy_nb(kind, seat, state, board, rules, params, rng, scratch, out):
    return 1 if state[ROLL] <= params[0] * rules[R.SIDES] else 0
