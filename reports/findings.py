"""Plain-sentence findings generated from the numbers (nothing here is written by hand).

`headline` gives 3-5 sentences for the top of the report: for a game with two keys that
go together (e.g. a starting card and the turn position it brings) each one's
worth beyond the other; how the runs were set up (the game's own sentence: what the
strategies' own choices do); whether the primary key's values can be told from fair.
`findings` gives the detailed bullets. Each sentence states the figure, its interval
(family-wise 95%, as everywhere on the page)
and the number of games behind it; "above/below fair" says the family-wise interval
excludes the fair share, like the tables' flags (analyses.multiple.family_intervals).
"""

from __future__ import annotations

import polars as pl

from analyses.balance import Balance
from analyses.intervals import Z95, games_for_half_width
from simcore.core.contract.plugin import Key

from .number_text import percent, points


def pm(row: dict) -> str:
    """'31.2% ± 0.4 points': the rate with the larger side of its (slightly asymmetric)
    interval, a difference of win rates and so in win-rate points, not a percentage."""
    half = max(row["rate"] - row["lo"], row["hi"] - row["rate"])
    return f"{percent(row['rate'])} ± {100 * half:.1f} points"


def p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _where(run: str, players: int, several_runs: bool) -> str:
    return f"With {players} players ({run})" if several_runs else f"With {players} players"


def value_words(key: Key, value) -> str:
    """A value in words, as the game's Key declares them (generic code builds no words)."""
    return key.words(value)


def _joint(b: Balance):
    """(factor key, position key) when the game separates two keys, else None."""
    j = b.game.joint
    return (b.game.key(j.factor), b.game.key(j.position)) if j else None


def findings(b: Balance) -> list[str]:
    out: list[str] = []
    game = b.game
    key = game.primary
    joint = _joint(b)
    several = len({r.label for r in b.runs}) > 1
    tests = {(t.run, t.players): t for t in b.tests.get(key.column, [])}
    seat_key = game.key(game.seat_key)
    seat_tests = {(t.run, t.players): t for t in b.tests.get(seat_key.column, [])}
    raw = f" (raw rates, {joint[1].label} included)" if joint else ""
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
                f"the {word} {key.label} is {value_words(key, r[key.column])}: "
                f"it wins {pm(r)}, against a fair {percent(fair)} ({verdict}; n = {r['n']:,} games)"
            )
        out.append(f"{where} {parts[0]}; {parts[1]}{raw}.")
        t = tests.get((run, players))
        if t is not None:
            p = t.p_holm if t.p_holm is not None else t.p_value
            mixes = (f"; this mixes the {key.label} with the {joint[1].label} it brings (see "
                     f"{section_title(b)})") if joint else ""  # fmt: skip
            if t.significant:
                out.append(
                    f"{where} the {key.plural} are not equally strong: the test of 'all "
                    f"win 1/{players}' rejects it (χ² = {t.statistic:.1f}, {t.df} df, "
                    f"Holm-adjusted {p_text(p)}, {t.games:,} games){mixes}."
                )
            else:
                out.append(
                    f"{where} the data show no difference between the {key.plural} "
                    f"(χ² = {t.statistic:.1f}, {t.df} df, Holm-adjusted {p_text(p)}, "
                    f"{t.games:,} games); smaller differences may exist below this sample size."
                )
        s = seat_tests.get((run, players))
        if s is not None and seat_key is not key:
            seats = b.rates[seat_key.column].filter(
                (pl.col("run") == run) & (pl.col("players") == players))  # fmt: skip
            first = seats.filter(pl.col(seat_key.column) == 0).row(0, named=True)
            p = s.p_holm if s.p_holm is not None else s.p_value
            verdict = (
                f"seats differ (Holm-adjusted {p_text(p)})"
                if s.significant
                else f"no seat advantage is detectable (Holm-adjusted {p_text(p)})"
            )
            out.append(
                f"{where} {seat_key.words(0)} wins {pm(first)} (n = {first['n']:,}); {verdict}."
            )
        wide = max(rows, key=lambda r: max(r["rate"] - r["lo"], r["hi"] - r["rate"]))
        widest = max(wide["rate"] - wide["lo"], wide["hi"] - wide["rate"])
        if widest > 0.01 and t is not None:
            # Games needed so that the widest value's interval is about ± 1 point.
            z = wide.get("z", Z95)
            need = games_for_half_width(wide["rate"], 0.01, z) * t.games // wide["n"]
            out.append(
                f"{where} the {key.label} intervals are up to ± {100 * widest:.1f} win-rate "
                f"points wide; about {need:,} games would bring them to ± 1 point."
            )
    out += _shape_findings(b, several)
    out += _variant_findings(b)
    return out


