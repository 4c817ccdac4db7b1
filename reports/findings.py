"""Plain-sentence findings generated from the numbers (nothing here is written by hand).

`headline` gives 3-5 sentences for the top of the report: the character's worth beyond
turn order, turn order's worth, what the strategies' own choices do, and whether the
characters can be told from fair. `findings` gives the detailed bullets. Each sentence
states the figure, its 95% interval and the number of games behind it; "above/below
fair" verdicts are Holm-adjusted like the tables' flags.
"""

from __future__ import annotations

import polars as pl

from analyses.balance import Balance
from analyses.intervals import games_for_half_width

from .words import end_reason, seat


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
        parts = []
        for r, word in ((top, "best"), (low, "weakest")):
            verdict = (
                "not significantly different from the fair share"
                if not r["significant"]
                else ("above" if r["rate"] > fair else "below") + " the fair share"
            )
            parts.append(
                f"the {word} starting character is the {r['start_character']}: "
                f"it wins {pm(r)}, against a fair {pct(fair)} ({verdict}; n = {r['n']:,} games)"
            )
        out.append(f"{where} {parts[0]}; {parts[1]} (raw rates, turn order included).")
        t = tests.get((run, players))
        if t is not None:
            p = t.p_holm if t.p_holm is not None else t.p_value
            if t.significant:
                out.append(
                    f"{where} the characters are not equally strong: the test of 'all "
                    f"win 1/{players}' rejects it (χ² = {t.statistic:.1f}, {t.df} df, "
                    f"Holm-adjusted {p_text(p)}, {t.games:,} games); this mixes the card with "
                    "the turn position it brings (see Character vs turn order)."
                )
            else:
                out.append(
                    f"{where} the data show no difference between the characters "
                    f"(χ² = {t.statistic:.1f}, {t.df} df, Holm-adjusted {p_text(p)}, "
                    f"{t.games:,} games); smaller differences may exist below this sample size."
                )
        s = seat_tests.get((run, players))
        seats = b.seat.filter((pl.col("run") == run) & (pl.col("players") == players))
        first = seats.filter(pl.col("seat") == 0).row(0, named=True)
        if s is not None:
            p = s.p_holm if s.p_holm is not None else s.p_value
            verdict = (
                f"seats differ (Holm-adjusted {p_text(p)})"
                if s.significant
                else f"no seat advantage is detectable (Holm-adjusted {p_text(p)})"
            )
            out.append(f"{where} {seat(0)} wins {pm(first)} (n = {first['n']:,}); {verdict}.")
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
            f"{pct(e['rate'])} because {end_reason(e['end_reason'])}"
            for e in ends.iter_rows(named=True)
        )
        out.append(
            f"{_where(r['run'], r['players'], several)} games last {r['rounds_mean']:.2f} rounds "
            f"on average and end {end_txt}; the winner has {r['winner_palaces_mean']:.2f} "
            f"palaces against {r['rest_palaces_mean']:.2f} for the others "
            f"(n = {r['games']:,} games)."
        )
    out += _variant_findings(b)
    return out


def _variant_findings(b: Balance) -> list[str]:
    out = []
    if not b.start_diff.height:
        return out
    for (run, players), d in b.start_diff.group_by(["run", "players"], maintain_order=True):
        sig = d.filter(pl.col("significant"))
        r = max(d.iter_rows(named=True), key=lambda r: abs(r["diff"]))
        verdict = "significant after Holm" if r["significant"] else "not significant"
        out.append(
            f"With {players} players, {run} against {r['baseline']}: the largest change is the "
            f"{r['start_character']}'s win rate, {100 * r['diff']:+.1f} points (95% interval "
            f"{100 * r['lo']:+.1f} to {100 * r['hi']:+.1f}; {verdict}); {sig.height} of "
            f"{d.height} characters change significantly (Holm over the table)."
        )
    return out


def _main_runs(b: Balance) -> dict[int, str]:
    """players -> the run the headline speaks of: the basic-game run, or the only run."""
    out: dict[int, str] = {}
    for n in sorted({r.players for r in b.runs}):
        labels = [r.label for r in b.runs if r.players == n]
        if n in b.baseline:
            out[n] = b.baseline[n]
        elif len(labels) == 1:
            out[n] = labels[0]
    return out


def _no_main(b: Balance, n: int) -> str:
    """Why the headline names no run for n players (several basic-game runs, or none)."""
    labels = [r.label for r in b.runs if r.players == n]
    if "several runs" in b.baseline_notes.get(n, ""):
        return (
            f"With {n} players {len(labels)} runs play the same game ({', '.join(labels)}), "
            "differing only in strategy or seed, so the headline singles out none; each one's "
            "character and turn-order effects are in the tables below."
        )
    return (
        f"With {n} players every run changes the basic game ({', '.join(labels)}) and none "
        "plays it as the rulebook has it, so the headline singles out none; see the tables."
    )


def _pts(e) -> str:
    """'+15.4 (+14.3 to +16.5)' in points, '; n.s.' when Holm does not flag it."""
    ns = "; n.s." if not e.significant else ""
    return f"{100 * e.effect:+.1f} ({100 * e.lo:+.1f} to {100 * e.hi:+.1f}{ns})"


