"""The `deal` [choice] of M-S3: choose (the rulebook), random and fixed deals.

Expected frequencies are binomial, derived by hand in each test's docstring: with k of
m characters dealt uniformly, each character is in play with probability k/m and each
seat holds a given character with probability 1/m.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import simcore.maharaja.layout as S
import strategies
from simcore.core.errors import InputError
from simcore.maharaja.enums import (
    ARTIST,
    BANK,
    DK_SETUP_HOUSE,
    EV_CHOOSE,
    MOGUL,
    MONK,
    N_CHARACTERS_MAX,
    OUT_OF_GAME,
    SADHU,
    YOGI,
)
from simcore.maharaja.game import play_batch, play_game
from simcore.maharaja.nb.game_nb import RNG_STREAMS, start_game_nb
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet, check_for_players, load_rules

from .state_builder import BOARD_ARR, drive_to_decision, events, new_log


def start(n_players: int, rules: RuleSet, seed: int = 7, game: int = 0, log=None):
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    log = np.zeros((0, 7), dtype=np.int64) if log is None else log
    start_game_nb(state, BOARD_ARR, rules.pack(), log, n_players, seed, game, rng)
    return state, rng


def owners(state: np.ndarray) -> list[int]:
    return [int(state[S.CHAR_OWNER + k]) for k in range(N_CHARACTERS_MAX)]


def bounds(n: int, p: float, z: float = 4.5) -> tuple[float, float]:
    """n*p +- z standard deviations of Binomial(n, p): a false alarm about once in 3e5."""
    sd = math.sqrt(n * p * (1 - p))
    return n * p - z * sd, n * p + z * sd


# ------------------------------------------------------------------ the rule value


def test_deal_defaults_to_the_rulebook_choice_and_parses_every_mode():
    assert RuleSet().deal == "choose"
    assert RuleSet().with_overrides(["deal=random"]).deal == "random"
    fixed = RuleSet().with_overrides(["deal=fixed:Mogul, SADHU,monk,artist"])
    assert fixed.deal == "fixed:mogul,sadhu,monk,artist"
    assert fixed.diff_from_default() == {"deal": "fixed:mogul,sadhu,monk,artist"}
    assert RuleSet.from_mapping(fixed.to_dict()) == fixed
    assert RuleSet(yogi=True, deal="fixed:yogi,mogul").deal == "fixed:yogi,mogul"
    assert RuleSet(deal="fixed:Monk/artist").deal == "fixed:monk,artist"  # sweep-friendly


def test_deal_in_a_rules_file(tmp_path):
    path = tmp_path / "r.toml"
    path.write_text('deal = "random"\n')
    assert load_rules(path).deal == "random"
    path.write_text("deal = 3\n")
    with pytest.raises(InputError, match="deal must be choose, random or fixed"):
        load_rules(path)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("shuffle", "deal must be choose, random or fixed"),
        ("fixed:mogul,mogul", "each character may be dealt once"),
        ("fixed:mogul,wizard", "unknown character 'wizard'"),
        ("fixed:mogul,yogi", "the Yogi needs the yogi variant"),
        ("fixed:mogul", "needs 2 to 5 characters"),
        ("fixed:mogul,merchant,sadhu,monk,builder,artist", "needs 2 to 5 characters"),
    ],
)
def test_bad_deal_is_one_line_naming_the_value(value, message):
    with pytest.raises(InputError, match=message) as e:
        RuleSet().with_overrides([f"deal={value}"])
    assert "\n" not in str(e.value) and str(e.value).startswith("rules override")


def test_deal_with_the_auction_is_refused_choice():
    """[choice] the auction (M-V3) is a way of choosing characters: a deal replaces the
    choice, so deal != choose with auction=true is refused, in either order of giving."""
    with pytest.raises(InputError, match="cannot be combined with the auction"):
        RuleSet().with_variants(["auction"]).with_overrides(["deal=random"])
    with pytest.raises(InputError, match="cannot be combined with the auction"):
        RuleSet(deal="random").with_variants(["advanced1"])
    assert RuleSet(auction=True, deal="choose").auction


def test_fixed_deal_needs_a_character_per_seat_and_uses_the_first_names():
    """[choice] a fixed list longer than the players deals its first names; a shorter one is
    refused before any game is played."""
    rules = RuleSet(deal="fixed:artist,monk,sadhu")
    check_for_players(rules, 3)
    check_for_players(rules, 2)
    with pytest.raises(InputError, match="names 3 characters for 4 players"):
        check_for_players(rules, 4)
    s, _ = start(2, rules)
    assert owners(s) == [BANK, BANK, BANK, 1, BANK, 0, OUT_OF_GAME]


# ------------------------------------------------------------------ the engine


def test_fixed_deal_gives_each_seat_its_character_and_skips_the_choice():
    """deal=fixed: seat p holds the p-th listed character; no strategy is asked
    (the first decision is the first setup house, M-S4); nobody has a choice position."""
    rules = RuleSet(deal="fixed:mogul,sadhu,monk,artist")
    log = new_log()
    s, _ = start(4, rules, log=log)
    assert owners(s) == [0, BANK, 1, 2, BANK, 3, OUT_OF_GAME]
    kind, seat = drive_to_decision(s, [], rules=rules.pack(), log=log)
    assert (kind, seat) == (DK_SETUP_HOUSE, 0)  # seat 0 holds the Mogul: lowest, first
    assert [(e[1], e[3], e[5]) for e in events(log, EV_CHOOSE)] == [
        (0, MOGUL, 1),  # c = 1: dealt, not chosen
        (1, SADHU, 1),
        (2, MONK, 1),
        (3, ARTIST, 1),
    ]


def test_random_deal_leaves_every_other_stream_untouched():
    """The deal draws from its own stream: governors (stream 0), the first chooser and the
    strategies' streams are those of the same game under deal=choose."""
    for game in range(30):
        a, rng_a = start(4, RuleSet(first_chooser=-1), game=game)
        b, rng_b = start(4, RuleSet(first_chooser=-1, deal="random"), game=game)
        gov = slice(S.GOV_POS, S.GOV_POS + 7)
        assert np.array_equal(a[gov], b[gov])
        assert a[S.FIRST_CHOOSER] == b[S.FIRST_CHOOSER]
        assert np.array_equal(rng_a, rng_b)
        held = [k for k, o in enumerate(owners(b)) if o >= 0]
        assert sorted(owners(b)[k] for k in held) == [0, 1, 2, 3]  # one each, distinct


