"""A visit (T-R1..T-R7) and the plays and withdrawals in it (T-A1..T-A8), on positions
built by hand from started games."""

from __future__ import annotations

import pytest

from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import (
    DK_CROWN,
    DK_PALACE,
    DK_PICK,
    DK_TURN,
    E_BAD_PLAY,
    ELEPHANT,
    EV_DRAW,
    EV_ERROR,
    EV_PICK,
    GENERAL,
    MOGUL,
    MONK,
    NO_CARD,
    PRINCESS,
    VIZIER,
    WITHDRAW,
)
from simcore.tajmahal.nb.contest_nb import play_code_nb
from simcore.tajmahal.rules import RuleSet

from .table import K, Table, special

RED_EV = K("red", "elephant", "vizier")
RED_EE = K("red", "elephant", "elephant")
RED_EG = K("red", "elephant", "general")
GREEN_EM = K("green", "elephant", "monk")
GREEN_EE = K("green", "elephant", "elephant")
W_ELE = K("white", "elephant")
W_MOG = K("white", "mogul")
FX_ANY = special(PRINCESS)  # T-C6 default: princess -> any colour
FX_ELE = special(GENERAL)  # general -> +1 elephant
FX_MOG = special(VIZIER)  # vizier -> +1 mogul
FX_PTS = special(MONK)  # monk -> +2 points


def fresh(players: int = 3, **rules) -> Table:
    """A started game whose visit-1 start player is seat 0 (FIRST_START kept honest)."""
    t = Table(players, seed=1, rules=RuleSet(**rules))
    t[S.START_SEAT] = t[S.FIRST_START] = t[S.PLAYER] = 0
    return t


def turn(t: Table, seat: int, ret: int) -> None:
    assert t.ask() == (DK_TURN, seat)
    t.answer(ret)


def play(c: int, comp: int = NO_CARD) -> int:
    return int(play_code_nb(c, comp))


@pytest.mark.nojit
def test_play_one_coloured_card_optionally_with_a_white_or_special():
    """T-A1: (a) 1 coloured, (b) + 1 white, (c) + 1 special; white or special alone, or
    two companions, or two coloured cards are not plays."""
    t = fresh()
    t.set_hand(0, [RED_EV, RED_EE, W_ELE, FX_MOG])
    legal = set(t.legal())
    assert legal == {WITHDRAW} | {play(c, x) for c in (RED_EV, RED_EE)
                                  for x in (NO_CARD, W_ELE, FX_MOG)}  # fmt: skip
    assert play(W_ELE) not in legal and play(RED_EV, RED_EE) not in legal
    turn(t, 0, play(RED_EE, W_ELE))
    assert t.state[S.SYM + ELEPHANT] == 3  # elephant+elephant counts 2 (T-A2) + white
    assert t[S.HAND_N] == 2 and t[S.COLOUR] == 0


def test_colour_rule_and_any_colour():
    """T-A1a: later plays in the first colour; T-A1b: the any-colour special lets one play
    in another colour without changing the colour; first play with it leaves the colour
    to the next play."""
    t = fresh()
    t.set_hand(0, [RED_EV, RED_EE, GREEN_EM, GREEN_EE, FX_ANY])
    t.set_hand(1, [RED_EG] * 5)
    t.set_hand(2, [RED_EG] * 5)
    turn(t, 0, play(GREEN_EM, FX_ANY))  # first play with any colour: colour still open
    assert t[S.COLOUR] == -1
    turn(t, 1, play(RED_EG))
    turn(t, 2, play(RED_EG))  # T-A1a: several players may use the same colour
    assert t.ask() == (DK_TURN, 0)
    assert play(RED_EV) in t.legal()  # the colour is set by this second play
    t.answer(play(RED_EV))
    assert t[S.COLOUR] == 0
    turn(t, 1, play(RED_EG))
    turn(t, 2, play(RED_EG))
    assert t.ask() == (DK_TURN, 0)
    assert t.legal() == [WITHDRAW, play(RED_EE)]  # red only; the special card is out
    t.answer(play(GREEN_EE))  # illegal: counted, replaced by WITHDRAW
    assert t[S.N_ERRORS] == 1 and t[S.FIRST_ERROR] == E_BAD_PLAY
    assert t[S.ACTIVE] == 0 and len(t.events(EV_ERROR)) == 1


