"""A comparison study (the basic game against variants or swept rule values) judged by good
play too: every setting is replayed under the game's strongest measured search rung at
its player count (simcore.core.contract.rungs.strongest_rung), into GOOD_PLAY/<folder>,
and the report says per setting whether its effect agrees under both bots
(analyses.good_play).

Cost: a search rung plays 10 to 100 times slower than the scripted bot, so its runs are
capped at about RUNG_CPU_SECONDS of CPU time each (at the rung's measured speed), and only
the settings whose effect under the scripted bot is decided (some value's interval
excludes 0) are replayed, with the basic game when any is: the other settings change
nothing the scripted bot can see, and replaying them would grow the study by a factor of
10 or more instead of at most about 2.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from analyses.good_play import GOOD_PLAY, basic_folder, changes
from simcore.core.contract.plugin import GamePlugin, Study
from simcore.core.contract.rungs import strongest_rung

RUNG_CPU_SECONDS = 300  # a good-play run's time cap, at the rung's measured speed
MIN_GAMES = 200  # a good-play run plays at least this many games


def is_comparison(st: Study) -> bool:
    """A study of settings compared with the basic game: no ladder, every run played by
    the study's strategy, and some player count with several runs."""
    if st.ladder is not None or st.ladders or any(r.strategy for r in st.runs):
        return False
    counts = [r.players for r in st.runs]
    return any(counts.count(n) > 1 for n in counts)


def good_play_games(plugin: GamePlugin, players: int) -> tuple[str, str, int] | None:
    """(label, strategy text, games) of the good-play runs at `players`: the strongest
    measured rung, games for about RUNG_CPU_SECONDS at its speed with every seat
    searching (it is measured with one searching seat); None for a game without rungs."""
    rung = strongest_rung(plugin.search_rungs, players)
    if rung is None:
        return None
    games = max(MIN_GAMES, math.ceil(RUNG_CPU_SECONDS * rung.games_per_cpu_s / players))
    return rung.label, rung.strategy, games


def with_good_play(st: Study, plugin: GamePlugin) -> Study:
    """The study with its good-play runs and a note that states them and their cost."""
    if not is_comparison(st) or not plugin.search_rungs:
        return st
    extra, said = [], {}
    for r in st.runs:
        label, text, games = good_play_games(plugin, r.players)
        extra.append(replace(r, folder=f"{GOOD_PLAY}/{r.folder}", strategy=text, games=games))
        said[r.players] = f"{label} ({text}), {games:,} games"
    bots = "; ".join(f"{n} players: {said[n]}" for n in sorted(said))
    note = (
        f"Good play: every setting whose effect under the study's scripted bot is decided "
        f"is replayed, with the basic game, under the strongest measured search rung ({bots} "
        f"per run, about {RUNG_CPU_SECONDS} CPU s each at its measured speed; at most "
        f"{len(extra)} runs more); the others change nothing the scripted bot sees and are "
        "not replayed (a search rung plays 10 to 100 times slower)."
    )
    more = (f"{st.description}; each setting that changes something under the scripted bot "
            f"replayed under the strongest search rung (at most {len(extra)} runs of about "
            f"{RUNG_CPU_SECONDS} CPU s)")  # fmt: skip
    return replace(st, description=more, runs=st.runs + tuple(extra), notes=(*st.notes, note))


def good_play_gate(folder: str, runs: list[tuple[str, int]], key: str):
    """For a good-play run: `gate(root) -> reason to skip or None` (None: play it). `runs`:
    the study's other (scripted) runs as (folder, players)."""
    if not folder.startswith(GOOD_PLAY + "/"):
        return None
    own = folder.removeprefix(GOOD_PLAY + "/")
    players = dict(runs).get(own)
    peers = [f for f, n in runs if n == players and not f.startswith(GOOD_PLAY + "/")]
    return lambda root: _gate(Path(root), own, peers, key)


def _gate(root: Path, own: str, peers: list[str], key: str) -> str | None:
    base = basic_folder(root, peers)
    if base is None:
        return "no basic-game run to compare with"
    if own != base:
        return (
            None
            if changes(root, own, base, key, len(peers) - 1)
            else ("no change under the scripted bot")
        )
    moved = [f for f in peers if f != base and changes(root, f, base, key, len(peers) - 1)]
    return None if moved else "no setting changes anything under the scripted bot"


def good_play_jobs(jobs: list, plugin: GamePlugin) -> tuple[list, str]:
    """A sweep's grid points replayed under the strongest rung (GOOD_PLAY/<folder>), each
    gated like a study's, and the sentence that states them and their cost ("" without)."""
    from .run_job import RunJob

    if not plugin.search_rungs or len(jobs) < 2:
        return [], ""
    places = [(f, j.players) for f, j in jobs]
    out, said = [], {}
    for f, j in jobs:
        label, text, games = good_play_games(plugin, j.players)
        job = RunJob(j.players, games, j.seed, text, j.variants, j.sets, j.rules_file,
                     j.board_file, chunk=max(10, math.ceil(games / 8)), game=j.game,
                     data=j.data)  # fmt: skip
        job.gate = good_play_gate(f"{GOOD_PLAY}/{f}", places, plugin.primary.column)
        out.append((f"{GOOD_PLAY}/{f}", job))
        said[j.players] = f"{label} ({text}), {games:,} games"
    bots = "; ".join(f"{n} players: {said[n]}" for n in sorted(said))
    return out, (
        f"Good play: every grid point whose effect against the rulebook's value is decided "
        f"under the scripted bot is replayed, with the rulebook's point, under the strongest "
        f"measured search rung ({bots} per run, about {RUNG_CPU_SECONDS} CPU s each; at most "
        f"{len(out)} runs more)."
    )
