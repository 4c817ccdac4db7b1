"""Measured search rungs and the robustness ladder built on them.

A game states its recommended search configurations once, as measured by
`python -m bench.search` (`SEARCH_RUNGS` in simcore/<game>/search_rungs.py, named by its
plug-in); its studies' ladders take their search rungs from there, so the rungs a study
plays, the figures `palace-lab strategies --ladder` prints and the bench's measurements
are one table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .plugin import Ladder, per_arrangement


@dataclass(frozen=True)
class Measured:
    """A configuration's share of the wins against `against` in seat-rotated duels on the
    same deals (bench/search.py; equal strength 50%), its 95% Wilson interval and n."""

    against: str
    share: float
    lo: float
    hi: float
    n: int

    def text(self) -> str:
        return (f"{100 * self.share:.1f}% [{100 * self.lo:.1f}, {100 * self.hi:.1f}] "
                f"of the wins against {self.against} (n = {self.n:,})")  # fmt: skip


@dataclass(frozen=True)
class SearchRung:
    """A recommended search configuration of a game, as measured by `python -m
    bench.search` at `players` players: the `--strategy` text that plays it, games per CPU
    second with one such seat among `weighted` ones, and its duels against the top rung
    before issue 30 (`vs_top`) and against `weighted`."""

    label: str
    strategy: str
    players: int
    games_per_cpu_s: float
    top_games_per_cpu_s: float  # the top rung's, measured side by side
    vs_top: Measured
    vs_weighted: Measured


@dataclass(frozen=True)
class RungFigures:
    """A ladder rung as `python -m bench.ladder` measured it at `players` players under the
    ladder's rule settings: games per CPU second with one seat of it among the game's default
    strategy (median of repeats), and its seat-rotated duels against the rung directly below
    it in that ladder (`vs_below`; None for the bottom rung)."""

    label: str
    strategy: str
    players: int
    games_per_cpu_s: float
    vs_below: Measured | None = None

    def strength(self, players: int) -> str:
        """The listing's strength field at `players`: "-" for the bottom rung; a figure
        measured at another count says so."""
        if self.players == players:
            return self.vs_below.text() if self.vs_below else "-"
        where = f"not measured at {players} players; at {self.players} players"
        if self.vs_below is None:
            return f"- ({where}: {self.games_per_cpu_s:g} games/CPU s)"
        return f"{where} ({self.games_per_cpu_s:g} games/CPU s): {self.vs_below.text()}"


LadderFigures = Mapping[int, tuple[RungFigures, ...]]  # per player count, weakest first


def figures_for(
    figures: LadderFigures, players: int, rungs: tuple[tuple[str, str], ...]
) -> tuple[RungFigures | None, ...]:
    """Per rung (label, --strategy text): its figures at `players`, else at the nearest
    count where the same rung (label and text) above the same rung below was measured;
    None if none."""
    out: list[RungFigures | None] = []
    below = None
    for rung in rungs:
        found = None
        for n in sorted(figures, key=lambda n: (abs(n - players), n)):
            row = {(f.label, f.strategy): f for f in figures[n]}
            f = row.get(rung)
            if f and (f.vs_below is None) == (below is None) and (
                    below is None or f.vs_below.against == below[0]):  # fmt: skip
                found = f
                break
        out.append(found)
        below = rung
    return tuple(out)


def measured_at(
    measured: Mapping[int, tuple[SearchRung, ...]], players: int
) -> tuple[SearchRung, ...]:
    """The rungs measured at `players`, else at the nearest measured count (() if none)."""
    if not measured:
        return ()
    return measured.get(players) or measured[min(measured, key=lambda p: abs(p - players))]


def strongest_rung(
    measured: Mapping[int, tuple[SearchRung, ...]], players: int
) -> SearchRung | None:
    """The strongest measured search rung at `players` (the last, rungs go weakest first):
    the bot that confirmation runs judge good play by."""
    own = measured_at(measured, players)
    return own[-1] if own else None


def search_ladder(
    players: int,
    scripted: tuple[tuple[str, str], ...],
    measured: Mapping[int, tuple[SearchRung, ...]],
    climb: tuple[tuple[str, str], ...],
    games: tuple[int, ...],
    steps: tuple[int, ...],
    known: Mapping[str, tuple[float | None, str]] = {},  # noqa: B006 (read only)
    sets: tuple[str, ...] = (),
    note: str = "",
    figures: LadderFigures = {},  # noqa: B006 (read only)
) -> Ladder:
    """The ladder at `players`: the scripted rungs (casual play), the fastest and the
    strongest measured search rung there, and the climb rungs above them. `games` and
    `steps` hold one entry per rung and step of that shape; `known` gives the speed and
    strength text of rungs that are not measured search rungs (scripted, climb), the
    study's time caps read the speeds; `figures` (bench.ladder) are what the listing prints."""
    own = measured_at(measured, players)
    search = (own[0], own[-1]) if len(own) > 1 else own
    rungs = scripted + tuple((r.label, r.strategy) for r in search)
    declared = {lb: known.get(lb, (None, "")) for lb, _ in scripted + climb}
    for r in search:
        where = "" if r.players == players else f", measured at {r.players} players"
        declared[r.label] = (r.games_per_cpu_s, r.vs_weighted.text() + where)
    labels = [lb for lb, _ in rungs + climb]
    return Ladder(rungs, sets, games, per_arrangement(players, steps), note, climb,
                  tuple(declared[lb][0] for lb in labels),
                  tuple(declared[lb][1] or ("" if i == 0 else "not measured yet")
                        for i, lb in enumerate(labels)),
                  figures_for(figures, players, rungs + climb))  # fmt: skip
