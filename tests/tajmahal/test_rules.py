"""Rules as data (simcore/tajmahal/rules.py): defaults per rule id, the [choice] register,
ranges, overrides and the packed layout."""

from __future__ import annotations

from dataclasses import fields

import pytest

from simcore.core.errors import InputError
from simcore.tajmahal.enums import FX_ANY_COLOUR, FX_ELEPHANT, FX_MOGUL, FX_POINTS
from simcore.tajmahal.rules import CHOICES, R, RuleSet, check_for_players, load_rules

DIGEST_CHOICES = {  # the digest's [choice] register -> our field (data-file ones aside)
    "T-C6": ("special_vizier", "special_general", "special_monk", "special_princess"),
    "T-R6": ("reshuffle",),
    "T-A2": ("last_min_symbols",),
    "T-A6a": ("own_crown_city_open",),
    "T-A7": ("hand_limit",),
    "T-P": ("discard_first",),
    "T-P2": ("crown_scores",),
    "T-P3a": ("double_each",),
    "T-E1": ("exchange_after_last",),
    "T-E2": ("tie_break",),
    "T-R3": ("play_cap",),
}


def test_defaults_follow_the_seed_and_digest():
    """T-S4 6 cards, display 2n-1; T-P1 Taj 4, +2 tile 2; T-A1c +2 card; T-A7 bonus card."""
    r = RuleSet()
    assert r.hand_size == 6 and [r.display_for(n) for n in (3, 4, 5)] == [5, 7, 9]
    assert (r.taj_points, r.plus2_points, r.special_points) == (4, 2, 2)
    assert r.immediate_card


def test_choice_defaults_are_the_digests():
    """Every [choice] is a named field with the digest's default (T-C6 mapping: general
    elephant, vizier mogul, monk +2, princess any colour; T-R3 cap 60) - except T-P, where
    the seed wins over the digest: it says "score, then discard" in three rule sentences
    (seed lines 262, 402, 429) and in all three worked examples (Anna, Péter, Dóra),
    "discard, then score" once (line 298), so discard_first is off."""
    r = RuleSet()
    assert (r.special_general, r.special_vizier, r.special_monk, r.special_princess) == (
        FX_ELEPHANT, FX_MOGUL, FX_POINTS, FX_ANY_COLOUR)  # fmt: skip
    assert r.reshuffle and r.last_min_symbols == 1 and r.own_crown_city_open
    assert r.hand_limit == 0 and not r.discard_first and r.crown_scores and r.double_each
    assert r.exchange_after_last and r.tie_break == 0 and r.play_cap == 60
    named = {f for fs in DIGEST_CHOICES.values() for f in fs}
    assert named == set(CHOICES)
    meta = {f.name: f.metadata["rule"] for f in fields(RuleSet)}
    for rid, fs in DIGEST_CHOICES.items():
        for f in fs:
            assert meta[f].startswith(rid) and "[choice]" in meta[f], f


def test_pack_follows_the_layout():
    r = RuleSet(hand_size=5, play_cap=7, special_monk=FX_ANY_COLOUR)
    p = r.pack()
    assert len(p) == R.RULES_SIZE
    assert p[R.HAND_SIZE] == 5 and p[R.PLAY_CAP] == 7 and p[R.SPECIAL_FX + 2] == FX_ANY_COLOUR


def test_bad_values_are_one_line():
    """One InputError line per bad value; T-V1: 3 to 5 players (no 2-player rules)."""
    with pytest.raises(InputError, match="play_cap must be an integer in 1..1000"):
        RuleSet(play_cap=0)
    with pytest.raises(InputError, match="special_monk"):
        RuleSet().with_overrides(["special_monk=4"])
    with pytest.raises(InputError, match="did you mean 'hand_size'"):
        RuleSet().with_overrides(["hand_sise=4"])
    with pytest.raises(InputError, match="between 3 and 5"):
        check_for_players(RuleSet(), 2)


def test_rules_file_round_trip(tmp_path):
    f = tmp_path / "r.toml"
    f.write_text("display_size = 4\nreshuffle = false\n")
    r = load_rules(f)
    assert r.display_for(4) == 4 and not r.reshuffle
    assert RuleSet.from_mapping(r.to_dict()) == r
    f.write_text("display_size = 99\n")
    with pytest.raises(InputError, match=r"rules file .*display_size must be an integer"):
        load_rules(f)
