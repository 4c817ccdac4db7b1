"""This round's scoring as a strategy estimates it: the gold a seat would win in the
Maharaja's city for each number of own points (M-P1..M-P3), the others' points as they
stand. The one payout estimate of the kit (the engine scores with
simcore.maharaja.nb.scoring_nb.score_city_nb; both read place_gold_nb).

Opponents' points do not change during the own turn, so a table made when the turn is
planned holds for the whole turn.
"""

import simcore.maharaja.layout as S
from simcore.core.nb.numba_compat import njit_static
from simcore.maharaja.enums import N_CHARACTERS_MAX
from simcore.maharaja.nb.scoring_nb import place_gold_nb
from simcore.maharaja.rules import R
from strategies.maharaja.kit.inline_nb import city_points_inl_nb


@njit_static(
    cache=True,
    inline="always",
)
def payout_table_nb(state, board, rules, seat, c, first, n_pay, scratch, at, opp):
    """scratch[at + k], k < n_pay: the scoring gold seat wins in city c with first + k
    points, the others' points as they stand: places by points, a tie to the lower
    character (M-P2), nothing for 0 points, the monopoly bonus for a lone scorer (M-P3).
    scratch[opp + q] (R.MAX_PLAYERS entries) receives 2 x q's points, + 1 when q wins a
    tie against seat (0 for seat itself)."""
    n = state[S.N_PLAYERS]
    others = 0
    for q in range(n):
        qp = 0 if q == seat else city_points_inl_nb(state, board, rules, q, c)
        scratch[opp + q] = 2 * qp
        if qp > 0:
            others += 1
    # a tie goes to the lower character (M-P2): one pass over the cards, lowest first,
    # up to seat's lowest
    for k in range(N_CHARACTERS_MAX):
        q = state[S.CHAR_OWNER + k]
        if q == seat:
            break
        if 0 <= q < n:
            scratch[opp + q] |= 1
    bonus = rules[R.MONOPOLY_BONUS] if others == 0 else 0
    for k in range(n_pay):
        mine = first + k
        if mine <= 0:
            scratch[at + k] = 0
            continue
        rank = 0
        for q in range(n):
            if scratch[opp + q] > 2 * mine:
                rank += 1
        gold = place_gold_nb(rules, n, rank) + bonus
        scratch[at + k] = gold
        if rank == 0:  # first place: more points win no more
            for rest in range(k + 1, n_pay):
                scratch[at + rest] = gold
            return
