"""--target-ci: stops at a round boundary that does not depend on the workers, with every
seen character's half-width below the target (or the cap reached), recorded in the manifest."""

import json
import math

import polars as pl
import pytest

from jobs.target import wilson_half_width
from tests.cli_run import run_cli


def _run(capsys, out, workers, target="0.03", games="6000"):
    args = ["run", "--players", "3", "--games", games, "--chunk-size", "250", "--seed", "5",
            "--strategy", "random", "--target-ci", target, "--workers", workers,
            "--out", str(out)]  # fmt: skip
    code, _, err = run_cli(capsys, *args)
    assert code == 0, err
    return json.loads((out / "manifest.json").read_text())


def _rows(out):
    return pl.read_parquet(str(out / "chunks" / "*.parquet")).sort("game_id", "seat")


def test_stops_at_the_same_games_for_one_and_two_workers(capsys, tmp_path):
    a = _run(capsys, tmp_path / "a", "1")
    b = _run(capsys, tmp_path / "b", "2")
    oa, ob = a["stop_outcome"], b["stop_outcome"]
    assert oa["reason"] == "target reached"
    assert oa["games"] == ob["games"] < 6000
    assert oa["games"] % (4 * 250) == 0  # a whole round of 4 chunks
    assert _rows(tmp_path / "a").equals(_rows(tmp_path / "b"))
    assert a["stopping"]["target_ci"] == 0.03
    skipped = [c for c in a["chunks"] if c["status"] == "skipped"]
    assert sum(c["n_games"] for c in skipped) == 6000 - oa["games"]


def test_half_widths_are_below_target_from_the_rows(capsys, tmp_path):
    m = _run(capsys, tmp_path / "a", "1")
    rows = _rows(tmp_path / "a")
    assert rows["game_id"].n_unique() == m["stop_outcome"]["games"]
    g = rows.group_by("start_character").agg(pl.col("winner").sum().alias("w"), pl.len().alias("n"))
    for c, w, n in g.iter_rows():
        # Wilson interval by hand: centre (p + z²/2n) / (1 + z²/n) ± z sqrt(p(1-p)/n + z²/4n²)
        # / (1 + z²/n); the rule's half-width is its larger side around p
        z, p = 1.959963984540054, w / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        half = max(p - max(centre - h, 0), min(centre + h, 1) - p)
        assert half < 0.03, c
        assert half == pytest.approx(float(wilson_half_width(w, n)))
    # one round earlier the target was not met (else the run would have stopped there)
    games = m["stop_outcome"]["games"]
    assert games > 1000  # the target needs more than one round here
    early = rows.filter(pl.col("game_id") < games - 1000)
    g = early.group_by("start_character").agg(pl.col("winner").sum(), pl.len())
    assert max(float(wilson_half_width(w, n)) for _, w, n in g.iter_rows()) >= 0.03


def test_the_cap_is_hit_when_the_target_is_out_of_reach(capsys, tmp_path):
    m = _run(capsys, tmp_path / "a", "2", target="0.001", games="1500")
    assert m["stop_outcome"]["reason"] == "cap reached"
    assert m["stop_outcome"]["games"] == 1500
    assert all(c["status"] == "done" for c in m["chunks"])


def test_decided_rule_stops_only_when_every_value_is_decided(tmp_path):
    """4 players, fair 25%, z = 2: a value at 40% of 400 seats is 'above' (its interval
    excludes 25%), one at 25% of 400 is not inside ±2 points yet (half-width about 4.3)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from jobs.target import decided_rule

    def chunk(name, wins_a, wins_b, n=400):
        key = ["a"] * n + ["b"] * n
        won = [True] * wins_a + [False] * (n - wins_a) + [True] * wins_b + [False] * (n - wins_b)
        pq.write_table(pa.table({"k": key, "winner": won}), tmp_path / name)

    chunk("c0.parquet", 160, 100)
    rule = decided_rule(2.0, 0.02, 4, "k")
    out = rule(tmp_path, ["c0.parquet"])
    assert not out["met"] and out["undetermined"] == ["b"]
    assert out["verdicts"] == {"a": "above", "b": "undetermined"}
    # 40,000 seats of b at 25%: half-width 2 * sqrt(.25 * .75 / 40000) = 0.43 points: fair
    chunk("c1.parquet", 16_000, 10_000, n=40_000)
    out = rule(tmp_path, ["c0.parquet", "c1.parquet"])
    assert out["met"] and out["verdicts"] == {"a": "above", "b": "fair"}