def _shape_findings(b: Balance, several: bool) -> list[str]:
    shape = b.game.shape
    if shape is None or b.shape is None:
        return []
    out = []
    for r in b.shape.iter_rows(named=True):
        text = (f"{_where(r['run'], r['players'], several)} games last "
                f"{r[f'{shape.length}_mean']:.2f} {shape.length_label} on average")  # fmt: skip
        if shape.end and b.end_reasons is not None:
            ends = b.end_reasons.filter(
                (pl.col("run") == r["run"]) & (pl.col("players") == r["players"])
            ).sort("rate", descending=True)
            words = shape.end_words
            text += " and end " + ", ".join(
                f"{percent(e['rate'])} because {words.get(str(e[shape.end]), e[shape.end])}"
                for e in ends.iter_rows(named=True)
            )
        if shape.seat_measures:
            col, label = shape.seat_measures[0]
            text += (f"; the winner has {r[f'winner_{col}_mean']:.2f} {label} against "
                     f"{r[f'rest_{col}_mean']:.2f} for the others")  # fmt: skip
        out.append(f"{text} (n = {r['games']:,} games).")
    return out


def section_title(b: Balance) -> str:
    """The title of the section that separates the game's joint keys."""
    j = _joint(b)
    return f"{j[0].label.capitalize()} vs {j[1].label}" if j else ""


def _variant_findings(b: Balance) -> list[str]:
    out = []
    diff = b.diffs.get(b.primary)
    if diff is None or not diff.height:
        return out
    for (run, players), d in diff.group_by(["run", "players"], maintain_order=True):
        sig = d.filter(pl.col("significant"))
        r = max(d.iter_rows(named=True), key=lambda r: abs(r["diff"]))
        verdict = "significant, family-wise" if r["significant"] else "not significant"
        key = b.game.primary
        out.append(
            f"With {players} players, {run} against {r['baseline']}: the largest change is the "
            f"win rate of {value_words(key, r[key.column])}, {100 * r['diff']:+.1f} win-rate "
            "points "
            f"(family-wise 95% interval {100 * r['lo']:+.1f} to {100 * r['hi']:+.1f}; {verdict}); "
            f"{sig.height} of {d.height} {key.plural} change significantly (family-wise "
            "intervals)."
        )
    return out


def main_runs(b: Balance) -> dict[int, str]:
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
            "figures are in the tables below."
        )
    return (
        f"With {n} players every run changes the basic game ({', '.join(labels)}) and none "
        "plays it as the rulebook has it, so the headline singles out none; see the tables."
    )