def test_any_colour_on_a_later_play_keeps_the_colour():
    """T-A1b: with a committed colour the any-colour card carries another colour and
    keeps the committed one."""
    t = fresh()
    t.set_hand(0, [RED_EV, GREEN_EM, FX_ANY, RED_EE])
    t.set_hand(1, [RED_EG] * 3)
    t.set_hand(2, [RED_EG] * 3)
    turn(t, 0, play(RED_EV))
    turn(t, 1, play(RED_EG))
    turn(t, 2, play(RED_EG))
    assert t.ask() == (DK_TURN, 0)
    assert play(GREEN_EM, FX_ANY) in t.legal() and play(GREEN_EM) not in t.legal()
    t.answer(play(GREEN_EM, FX_ANY))
    assert t[S.COLOUR] == 0


def test_special_effects():
    """T-A1c: +1 elephant and +1 mogul count as white cards, +2 scores at once."""
    t = fresh()
    t.set_hand(0, [RED_EV, RED_EE, RED_EG, FX_ELE, FX_MOG, FX_PTS])
    t.set_hand(1, [RED_EG] * 3)
    t.set_hand(2, [RED_EG] * 3)
    turn(t, 0, play(RED_EV, FX_ELE))
    assert t.state[S.SYM + ELEPHANT] == 2 and t.state[S.SYM + VIZIER] == 1
    turn(t, 1, play(RED_EG))
    turn(t, 2, play(RED_EG))
    turn(t, 0, play(RED_EE, FX_PTS))
    assert t.points(0) == 2 and t[S.PTS_SPECIAL] == 2
    turn(t, 1, play(RED_EG))
    turn(t, 2, play(RED_EG))
    turn(t, 0, play(RED_EG, FX_MOG))
    assert t.state[S.SYM + MOGUL] == 1


def test_no_legal_play_means_withdraw():
    """T-A1d: a seat without a coloured card is withdrawn without being asked (then
    picks its display cards, after the T-A7 card for not having played)."""
    t = fresh()
    t.set_hand(0, [W_ELE, FX_PTS])
    assert t.ask() == (DK_PICK, 0)
    assert t[S.ACTIVE] == 0 and t[S.HAND_N] == 3


def test_withdraw_wins_strict_majorities_among_those_still_in():
    """T-A2 strictly more than each other player still in; T-A6 a prize taken is gone;
    the seed's tie: the one who stays wins it (Anna/Péter/Krisztián/Dóra, in words);
    T-A5 the elephants win the province tile."""
    t = fresh(4)
    for p in range(4):
        t.set_hand(p, [RED_EG] * 3)
    sym = {0: {ELEPHANT: 3, VIZIER: 1}, 1: {VIZIER: 2, ELEPHANT: 1},
           2: {GENERAL: 2, PRINCESS: 1, ELEPHANT: 3}, 3: {MONK: 1, MOGUL: 2}}  # fmt: skip
    for p, row in sym.items():
        for s_, n in row.items():
            t.state[S.SYM + p * 6 + s_] = n
        t.state[S.SEAT_PLAYS + p] = 1
    turn(t, 0, WITHDRAW)  # Anna: 3 elephants tie with seat 2 -> nothing
    assert t.ask()[0] == DK_PICK and t.state[S.PRIZES : S.PRIZES + 6].sum() == 0
    t.answer(t.legal()[0])
    t.answer(t.legal()[0])
    turn(t, 1, WITHDRAW)  # Péter: vizier 2 > 0 -> vizier tile + palace
    assert t.ask() == (DK_PALACE, 1)
    t.answer(t.legal()[0])
    t.answer(t.legal()[0])
    t.answer(t.legal()[0])
    assert t.state[S.OVALS + 4 + VIZIER] == 1
    turn(t, 2, WITHDRAW)  # Krisztián: general, princess and now the elephants alone
    assert t.state[S.PRIZES + 12 + ELEPHANT] == 1 and t.state[S.PRIZES + 12 + GENERAL] == 1
    assert t.state[S.PRIZES + 12 + PRINCESS] == 1
    assert t[S.TILE_OWNER + t[S.CUR_TILE] - 1] == 2  # T-A5
    for _ in range(4):
        t.answer(t.legal()[0])
    assert t.ask() == (DK_TURN, 3)
    t.answer(WITHDRAW)  # Dóra, last: monk and mogul (crown first, T-A6a)
    assert t.ask() == (DK_CROWN, 3)
    assert t[S.COURT] == 0


