"""Every registered strategy answers the variant decisions legally (issue 4): bids (M-V3),
gives and exchanges (M-V4), chips (M-A5y), in every single switch and both advanced
bundles, at 2..5 players, alone and among `random`s. Zero errors, valid end reasons."""

from __future__ import annotations

import numpy as np
import pytest

import strategies
from simcore.maharaja.enums import END_REASON_NAMES
from simcore.maharaja.game_data import default_board
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet

VARIANTS = ["yogi", "neutral", "auction", "home", "several", "short", "advanced1", "advanced2"]
VALID_ENDS = {END_REASON_NAMES.index(n) for n in ("palaces", "field10", "cap")}
SHORT_ENDS = VALID_ENDS | {END_REASON_NAMES.index("round_limit")}  # M-V1: round 8 at the latest
FAST = ["random", "weighted", "palace-rush", "house-network", "chaser"]


def play(names: list[str], variant: str, n_games: int, seed: int) -> np.ndarray:
    seats = strategies.resolve(names, len(names))
    sids, params = strategies.seat_arrays(seats)
    rules = RuleSet().with_variants([variant]).pack()
    rec = np.zeros((n_games, 5, REC.N_REC), dtype=np.int64)
    strategies.driver_for().play_batch_nb(
        default_board().pack(), rules, len(names), seed, 0, sids, params, rec
    )
    return rec[:, : len(names)]


def check(rec: np.ndarray, label: str) -> None:
    errors = rec[:, :, REC.ERRORS]
    assert not errors.any(), f"{label}: errors in games {np.flatnonzero(errors.any(1))}"
    ends = set(np.unique(rec[:, :, REC.END_REASON]).tolist())
    valid = SHORT_ENDS if label.startswith("short ") else VALID_ENDS
    assert ends <= valid, f"{label}: end reasons {ends}"


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_strategy_plays_every_variant_without_errors(variant, players):
    """Every plain strategy (the searches: the slow test below)."""
    for name, strategy in strategies.strategies().items():
        if not strategy.search:
            every_seat(name, variant, players, 12)


def every_seat(name: str, variant: str, players: int, n: int) -> None:
    check(play([name] * players, variant, n, 7), f"{variant} {players}p all {name}")
    mixed = ["random"] * players
    mixed[players - 1] = name
    check(play(mixed, variant, n, 8), f"{variant} {players}p {name} among random")


@pytest.mark.slow  # compiles the search
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_lookahead_models_every_other_strategy_in_every_variant(variant, players):
    """Its rollouts play each opponent as that seat's strategy: every model must play
    the variant legally from a rollout's mid-game start (fresh memory); and every search
    plays the variant in every seat, as every strategy does above."""
    for name, strategy in strategies.strategies().items():
        if strategy.search:
            every_seat(name, variant, players, 2)
    mates = ["chaser", "house-network", "palace-rush", "random"][: players - 1]
    names = ["lookahead:rollouts=45:char_rollouts=6", *mates]
    check(play(names, variant, 2, 9), f"{variant} {players}p lookahead with {mates}")


def test_M_V3_records_carry_the_auction_price():
    """With the auction, someone pays a positive price in some games, and the records of
    the players sum to what the bank took (never more than the start gold)."""
    rec = play(["weighted"] * 4, "auction", 200, 3)
    paid = rec[:, :, REC.BID_PAID]
    assert (paid >= 0).all() and (paid <= 15).all()
    assert paid.sum() > 0
    rec = play(["weighted"] * 4, "yogi", 50, 3)
    assert not rec[:, :, REC.BID_PAID].any()  # no auction, no price


def test_M_V4_records_show_several_characters_held():
    """With several characters someone ends with more than one card (bitmask with two
    bits); without the variant every player holds exactly one."""
    bits = np.vectorize(lambda m: bin(int(m)).count("1"))
    rec = play(["weighted"] * 3, "several", 200, 5)
    assert bits(rec[:, :, REC.CHARS_HELD]).max() >= 2
    rec = play(["weighted"] * 3, "home", 50, 5)
    assert (bits(rec[:, :, REC.CHARS_HELD]) == 1).all()


@pytest.mark.parametrize("name", ["weighted", "random"])
def test_M_A5y_weighted_and_random_use_their_chips(name):
    rec = play([f"{name}:char_noise=1" if name == "weighted" else name] * 4, "yogi", 200, 11)
    assert rec[:, :, REC.CHIPS_USED].sum() > 0
