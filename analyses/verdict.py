"""The verdict procedure: per player count and value of the game's primary key (a starting
card, a seat), is it above the fairness band, below it, fair, or not yet decided, under
each competent bot, and the one verdict per cell: the strongest competent bot's.

Per (players, bot, value) cell, with the fair share f = 1/players and the study's margin
delta (default 2 points; the band is f ± delta):

- **fair**: the cell's adjusted interval lies wholly inside (f - delta, f + delta): an
  equivalence test (two one-sided tests, TOST), so "fair" is a finding, not a failure
  to find something;
- **above** / **below** (the band): the adjusted interval lies wholly above f + delta /
  wholly below f - delta: a finding of an effect larger than the margin;
- **undetermined** (open) otherwise, including an interval that excludes f but still
  reaches into the band: the effect may be real but is not shown to exceed the margin,
  so it is no finding. Adaptive play continues on it (jobs.target); open at the cap, it
  is "on the margin", with the games that would decide it (`games_to_decide`).

One rule, so that a verdict does not flip with the seed: a cell's interval narrows as
games are added, and each of the three decided states is a region the interval stays in
once it has entered it (up to the chance of the interval missing the truth).

Multiple comparisons: the cells that make a claim at one player count are one family (a
designer asks "is the 4-player game balanced?"): the values under the strongest competent
bot, whose verdicts are the cells' (below). The adjusted interval is the Wilson interval
at z = z(1 - alpha / 2m) over the m cells of the family: Bonferroni, the first step of
Holm's procedure. The printed interval and the verdict never disagree. The weaker bots'
cells claim nothing (their figures are the skill trend), so none of the error rate is
spent on them (`family_size`): their intervals are drawn at the same z, for comparison
with the top, and are descriptive (`Verdicts.family` counts only the deciding cells).
Spending alpha on the m values only, not on values x bots, narrows the deciding intervals:
at 6 values and 6 bots z falls from 3.20 to 2.64: a third fewer games for the same width
(z squared 1.47 times smaller).

Across the competent bots of a player count (weakest first, as measured): the verdict and
the effect are the **strongest competent bot's** (`reference`, named: the top of the
ladder played at that count, the climb rung when it was played), decided or not. A weaker
bot that decided the cell never stands in for an open top: which weaker bot happens to
decide a cell depends on the seed, and the weaker bots may be wrong where the strong one
is not (issue 31). The weaker bots' effects are the skill trend (`Finding.effects`);
`robust` is true when every bot gives the same decided verdict.

The cells must come from one setup (values dealt at random, for power): seats of one
game never share a value of the key (`Key.one_per_game`), so a cell's seats are
independent games and the Wilson interval holds; a shared win counts its share.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import polars as pl

from .intervals import wilson
from .multiple import family_z

DELTA = 0.02  # the study's fairness margin: within ±2 points of the fair share is fair
ALPHA = 0.05
POWER_Z = 0.8416212335729143  # 80% power, for the smallest detectable difference
ABOVE, BELOW, FAIR, UNDETERMINED, DEPENDS = "above", "below", "fair", "undetermined", "depends"
DECIDED = (ABOVE, BELOW, FAIR)
EDGE = 1e-6  # a rate this close to the band's edge is on it: no number of games decides it


def cell_verdict(lo: float, hi: float, fair: float, delta: float = DELTA) -> str:
    """The verdict of an adjusted interval [lo, hi] against the fair share and margin."""
    if lo > fair + delta:
        return ABOVE
    if hi < fair - delta:
        return BELOW
    if fair - delta < lo and hi < fair + delta:
        return FAIR
    return UNDETERMINED


def seats_to_decide(rate: float, fair: float, z: float, delta: float = DELTA) -> float:
    """Seats at which an interval of half-width z·sqrt(p(1-p)/n) around `rate` would decide
    (leave the band f ± delta, or fit inside it), if the rate stayed where it is; inf when
    the rate sits exactly on the band's edge."""
    var = max(rate * (1 - rate), 1e-4)
    room = abs(abs(rate - fair) - delta)  # distance to the band's edge
    return z * z * var / (room * room) if room > EDGE else math.inf


