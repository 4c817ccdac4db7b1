"""Does a setting's effect hold under good play? A comparison study (the basic game
against variants or swept rule values, jobs.good_play) replays its settings under the
game's strongest measured search rung in GOOD_PLAY/; here each setting's effect (its win
rate minus the basic game's, per value of the key, paired on the shared deals) is
measured under both bots, and the two effects are compared value by value:

- **agrees**: on every value the difference of the two effects lies within ±delta (an
  equivalence test, as analyses.climb does for two rungs);
- **differs**: on some value the interval of the difference excludes 0 (the bots see
  another effect);
- **not shown to agree**: neither (the interval holds 0 but is wider than ±delta).

Intervals are Bonferroni over the values x the settings of one player count. The two
bots play different games (their decisions differ), so the two effects are independent.
Read with pyarrow and numpy only (a gate calls `changes` between runs, before a fork).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from simcore.core.contract.games import get_game
from simcore.core.contract.rungs import strongest_rung
from simcore.core.errors import InputError
from simcore.core.store.manifest import load_manifest

from .climb import Cells, difference, run_cells
from .multiple import family_z
from .verdict import DELTA

GOOD_PLAY = "good-play"  # jobs.good_play's folder


@dataclass(frozen=True)
class Effect:
    """A setting's effect on one value: its rate minus the basic game's, with the
    standard error and the interval at the family's z."""

    value: object
    diff: float
    se: float
    lo: float
    hi: float

    @property
    def decided(self) -> bool:
        return self.lo > 0 or self.hi < 0


@dataclass(frozen=True)
class GoodPlay:
    """One setting at one player count under the scripted bot and the strongest rung."""

    folder: str
    basic: str
    players: int
    scripted: str  # the scripted bot's name
    strong: str  # the rung's label and strategy text
    under_scripted: list[Effect]
    under_strong: list[Effect] | None  # None: not replayed
    verdict: str  # "agrees", "differs", "not shown to agree" or "not replayed"
    widest: tuple[object, float, float, float] | None = None  # value, diff, lo, hi of effects

    @property
    def changes(self) -> bool:
        return any(e.decided for e in self.under_scripted)


def _light(root: Path, folder: str):
    m = load_manifest(root / folder)
    return type("R", (), {"label": folder, "players": m["players"], "manifest": m})()


def basic_folder(root: Path, folders: list[str]) -> str | None:
    """The basic-game run among `folders` (one player count): analyses.compare's rule."""
    from .compare import baselines

    runs = [_light(root, f) for f in folders if (root / f / "manifest.json").is_file()]
    base, _ = baselines(runs)
    return next(iter(base.values()), None)


def effects(setting: Cells, basic: Cells, z: float) -> list[Effect]:
    out = []
    for v in [v for v in basic if v in setting]:
        d, lo1, _, _ = difference(setting[v], basic[v], 1.0)
        se = d - lo1
        out.append(Effect(v, d, se, d - z * se, d + z * se))
    return out


def changes(root: Path, folder: str, basic: str, key: str, settings: int) -> bool:
    """Does the setting in `folder` change some value's win rate under its bot (an
    interval at the family's z over the values x `settings` excludes 0)?"""
    a, b = run_cells(root / folder, key), run_cells(root / basic, key)
    z = family_z(max(1, len(b)) * max(1, settings))
    return any(e.decided for e in effects(a, b, z))


def compare_bots(s: list[Effect], g: list[Effect], z: float, delta: float):
    """(verdict, the value whose difference of effects is widest from 0)."""
    other = {e.value: e for e in g}
    rows = []
    for e in s:
        if e.value in other:
            d = other[e.value].diff - e.diff
            half = z * math.hypot(e.se, other[e.value].se)
            rows.append((e.value, d, d - half, d + half))
    if not rows:
        return "not shown to agree", None
    widest = max(rows, key=lambda r: max(abs(r[2]), abs(r[3])))
    if any(lo > 0 or hi < 0 for _, _, lo, hi in rows):
        return "differs", max((r for r in rows if r[2] > 0 or r[3] < 0), key=lambda r: abs(r[1]))
    if all(-delta < lo and hi < delta for _, _, lo, hi in rows):
        return "agrees", widest
    return "not shown to agree", widest


def good_play(root: str | Path, key: str, delta: float = DELTA) -> list[GoodPlay]:
    """Every setting of a comparison study's folder with good-play runs; [] without."""
    root = Path(root)
    if not (root / GOOD_PLAY).is_dir():
        return []
    own = sorted(p.name for p in root.iterdir() if (p / "manifest.json").is_file())
    by_players: dict[int, list[str]] = {}
    for f in own:
        by_players.setdefault(load_manifest(root / f)["players"], []).append(f)
    out = []
    for n, folders in sorted(by_players.items()):
        base = basic_folder(root, folders)
        if base is None:
            continue
        out += _at(root, n, base, [f for f in folders if f != base], key, delta)
    return out


def _at(root: Path, n: int, base: str, settings: list[str], key: str, delta: float):
    m = load_manifest(root / base)
    rung = strongest_rung(get_game(m["game"]).search_rungs, n)
    if rung is None:
        raise InputError(f"{root / GOOD_PLAY}: {m['game']} has no search rung at {n} players")
    strong = f"{rung.label} ({rung.strategy})"
    scripted = m["strategies"][0]["name"]
    basic = run_cells(root / base, key)
    z = family_z(max(1, len(basic)) * max(1, len(settings)))
    good_basic = root / GOOD_PLAY / base
    gb = run_cells(good_basic, key) if (good_basic / "manifest.json").is_file() else None
    out = []
    for f in settings:
        s = effects(run_cells(root / f, key), basic, z)
        g_dir = root / GOOD_PLAY / f
        g = None
        if gb is not None and (g_dir / "manifest.json").is_file():
            g = effects(run_cells(g_dir, key), gb, z)
        verdict, widest = ("not replayed", None) if g is None else compare_bots(s, g, z, delta)
        out.append(GoodPlay(f, base, n, scripted, strong, s, g, verdict, widest))
    return out
