"""The tuning report (DIR/report.html): the recommendation with the imbalance before and
after, the confirmation of the top candidates against the starting rules, the check under
a second strategy, the search and the trade-off between imbalance and the size of the
change, and the recommendation's win rates per balance key. Same page template, chart
habits and safe writing as the balance report (reports/output.py).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

from analyses.imbalance import FORMULAS, MIN_CELL
from analyses.multiple import ALPHA
from analyses.tuning import Confirmed, Tuning, rank_candidates
from analyses.tuning_cells import CellChange, key_comparison
from analyses.tuning_front import tradeoff_front
from analyses.win_cells import BLOCKS
from simcore.core.store.commands import suggested_command

from . import tune_charts as ch
from .number_text import figure_points, p_value
from .output import write_report
from .render import environment
from .tables import Table
from .words import label_for, title_for


def _setting(c: Confirmed | dict) -> str:
    values = c.values if isinstance(c, Confirmed) else c["values"]
    return ", ".join(f"{k} = {_word(v)}" for k, v in values.items())


def _word(v) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _est(c: Confirmed) -> str:
    e = c.estimate
    lo, hi = figure_points(e.lo), figure_points(e.hi)
    return f"{figure_points(e.value)} points (95% interval {lo}–{hi}; {_games(c)})"


def _games(c: Confirmed) -> str:
    g = c.games
    if len(g) == 1:
        return f"n = {next(iter(g.values())):,} games"
    return "n = " + ", ".join(f"{v:,} games at {k} players" for k, v in sorted(g.items()))


def _diff(c: Confirmed) -> str:
    d = c.diff
    return f"{d.value:+.1f} points (95% interval {d.lo:+.1f} to {d.hi:+.1f})"


def _what(t: Tuning) -> str:
    s = t.settings
    game = t.start.runs[0].plugin
    keys = " and ".join(title_for(game, k) + "s" for k in s["keys"])
    players = "/".join(map(str, s["players"]))
    cells = t.start.estimate.cells
    return (
        f"{s['objective']} |win rate − fair share| over {cells} cells ({keys} at {players} players)"
        if s["objective"] == "max"
        else f"root mean square of win rate − fair share over {cells} cells ({keys} at "
        f"{players} players)"
    )


def headline(t: Tuning) -> list[str]:
    s, start, win = t.settings, t.start, t.winner
    cands = len(t.confirmed) - 1
    out = []
    if win is start:
        best = min(t.confirmed[1:], key=lambda c: c.score, default=None)
        if best is None:
            out.append(
                "Keep the starting rules: the search's budget ended before it had another "
                "setting to confirm; raise --budget."
            )
        else:
            out.append(
                "Keep the starting rules: no candidate was confirmed fairer than them on fresh "
                f"seeds (Holm-adjusted over {cands} candidate(s), family-wise 5%). The "
                f"closest, {_setting(best)}, confirmed at {_est(best)}."
            )
        out.append(f"Starting rules ({_setting(start)}): imbalance {_est(start)}.")
    else:
        out.append(
            f"Recommendation: {_setting(win)} (starting rules: {_setting(start)}; "
            f"{win.distance} step(s) away). Rules file: best.toml."
        )
        out.append(
            f"Imbalance ({_what(t)}): starting rules {_est(start)}; recommendation "
            f"{_est(win)}. Difference {_diff(win)}, one-sided p {p_value(win.diff.p_better)}, "
            f"Holm-adjusted over {cands} candidate(s) {p_value(win.p_holm)}."
        )
    drv = _driver_text(t)
    if drv:
        out.append(drv)
    if t.check is not None:
        c = t.check
        words = {
            "holds": "holds",
            "not confirmed": "is NOT confirmed (flag: the fix may only work for one bot)",
            "worse": "is REVERSED (flag: the recommendation is less fair under this bot)",
        }[c.verdict]
        what = "recommendation" if win is not start else f"best candidate ({_setting(c.winner)})"
        blind = _check_competence(t)
        out.append(
            f"{c.summary()[:1].upper()}{c.summary()[1:]}. The improvement of the {what} {words}: "
            f"starting rules {_est(c.start)}, {what} {_est(c.winner)}." + blind
        )
    elif win is not start and s["check_strategy"] is None:
        out.append("No second-strategy check (--check-strategy none).")
    b = budget(t)
    out.append(
        f"Budget: {b['total']:,} of {s['budget']:,} games played — search {b['search']:,} "
        f"({len(t.search['trials'])} trials), confirmation {b['confirm']:,}, check "
        f"{b['check']:,}."
    )
    return out


def _check_competence(t: Tuning) -> str:
    """' (but BOT plays without X: ...)' when the check's bot skips an action the judge takes
    often (analyses.competence), else ''."""
    from analyses.competence import assess

    judge, check = t.settings["strategy"], t.check.strategy
    frames = {judge: t.start.runs[0].scan(), check: t.check.start.runs[0].scan()}
    if judge == check:
        return ""
    comp = assess(frames, [check, judge])
    if check not in comp.left_out:
        return ""
    return (f" But {check} {comp.why(check)} (the judge takes it at least once per seat and "
            "game): its figures measure another game; choose a competent --check-strategy "
            "(docs/TUNING.md).")  # fmt: skip


def _driver_text(t: Tuning) -> str:
    """Which cell drives the imbalance, and whether the varied rules move it at all."""
    d = t.driver
    if d is None:
        return ""
    players, column, value = d.cell
    game = t.start.runs[0].plugin
    try:
        key = game.key(column)
        cell = f"{key.words(value)} ({key.label}) at {players} players"
    except (KeyError, ValueError, TypeError):
        cell = f"{column} = {value} at {players} players"
    head = (f"The imbalance is driven by {cell}: {100 * d.rate:.1f}% against a fair "
            f"{100 * d.fair:.1f}% under the starting rules.")  # fmt: skip
    if not d.moves:
        return head
    name, diff, lo, hi = max(d.moves, key=lambda m: abs(m[1]))
    setting = next((_setting(c) for c in t.confirmed if c.name == name), name)
    if d.movable:
        return (f"{head} The varied rules move it: most {setting}, {100 * diff:+.1f} points "
                f"(95% interval {100 * lo:+.1f} to {100 * hi:+.1f}, paired).")  # fmt: skip
    return (f"{head} None of the confirmed settings moves it measurably (largest change "
            f"{100 * diff:+.1f} points, {100 * lo:+.1f} to {100 * hi:+.1f}, with {setting}): the "
            "varied rules may not reach this cell; vary a rule that acts on it.")  # fmt: skip


def budget(t: Tuning) -> dict:
    confirm = sum(sum(c.games.values()) for c in t.confirmed)
    check = (
        0
        if t.check is None
        else sum(sum(c.games.values()) for c in (t.check.start, t.check.winner))
    )
    search = t.search["games_played"]
    return {"search": search, "confirm": confirm, "check": check, "total": search + confirm + check}


def summary_lines(t: Tuning) -> list[str]:
    """What the command prints at the end: the headline, one sentence a line."""
    return headline(t)


# sections -------------------------------------------------------------------------------


def _confirm_table(t: Tuning) -> Table:
    s = t.settings
    rows = []
    for c in t.confirmed:
        e = c.estimate
        search = c.search or {}
        row = [
            (_setting(c) + (" (starting rules)" if c is t.start else ""), ""),
            (str(c.distance), "num"),
            (_games(c).removeprefix("n = "), "num"),
            (figure_points(e.value), "num"),
            (f"{figure_points(e.lo)}–{figure_points(e.hi)}", "num"),
            (figure_points(e.plug_in), "num"),
            (figure_points(c.score), "num"),
            (figure_points(search.get("imbalance", float("nan"))), "num"),
        ]
        if c is t.start:
            row += [("–", "ns")] * 3 + [("reference", "ns")]
        else:
            flag = ("better", "down") if c.better else ("n.s.", "ns")
            if c is t.winner:
                flag = ("recommended", "down")
            row += [
                (f"{c.diff.value:+.1f} ({c.diff.lo:+.1f} to {c.diff.hi:+.1f})", "num"),
                (p_value(c.diff.p_better), "num"),
                (p_value(c.p_holm), "num"),
                flag,
            ]
        rows.append(row)
    margin = (
        f" minus {s['penalty']:g} point(s) per step of distance (the penalty), i.e. H0: "
        "the candidate's imbalance is not lower by more than its penalty"
        if s["penalty"]
        else ""
    )
    note = (
        f"Each setting replayed on the same fresh seeds (disjoint from the search's) with "
        f"{s['strategy']} in every seat, until every "
        f"value of the primary key had a 95% interval within ±{100 * s['confirm_ci']:g} points "
        f"or {t.record['plan']['confirm_cap']:,} games. Imbalance: bias-corrected bootstrap "
        f"value (2 × plug-in − mean of {2000} resamples of {BLOCKS} blocks of games) with the "
        "95% interval of a simultaneous (max-t) box around every cell's rate; plug-in: the "
        "plain figure, biased upwards by noise. Score = imbalance + penalty × distance. "
        "Δ: imbalance minus the starting rules' (paired: same seeds, same resamples), basic "
        f"bootstrap interval; p: one-sided bootstrap test that the candidate is better{margin}; "
        f"Holm over the {len(t.confirmed) - 1} candidate(s), flag at {ALPHA:.0%} family-wise. "
        "The search column is the search's own plug-in figure (not confirmed)."
    )
    return Table(
        "Confirmation: candidates against the starting rules",
        [
            "setting",
            "steps",
            "games",
            "imbalance",
            "95% interval",
            "plug-in",
            "score",
            "search",
            "Δ vs start",
            "p",
            "p (Holm)",
            "verdict",
        ],
        rows,
        note,
    )


def _check_table(t: Tuning) -> Table:
    c = t.check
    rows = []
    for x in (c.start, c.winner):
        e = x.estimate
        rows.append(
            [
                (_setting(x) + (" (starting rules)" if x.name == "start" else ""), ""),
                (_games(x).removeprefix("n = "), "num"),
                (figure_points(e.value), "num"),
                (f"{figure_points(e.lo)}–{figure_points(e.hi)}", "num"),
            ]
        )
    verdict = {
        "holds": ("holds", "down"),
        "not confirmed": ("NOT CONFIRMED", "up"),
        "worse": ("REVERSED", "up"),
    }[c.verdict]
    rows.append(
        [
            ("difference (recommendation − start)", ""),
            ("", ""),
            (f"{c.diff.value:+.1f}", "num"),
            (f"{c.diff.lo:+.1f} to {c.diff.hi:+.1f}; p {p_value(c.diff.p_better)}", "num"),
        ]
    )
    rows[-1][1] = verdict
    note = (
        f"The same comparison with {c.bot} in every seat, on other fresh seeds. "
        "'holds': the recommendation is fairer here too (one-sided bootstrap test at 5%); "
        "'NOT CONFIRMED': the data cannot tell; 'REVERSED': the whole interval says it is "
        "less fair. A rule fix that only works for one bot is flagged."
    )
    return Table(
        f"Check under a second strategy: {c.bot}",
        ["setting", "games", "imbalance", "95% interval"],
        rows,
        note,
    )


def _search_tables(t: Tuning) -> list[Table]:
    s, srch = t.settings, t.search
    ranked = rank_candidates(srch["trials"])
    rows = [
        [
            (_setting(c), ""),
            (str(c["distance"]), "num"),
            (str(c["rung"] + 1), "num"),
            (f"{c['games']:,}", "num"),
            (figure_points(c["imbalance"]), "num"),
            (figure_points(c["value"]), "num"),
        ]
        for c in ranked[:15]
    ]
    top = Table(
        "The search's best settings (search figures, not confirmed)",
        ["setting", "steps", "rung", "games per player count", "imbalance", "objective"],
        rows,
        f"{len(ranked)} distinct settings played; ranked by rung reached, then "
        "objective. These figures are the search's: the top ones are the lucky ones as "
        "much as the good ones, which is why the confirmation replays them.",
    )
    per_rung = []
    for r, g in enumerate(srch["rung_games"]):
        added = g - (srch["rung_games"][r - 1] if r else 0)
        reached = [x for x in srch["trials"] if len(x["rungs"]) > r]
        played = [x for x in reached if r in x["played_rungs"]]
        per_rung.append(
            [
                (str(r + 1), "num"),
                (f"{g:,}", "num"),
                (str(len(reached)), "num"),
                (str(len(played)), "num"),
                (
                    f"{len(played) * added * len(s['players']):,}",
                    "num",
                ),
            ]
        )
    b = budget(t)
    per_rung.append(
        [
            ("all", ""),
            ("", ""),
            (str(len(srch["trials"])), "num"),
            ("", ""),
            (f"{b['search']:,} of {srch['search_budget']:,}", "num"),
        ]
    )
    spend = Table(
        "Successive halving: trials per rung and games spent",
        [
            "rung",
            "games per player count (cumulative)",
            "trials reaching it",
            "rungs played",
            "games played",
        ],
        per_rung,
        f"Sampler: Optuna {srch['sampler'].upper()}, seeded per trial from --seed; "
        f"pruner: {srch['pruner']}. A rung a setting had already played (the "
        "sampler proposed it again) is read back, not replayed. Search stopped: "
        f"{srch['stopped']}. Confirmation {b['confirm']:,} games, check "
        f"{b['check']:,}; total {b['total']:,} of a budget of "
        f"{s['budget']:,}.",
    )
    return [top, spend]


def _key_rows(cells: list[CellChange], word) -> list[list]:
    rows = []
    for c in cells:
        d = c.diff
        flag = {"above": ("above fair", "up"), "below": ("below fair", "down")}
        rows.append(
            [
                (word(c.value), ""),
                (_rate(c.start), "num"),
                (f"{c.start_n:,}", "num"),
                (_rate(c.other), "num"),
                (f"{c.other_n:,}", "num"),
                (f"{d[0]:+.1f} ({d[1]:+.1f} to {d[2]:+.1f})" if d[0] == d[0] else "n/a", "num"),
                ("changed", "up") if c.changed else ("n.s.", "ns"),
                flag.get(c.side, ("n.s.", "ns")) if c.other else ("n/a", "ns"),
            ]
            + ([("fewer than 20 seats: not in the objective", "ns")] if c.few else [])
        )
    return rows


def _key_section(t: Tuning, png_dir: Path | None) -> dict:
    kc = key_comparison(t)
    if kc is None:
        return {"id": "keys", "title": "Per key", "charts": [], "tables": []}
    rec = "recommendation" if kc.recommended else "closest candidate (not recommended)"
    game = t.start.runs[0].plugin
    charts, tables = [], []
    for (n, key), cells in kc.groups.items():
        tables.append(
            Table(
                f"{title_for(game, key).capitalize()}, {n} players: starting rules and {rec}",
                [
                    "value",
                    "start: win rate (95%)",
                    "n",
                    f"{rec}: win rate (95%)",
                    "n",
                    "difference, points (95%)",
                    "vs start",
                    "vs fair",
                ],
                _key_rows(cells, label_for(game, key)),
                "Win rates with 95% Wilson intervals on the confirmation's seeds; difference: "
                "paired bootstrap (same seeds); flags Holm-adjusted over every cell of this "
                f"section ({kc.cells} cells) at 5% family-wise. Fair share {100 / n:.1f}%.",
            )
        )
        chart_rows = [(c.value, c.start, c.other) for c in cells if c.start and c.other]
        if chart_rows:
            charts.append(ch.key_chart(t, n, key, chart_rows, png_dir))
    return {
        "id": "keys",
        "title": f"Per key: {rec} against the starting rules",
        "charts": charts,
        "tables": tables,
    }


def _rate(x) -> str:
    if x is None:
        return "n/a"
    return f"{100 * x[0]:.1f}% ({100 * x[1]:.1f}–{100 * x[2]:.1f})"


def _tradeoff_table(t: Tuning) -> Table:
    rows = [
        [
            (str(c["distance"]), "num"),
            (_setting(c), ""),
            (str(c["rung"] + 1), "num"),
            (figure_points(c["imbalance"]), "num"),
            ("on the front", "down") if mark else ("no better than a smaller change", "ns"),
        ]
        for c, mark in tradeoff_front(t.search["trials"])
    ]
    return Table(
        "Trade-off: the search's fairest setting at each distance",
        ["steps", "setting", "rung", "imbalance (search)", ""],
        rows,
        "Per number of steps away from the starting rules (|change| summed over the "
        "rule values, a switch counts 1), the setting with the lowest search figure at "
        "the highest rung it reached. 'On the front': fairer than every smaller change. "
        "Search figures are noisy and biased low for the winners; the confirmed points "
        "in the chart carry intervals. --penalty P ranks by imbalance + P × steps.",
    )


def _sections(t: Tuning, png_dir: Path | None) -> list[dict]:
    out = [
        {
            "id": "confirmation",
            "title": "Confirmation on fresh seeds",
            "charts": [ch.confirmed_chart(t, png_dir)],
            "tables": [_confirm_table(t)] + ([_check_table(t)] if t.check else []),
        }
    ]
    out.append(_key_section(t, png_dir))
    out.append(
        {
            "id": "tradeoff",
            "title": "Trade-off: imbalance against the size of the change",
            "charts": [ch.tradeoff_chart(t, png_dir)],
            "tables": [_tradeoff_table(t)],
        }
    )
    out.append(
        {
            "id": "search",
            "title": "The search",
            "charts": [ch.search_chart(t, png_dir)],
            "tables": _search_tables(t),
        }
    )
    return out


def _intro(t: Tuning) -> list[str]:
    s = t.settings
    axes = ", ".join(a["text"] for a in t.record["axes"])
    fixed = ", ".join([*s["sets"], *(f"variant {v}" for v in s["variants"])]) or "none"
    rules = f"; starting rules file {s['rules_file']}" if s["rules_file"] else ""
    return [
        f"Rule values searched: {axes}; fixed: {fixed}{rules}. The starting rules are the "
        "rulebook's with the fixed values; distance counts steps away from them.",
        f"Objective: {FORMULAS[s['objective']]}, in points, over the cells (player count × "
        f"value) of the balance keys {', '.join(s['keys'])}; fair share f = 1/players. "
        + (
            f"Score = imbalance + {s['penalty']:g} × steps."
            if s["penalty"]
            else "No penalty for the size of the change (--penalty 0): ties go to the smaller one."
        ),
        f"Judging strategy: {s['strategy']} in every seat. Budget {s['budget']:,} games, "
        f"seed {s['seed']}: every search rung, confirmation and check seed is derived from it "
        "(the same seed gives the same recommendation whatever the workers).",
    ]


def _repro(t: Tuning) -> list[dict]:
    runs = [r for c in t.confirmed for r in c.runs]
    if t.check is not None:
        runs += [r for c in (t.check.start, t.check.winner) for r in c.runs]
    out = []
    for r in runs:
        m = r.manifest
        out.append(
            {
                "label": str(r.path.relative_to(t.root)),
                "path": str(r.path),
                "command": suggested_command(r.path, m),  # rebuilt, never the file's text
                "seed": m.get("seed"),
                "players": m.get("players"),
                "games": f"{r.games_done:,} of {m.get('games', 0):,}",
                "status": m.get("status", "?"),
                "strategies": ", ".join(x["name"] for x in m["strategies"]),
                "variants": ", ".join(m.get("variants", [])) or "none",
                "rules_changed": json.dumps(m.get("rules_changed", {}), sort_keys=True),
                "board": str(m.get("board", {}).get("source")),
                "version": m.get("package_version", "?"),
                "when": m.get("created", "?"),
            }
        )
    return out


def render_tuning(t: Tuning, out: Path, command: str) -> list[Path]:
    """Write the report and its PNG charts (nothing half-written on failure)."""

    def build(png_dir: Path) -> str:
        notes = [
            f"Cells seen fewer than {MIN_CELL} times are left out of the objective: "
            + ", ".join(f"{k}={v} at {n} players" for n, k, v in c.estimate.left_out)
            for c in t.confirmed
            if c.estimate.left_out
        ]
        return (
            environment()
            .get_template("report.html.j2")
            .render(
                title="palace-lab rule tuning",
                game=t.start.runs[0].plugin.title,
                headline=headline(t),
                warnings=notes,
                intro=_intro(t),
                findings=[FORMULAS[t.settings["objective"]]] + _reading(),
                sections=_sections(t, png_dir),
                runs=_repro(t),
                total_games=budget(t)["total"],
                report_command=command,
                version=version("palace-lab"),
                created=datetime.now(UTC).isoformat(timespec="seconds"),
                unfinished=[],
            )
        )

    from .output import VERDICT_SUFFIX
    from .verdict_card import empty_json

    why = ("a tuning page compares rule settings (its confirm/ runs: palace-lab report "
           "DIR/confirm/start gives that setting's verdict)")  # fmt: skip
    game = t.start.runs[0].plugin.name
    return write_report(out, build, {VERDICT_SUFFIX: empty_json(game, Path(out).name, why)})


def _reading() -> list[str]:
    return [
        "How to read: the search plays many settings briefly and ranks them by their plug-in "
        "imbalance; the top few are then replayed on fresh seeds (the confirmation), so that "
        "the figures in the headline are not the lucky draws the search selected.",
        "A recommendation needs a confirmed improvement over the starting rules after Holm's "
        "adjustment over the candidates; otherwise the starting rules are kept.",
        "docs/TUNING.md explains the objectives, the bias correction and the intervals.",
    ]