def test_last_player_choice():
    """T-A2 [choice]: alone, 1 symbol wins a prize, 0 wins nothing; the literal reading
    (last_min_symbols = 0) gives him every prize left."""
    for need, want in ((1, 1 << ELEPHANT), (0, 0b111111)):
        t = fresh(3, last_min_symbols=need)
        for p in (1, 2):
            t.state[S.ACTIVE + p] = 0
        t[S.N_ACTIVE] = 1
        t.state[S.SYM + ELEPHANT] = 1
        t.state[S.SEAT_PLAYS] = 1
        turn(t, 0, WITHDRAW)
        won = sum(1 << s for s in range(6) if t.state[S.PRIZES + s])
        assert won == want


def test_last_player_keeps_playing():
    """T-R2: alone, the last player is asked again and again until he withdraws."""
    t = fresh()
    t.set_hand(0, [RED_EG] * 4)
    for p in (1, 2):
        t.state[S.ACTIVE + p] = 0
    t[S.N_ACTIVE] = 1
    for _ in range(3):
        turn(t, 0, play(RED_EG))
    assert t[S.SEAT_PLAYS] == 3


def test_crowned_palace_rules():
    """T-A4 the crowned palace on any city, no bonus tile, a normal palace may still join
    it and take the tile (T-A6a [choice]); switched off, it may not. T-A3 a normal palace
    only where no normal palace stands."""
    for open_, takes in ((True, True), (False, False)):
        t = fresh(3, own_crown_city_open=open_)
        prov = t[S.CUR_PROV]
        fort = [c for c in range(49) if t.d[D.CITY_PROV + c] == prov and t[S.BONUS_AT + c] >= 0]
        city = fort[0]
        t.state[S.SYM + MOGUL] = 1
        t.state[S.SYM + VIZIER] = 1
        t.state[S.SEAT_PLAYS] = 1
        turn(t, 0, WITHDRAW)
        assert t.ask() == (DK_CROWN, 0)
        t.answer(city)
        assert t[S.BONUS_AT + city] >= 0  # T-A4: no tile for the crowned palace
        assert t.ask() == (DK_PALACE, 0)
        assert (city in t.legal()) == takes
        if takes:
            t.answer(city)
            assert t[S.BONUS_AT + city] == -1 and t[S.W_N_BONUS] == 1
            t.state[S.SYM + 6 + GENERAL] = 1  # seat 1 leads the generals
            t.state[S.SEAT_PLAYS + 1] = 1
            while t.ask() != (DK_TURN, 1):
                t.answer(t.legal()[0])
            t.answer(WITHDRAW)
            assert t.ask() == (DK_PALACE, 1) and city not in t.legal()


def test_pick_two_one_if_last_and_the_immediate_card():
    """T-A7: 2 display cards, 1 for the last; withdrawing without a play first draws the
    top card of the pile (blind). T-I2: each pick is public (logged with its card);
    T-R7: n - 1 seats take 2 and the last 1, so 2n - 1 cards leave the display empty."""
    t = fresh(3)
    pile = t[S.PILE_N]
    turn(t, 0, WITHDRAW)
    assert t.ask() == (DK_PICK, 0) and t[S.PILE_N] == pile - 1
    assert t.events(EV_DRAW)[-1][3] >= 0
    t.answer(t.legal()[0])
    t.answer(t.legal()[-1])
    assert t[S.HAND_N] == 9 and t[S.DISPLAY_N] == 3
    assert len(t.events(EV_PICK)) == 2 and (t.events(EV_PICK)[:, 4] >= 0).all()
    turn(t, 1, WITHDRAW)
    t.answer(t.legal()[0])
    t.answer(t.legal()[0])
    turn(t, 2, WITHDRAW)
    t.answer(t.legal()[0])
    assert t[S.DISPLAY_N] == 0  # T-R7: 2 + 2 + 1 = 2n - 1
    assert t.ask() == (DK_TURN, 1)
    assert t[S.VISIT] == 2 and t[S.DISPLAY_N] == 5
    assert t[S.START_SEAT] == 1  # T-R5: the start figure passes to the left
    assert (t.state[S.COLOUR : S.COLOUR + 3] == -1).all()  # T-A1a: colours free again


def test_no_immediate_card_when_switched_off():
    t = fresh(3, immediate_card=False)
    pile = t[S.PILE_N]
    turn(t, 0, WITHDRAW)
    assert t.ask() == (DK_PICK, 0) and t[S.PILE_N] == pile


