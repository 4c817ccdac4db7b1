"""Baselines: the basic-game run (or the rulebook point of a sweep), whatever the order given."""

import itertools
from pathlib import Path

from analyses.compare import baselines
from analyses.rundata import Run


def run(label, players=4, variants=(), changed=None):
    m = {"players": players, "variants": list(variants), "rules_changed": changed or {}}
    return Run(Path(label), m, (), label)


def test_variants_are_compared_with_the_basic_game_in_any_order():
    runs = [
        run("auction", variants=["auction"], changed={"auction": True}),
        run("basic"),
        run("yogi", variants=["yogi"], changed={"yogi": True}),
        run("three", players=3),
    ]
    for order in itertools.permutations(runs):
        base, notes = baselines(list(order))
        assert base == {4: "basic"} and notes == {}  # 3 players: one run, nothing to compare


def test_sweep_baseline_is_the_rulebook_point_not_the_first():
    # palace_cost's rulebook value leaves it out of rules_changed.
    runs = [run(f"pc={v}", changed={"palace_cost": v}) for v in (10, 11)]
    runs.insert(1, run("pc=12"))
    runs.append(run("pc=13", changed={"palace_cost": 13}))
    for order in (runs, runs[::-1]):
        assert baselines(order)[0] == {4: "pc=12"}


def test_settings_shared_by_every_run_do_not_count():
    shared = {"deal": "random", "first_chooser": -1}
    runs = [
        run("yogi", variants=["yogi"], changed=shared | {"yogi": True}),
        run("basic", changed=dict(shared)),
    ]
    assert baselines(runs)[0] == {4: "basic"}


def test_no_basic_game_or_several_gives_no_baseline_and_says_why():
    runs = [run(f"pc={v}", changed={"palace_cost": v}) for v in (10, 11)]
    base, notes = baselines(runs)
    assert base == {} and "no run plays the basic game" in notes[4]
    assert "palace_cost at its rulebook value" in notes[4]
    base, notes = baselines([run("a"), run("b"), run("y", variants=["yogi"])])
    assert base == {} and "several runs" in notes[4] and "a, b" in notes[4]
