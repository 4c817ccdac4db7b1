"""Plain-sentence findings generated from the numbers (nothing here is written by hand).

Each sentence states the figure, its 95% interval and the number of games behind it,
and says when a difference is not significant at this sample size.
"""

from __future__ import annotations

import polars as pl

from analyses.balance import Balance
from analyses.intervals import games_for_half_width

ALPHA = 0.05


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def pm(row: dict) -> str:
    """'31.2% ± 0.4%': the rate with the larger side of its (slightly asymmetric) interval."""
    half = max(row["rate"] - row["lo"], row["hi"] - row["rate"])
    return f"{pct(row['rate'])} ± {pct(half)}"


def p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _where(run: str, players: int, several_runs: bool) -> str:
    return f"With {players} players ({run})" if several_runs else f"With {players} players"


def findings(b: Balance) -> list[str]:
    out: list[str] = []
    several = len({r.label for r in b.runs}) > 1
    tests = {(t.run, t.players): t for t in b.tests["start_character"]}
    seat_tests = {(t.run, t.players): t for t in b.tests["seat"]}
    for (run, players), d in b.start.group_by(["run", "players"], maintain_order=True):
        rows = sorted(d.iter_rows(named=True), key=lambda r: -r["rate"])
        fair = 1 / players
        where = _where(str(run), int(players), several)
        top, low = rows[0], rows[-1]
        for r, word in ((top, "best"), (low, "weakest")):
            verdict = (
                "not significantly different from the fair share"
                if r["fair_inside"]
                else ("above" if r["rate"] > fair else "below") + " the fair share"
            )
            out.append(
                f"{where} the {word} starting character is the {r['start_character']}: "
                f"it wins {pm(r)}, against a fair {pct(fair)} ({verdict}; n = {r['n']:,} games)."
            )
        t = tests.get((run, players))
        if t is not None:
            if t.p_value < ALPHA:
                out.append(
                    f"{where} the characters are not equally strong: the test of 'all "
                    f"win 1/{players}' rejects it (χ² = {t.statistic:.1f}, {t.df} df, "
                    f"{p_text(t.p_value)}, {t.games:,} games)."
                )
            else:
                out.append(
                    f"{where} the data show no difference between the characters "
                    f"(χ² = {t.statistic:.1f}, {t.df} df, {p_text(t.p_value)}, "
                    f"{t.games:,} games); smaller differences may exist below this sample size."
                )
        s = seat_tests.get((run, players))
        seats = b.seat.filter((pl.col("run") == run) & (pl.col("players") == players))
        first = seats.filter(pl.col("seat") == 0).row(0, named=True)
        if s is not None:
            verdict = (
                f"seats differ ({p_text(s.p_value)})"
                if s.p_value < ALPHA
                else f"no seat advantage is detectable ({p_text(s.p_value)})"
            )
            out.append(f"{where} the first seat wins {pm(first)} (n = {first['n']:,}); {verdict}.")
        wide = max(rows, key=lambda r: max(r["rate"] - r["lo"], r["hi"] - r["rate"]))
        widest = max(wide["rate"] - wide["lo"], wide["hi"] - wide["rate"])
        if widest > 0.01 and t is not None:
            # Games needed so that the widest character's interval is about ± 1 point.
            need = games_for_half_width(wide["rate"], 0.01) * t.games // wide["n"]
            out.append(
                f"{where} the character intervals are up to ± {pct(widest)} wide; about "
                f"{need:,} games would bring them to ± 1 point."
            )
    for r in b.shape.iter_rows(named=True):
        ends = b.end_reasons.filter(
            (pl.col("run") == r["run"]) & (pl.col("players") == r["players"])
        ).sort("rate", descending=True)
        end_txt = ", ".join(
            f"{pct(e['rate'])} by {e['end_reason']}" for e in ends.iter_rows(named=True)
        )
        out.append(
            f"{_where(r['run'], r['players'], several)} games last {r['rounds_mean']:.2f} rounds "
            f"on average and end {end_txt}; the winner has {r['winner_palaces_mean']:.2f} "
            f"palaces against {r['rest_palaces_mean']:.2f} for the others "
            f"(n = {r['games']:,} games)."
        )
    out += _variant_findings(b)
    if b.errors:
        out.append(
            f"Warning: strategies made {b.errors:,} illegal requests; their games are "
            "counted but the strategy needs fixing."
        )
    return out


def _variant_findings(b: Balance) -> list[str]:
    out = []
    if not b.start_diff.height:
        return out
    for (run, players), d in b.start_diff.group_by(["run", "players"], maintain_order=True):
        sig = d.filter(pl.col("significant"))
        r = max(d.iter_rows(named=True), key=lambda r: abs(r["diff"]))
        verdict = "significant" if r["significant"] else "not significant"
        out.append(
            f"With {players} players, {run} against {r['baseline']}: the largest change is the "
            f"{r['start_character']}'s win rate, {100 * r['diff']:+.1f} points (95% interval "
            f"{100 * r['lo']:+.1f} to {100 * r['hi']:+.1f}; {verdict}); {sig.height} of "
            f"{d.height} characters change significantly."
        )
    return out