def detectable(n: int, fair: float, z: float) -> float:
    """The smallest difference from fair the cell detects with 80% power (points as a
    fraction): (z + z_0.8) sqrt(f(1-f)/n)."""
    return (z + POWER_Z) * math.sqrt(fair * (1 - fair) / n) if n > 0 else math.inf


@dataclass(frozen=True)
class Cell:
    players: int
    bot: str
    value: object
    wins: float
    n: int  # seats with this value
    games: int  # games of the run behind the cell
    rate: float
    lo: float  # adjusted interval (the family's z)
    hi: float
    verdict: str
    need_games: int | None  # games of this bot at this count that would decide; None: decided
    centre: float | None = None  # what the rate is compared with; None: the fair share 1/N
    se: float | None = None  # a normal interval's standard error (question keys); None: Wilson

    @property
    def fair(self) -> float:
        return 1.0 / self.players if self.centre is None else self.centre


@dataclass(frozen=True)
class Finding:
    """One (players, value) across the competent bots."""

    players: int
    key: str
    value: object
    verdict: str  # above / below / fair / undetermined: the reference bot's
    effect: float  # rate - fair under the reference bot (fraction; 0.05 = +5 points)
    lo: float  # adjusted interval of the reference bot's rate minus fair
    hi: float
    n: int  # seats under the reference bot
    bots: dict[str, str]  # bot -> its verdict
    robust: bool  # the same decided verdict under every competent bot
    reference: str  # the strongest competent bot (the top rung): its verdict is the cell's
    disagree: tuple[str, str] | None = None  # kept for old callers; no longer set
    need: dict[str, int] = field(default_factory=dict)  # bot -> games that would decide
    # the skill trend: bot -> (effect, lo, hi) against the cell's centre, weakest bot first
    effects: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    top: str = ""  # the strongest competent bot (its verdict may still be open)


@dataclass(frozen=True)
class Verdicts:
    key: str
    delta: float
    alpha: float
    cells: list[Cell]
    findings: list[Finding]
    z: dict[int, float]  # players -> the family's z
    detectable: dict[int, float]  # players -> smallest detectable difference (worst cell)
    seats: dict[int, int]  # players -> fewest seats behind a deciding cell
    family: dict[int, int] = field(default_factory=dict)  # players -> m: the deciding cells

    def balanced(self) -> dict[int, bool | None]:
        """Per player count: True when every value is fair, False when one is above or below
        the band (under the strongest competent bot), None while any is open."""
        out: dict[int, bool | None] = {}
        for n in sorted({f.players for f in self.findings}):
            vs = [f.verdict for f in self.findings if f.players == n]
            if any(v in (ABOVE, BELOW, DEPENDS) for v in vs):
                out[n] = False
            elif all(v == FAIR for v in vs):
                out[n] = True
            else:
                out[n] = None
        return out

    def at(self, players: int) -> list[Finding]:
        return [f for f in self.findings if f.players == players]


