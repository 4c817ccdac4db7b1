"""Hidden information (T-I1, T-I2): what `redraw_hidden` keeps and what it deals anew, and
the public record of display picks (KNOWN)."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import DK_PICK, DK_TURN
from simcore.tajmahal.hidden import redraw_hidden
from simcore.tajmahal.nb.contest_nb import apply_play_nb

from .table import Table, total_cards

PUBLIC = [(S.HAND_N, S.MAX_SEATS), (S.KNOWN, S.MAX_SEATS * D.MAX_KINDS), (S.DISPLAY, 16),
          (S.DISCARD, D.MAX_KINDS), (S.PLAYED, S.MAX_SEATS * D.MAX_KINDS),
          (S.SPECIAL_HOLDER, 4), (S.POINTS, S.MAX_SEATS), (S.PILE_N, 1)]  # fmt: skip


def _cards(x: np.ndarray, d: np.ndarray) -> np.ndarray:
    """Normal cards per kind in the hands and the pile."""
    nk = int(d[D.N_KINDS])
    total = np.bincount(x[S.PILE : S.PILE + x[S.PILE_N]], minlength=nk)
    for q in range(int(x[S.N_PLAYERS])):
        total += x[S.HAND + q * D.MAX_KINDS : S.HAND + q * D.MAX_KINDS + nk]
    return total


def midgame(seed: int = 2) -> Table:
    """A game played at random (legal answers) up to visit 4."""
    t = Table(4, seed=seed)
    rng = np.random.default_rng(seed)
    while t[S.VISIT] < 4:
        kind, _ = t.ask()
        legal = t.legal()
        t.answer(legal[int(rng.integers(len(legal)))])
    return t


def test_T_I2_display_picks_are_known_until_played():
    """T-I2: a card taken from the display is known to everybody; playing a card of that
    kind makes it one fewer for certain."""
    t = Table(3, seed=4)
    t[S.START_SEAT] = t[S.FIRST_START] = t[S.PLAYER] = 0
    assert t.ask() == (DK_TURN, 0)
    t.answer(-1)
    assert t.ask() == (DK_PICK, 0)
    k = t[S.DISPLAY + t.legal()[0]]
    t.answer(t.legal()[0])
    assert t[S.KNOWN + k] == 1 and t[S.HAND + k] >= 1
    t2 = Table(3, seed=4)  # playing a card of a known kind: one fewer known card
    red = 0  # kind 0 is a red card in the data file
    t2.set_hand(0, [red, red])
    t2[S.KNOWN + red] = 1
    apply_play_nb(t2.state, t2.d, t2.r, t2.log, 0, red)
    assert t2[S.KNOWN + red] == 0 and t2[S.HAND + red] == 1


def test_T_I1_redraw_keeps_the_public_and_the_seat_own():
    """T-I1: the other hands (beyond their known cards) and the pile are redealt from the
    same cards; hand sizes, known cards, the table and the seat's own hand are kept."""
    t = midgame()
    s = t.state
    before = s.copy()
    rng = np.random.default_rng(0)
    changed = 0
    for seat in range(4):
        for _ in range(5):
            c = redraw_hidden(s, t.r, seat, rng)
            assert np.array_equal(s, before)  # the real state is untouched
            for off, n in PUBLIC:
                assert np.array_equal(c[off : off + n], s[off : off + n])
            own = slice(S.HAND + seat * D.MAX_KINDS, S.HAND + (seat + 1) * D.MAX_KINDS)
            assert np.array_equal(c[own], s[own])
            assert total_cards(c, t.d) == 100
            for q in range(4):  # hands hold at least the known cards, same sizes
                h = c[S.HAND + q * D.MAX_KINDS : S.HAND + (q + 1) * D.MAX_KINDS]
                kn = c[S.KNOWN + q * D.MAX_KINDS : S.KNOWN + (q + 1) * D.MAX_KINDS]
                assert (h >= kn).all() and h.sum() == c[S.HAND_N + q]
            assert np.array_equal(_cards(c, t.d), _cards(s, t.d))  # the same cards, redealt
            changed += not np.array_equal(c, s)
    assert changed == 20


@pytest.mark.nojit
def test_T_I1_the_public_view_does_not_change_with_a_redraw():
    """T-I1: what `seat` sees (nb/hidden_nb.public_view_nb: other hands reduced to their
    known cards, the unknown cards as a sorted pile, no engine stream) is the same before
    and after any redraw for that seat - the one statement of the secret is consistent -
    and changes when something the seat can see changes (its own hand)."""
    from simcore.tajmahal.nb.hidden_nb import hidden_pool_nb, public_view_nb

    t = midgame(3)
    s = t.state
    rng = np.random.default_rng(1)
    view = np.zeros_like(s)
    other = np.zeros_like(s)
    counts = np.zeros(D.MAX_KINDS, dtype=np.int64)
    for seat in range(4):
        public_view_nb(s, seat, view)
        n = hidden_pool_nb(s, seat, counts)
        assert n == view[S.PILE_N] + sum(
            int(s[S.HAND_N + q]) - int(s[S.KNOWN + q * D.MAX_KINDS : S.KNOWN + (q + 1)
                                        * D.MAX_KINDS].sum())
            - sum(int(s[S.HAND + q * D.MAX_KINDS + t.d[D.N_KINDS] + i]) for i in range(4))
            for q in range(4) if q != seat)  # fmt: skip
        for _ in range(5):
            public_view_nb(redraw_hidden(s, t.r, seat, rng), seat, other)
            assert np.array_equal(view, other)
        changed = s.copy()
        own = S.HAND + seat * D.MAX_KINDS
        k = int(np.flatnonzero(changed[own : own + int(t.d[D.N_KINDS])])[0])
        changed[own + k] -= 1
        changed[S.PILE + int(changed[S.PILE_N])] = k
        changed[S.PILE_N] += 1
        public_view_nb(changed, seat, other)
        assert not np.array_equal(view, other)