def _join(parts: list[str]) -> str:
    return "; ".join(parts)


def _counts(ns: list[int]) -> str:
    """[2, 3, 4] -> 'with 2, 3 and 4 players'."""
    txt = ", ".join(map(str, ns[:-1])) + (" and " if len(ns) > 1 else "") + str(ns[-1])
    return f"with {txt} players"


def headline(b: Balance, extra=()) -> list[str]:
    """3-5 sentences: `extra` (another module's verdicts) first, then the strongest findings.

    Per player count it speaks of the basic-game run (or the only run); player counts
    with the same verdict are named together, so four player counts stay readable.
    """
    main = _main_runs(b)
    if not main:
        why = [_no_main(b, n) for n in sorted({r.players for r in b.runs})]
        return [*extra, *why[: max(1, 5 - len(extra))]]
    fits = {(f.run, f.players): f for f in b.model}
    strong, flat, turn, unsplit, choice = [], [], [], [], []
    fair_yes, fair_no = [], []
    for n, run in main.items():
        f = fits.get((run, n))
        if f is not None and f.ok:
            ch = [e for e in f.effects if e.factor == "character"]
            hi, lo = max(ch, key=lambda e: e.effect), min(ch, key=lambda e: e.effect)
            if any(e.significant for e in ch):
                strong.append(
                    f"with {n} players the strongest starting character is the {hi.level}, "
                    f"{_pts(hi)}, and the weakest the {lo.level}, {_pts(lo)}"
                )
            else:
                flat.append(n)
            first = f.get("turn", 0)
            if first is not None:
                turn.append(f"{_pts(first)} with {n} players")
        else:
            why = f.note if f is not None else "the runs do not record turn positions"
            why = why.split(";")[0].rstrip(".")
            raw = ""
            o = b.order.filter(
                (pl.col("run") == run) & (pl.col("players") == n) & (pl.col("first_order") == 0)
            )
            if o.height:
                r = o.row(0, named=True)
                raw = (
                    f"; the player acting first in round 1 wins {pm(r)} against a fair "
                    f"{pct(1 / n)}, character and turn order together"
                )
            unsplit.append(f"with {n} players character and turn order cannot be separated "
                           f"({why}){raw}")  # fmt: skip
        t = next((t for t in b.tests["start_character"] if (t.run, t.players) == (run, n)), None)
        if t is not None:
            (fair_yes if t.significant else fair_no).append((n, t))
        if b.choice is not None:
            c = b.choice.filter(
                (pl.col("run") == run) & (pl.col("players") == n) & (pl.col("choice_order") == 0)
            )
            if c.height:
                r = c.row(0, named=True)
                verdict = "n.s." if not r["significant"] else (
                    "above fair" if r["rate"] > r["fair"] else "below fair")  # fmt: skip
                choice.append(
                    f"with {n} players choosing first wins {pm(r)} against a fair "
                    f"{pct(r['fair'])} ({verdict}, n = {r['n']:,})"
                )
    out = []
    char = list(strong)
    if flat:
        char.append(
            f"{_counts(flat)} no starting character can be told from fair (every effect n.s. "
            "after Holm's correction)"
        )
    if char:
        out.append(
            "Beyond the round-1 turn position it brings (joint model; points against the fair "
            "share, 95% interval): " + _join(char) + "."
        )
    if turn:
        out.append(
            "Acting first in round 1, beyond the character that brings it, is worth (points "
            "over the fair share, 95% interval): " + _join(turn) + "."
        )
    if unsplit:
        text = _join(unsplit)
        out.append(text[0].upper() + text[1:] + ".")
    out.append(_deal_sentence([r for r in b.runs if main.get(r.players) == r.label], choice))
    fair = []
    if fair_yes:
        ps = ", ".join(p_text(t.p_holm if t.p_holm is not None else t.p_value) for _, t in fair_yes)
        fair.append(f"differ from fair {_counts([n for n, _ in fair_yes])} (Holm-adjusted {ps})")
    if fair_no:
        fair.append(f"cannot be told from fair {_counts([n for n, _ in fair_no])}")
    if fair:
        out.append(
            "Raw starting-character win rates (turn order included) " + " and ".join(fair) + "."
        )
    return [*extra, *out[: max(3, 5 - len(extra))]]


def _deal_sentence(runs: list, choice: list[str]) -> str:
    deals = {str((r.manifest.get("rules") or {}).get("deal") or "choose") for r in runs}
    if deals == {"random"}:
        lead = (
            "Characters were dealt at random (deal=random), so the character figures do "
            "not include the strategies' choice"
        )
    elif deals == {"choose"}:
        lead = (
            "Characters were chosen by the strategies (deal=choose), so each character's "
            "figure includes the strategy's choice of it, not only the card"
        )
    else:
        lead = f"The runs deal characters differently ({', '.join(sorted(deals))})"
    if choice:
        return f"{lead}; " + _join(choice) + "."
    return lead + "."