def test_random_deal_is_uniform_over_characters_and_seats():
    """n = 3000 games of 4 players, 6 characters: each character is dealt with
    p = 4/6 (count 2000 +- 4.5 sd = +-116) and lands on a given seat with p = 1/6
    (count 500 +- 4.5 sd = +-92); the deal depends on (seed, game) only."""
    n = 3000
    rules = RuleSet(deal="random")
    dealt = np.zeros(6, dtype=int)
    by_seat = np.zeros((4, 6), dtype=int)
    for game in range(n):
        s, _ = start(4, rules, game=game)
        for k, o in enumerate(owners(s)[:6]):
            if o >= 0:
                dealt[k] += 1
                by_seat[o, k] += 1
    lo, hi = bounds(n, 4 / 6)
    assert all(lo <= c <= hi for c in dealt), dealt
    lo, hi = bounds(n, 1 / 6)
    assert ((lo <= by_seat) & (by_seat <= hi)).all(), by_seat
    assert owners(start(4, rules, game=5)[0]) == owners(start(4, rules, game=5)[0])
    other_seed = [owners(start(4, rules, seed=8, game=g)[0]) for g in range(10)]
    assert other_seed != [owners(start(4, rules, game=g)[0]) for g in range(10)]


def test_random_deal_with_the_yogi_draws_from_seven():
    """yogi on: 7 characters in play, 3 players: each dealt with p = 3/7 (n = 2100:
    900 +- 4.5 sd = +-102)."""
    n = 2100
    dealt = np.zeros(7, dtype=int)
    for game in range(n):
        s, _ = start(3, RuleSet(yogi=True, deal="random"), game=game)
        dealt += [o >= 0 for o in owners(s)]
    lo, hi = bounds(n, 3 / 7)
    assert all(lo <= c <= hi for c in dealt), dealt
    assert dealt[YOGI] > 0


@pytest.mark.parametrize("name", ["chaser", "weighted", "random"])
def test_random_deal_in_play_for_every_strategy(driver, name):
    """Whole games through the driver, any strategy, no strategy code: n = 600 games of
    4 players; each character starts in 400 +- 4.5 sd (+-52) games; nobody chose
    (choice_order -1), no strategy error."""
    n = 600
    sids, params = strategies.seat_arrays(strategies.resolve([name], 4))
    rec = play_batch(driver, sids, params, n, 4, seed=3, rules=RuleSet(deal="random"))
    start_chars = rec[:, :, REC.START_CHAR]
    counts = [(start_chars == k).sum() for k in range(6)]
    lo, hi = bounds(n, 4 / 6)
    assert all(lo <= c <= hi for c in counts), counts
    assert (np.sort(start_chars, axis=1)[:, :-1] < np.sort(start_chars, axis=1)[:, 1:]).all()
    assert (rec[:, :, REC.CHOICE_ORDER] == -1).all()
    assert (rec[:, :, REC.ERRORS] == 0).all()


def test_deal_works_with_several_characters(driver):
    """M-V4 starts with one character each, as the deal gives: the deal applies unchanged."""
    sids, params = strategies.seat_arrays(strategies.resolve(["weighted"], 3))
    rules = RuleSet(several_characters=True, deal="fixed:sadhu,monk,artist")
    played = play_game(driver, sids, params, 3, seed=1, game=2, rules=rules)
    assert list(played.records[:3, REC.START_CHAR]) == [SADHU, MONK, ARTIST]


def test_choose_mode_is_the_rulebook_order():
    """deal=choose (default): seat first_chooser + i (clockwise) chooses i-th: choice
    position recorded; with first_chooser=2 and 3 players the order is 2, 0, 1."""
    import simcore.maharaja.layout as S

    from .state_builder import choose

    rules = RuleSet(first_chooser=2)
    s, _ = start(3, rules)
    drive_to_decision(s, [choose(MOGUL), choose(SADHU), choose(MONK)], rules=rules.pack())
    assert [int(s[S.CHOICE_ORDER + p]) for p in range(3)] == [1, 2, 0]


def test_the_manifest_records_the_deal_and_refuses_a_short_fixed_list():
    """run_config (what the manifest stores, checked before anything is written) carries
    the deal in `rules` and `rules_changed`; a fixed list shorter than the players is one
    InputError line."""
    from jobs.batch import BatchSpec, run_config
    from simcore.maharaja.game_data import default_board

    sids, params = strategies.seat_arrays(strategies.resolve(["chaser"], 4))

    def config(deal: str) -> dict:
        spec = BatchSpec.of("maharaja", 4, 1, RuleSet(deal=deal), default_board(), sids, params)
        return run_config(spec, [], "default")

    c = config("random")
    assert c["rules"]["deal"] == "random" and c["rules_changed"] == {"deal": "random"}
    assert config("choose")["rules_changed"] == {}
    with pytest.raises(InputError, match="names 3 characters for 4 players"):
        config("fixed:mogul,sadhu,monk")