def decide(counts: pl.DataFrame, key: str, strength: dict[int, list[str]] | None = None,
           delta: float = DELTA, alpha: float = ALPHA, order=()) -> Verdicts:  # fmt: skip
    """Verdicts from counts with columns players, bot, value, wins, n, games (one row per
    cell; the bots given are the competent ones). `strength`: per player count the bots
    weakest first as measured (default: the order of their first rows)."""
    cells: list[Cell] = []
    zs, dets, seats, sizes = {}, {}, {}, {}
    for players in sorted(set(counts["players"].to_list())):
        fam = counts.filter((pl.col("players") == players) & (pl.col("n") > 0))
        fair = 1.0 / players
        top, sizes[players] = family_size(fam, (strength or {}).get(players, ()))
        z = family_z(sizes[players], alpha)
        zs[players] = z
        for r in fam.iter_rows(named=True):
            lo, hi = wilson(float(r["wins"]), int(r["n"]), z)
            rate = r["wins"] / r["n"]
            v = cell_verdict(lo, hi, fair, delta)
            need = None
            if v == UNDETERMINED:
                per_game = r["n"] / max(1, r["games"])  # seats of this value per game
                want = seats_to_decide(rate, fair, z, delta)
                need = math.ceil(want / per_game) if per_game > 0 and math.isfinite(want) \
                    else None  # fmt: skip
            cells.append(Cell(players, r["bot"], r["value"], float(r["wins"]), int(r["n"]),
                              int(r["games"]), rate, lo, hi, v, need))  # fmt: skip
        seats[players] = min((c.n for c in cells if c.players == players and c.bot == top),
                             default=0)  # fmt: skip
        dets[players] = detectable(seats[players], fair, z)
    return Verdicts(key, delta, alpha, cells, findings(cells, key, alpha, order, strength),
                    zs, dets, seats, sizes)  # fmt: skip


def weakest_first(seen, strength=()) -> list[str]:
    """The bots `seen` (in order of appearance) weakest first: those `strength` ranks, in
    its order, then the others as seen. The last is the strongest: the deciding bot."""
    seen = list(dict.fromkeys(seen))
    ranked = [b for b in strength if b in seen]
    return ranked + [b for b in seen if b not in ranked]


def family_size(fam: pl.DataFrame, strength=()) -> tuple[str, int]:
    """(the deciding bot, m) of one player count's cells (a frame with a bot column): the
    strongest bot's cells are the family; the weaker bots' are descriptive and spend no
    error rate."""
    top = weakest_first(fam["bot"].to_list(), strength)[-1] if fam.height else ""
    return top, max(1, fam.filter(pl.col("bot") == top).height)


def findings(cells: list[Cell], key: str, alpha: float = ALPHA, order=(),
             strength: dict[int, list[str]] | None = None) -> list[Finding]:  # fmt: skip
    """Per (players, value): the verdict and figure of the strongest competent bot (against
    the cell's centre: the fair share, or the mean over the values), open when it is open
    whatever the weaker bots say, and every bot's figure (the skill trend)."""
    out: list[Finding] = []
    for players in sorted({c.players for c in cells}):
        here = {(c.bot, c.value): c for c in cells if c.players == players}
        bots = weakest_first((b for b, _ in here), (strength or {}).get(players, ()))
        values = sorted({v for _, v in here}, key=str)
        values = [v for v in order if v in values] + [v for v in values if v not in order]
        for value in values:
            mine = {b: here[(b, value)] for b in bots if (b, value) in here}
            verdicts = {b: c.verdict for b, c in mine.items()}
            strong = list(reversed(mine))
            ref = strong[0]  # the top rung decides; the weaker ones are the trend only
            rc = mine[ref]
            need = {b: c.need_games for b, c in mine.items() if c.need_games is not None}
            effects = {b: (c.rate - c.fair, c.lo - c.fair, c.hi - c.fair) for b, c in mine.items()}
            robust = len(set(verdicts.values())) == 1 and rc.verdict in DECIDED
            f = rc.fair
            out.append(Finding(players, key, value, rc.verdict, rc.rate - f, rc.lo - f,
                               rc.hi - f, rc.n, verdicts, robust, ref, None, need, effects,
                               strong[0]))  # fmt: skip
    return out


def games_to_decide(v: Verdicts, players: int) -> dict[str, int]:
    """Per bot at this count: games that would decide its undetermined cells (the largest
    over them), if the rates stayed where they are."""
    out: dict[str, int] = {}
    for c in v.cells:
        if c.players == players and c.need_games is not None:
            out[c.bot] = max(out.get(c.bot, 0), c.need_games)
    return out
