"""Render one self-contained HTML report (charts inline as data URIs) plus PNG charts beside it.

Nothing is written until everything is rendered, and nothing but a previous report is
replaced: see reports/output.py.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

import jinja2
import markupsafe

from analyses.balance import Balance
from analyses.checks import warnings_for
from analyses.multiple import FAMILY_NOTE
from analyses.rundata import Run, load_run
from simcore.core.errors import InputError
from simcore.core.store.commands import replay_command

from . import charts as ch
from . import first_screen, verdict_card, verdict_grid, words
from . import tables as tb
from .findings import findings, headline, main_runs, section_title
from .notes import context_notes, grouped_warnings, stop_text
from .output import VERDICT_SUFFIX, write_report
from .words import title_for


@dataclass(frozen=True)
class Page:
    """A written page: its PNG charts, and the runs and games its header counts."""

    pngs: list[Path]
    runs: int
    games: int


def environment() -> jinja2.Environment:
    """The pages' Jinja environment (autoescaped; `code` marks up `...` as commands)."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("reports", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2"], default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["code"] = code_markup
    return env


def code_markup(text: str) -> markupsafe.Markup:
    """Escape `text`, then show each `...` span as code (the card's commands)."""
    safe = str(markupsafe.escape(text))
    return markupsafe.Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", safe))


def _joint_section(b: Balance, png_dir: Path | None) -> dict | None:
    """The game's two keys that go together, separated: the joint model and the heat maps."""
    game = b.game
    if game.joint is None:
        return None
    factor, position = game.key(game.joint.factor), game.key(game.joint.position)
    sec: dict = {"id": "turnorder", "title": section_title(b), "charts": [], "tables": []}
    if b.cells is None or not b.cells.height:
        sec["note"] = (
            f"These runs do not record the {position.label} with the {factor.label}; the two "
            "cannot be separated (re-run with a current version)."
        )
        return sec
    main = main_runs(b)
    fits = [f for f in b.model if main.get(f.players) == f.run]
    effect = ch.effect_chart(fits, png_dir, game)
    sec["charts"] = ([effect] if effect else []) + [
        ch.heat_chart(b.cells, run, n, png_dir, game) for n, run in main.items()
    ]
    sec["tables"] = [tb.model_table(b.model, game)] + [
        tb.heat_table(b.cells, run, n, game)
        for run, n in b.cells.select("run", "players").unique(maintain_order=True).iter_rows()
    ]
    sec["note"] = (
        f"A {factor.label} and its {position.label} go together in this game (see its rules), "
        "so a raw win rate of either mixes the two. The model separates them; the tables "
        "show every combination that occurred."
    )
    return sec


def _appendix(b: Balance) -> dict:
    tables = [tb.runs_table(b.runs, b.baseline, b.game)]
    note = "What the strategies did, and every run's settings."
    have = set() if b.actions is None else set(b.actions["run"])
    missing = [f"{r.label} ({r.players}p)" for r in b.runs if r.label not in have]
    if b.actions is not None:
        tables.insert(0, tb.action_table(b.actions, b.game))
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


def _key_tables(b: Balance, column: str, means: bool = False) -> list:
    """A key's win-rate table and, where each value is one seat's per game, its test."""
    key = b.game.key(column)
    note = ""
    if key.ordinal:
        note = f"n = seats at that {key.label} (seats without one are left out)."
    out = [tb.rate_table(b.rates[column], column, f"Win rate by {key.label}", b.game,
                         means=b.means if means else None, note=note)]  # fmt: skip
    if column in b.tests:
        out.append(tb.test_table(b.tests[column], f"Test of 'all {key.plural} equal'"))
    return out


