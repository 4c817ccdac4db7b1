"""The predefined studies answer digest questions 1-3 and each holds the rulebook run."""

from __future__ import annotations

from simcore.core.contract.games import get_game
from simcore.vermaechtnis.rules import RuleSet, check_for_players

SPEC = get_game("vermaechtnis")


def rules_of(run) -> RuleSet:
    return RuleSet().with_overrides(run.sets).with_variants(run.variants)


def test_studies_are_data_the_first_is_the_default_balance_study():
    st = SPEC.studies(4)
    assert list(st)[0] == "balance"
    assert {"balance", "start-money", "tax-cap", "prices"} <= set(st)
    assert [r.players for r in st["balance"].runs] == [2, 3, 4]


def test_every_run_parses_and_every_study_holds_the_rulebook():
    for players in (2, 3, 4):
        for name, study in SPEC.studies(players).items():
            folders = [r.folder for r in study.runs]
            assert len(set(folders)) == len(folders), name
            parsed = [rules_of(r) for r in study.runs]
            for r in study.runs:
                check_for_players(RuleSet(), r.players)
            assert RuleSet() in parsed, f"{name}: no rulebook run"
    # what every figure rests on is said once, by the plug-in, in every report of the game
    assert any("reconstruction" in n for n in SPEC.notes)


def test_question_1_start_money_3_4_5_for_the_start_player_at_every_count():
    runs = SPEC.studies(4)["start-money"].runs
    for n in (2, 3, 4):
        firsts = {rules_of(r).start_money_first for r in runs
                  if r.players == n and rules_of(r).start_money_others == 5}  # fmt: skip
        assert firsts == {3, 4, 5}
        others = {rules_of(r).start_money_others for r in runs if r.players == n}
        assert others == {4, 5, 6}


def test_question_2_tax_cap_6_to_11():
    runs = SPEC.studies(3)["tax-cap"].runs
    assert sorted(rules_of(r).tax_cap for r in runs) == list(range(6, 12))
    assert {r.players for r in runs} == {3}


def test_question_3_price_rows_include_both_sets():
    four = [rules_of(r).prices_4 for r in SPEC.studies(4)["prices"].runs]
    assert four[0] == (4, 3, 3, 2, 2) and (4, 3, 2, 2) in four and (4, 4, 3, 2, 2) in four
    two = [rules_of(r).prices_23 for r in SPEC.studies(2)["prices"].runs]
    assert two[0] == (4, 3, 2, 2) and (4, 3, 3, 2, 2) in two
