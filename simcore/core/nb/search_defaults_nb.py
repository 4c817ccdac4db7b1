"""The search hooks a game may leave out (simcore/core/nb/search_nb.py), as simple as is
correct: a game states its legal answers and, if it keeps secrets, what a seat may know;
simcore/core/nb/search_hooks.py takes each other hook from here where the game's hooks
module does not define it.

- every decision is searched with `rollouts` rollouts, played to the game's end;
- a candidate is the policy's answer when the whole answer (ret and out) is the same;
- rollouts play the models exactly (no exploration), and the clock is the header's round;
- public information: the view is the state, no world is redrawn, nothing is secret;
- the value of a finished game is the seat's share of the win (1/k for a first place
  shared by k), read from the engine's RANK block (seats ranked above; 0 = a winner),
  the results' `win_share` column.
"""

import numpy as np

from simcore.core.contract.layout import N_PLAYERS, ROUND
from simcore.core.nb.numba_compat import njit_static
from simcore.core.nb.search_nb import P_ROLLOUTS

# no ranking of the candidates (width keeps the first ones); public information: nothing
# is answered in secret (re-exported as the defaults)
from simcore.core.nb.search_prior_nb import prior_nb  # noqa: F401
from simcore.core.nb.search_public_nb import hidden_kind_nb, restore_nb, secret_kind_nb  # noqa: F401

PARAMS: dict = {}  # no search parameters of the game's own


@njit_static(cache=True)
def budget_nb(kind, params):
    """`rollouts` rollouts for a decision of any kind."""
    return np.int64(params[P_ROLLOUTS])


@njit_static(cache=True)
def horizon_nb(kind, params):
    """To the end of the game: the default value knows finished games only."""
    return np.int64(0)


@njit_static(cache=True)
def same_nb(kind, cand, ret, out):
    """The candidate row is the whole answer: its ret and every entry of out."""
    if cand[0] != ret:
        return False
    for i in range(out.shape[0]):
        if cand[1 + i] != out[i]:
            return False
    return True


@njit_static(cache=True)
def explore_kind_nb(kind):
    """Rollouts play the models' own answers (`explore` changes nothing)."""
    return False


@njit_static(cache=True)
def determinise_nb(state, board, rules, seat, view):
    """Public information: the seat may know the whole state."""
    for i in range(state.shape[0]):
        view[i] = state[i]


@njit_static(cache=True)
def redraw_nb(sim, board, rules, seat, params, rng):
    """Nothing hidden to draw anew: every rollout seed plays the view."""
    return


@njit_static(cache=True)
def progress_nb(state):
    """The header's clock (round, day, turn; simcore/core/contract/layout.py)."""
    return state[ROUND]


@njit_static(cache=True)
def win_share_nb(state, rank, seat):
    """The seat's share of the win in a finished game whose ranks start at `rank`: 1/k
    if it is one of k seats ranked 0, else 0."""
    if state[rank + seat] != 0:
        return 0.0
    winners = 0
    for q in range(state[N_PLAYERS]):
        if state[rank + q] == 0:
            winners += 1
    return 1.0 / max(winners, 1)


def win_share_value(rank: int):
    """The default value_nb of an engine whose RANK block starts at `rank` (a constant of
    the compiled function, as an engine's own offsets are)."""

    @njit_static(cache=True)
    def value_nb(state, board, rules, seat, params):
        return win_share_nb(state, rank, seat)

    return value_nb