def _sections(b: Balance, png_dir: Path | None) -> list[dict]:
    game = b.game
    counts = sorted(set(b.start["players"]))
    primary = game.primary
    joint = game.joint
    position_cols = [k.column for k in game.keys if k.ordinal or k.column == game.seat_key]
    power_cols = [k.column for k in game.keys
                  if k.column in b.rates and k.column not in position_cols]  # fmt: skip
    place_cols = [c for c in position_cols if c in b.rates]
    sections = [s for s in [_joint_section(b, png_dir)] if s is not None]
    if power_cols:
        power_tables = [t for c in power_cols for t in _key_tables(b, c, c == primary.column)]
        for mask in game.mask_keys:
            if mask.column in b.masks:
                power_tables.append(tb.rate_table(
                    b.masks[mask.column], mask.column, f"Win rate by {mask.label}", game,
                    note="A seat holding several counts for each of them."))  # fmt: skip
        pos = game.key(joint.position).label if joint else ""
        sections.append({
            "id": "power",
            "title": f"Win rate by {primary.label}" + (f" (raw, {pos} included)" if pos else ""),
            "charts": [ch.rate_chart(b.start, primary.column, n,
                                     f"{n} players: win rate by {primary.label}", png_dir, game)
                       for n in counts],
            "tables": power_tables,
            "note": (f"Raw win rates: each figure includes the {pos} the {primary.label} "
                     f"brings; see {section_title(b)} for the separation.") if pos else "",
        })  # fmt: skip
    if place_cols:
        labels = [game.key(c).plural for c in place_cols]
        sections.append({
            "id": "seats",
            "title": (f"Seats and positions ({', '.join(labels[1:])})" if len(labels) > 1
                      else "Seats"),
            "charts": [ch.rate_chart(b.rates[c], c, n,
                                     f"{n} players: win rate by {game.key(c).label}", png_dir,
                                     game)
                       for c in place_cols[:2] for n in counts],
            "tables": [t for c in place_cols for t in _key_tables(b, c, c == primary.column)],
        })  # fmt: skip
    if game.shape is not None and b.shape is not None:
        shape = game.shape
        charts = [ch.share_chart(b.lengths, shape.length, f"{shape.length_label.capitalize()} "
                                 "per game", png_dir, game)]  # fmt: skip
        tables = [tb.shape_table(b.shape, "Game shape: length and the winner's lead", game)]
        if b.end_reasons is not None:
            charts.append(ch.share_chart(b.end_reasons, shape.end, "How games end", png_dir, game))
            tables.append(tb.share_table(b.end_reasons, shape.end, "End reason", game))
        per_game = f"{shape.length_label.capitalize()} per game"
        tables.append(tb.share_table(b.lengths, shape.length, per_game, game))
        sections.append({"id": "shape", "title": "Game shape", "charts": charts, "tables": tables,
                         "note": "Curves within a game (lead changes) need per-round event "
                         "data, which runs do not record yet."})  # fmt: skip
    start_diff = b.diffs.get(primary.column)
    if start_diff is not None and start_diff.height:
        diff_counts = sorted(set(start_diff["players"]))
        tables = [
            tb.diff_table(d, c, f"Win rate by {title_for(game, c)}", game)
            for c, d in b.diffs.items()
            if game.shape is None or c != game.shape.end
        ]
        if game.shape is not None and game.shape.end in b.diffs:
            tables.append(tb.diff_table(b.diffs[game.shape.end], game.shape.end,
                                        "End reason (share of games)", game))  # fmt: skip
        tables.append(tb.diff_table(b.shape_diff, "measure", "Game shape", game, points=False))
        sections.append(
            {
                "id": "variants",
                "title": "Variants and rule values compared with the basic game",
                "charts": [
                    ch.diff_chart(start_diff, primary.column, n, png_dir, game) for n in diff_counts
                ],
                "tables": tables,
                "note": _baseline_note(b) + " Differences: this run minus the basic game "
                "(+ = higher with the change); intervals Newcombe (rates), Welch (means).",
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
                "charts": ch.sweep_chart(
                    b.start, primary.column, b.sweep_key, values, png_dir, game
                ),  # fmt: skip
                "tables": [],
                "note": f"Read off the value at which a {primary.label}'s band meets the fair "
                "share.",
            }
        )
    sections.append(_appendix(b))
    return sections


def _data_text(m: dict) -> str:
    """The run's data files: each one's source and SHA-256 (older manifests: the board)."""
    data = m.get("data")
    if isinstance(data, dict) and data:
        return "; ".join(f"{name}: {d.get('source', '?')} (sha256 {str(d.get('sha256', '?'))[:12]})"
                         for name, d in data.items() if isinstance(d, dict))  # fmt: skip
    board = m.get("board", {})
    return f"{board.get('source', '?')} (sha256 {str(board.get('sha256', '?'))[:12]})"


def _ladder_runs(root: Path | None, plan) -> list[tuple[str, Run]]:
    """The robustness ladders' runs a page's verdicts rest on (every player count's): (role,
    run), each folder as the study's plan names it, loaded (and so checked) like any run."""
    from analyses.robustness import ladder_plans

    if root is None or plan is None:
        return []
    base = Path(root).resolve()
    named = []
    for p in ladder_plans(root) or [plan]:
        named += [(f"ladder rung {label}", folder)
                  for label, folder in zip(p.labels, p.tables, strict=True)]  # fmt: skip
        named += [(f"ladder step {st.get('upper')} against {st.get('lower')}", x.get("folder"))
                  for st in p.steps for x in st.get("runs", [])]  # fmt: skip
    out = []
    for role, folder in named:
        path = (base / str(folder)).resolve()
        if base not in path.parents:  # a plan's folder is confined to its study
            raise InputError(f"{base}: its plan names a run outside it ({folder!s:.80})")
        if (path / "manifest.json").is_file():
            out.append((role, load_run(path)))
    return out