def _effect_text(e) -> str:
    """'+15.4 (+14.3 to +16.5)' in points against fair, '; n.s.' when the family-wise
    interval covers 0."""
    ns = "; n.s." if not e.significant else ""
    return f"{points(e.effect)} ({points(e.lo)} to {points(e.hi)}{ns})"


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
    main = main_runs(b)
    if not main:
        why = [_no_main(b, n) for n in sorted({r.players for r in b.runs})]
        return [*extra, *why[: max(1, 5 - len(extra))]]
    game, key, joint = b.game, b.game.primary, _joint(b)
    fits = {(f.run, f.players): f for f in b.model}
    strong, flat, turn, unsplit, raw, firsts, interact = [], [], [], [], [], [], []
    fair_yes, fair_no = [], []
    others = [k for k in game.keys if k.ordinal and k.column in b.rates
              and k.column not in (game.seat_key, joint[1].column if joint else "")]  # fmt: skip
    for n, run in main.items():
        here = (pl.col("run") == run) & (pl.col("players") == n)
        if joint:
            factor, position = joint
            f = fits.get((run, n))
            ch = [e for e in f.effects if e.factor == "factor"] if f is not None else []
            if f is not None and f.ok:
                hi = max(ch, key=lambda e: e.effect, default=None)
                lo = min(ch, key=lambda e: e.effect, default=None)
                if not ch:
                    unsplit.append(f"with {n} players no {factor.label} effect is supported "
                                   f"({f.note.split(';')[0].rstrip('.')})")  # fmt: skip
                elif any(e.significant for e in ch):
                    strong.append(
                        f"with {n} players the strongest {factor.label} is "
                        f"{value_words(factor, hi.level)}, {_effect_text(hi)}, and the weakest "
                        f"{value_words(factor, lo.level)}, {_effect_text(lo)}"
                    )
                else:
                    flat.append(n)
                first = f.get("position", 0)
                if first is not None:
                    turn.append(f"{_effect_text(first)} with {n} players")
            elif f is not None and f.lr_p < 0.05:
                interact.append(n)
            else:
                why = f.note if f is not None else f"the runs do not record the {position.label}"
                why = why.split(";")[0].rstrip(".")
                text = ""
                o = b.rates.get(position.column)
                o = o.filter(here & (pl.col(position.column) == 0)) if o is not None else None
                if o is not None and o.height:
                    r = o.row(0, named=True)
                    text = (f"; {position.words(0)} wins {pm(r)} against a fair {percent(1 / n)}, "
                            f"{factor.label} and {position.label} together")  # fmt: skip
                unsplit.append(f"with {n} players {factor.label} and {position.label} cannot be "
                               f"separated ({why}){text}")  # fmt: skip
        else:
            d = b.start.filter(here)
            if d.height:
                top = d.sort("rate", descending=True).row(0, named=True)
                low = d.sort("rate").row(0, named=True)
                raw.append(f"with {n} players {value_words(key, top[key.column])} wins "
                           f"{pm(top)}{_flag(top)} and {value_words(key, low[key.column])} "
                           f"{pm(low)}{_flag(low)} against a fair {percent(1 / n)}")  # fmt: skip
        t = next((t for t in b.tests.get(key.column, []) if (t.run, t.players) == (run, n)), None)
        if t is not None:
            (fair_yes if t.significant else fair_no).append((n, t))
        for k in others:
            c = b.rates[k.column].filter(here & (pl.col(k.column) == 0))
            if c.height:
                r = c.row(0, named=True)
                firsts.append(f"with {n} players {k.words(0)} wins {pm(r)} against a fair "
                              f"{percent(r['fair'])} ({_flag(r).strip(' ;()') or 'n.s.'}, "
                              f"n = {r['n']:,})")  # fmt: skip
    out = []
    if joint:
        factor, position = joint
        char = list(strong)
        if flat:
            char.append(f"{_counts(flat)} no {factor.label} can be told from fair (every "
                        "effect's family-wise interval includes 0)")  # fmt: skip
        if char:
            out.append(f"Beyond the {position.label} it brings (joint model; win-rate points "
                       "against the fair share, family-wise 95% interval): "
                       + _join(char) + ".")  # fmt: skip
        if turn:
            out.append(f"Being {position.words(0)}, beyond the {factor.label} that brings it, "
                       "is worth (win-rate points over the fair share, family-wise 95% interval): "
                       + _join(turn) + ".")  # fmt: skip
        if interact:
            out.append(f"{_counts(interact)[0].upper()}{_counts(interact)[1:]} the "
                       f"{factor.label} and the {position.label} interact (the additive model is "
                       "rejected by a likelihood-ratio test against one rate per combination): "
                       f"no number per {factor.label} beyond its {position.label}; the cell "
                       "tables show every combination.")  # fmt: skip
        if unsplit:
            text = _join(unsplit)
            out.append(text[0].upper() + text[1:] + ".")
    elif raw:
        text = _join(raw)
        out.append(f"By {key.label} (family-wise 95% interval; its verdict): " + text + ".")
    setup = game.headline_setup([r.manifest for r in b.runs if main.get(r.players) == r.label])
    if setup or firsts:
        lead = setup.rstrip(".") if setup else ""
        tail = _join(firsts)
        out.append((lead + "; " + tail if lead and tail else lead or tail[0].upper() + tail[1:])
                   + ".")  # fmt: skip
    fair = []
    if fair_yes:
        ps = ", ".join(p_text(t.p_holm if t.p_holm is not None else t.p_value) for _, t in fair_yes)
        fair.append(f"differ from fair {_counts([n for n, _ in fair_yes])} (Holm-adjusted {ps})")
    if fair_no:
        fair.append(f"cannot be told from fair {_counts([n for n, _ in fair_no])}")
    if fair:
        inc = f" ({joint[1].label} included)" if joint else ""
        out.append(f"Raw {key.label} win rates{inc} " + " and ".join(fair) + ".")
    return [*extra, *out[: max(3, 5 - len(extra))]]


def _flag(r: dict) -> str:
    if not r["significant"]:
        return " (n.s.)"
    return " (above fair)" if r["rate"] > r["fair"] else " (below fair)"
