"""The secrecy hooks of a game whose decisions are all public (simcore/core/nb/search_nb.py).

Such a game's search hooks module re-exports these three instead of writing its own
no-ops: nothing is answered in secret, so nothing is hidden from the searching seat and
nothing has to be written back into a rollout's state.
"""

from simcore.core.nb.numba_compat import njit_static


@njit_static(cache=True)
def secret_kind_nb(kind):
    """No answer stays secret: the engine applies every one at once."""
    return False


@njit_static(cache=True)
def hidden_kind_nb(sim, seat, kind, q):
    """No seat has made a decision the view had to clear."""
    return -1


@njit_static(cache=True)
def restore_nb(sim, q, kind, ret, out):
    """Never called: no kind is secret and none hidden."""
    return