def _repro(b: Balance, ladder: Sequence[tuple[str, Run]] = ()) -> list[dict]:
    out = []
    seen = {r.path.resolve() for r in b.runs}
    more = [(role, r) for role, r in ladder if r.path.resolve() not in seen]
    for role, r in [("balance sections", r) for r in b.runs] + more:
        m = r.manifest
        label = r.label or r.path.name
        out.append(
            {
                "label": f"{len(out) + 1}. {label} ({r.players} players; {role})",
                "short": f"{len(out) + 1}. {label}",
                "ladder": role != "balance sections",
                "path": str(r.path),
                "games_done": r.games_done,
                "command": replay_command(m, r.path),  # rebuilt, never the file's text
                "seed": m.get("seed"),
                "players": m.get("players"),
                "games": f"{r.games_done:,} of {m.get('games', 0):,}" + stop_text(m),
                "status": m.get("status", "?"),
                "strategies": words.strategies_text(m, b.game),
                "settings": words.settings_text(m, b.game),
                "variants": ", ".join(m.get("variants", [])) or "none",
                "rules_changed": json.dumps(m.get("rules_changed", {}), sort_keys=True),
                "board": _data_text(m),
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
) -> Page:
    """Write the report to `out` and its charts as PNG to `<stem>_charts/`; return the PNGs
    and the runs and games the page's header counts (ladder runs included).

    `extra(png_dir)` adds sections (a sweep's own section replaces the detected one);
    `intro` are sentences shown first, before the notes derived from the runs;
    `headline_extra` are headline sentences from another analysis (e.g. verdicts across
    bots), shown first in the headline.
    """

    sv, root, plan = _verdict(b)
    runs = _repro(b, _ladder_runs(root, plan) if sv is not None else [])
    card = verdict_card.card(sv, b.game) if sv is not None else None

    def build(png_dir: Path) -> str:
        sections = _sections(b, png_dir)
        if sv is not None:  # what each bot of the verdicts does: the competence check
            for x in sections:
                if x["id"] == "appendix":
                    x["tables"][0:0] = tb.usage_tables(sv)
        if extra is not None:
            more = extra(png_dir)
            ids = {x["id"] for x in more}
            # a caller's own sections (a sweep's grid) are what the report is for: first
            sections = more + [x for x in sections if not (x["id"] == "sweep" and "grid" in ids)]
        return (
            environment()
            .get_template("report.html.j2")
            .render(
                title=title,
                card=card,
                first=_first(sv, b.game, png_dir) if sv is not None else None,
                glossary=first_screen.glossary(sv.verdicts.delta) if sv is not None else [],
                intro=[*intro, *context_notes(b, game_notes=False)],
                game=b.game.title,
                game_notes=list(b.game.notes),
                headline=headline(b, headline_extra),
                warnings=grouped_warnings(warnings_for(b)),
                findings=findings(b),
                family_note=FAMILY_NOTE,
                sections=sections,
                runs=runs,
                total_games=sum(r["games_done"] for r in runs),
                report_command=shlex.join(command or ["palace-lab", *sys.argv[1:]]),
                version=version("palace-lab"),
                created=datetime.now(UTC).isoformat(timespec="seconds"),
                unfinished=[r.label for r in b.runs if r.manifest.get("status") != "complete"],
            )
        )

    name = Path(out).name
    why = "no run plays one game with one strategy in every seat"
    text = verdict_card.verdict_json(sv, name, b.game) if sv else \
        verdict_card.empty_json(b.game.name, name, why)  # fmt: skip
    side = {VERDICT_SUFFIX: text}
    pngs = write_report(out, build, side)
    return Page(pngs, len(runs), sum(r["games_done"] for r in runs))


def _first(sv, game, png_dir: Path) -> dict:
    """The first screen: the sentence, the verdict grid, how sure."""
    return {"sentence": first_screen.summary(sv, game),
            "grid": verdict_grid.grid_chart(sv, game, png_dir),
            "how_sure": first_screen.how_sure(sv)}  # fmt: skip


def _verdict(b: Balance):
    """The verdicts of the report's runs and, where they are a study's, its ladder (the
    study folder's plan)."""
    from analyses.robustness import ladder_plan, plan_question_keys
    from analyses.verdict_study import study_verdict

    roots = {r.path.parent for r in b.runs}
    plan = root = None
    for d in sorted(roots):
        plan = ladder_plan(d)
        if plan is not None:
            root = d
            break
    questions = dict.fromkeys(q for d in sorted(roots) for q in plan_question_keys(d, b.game))
    sv = study_verdict(b.runs, b.game, root, plan, question_keys=tuple(questions))
    return sv, root, plan