def test_special_card_returns_to_hand_and_exchange():
    """T-A8: a played special card returns to the hand; T-R4: two equal influence tiles
    buy the special card from its holder, also if already held (tiles returned, nothing
    gained)."""
    t = fresh(3)
    t.set_hand(0, [RED_EG, FX_PTS])
    t.state[S.SPECIAL_HOLDER + MONK] = 0
    t.state[S.OVALS + 4 + MONK] = 1  # seat 1 holds one monk tile
    t.state[S.SYM + 6 + MONK] = 1  # ... and leads the monks
    t.state[S.SEAT_PLAYS + 1] = 1
    t.state[S.OVALS + 0 + GENERAL] = 1  # seat 0 will complete a pair of generals
    t.state[S.SYM + 0 + GENERAL] = 3
    turn(t, 0, play(RED_EG, FX_PTS))
    turn(t, 1, WITHDRAW)
    while True:
        kind, seat = t.ask()
        if kind == DK_TURN and seat == 0:
            break
        t.answer(t.legal()[0])
    t.answer(WITHDRAW)
    while t[S.VISIT] == 1:
        kind, seat = t.ask()
        t.answer(t.legal()[0] if kind != DK_TURN else WITHDRAW)
    assert t[S.SPECIAL_HOLDER + MONK] == 1 and t.hand(1).get(FX_PTS) == 1
    assert FX_PTS not in t.hand(0)
    assert t[S.SPECIAL_HOLDER + GENERAL] == 0 and t.hand(0).get(FX_ELE) == 1
    assert t.state[S.OVALS + 4 + MONK] == 0 and t.state[S.OVALS + GENERAL] == 0
    t2 = fresh(3)  # already held: tiles go back, nothing changes hands
    t2.state[S.SPECIAL_HOLDER + MONK] = 0
    t2.set_hand(0, [FX_PTS])
    t2.state[S.OVALS + MONK] = 2
    for p in range(3):
        t2.state[S.ACTIVE + p] = 0
    t2[S.N_ACTIVE] = 0
    t2[S.PHASE] = 4  # PH_VISIT_END
    t2.ask()
    assert t2.state[S.OVALS + MONK] == 0 and t2.hand(0) == {FX_PTS: 1}


def test_visit_end_clears_the_court_leftovers():
    """T-R5: an unclaimed province tile and the province's bonus tiles leave the game;
    the court is refilled; unclaimed ovals stay (one of each type again)."""
    t = fresh(3)
    prov = t[S.CUR_PROV]
    for _ in range(3):
        kind, seat = t.ask()
        assert kind == DK_TURN
        t.answer(WITHDRAW)
        while t.ask()[0] == DK_PICK and t[S.VISIT] == 1:
            t.answer(t.legal()[0])
    assert t[S.VISIT] == 2
    assert t[S.TILE_OWNER + 0] == S.T_GONE
    cities = [c for c in range(49) if t.d[D.CITY_PROV + c] == prov]
    assert all(t[S.BONUS_AT + c] == -1 for c in cities)
    assert t[S.COURT] == 0b111111


def test_reshuffle_and_empty_piles():
    """T-R6: an empty pile is refilled from the shuffled discards; [choice] both empty:
    nothing is drawn; switched off, an empty pile stays empty."""
    for reshuffle in (True, False):
        t = fresh(3, reshuffle=reshuffle)
        t[S.PILE_N] = 0
        t.state[S.DISCARD + RED_EG] = 2
        t[S.DISCARD_N] = 2
        turn(t, 0, WITHDRAW)
        assert t.ask() == (DK_PICK, 0)  # after the immediate card (T-A7)
        assert (t.hand(0).get(RED_EG, 0) >= 1) == reshuffle
        assert t[S.DISCARD_N] == (0 if reshuffle else 2)
        assert t[S.PILE_N] == (1 if reshuffle else 0)


def test_step_cap_ends_the_game_with_its_own_reason():
    """T-R3 [choice]: the cap of plays per visit ends the game (end reason cap)."""
    from simcore.tajmahal.enums import END_CAP

    t = fresh(3, play_cap=2)
    t.set_hand(0, [RED_EG] * 3)
    t.set_hand(1, [RED_EG] * 3)
    turn(t, 0, play(RED_EG))
    turn(t, 1, play(RED_EG))
    assert t.ask() == (-1, -1) and t[S.END_REASON] == END_CAP
    assert (t.state[S.RANK : S.RANK + 3] >= 0).all()


def test_illegal_cities_and_picks_are_replaced():
    """T-D2 / T-D3: an illegal city or display slot is counted and replaced by the lowest
    legal city / the first display card (never raised)."""
    from simcore.tajmahal.enums import E_BAD_CITY, E_BAD_PICK

    t = fresh(3)
    t.state[S.SYM + VIZIER] = 1
    t.state[S.SEAT_PLAYS] = 1
    turn(t, 0, WITHDRAW)
    assert t.ask() == (DK_PALACE, 0)
    first = t.legal()[0]
    t.answer(999)
    assert t[S.CITY_NORMAL + first] == 0 and t[S.FIRST_ERROR] == E_BAD_CITY
    assert t.ask() == (DK_PICK, 0)
    slot = t.legal()[0]
    t.answer(-5)
    assert t[S.DISPLAY + slot] == -1 and t[S.N_ERRORS] == 2
    assert t.events(EV_ERROR)[-1][3] == E_BAD_PICK


