"""End of the game (M-E1, M-E2, M-V1) and the round cap [choice] (M-A8, end reason cap)."""

from __future__ import annotations

import pytest

import simcore.maharaja.layout as S
from simcore.maharaja.enums import (
    A_GOLD,
    A_PALACE,
    ARTIST,
    BUILDER,
    DK_PICK,
    DK_STEP,
    END_CAP,
    END_FIELD10,
    END_PALACES,
    END_ROUND_LIMIT,
    EV_END,
    EV_RANK,
    LOG_A,
    LOG_B,
    MERCHANT,
    MOGUL,
    OP_GOLD,
    OP_PALACE,
    SADHU,
    SITE_OUTER,
)
from simcore.maharaja.nb.game_nb import DONE
from simcore.maharaja.nb.governor_nb import field_of_nb
from simcore.maharaja.nb.scoring_nb import rank_players_nb

from .state_builder import (
    BOARD_ARR,
    END,
    NO_LOG,
    drive_to_decision,
    events,
    gold,
    idle_round,
    new_log,
    new_state,
    pick,
    place_architect,
    rules,
    set_gold,
    step,
)


@pytest.mark.nojit
def test_M_E1_last_palace_ends_the_game_after_that_rounds_scoring():
    """M-E1: the game ends after the scoring of the round in which a player built the
    last (7th) palace; the players after him still act in that round."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    s[S.PALACES + 0] = 6
    place_architect(s, 0, "purple")  # round 1's city
    asked = []
    log = new_log()
    answers = [pick(A_PALACE, A_GOLD), pick(A_GOLD, A_GOLD)]
    answers += [step(OP_PALACE, 0, SITE_OUTER), step(OP_GOLD, 1), END]
    answers += idle_round(2)[2:5]  # seat 1's whole turn
    kind, _ = drive_to_decision(s, answers, asked=asked, log=log)
    assert kind == DONE
    assert [p for k, p in asked if k == DK_STEP] == [0, 0, 0, 1, 1, 1]
    assert s[S.LAST_PALACE] == 1 and s[S.END_REASON] == END_PALACES and s[S.ROUND] == 1
    # scored: seat 0 alone in purple (architect + outer palace): 10 + 5
    assert gold(s) == [15 - 12 + 2 + 15, 15 + 1 + 4]
    assert [s[S.RANK + p] for p in range(2)] == [0, 1]
    assert [(e[LOG_A], e[LOG_B]) for e in events(log, EV_END)] == [(END_PALACES, 1)]
    assert drive_to_decision(s, [])[0] == DONE and s[S.ASK_KIND] == -1


def test_M_E1_governor_on_field_10_ends_after_round_10_scoring():
    """M-E1: the game ends after the scoring of the round whose governor was placed on
    field 10 (round 10 without Governor actions); that round is still scored."""
    s = new_state(2, chars=(MOGUL, MERCHANT))
    place_architect(s, 1, "red")  # scored in rounds 3 and 10
    for r in range(1, 10):
        kind, _ = drive_to_decision(s, idle_round(2))
        assert kind == DK_PICK and s[S.ROUND] == r + 1
    assert field_of_nb(BOARD_ARR, s[S.GOV_PLACED]) == 10
    kind, _ = drive_to_decision(s, idle_round(2))
    assert kind == DONE
    assert s[S.END_REASON] == END_FIELD10 and s[S.ROUND] == 10
    assert gold(s) == [15 + 10 * 4, 15 + 10 * (1 + 4) + 2 * (10 + 5)]


def test_M_V1_short_game_ends_after_round_8():
    """M-V1: in the short game the game ends after round 8 at the latest."""
    r = rules(short_game=True)
    s = new_state(2, chars=(MOGUL, MERCHANT), rules=r)
    for _ in range(7):
        assert drive_to_decision(s, idle_round(2), rules=r)[0] == DK_PICK
    assert drive_to_decision(s, idle_round(2), rules=r)[0] == DONE
    assert s[S.END_REASON] == END_ROUND_LIMIT and s[S.ROUND] == 8


def test_M_V1_short_game_sixth_palace_is_the_last():
    """M-V1: 6 palaces each; the 6th ends the game (END_PALACES) after the round."""
    r = rules(short_game=True)
    s = new_state(2, chars=(MOGUL, MERCHANT), rules=r)
    s[S.PALACES + 1] = 5
    place_architect(s, 1, "purple")
    answers = [pick(A_GOLD, A_GOLD), pick(A_PALACE, A_GOLD)]
    answers += idle_round(2)[2:5] + [step(OP_PALACE, 0, SITE_OUTER), step(OP_GOLD, 1), END]
    assert drive_to_decision(s, answers, rules=r)[0] == DONE
    assert s[S.END_REASON] == END_PALACES and s[S.PALACES + 1] == 6


def test_M_A8_round_cap_choice_default_30():
    """M-A8 [choice round_cap=30]: Governor actions can keep field 10 from being reached;
    the game then stops after round 30 with end reason `cap`."""
    s = new_state(2, chars=(MOGUL, MERCHANT), round_=29)  # all governors below the fields
    assert drive_to_decision(s, idle_round(2))[0] == DONE
    assert s[S.ROUND] == 30 and field_of_nb(BOARD_ARR, s[S.GOV_PLACED]) == 1
    assert s[S.END_REASON] == END_CAP


def test_M_A8_round_cap_choice_other_value():
    """M-A8 [choice]: round_cap=12 stops after round 12; the default goes on."""
    r = rules(round_cap=12)
    s = new_state(2, chars=(MOGUL, MERCHANT), rules=r, round_=11)
    assert drive_to_decision(s, idle_round(2), rules=r)[0] == DONE
    assert s[S.END_REASON] == END_CAP and s[S.ROUND] == 12
    s = new_state(2, chars=(MOGUL, MERCHANT), round_=11)
    assert drive_to_decision(s, idle_round(2))[0] == DK_PICK and s[S.ROUND] == 13


def test_M_E2_ranking_palaces_then_gold_then_lower_character():
    """M-E2: most palaces first, then most gold, then the lower character number."""
    s = new_state(4, chars=(ARTIST, SADHU, BUILDER, MOGUL))
    for p, (palaces, g) in enumerate([(3, 5), (3, 9), (2, 50), (3, 5)]):
        s[S.PALACES + p] = palaces
        set_gold(s, p, g)
    log = new_log()
    rank_players_nb(s, log)
    assert [s[S.RANK + p] for p in range(4)] == [2, 0, 3, 1]
    assert len(events(log, EV_RANK)) == 4


def test_M_E2_full_tie_goes_to_the_lower_character():
    s = new_state(3, chars=(MERCHANT, BUILDER, MOGUL))
    rank_players_nb(s, NO_LOG)
    assert [s[S.RANK + p] for p in range(3)] == [1, 2, 0]
