"""Per-seat record columns that separate character from turn order (issue 11).

`choice_order`, `first_order`, `turns_<Character>` and `act_<action>` are checked
against invariants of the rules (every player takes exactly one turn per round, M-R4;
each chosen action is either fully done or forfeited once, M-F2 default) and against a
replay of the event log, which is written by other code than the counters.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

import strategies
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_GOVERNOR,
    BANK,
    EV_CHARACTER,
    EV_CHOOSE,
    EV_GOLD,
    EV_GOVERNOR,
    EV_REPLACE,
    EV_TURN,
    LOG_A,
    LOG_B,
    LOG_C,
    LOG_D,
    LOG_EVENT,
    LOG_ROUND,
    LOG_SEAT,
    N_ACTIONS,
    N_CHARACTERS_MAX,
    SWAP_BASIC,
    SWAP_EXCHANGE,
)
from simcore.maharaja.game import play_batch, play_game
from simcore.maharaja.records import REC, TURN_COLUMNS
from simcore.maharaja.results import BASE_COLUMNS, records_table
from simcore.maharaja.rules import RuleSet

NAMES = ("random", "weighted", "chaser", "house-network", "palace-rush")


def seats(name: str, players: int):
    return strategies.seat_arrays(strategies.resolve([name], players))


def turns(rec: np.ndarray) -> np.ndarray:
    return rec[..., REC.TURNS : REC.TURNS + N_CHARACTERS_MAX]


def acts(rec: np.ndarray) -> np.ndarray:
    return rec[..., REC.ACTS : REC.ACTS + N_ACTIONS]


def replay(log: np.ndarray, n_players: int) -> dict[str, np.ndarray]:
    """Turn counts per (seat, character), round-1 turn positions, choice positions and
    Gold/Governor counts, recomputed from the event log alone."""
    owner = np.full(N_CHARACTERS_MAX, BANK)
    count = np.zeros((n_players, N_CHARACTERS_MAX), dtype=int)
    first = np.full(n_players, -1)
    chose = np.full(n_players, -1)
    gold = np.zeros(n_players, dtype=int)
    governor = np.zeros(n_players, dtype=int)
    n_first = n_chose = 0
    for row in log:
        ev, p, a, b, c, d = (int(row[i]) for i in (LOG_EVENT, LOG_SEAT, LOG_A, LOG_B, LOG_C, LOG_D))
        if ev == EV_CHOOSE:
            owner[a] = p
            chose[p], n_chose = n_chose, n_chose + 1
        elif ev == EV_CHARACTER:  # a = taken, b = from, c = given back, d = kind
            owner[a] = p
            if d == SWAP_BASIC and 0 <= c < N_CHARACTERS_MAX:
                owner[c] = BANK
            elif d == SWAP_EXCHANGE:
                owner[c] = b
        elif ev == EV_REPLACE:
            owner[a] = p
        elif ev == EV_TURN:
            count[p, owner == p] += 1
            if row[LOG_ROUND] == 1:
                first[p], n_first = n_first, n_first + 1
        elif ev == EV_GOLD:
            gold[p] += 1
        elif ev == EV_GOVERNOR:
            governor[p] += 1
    return {"turns": count, "first": first, "chose": chose, "gold": gold, "governor": governor}


@pytest.mark.parametrize(
    ("name", "variants"),
    [("random", ()), ("weighted", ()), ("random", ("several",)), ("weighted", ("advanced2",))],
)
def test_records_match_a_replay_of_the_event_log(driver, name, variants):
    """turns_<Character> counts every own turn begun holding that character (each held
    one with several characters, M-V4); first_order is the position of the seat's turn
    in round 1 as played (a round-1 swap can change it, M-R4); choice_order the position
    of its set-up choice (or auction win, M-V3); act_Gold / act_Governor are the Gold and
    Governor actions done."""
    rules = RuleSet().with_variants(variants)
    players = 3
    sids, params = seats(name, players)
    swaps = 0
    for game in range(12):
        g = play_game(driver, sids, params, players, seed=4, game=game, rules=rules)
        rec = g.records[:players]
        r = replay(g.log, players)
        assert np.array_equal(turns(rec), r["turns"])
        assert list(rec[:, REC.ORDER1]) == list(r["first"])
        assert list(rec[:, REC.CHOICE_ORDER]) == list(r["chose"])
        assert list(acts(rec)[:, A_GOLD]) == list(r["gold"])
        assert list(acts(rec)[:, A_GOVERNOR]) == list(r["governor"])
        swaps += int(rec[:, REC.SWAPS].sum())
    assert swaps > 0  # the replay saw characters change hands


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("players", [2, 4, 5])
def test_turn_and_action_invariants(driver, name, players):
    """Basic game, 150 games: a seat takes one turn per round (M-R4) holding one
    character, so its turns over all characters sum to `rounds`; each chosen action (2 per
    turn, M-R3) is done fully or forfeited once (M-F2 default), so act_* sum + forfeits =
    2 x rounds; a Character action is one part, so act_Character = swaps; without swaps a
    seat's turns are all with its start character; round-1 positions and (seat 0 first,
    M-S3 default) choice positions are permutations."""
    sids, params = seats(name, players)
    rec = play_batch(driver, sids, params, 150, players, seed=9)
    rounds = rec[:, :, REC.ROUNDS]
    assert (turns(rec).sum(axis=2) == rounds).all()
    assert (acts(rec).sum(axis=2) + rec[:, :, REC.FORFEITS] == 2 * rounds).all()
    assert (acts(rec)[:, :, A_CHARACTER] == rec[:, :, REC.SWAPS]).all()
    assert (turns(rec)[:, :, 6] == 0).all()  # no Yogi in the basic game
    still = rec[:, :, REC.SWAPS].sum(axis=1) == 0  # games without any swap
    own = np.take_along_axis(turns(rec), rec[:, :, REC.START_CHAR, None], axis=2)[..., 0]
    assert (own[still] == rounds[still]).all()
    perm = np.arange(players)
    assert (np.sort(rec[:, :, REC.ORDER1], axis=1) == perm).all()
    assert (rec[:, :, REC.CHOICE_ORDER] == perm).all()  # first_chooser 0: seat order
    # without swaps round 1 follows the start characters: the lowest acts first
    rank = np.argsort(np.argsort(rec[:, :, REC.START_CHAR], axis=1), axis=1)
    assert (rank[still] == rec[still][:, :, REC.ORDER1]).all()


def test_chip_actions_count_and_a_random_first_chooser_rotates(driver):
    """Yogi (M-A5y): a chip's extra action is one more chosen action, so act_* sum +
    forfeits = 2 x rounds + chips used; first_chooser=-1: choice positions are the seats
    rotated to start at the drawn first chooser."""
    players = 4
    sids, params = seats("random", players)
    rules = RuleSet(yogi=True, first_chooser=-1)
    rec = play_batch(driver, sids, params, 150, players, seed=2, rules=rules)
    rounds = rec[:, :, REC.ROUNDS]
    used = rec[:, :, REC.CHIPS_USED]
    assert used.sum() > 0
    assert (acts(rec).sum(axis=2) + rec[:, :, REC.FORFEITS] == 2 * rounds + used).all()
    order = rec[:, :, REC.CHOICE_ORDER]
    first = np.argmin(order, axis=1)
    assert (order == (np.arange(players) - first[:, None]) % players).all()
    assert len(set(first)) == players


def test_results_table_types_and_nulls(driver):
    """choice_order is null when dealt, the new columns carry the documented types, the
    deal is a rule_deal text column."""
    sids, params = seats("chaser", 4)
    for rules, null in ((RuleSet(), False), (RuleSet(deal="random"), True)):
        rec = play_batch(driver, sids, params, 20, 4, seed=1, rules=rules)
        t = records_table(rec, 0, ("chaser",) * 4, rules)
        assert t.column("choice_order").null_count == (80 if null else 0)
        assert t.schema.field("choice_order").type == pa.int8()
        for name in TURN_COLUMNS:
            assert t.schema.field(name).type == pa.int8() == BASE_COLUMNS[name]
        for name in REC.ACTION_COLUMNS:
            assert t.schema.field(name).type == pa.int16() == BASE_COLUMNS[name]
        assert ("rule_deal" in t.column_names) == null
    assert t.column("rule_deal").to_pylist() == ["random"] * 80
    assert TURN_COLUMNS[0] == "turns_Mogul" and REC.ACTION_COLUMNS[2] == "act_Two houses"


@pytest.mark.parametrize("name", ["weighted", "random"])
def test_decision_kind_counts(driver, name):
    """dk_<kind> (docs/RESULTS.md) counts the decisions a seat answered: one secret pick per
    round (M-R3), one set-up choice (M-S3, deal=choose), at least one step per own turn
    (M-R4: a turn ends with a step), a replacement each time it is robbed by a swap (M-A9,
    the EV_REPLACE events of the log, written by other code), no bid or give-away outside
    their variants (M-V3, M-V4)."""
    from simcore.maharaja.enums import DECISION_KIND_NAMES, EV_REPLACE, N_DECISION_KINDS

    players = 4
    sids, params = seats(name, players)
    k = {n: REC.DKS + i for i, n in enumerate(DECISION_KIND_NAMES)}
    assert REC.RECORD_COLUMNS[REC.DKS : REC.DKS + N_DECISION_KINDS] == tuple(
        f"dk_{n}" for n in DECISION_KIND_NAMES)  # fmt: skip
    robbed = 0
    for game in range(10):
        g = play_game(driver, sids, params, players, seed=5, game=game, rules=RuleSet())
        rec = g.records[:players]
        assert (rec[:, k["pick"]] == rec[:, REC.ROUNDS]).all()
        assert (rec[:, k["character"]] == 1).all()
        assert (rec[:, k["step"]] >= rec[:, REC.ROUNDS]).all()
        assert (rec[:, k["bid"]] == 0).all() and (rec[:, k["give"]] == 0).all()
        events = g.log[g.log[:, LOG_EVENT] == EV_REPLACE]
        want = np.bincount(events[:, LOG_SEAT].astype(int), minlength=players)
        assert list(rec[:, k["replace"]]) == list(want)
        robbed += int(want.sum())
    assert robbed > 0 or name == "random"
