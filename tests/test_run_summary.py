"""The chunk-by-chunk run summary (what every report reads) agrees with the direct polars
analyses over the same rows: two independent computations of every table, on real runs
of every registered game, including shared wins (toy game), several characters held
(Maharaja advanced2) and runs split into uneven chunks."""

from __future__ import annotations

import math

import polars as pl
import pytest

from analyses import actions, equality, joint_keys, rates, shape
from analyses.run_summary import summarize
from analyses.rundata import load_run
from analyses.summary_cache import FOLDER, summary_of
from simcore.core.contract.games import games
from tests.cli_run import run_cli

CASES = [("maharaja", 4, ()), ("maharaja", 3, ("--variant", "advanced2")), ("toy", 3, ())]
CASES += [(g, max(2, games()[g].min_players), ()) for g in sorted(games())
          if g not in ("maharaja", "toy")]  # fmt: skip


@pytest.fixture(scope="module", params=CASES, ids=lambda c: f"{c[0]}-{c[1]}p-{len(c[2])}")
def run(request, tmp_path_factory):
    game, players, extra = request.param
    out = tmp_path_factory.mktemp("sum") / "run"
    code = _play(game, players, extra, out)
    assert code == 0
    r = load_run(out)
    lf = r.scan().with_columns(pl.lit("").alias("run"))
    return r, lf, summarize(r.files, r.players, r.plugin)


def _play(game, players, extra, out) -> int:
    import cli

    try:
        args = ["run", "--game", game, "--players", str(players), "--games", "700"]
        cli.main([*args, "--chunk-size", "300", "--strategy", "random", "--out", str(out), *extra])
    except SystemExit as e:
        return int(e.code or 0)
    return 0


def _same(a: pl.DataFrame, b: pl.DataFrame, on: list[str], cols: list[str]) -> None:
    j = a.join(b, on=on, suffix="_b", how="full", coalesce=True)
    assert j.height == a.height == b.height, (a, b)
    for c in cols:
        for x, y in zip(j[c].to_list(), j[f"{c}_b"].to_list(), strict=True):
            assert (x is None and y is None) or math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9), c


def test_rates_and_equality_tests(run):
    r, lf, s = run
    for k in r.plugin.keys:
        if k.column not in s.rates:
            continue
        direct = rates.win_rates(lf, k.column, k.order)
        _same(s.rates[k.column].with_columns(pl.col(k.column).cast(direct[k.column].dtype)),
              direct, ["players", k.column], ["wins", "n", "lo", "hi", "p_fair"])  # fmt: skip
        if k.one_per_game:
            (a,) = s.tests[k.column]
            (b,) = equality.equal_share_tests(lf, k.column)
            assert (a.games, a.df) == (b.games, b.df)
            assert math.isclose(a.statistic, b.statistic, rel_tol=1e-9, abs_tol=1e-9)


def test_shape_masks_and_actions(run):
    r, lf, s = run
    g = r.plugin
    if g.shape:
        direct = shape.shape_means(lf, g.shape)
        cols = [c for c in direct.columns if c.endswith(("_mean", "_sd"))]
        _same(s.shape, direct, ["players"], ["games", *cols])
        d = shape.distribution(lf, g.shape, g.shape.length)
        _same(s.lengths.with_columns(pl.col(g.shape.length).cast(d[g.shape.length].dtype)), d,
              ["players", g.shape.length], ["wins", "n"])  # fmt: skip
    for m in g.mask_keys:
        direct = rates.mask_win_rates(lf, m)
        _same(s.masks[m.column], direct, ["players", m.column], ["wins", "n"])
        assert s.overlapping[m.column] == rates.overlapping(lf, m.column)
    direct = actions.action_mix(lf, g.shape.length if g.shape else "rounds")
    if direct is not None:
        _same(s.actions, direct, ["players", "strategy", "action"], ["mean", "lo", "hi", "n"])


def test_joint_model(run):
    r, lf, s = run
    j = r.plugin.joint
    if j is None:
        assert s.model == [] and s.cells is None
        return
    order = r.plugin.key(j.factor).order
    _same(s.cells, joint_keys.cell_rates(lf, j, order), ["players", j.factor, j.position],
          ["wins", "n"])  # fmt: skip
    (a,), (b,) = s.model, joint_keys.joint_model(lf, j, order)
    assert a.note == b.note and len(a.effects) == len(b.effects)
    for x, y in zip(a.effects, b.effects, strict=True):
        assert (x.factor, x.level) == (y.factor, y.level)
        for f in ("effect", "lo", "hi"):
            assert math.isclose(getattr(x, f), getattr(y, f), rel_tol=1e-7, abs_tol=1e-9), f


def test_the_cache_is_used_only_when_it_is_ours(run, capsys):
    r, _, s = run
    first = summary_of(r, r.plugin)
    folder = r.path / FOLDER
    assert (folder / "meta.json").is_file()
    again = summary_of(r, r.plugin)  # from the cache
    assert again.rates.keys() == first.rates.keys()
    for k in first.rates:
        assert again.rates[k].equals(first.rates[k])
    # a planted change (same key, other numbers) fails the MAC: recomputed, not read
    p = folder / "meta.json"
    p.write_text(p.read_text().replace('"errors": 0', '"errors": 7'))
    assert summary_of(r, r.plugin).errors == s.errors
    # a report reads it and writes nothing else into the run
    before = sorted(x.relative_to(r.path) for x in r.path.rglob("*"))
    code, _, err = run_cli(capsys, "report", str(r.path), "--out", str(r.path.parent / "x.html"))
    assert code == 0, err
    assert sorted(x.relative_to(r.path) for x in r.path.rglob("*")) == before
