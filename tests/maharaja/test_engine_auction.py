"""Character auction (M-V3, rulebook 11.2.5), driven through start_game_nb / advance_nb.

Expected outcomes follow from the rulebook text: bids clockwise, each above the last,
a pass is final, the winner pays the bank and chooses, the last player chooses for
free, an opening 0 that everyone passes is free. [choice]s: the opener may pass (if
nobody bids, the opener chooses for 0); an illegal bid is an error and counts as a
pass; each later auction opens at the first seat without a character clockwise from
the first chooser.
"""

from __future__ import annotations

import numpy as np

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    ARTIST,
    BUILDER,
    DK_BID,
    DK_CHARACTER,
    DK_SETUP_HOUSE,
    E_BAD_BID,
    EV_BID,
    EV_CHOOSE,
    MERCHANT,
    MOGUL,
)
from simcore.maharaja.events import describe
from simcore.maharaja.game_data import default_board
from simcore.maharaja.nb.game_nb import RNG_STREAMS, start_game_nb

from .state_builder import BOARD_ARR, choose, drive_to_decision, new_log, rules

AUCTION = rules(auction=True)
PASS = -1


def start(n_players: int, r=AUCTION, log=None) -> np.ndarray:
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    log = new_log() if log is None else log
    start_game_nb(state, BOARD_ARR, r, log, n_players, 1, 0, rng)
    return state


def gold(s, n):
    return [int(s[S.GOLD + p]) for p in range(n)]


def test_M_V3_bids_go_clockwise_above_the_last_winner_pays_and_chooses():
    """4 players: 0 bids 0, 1 bids 2, 2 passes, 3 bids 3, 0 and 1 pass: seat 3 wins,
    pays 3 to the bank and chooses; the next auction is among seats 0, 1, 2 (seat 2's
    earlier pass does not carry over) and opens at seat 0."""
    log = new_log()
    s = start(4, log=log)
    asked = []
    kind, seat = drive_to_decision(
        s,
        [choose(0), choose(2), choose(PASS), choose(3), choose(PASS), choose(PASS)],
        rules=AUCTION,
        log=log,
        asked=asked,
    )
    assert [a for a, _ in asked] == [DK_BID] * 6
    assert [p for _, p in asked] == [0, 1, 2, 3, 0, 1]
    assert (kind, seat) == (DK_CHARACTER, 3)
    kind, seat = drive_to_decision(s, [choose(MOGUL)], rules=AUCTION, log=log)
    assert s[S.CHAR_OWNER + MOGUL] == 3
    assert gold(s, 4) == [15, 15, 15, 12]
    assert s[S.BID_PAID + 3] == 3
    assert (kind, seat) == (DK_BID, 0)
    bids = [(r[1], r[3]) for r in log if r[2] == EV_BID]
    assert bids == [(0, 0), (1, 2), (2, PASS), (3, 3), (0, PASS), (1, PASS)]
    chooses = [(r[1], r[3], r[4]) for r in log if r[2] == EV_CHOOSE]
    assert chooses == [(3, MOGUL, 3)]
    row = next(r for r in log if r[2] == EV_CHOOSE)
    assert describe(row, default_board()).endswith("chooses the Mogul for 3 gold")
    assert s[S.N_ERRORS] == 0


def test_M_V3_opening_zero_everyone_passes_the_opener_chooses_free():
    """Rulebook: if someone opens with 0 and everyone else passes, they choose for free."""
    s = start(3)
    kind, seat = drive_to_decision(s, [choose(0), choose(PASS), choose(PASS)], rules=AUCTION)
    assert (kind, seat) == (DK_CHARACTER, 0)
    drive_to_decision(s, [choose(ARTIST)], rules=AUCTION)
    assert gold(s, 3) == [15, 15, 15] and s[S.CHAR_OWNER + ARTIST] == 0


def test_M_V3_everyone_passing_at_the_start_gives_the_opener_the_choice_for_0():
    """[choice]: the opener may pass; if nobody bids at all the opener chooses for 0."""
    s = start(3, rules(auction=True, first_chooser=1))
    asked = []
    kind, seat = drive_to_decision(
        s, [choose(PASS)] * 3, rules=rules(auction=True, first_chooser=1), asked=asked
    )
    assert [p for _, p in asked] == [1, 2, 0]
    assert (kind, seat) == (DK_CHARACTER, 1)
    assert gold(s, 3) == [15, 15, 15]


def test_M_V3_last_player_without_a_character_chooses_free_then_setup_houses():
    """2 players: seat 0 wins at 1; seat 1, the last without a character, is asked to
    choose at once (no bidding) and pays nothing; then the setup houses (M-S4)."""
    s = start(2)
    asked = []
    kind, seat = drive_to_decision(
        s,
        [choose(1), choose(PASS), choose(MOGUL), choose(ARTIST)],
        rules=AUCTION,
        asked=asked,
    )
    assert asked == [(DK_BID, 0), (DK_BID, 1), (DK_CHARACTER, 0), (DK_CHARACTER, 1)]
    assert gold(s, 2) == [14, 15]
    assert [int(s[S.BID_PAID + p]) for p in range(2)] == [1, 0]
    assert s[S.CHAR_OWNER + ARTIST] == 1
    assert kind == DK_SETUP_HOUSE


def test_M_V3_bid_above_gold_or_not_above_the_last_is_an_error_and_a_pass():
    """A bid above the bidder's gold (15) or not above the last bid is recorded as an
    error and counts as that player's (final) pass."""
    s = start(3)
    asked = []
    kind, seat = drive_to_decision(
        s, [choose(2), choose(16), choose(2)], rules=AUCTION, asked=asked
    )
    assert [p for _, p in asked] == [0, 1, 2]
    assert s[S.N_ERRORS] == 2 and s[S.FIRST_ERROR] == E_BAD_BID
    assert (kind, seat) == (DK_CHARACTER, 0)  # both others passed: seat 0 wins at 2
    drive_to_decision(s, [choose(BUILDER)], rules=AUCTION)
    assert gold(s, 3) == [13, 15, 15]


def test_M_V3_off_means_the_plain_choice_M_S3():
    s = start(2, rules())
    kind, seat = drive_to_decision(s, [choose(MERCHANT)])
    assert (kind, seat) == (DK_CHARACTER, 1)
