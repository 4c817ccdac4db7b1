"""Render one self-contained HTML report (charts inline as data URIs) plus PNG charts beside it.

Nothing is written until everything is rendered, and nothing but a previous report is
replaced: see reports/output.py.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

import jinja2

from analyses.balance import Balance
from analyses.checks import warnings_for

from . import charts as ch
from . import tables as tb
from . import words
from .findings import _main_runs, findings, headline
from .notes import context_notes, stop_text
from .output import write_report


def _env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("reports", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2"], default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _turn_section(b: Balance, png_dir: Path | None) -> dict:
    """Character vs turn order: the joint model, the heat maps, the choice position."""
    sec: dict = {"id": "turnorder", "title": "Character vs turn order", "charts": [], "tables": []}
    if b.cells is None or not b.cells.height:
        sec["note"] = (
            "These runs do not record the round-1 turn position with the starting character; "
            "character and turn order cannot be separated (re-run with a current version)."
        )
        return sec
    main = _main_runs(b)
    effect = ch.effect_chart([f for f in b.model if main.get(f.players) == f.run], png_dir)
    sec["charts"] = ([effect] if effect else []) + [
        ch.heat_chart(b.cells, run, n, png_dir) for n, run in main.items()
    ]
    sec["tables"] = [tb.model_table(b.model)] + [
        tb.heat_table(b.cells, run, n)
        for run, n in b.cells.select("run", "players").unique(maintain_order=True).iter_rows()
    ]
    if b.choice is not None:
        sec["tables"].append(
            tb.rate_table(
                b.choice,
                "choice_order",
                "Win rate by position in the character choice",
                note="n = seats that chose at that position (set-up choice, deal=choose).",
            )
        )
    sec["note"] = (
        "In Maharaja a round's turn order follows the character numbers, so a starting "
        "character and its round-1 turn position go together. The model separates them; the "
        "tables show every combination that occurred."
    )
    return sec


def _appendix(b: Balance) -> dict:
    tables = [tb.runs_table(b.runs, b.baseline)]
    note = "What the strategies did, and every run's settings."
    have = set() if b.actions is None else set(b.actions["run"])
    missing = [f"{r.label} ({r.players}p)" for r in b.runs if r.label not in have]
    if b.actions is not None:
        tables.insert(0, tb.action_table(b.actions))
    if missing:
        note += (
            " These runs do not record actions (act_* columns), so they have no action mix: "
            + ", ".join(missing)
            + "."
        )
    return {"id": "appendix", "title": "Appendix: strategies and runs", "charts": [],
            "tables": tables, "note": note}  # fmt: skip


def _baseline_note(b: Balance) -> str:
    parts = [
        f"With {n} players each run is compared with {run!r}, the basic game "
        "(no variant, every rule that differs between the runs at its rulebook value)."
        for n, run in sorted(b.baseline.items())
    ]
    parts += [b.baseline_notes[n] for n in sorted(b.baseline_notes)]
    return " ".join(parts)


def _sections(b: Balance, png_dir: Path | None) -> list[dict]:
    counts = sorted(set(b.start["players"]))
    seat_lbl = words.seat
    order_lbl = words.turn
    power_charts = [
        ch.rate_chart(
            b.start, "start_character", n, f"{n} players: win rate by starting character", png_dir
        )
        for n in counts
    ]
    power_tables = [
        tb.rate_table(
            b.start,
            "start_character",
            "Win rate by starting character",
            means=b.char_means,
            note="n = games in which the character started; mean palaces and gold at the end.",
        ),
        tb.test_table(b.tests["start_character"], "Test of 'all starting characters equal'"),
        tb.rate_table(b.end, "end_character", "Win rate by character held at the end"),
        tb.test_table(b.tests["end_character"], "Test of 'all end characters equal'"),
    ]
    if b.held is not None:
        power_tables.append(
            tb.rate_table(
                b.held,
                "character",
                "Win rate by each character held (several-characters games)",
                note="A seat holding several characters counts for each of them.",
            )
        )
    sections = [
        _turn_section(b, png_dir),
        {
            "id": "power",
            "title": "Character power (raw, turn order included)",
            "charts": power_charts,
            "tables": power_tables,
            "note": "Raw win rates by character: each figure includes the turn position the "
            "character brings; see Character vs turn order for the separation.",
        },
        {
            "id": "seats",
            "title": "Seats and round-1 turn position",
            "charts": [
                ch.rate_chart(
                    b.seat, "seat", n, f"{n} players: win rate by seat", png_dir, seat_lbl
                )
                for n in counts
            ]
            + [
                ch.rate_chart(
                    b.order,
                    "first_order",
                    n,
                    f"{n} players: win rate by round-1 turn order",
                    png_dir,
                    order_lbl,
                )
                for n in counts
            ],
            "tables": [
                tb.rate_table(b.seat, "seat", "Win rate by seat", seat_lbl),
                tb.test_table(b.tests["seat"], "Test of 'all seats equal'"),
                tb.rate_table(b.order, "first_order", "Win rate by round-1 turn order", order_lbl),
                tb.test_table(b.tests["first_order"], "Test of 'all turn-order positions equal'"),
            ],
        },
        {
            "id": "shape",
            "title": "Game shape",
            "charts": [
                ch.share_chart(b.rounds, "rounds", "Rounds per game", png_dir),
                ch.share_chart(b.end_reasons, "end_reason", "How games end", png_dir),
            ],
            "tables": [
                tb.shape_table(b.shape, "Rounds, palaces and gold per game"),
                tb.share_table(b.end_reasons, "end_reason", "End reason"),
                tb.share_table(b.rounds, "rounds", "Rounds per game"),
            ],
            "note": "Gold curves and lead changes need per-round event data, which runs do "
            "not record yet.",
        },
    ]
    if b.start_diff.height:
        diff_counts = sorted(set(b.start_diff["players"]))
        sections.append(
            {
                "id": "variants",
                "title": "Variants and rule values compared with the basic game",
                "charts": [
                    ch.diff_chart(b.start_diff, "start_character", n, png_dir) for n in diff_counts
                ],
                "tables": [
                    tb.diff_table(b.start_diff, "start_character", "Starting-character win rate"),
                    tb.diff_table(b.seat_diff, "seat", "Seat win rate"),
                    tb.diff_table(b.end_reason_diff, "end_reason", "End reason (share of games)"),
                    tb.diff_table(b.shape_diff, "measure", "Game shape", points=False),
                ],
                "note": _baseline_note(b) + " Intervals: Newcombe (rates), Welch (means). "
                "'n.s.' = no Holm-adjusted significant change.",
            }
        )
    elif b.baseline_notes:
        sections.append(
            {
                "id": "variants",
                "title": "Variants and rule values compared",
                "charts": [],
                "tables": [],
                "note": _baseline_note(b),
            }  # fmt: skip
        )
    if b.sweep_key:
        values = {r.label: r.manifest["rules"][b.sweep_key] for r in b.runs}
        sections.append(
            {
                "id": "sweep",
                "title": f"Parameter sweep: {b.sweep_key}",
                "charts": ch.sweep_chart(b.start, "start_character", b.sweep_key, values, png_dir),
                "tables": [],
                "note": "Read off the value at which a character's band meets the fair share.",
            }
        )
    sections.append(_appendix(b))
    return sections


def _repro(b: Balance) -> list[dict]:
    out = []
    for r in b.runs:
        m = r.manifest
        out.append(
            {
                "label": r.label,
                "path": str(r.path),
                "command": m.get("command", "?"),
                "seed": m.get("seed"),
                "players": m.get("players"),
                "games": f"{r.games_done:,} of {m.get('games', 0):,}" + stop_text(m),
                "status": m.get("status", "?"),
                "strategies": words.strategies_text(m),
                "settings": words.settings_text(m),
                "variants": ", ".join(m.get("variants", [])) or "none",
                "rules_changed": json.dumps(m.get("rules_changed", {}), sort_keys=True),
                "board": f"{m.get('board', {}).get('source', '?')} "
                f"(sha256 {str(m.get('board', {}).get('sha256', '?'))[:12]})",
                "version": f"{m.get('package_version', '?')} (git {m.get('git_commit') or '?'})",
                "when": f"{m.get('created', '?')} – {m.get('finished') or '?'}",
            }
        )
    return out


def render_report(
    b: Balance,
    out: Path,
    command: list[str] | None = None,
    extra: Callable[[Path], list[dict]] | None = None,
    intro: Sequence[str] = (),
    title: str = "palace-lab balance report",
    headline_extra: Sequence[str] = (),
) -> list[Path]:
    """Write the report to `out` and its charts as PNG to `<stem>_charts/`; return the PNGs.

    `extra(png_dir)` adds sections (a sweep's own section replaces the detected one);
    `intro` are sentences shown first, before the notes derived from the runs;
    `headline_extra` are headline sentences from another analysis (e.g. verdicts across
    bots), shown first in the headline.
    """

    def build(png_dir: Path) -> str:
        sections = _sections(b, png_dir)
        if extra is not None:
            more = extra(png_dir)
            ids = {x["id"] for x in more}
            # a caller's own sections (a sweep's grid) are what the report is for: first
            sections = more + [x for x in sections if not (x["id"] == "sweep" and "grid" in ids)]
        return (
            _env()
            .get_template("report.html.j2")
            .render(
                title=title,
                intro=[*intro, *context_notes(b)],
                game=b.runs[0].game,
                headline=headline(b, headline_extra),
                warnings=warnings_for(b),
                findings=findings(b),
                sections=sections,
                runs=_repro(b),
                total_games=sum(r.games_done for r in b.runs),
                report_command=shlex.join(command or ["palace-lab", *sys.argv[1:]]),
                version=version("palace-lab"),
                created=datetime.now(UTC).isoformat(timespec="seconds"),
                unfinished=[r.label for r in b.runs if r.manifest.get("status") != "complete"],
            )
        )

    return write_report(out, build)