def test_hand_limit_choice():
    """T-A7 [choice]: with a hand limit, cards beyond it are not taken (the pick is not
    asked, the card stays in the display)."""
    t = fresh(3, hand_limit=6)
    turn(t, 0, WITHDRAW)  # 6 cards in hand: no immediate card, no pick
    kind, seat = t.ask()
    assert (kind, seat) == (DK_TURN, 1) and t[S.HAND_N] == 6 and t[S.DISPLAY_N] == 5


def test_last_player_withdrawing_at_once():
    """T-A7: the last player withdrawing without a play draws the top card, then takes
    one display card."""
    t = fresh(3)
    for p in (1, 2):
        t.state[S.ACTIVE + p] = 0
    t[S.N_ACTIVE] = 1
    turn(t, 0, WITHDRAW)
    assert t.ask() == (DK_PICK, 0) and t[S.HAND_N] == 7
    t.answer(t.legal()[0])
    assert t[S.HAND_N] == 8 and t.ask()[0] == DK_TURN and t[S.VISIT] == 2


@pytest.mark.parametrize("discard_first", [False, True])
def test_T_P_score_then_discard_the_seeds_order(discard_first):
    """T-P [choice], settled by the seed (score, then discard: its rule sentences and all
    three worked examples; the digest said discard first): it shows when a '+1 card'
    bonus tile finds the pile and the discards empty. Scoring first, nothing is drawn and
    the played card is discarded after; discarding first, the played card is reshuffled
    into the pile (T-R6) and drawn straight back."""
    from simcore.tajmahal.enums import B_CARD

    assert RuleSet().discard_first is False
    t = fresh(3, discard_first=discard_first)
    for p in (1, 2):
        t.state[S.ACTIVE + p] = 0
    t[S.N_ACTIVE] = 1
    t.set_hand(0, [RED_EV])
    t[S.PILE_N] = 0
    t.state[S.DISCARD : S.DISCARD + D.MAX_KINDS] = 0
    t[S.DISCARD_N] = 0
    turn(t, 0, play(RED_EV))  # no card left: withdraws (T-A1d), alone wins both (T-A2)
    assert t.ask() == (DK_PALACE, 0)
    city = t.legal()[0]
    t[S.BONUS_AT + city] = B_CARD
    t.answer(city)
    t.ask()  # scoring runs up to the display picks
    draws = t.events(EV_DRAW)
    assert len(draws) == 1
    if discard_first:
        assert draws[0][3] == RED_EV and t.hand(0) == {RED_EV: 1} and t[S.DISCARD_N] == 0
    else:
        assert draws[0][3] == -1 and t.hand(0) == {} and t.state[S.DISCARD + RED_EV] == 1


def test_crown_what_if_switch():
    """T-A4 what-if (the crown study): with `crown` off the court holds no crown, so mogul
    symbols win nothing; on (the rulebook) the last player's mogul wins it."""
    for crown in (True, False):
        t = fresh(3, crown=crown)
        assert (t[S.COURT] >> MOGUL) & 1 == int(crown)
        for p in (1, 2):
            t.state[S.ACTIVE + p] = 0
        t[S.N_ACTIVE] = 1
        t.set_hand(0, [W_MOG, RED_EG])
        turn(t, 0, play(RED_EG, W_MOG))  # no card left: withdraws (T-A1d)
        kind, _ = t.ask()
        assert (kind == DK_CROWN) == crown
        assert t.state[S.PRIZES + MOGUL] == int(crown)


def test_a_pending_decision_asked_again_changes_nothing():
    """The driver protocol (T-D1..T-D3 are asked one at a time): advance_nb asked again
    returns the pending decision and leaves the state alone - the search resumes its
    rollouts that way, so a second ask must not count a second decision."""
    import numpy as np

    t = Table(4, seed=11)
    rng = np.random.default_rng(11)
    for _ in range(80):
        kind, seat = t.ask()
        if kind < 0:
            break
        before = t.state.copy()
        assert t.ask() == (kind, seat)
        assert (t.state == before).all()
        legal = t.legal()
        t.answer(legal[int(rng.integers(len(legal)))])
