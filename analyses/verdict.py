"""The verdict procedure: per player count and value of the game's primary key (a starting
card, a seat), is it above its fair share, below it, fair, or not yet decided, under
each competent bot and across them.

Per (players, bot, value) cell, with the fair share f = 1/players and the study's margin
delta (default 2 points):

- **above** / **below**: the cell's adjusted interval lies wholly above / below f;
- **fair**: the adjusted interval lies wholly inside (f - delta, f + delta): an
  equivalence test (two one-sided tests, TOST), so "fair" is a finding, not a failure
  to find something;
- **undetermined**: neither; more games would decide it (`games_to_decide`).

Multiple comparisons: every cell of one player count is one family (a designer asks
"is the 4-player game balanced?"). The adjusted interval is the Wilson interval at
z = z(1 - alpha / 2m) over the m cells of the family: Bonferroni, the first step of Holm's
procedure. Holm's later steps have no matching intervals, so the single step is used for
both: the printed interval and the verdict never disagree (an interval wholly above f
*is* the verdict "above"), and the family-wise error stays at alpha for the differences
and at alpha / 2 per side for the equivalences.

Across the competent bots of a player count:

- the common verdict when every bot gives it (**above** / **below** hold under every bot;
  **fair** under every bot): `robust`;
- **depends** only when two bots *significantly* disagree: their decided verdicts differ
  and the adjusted interval of the difference of their rates (Newcombe, Bonferroni over
  the pairs of the family) excludes 0;
- **undetermined** otherwise (a bot has not decided, or the bots' disagreement is within
  noise). Undetermined is never a finding: `games_to_decide` says what would decide it.

The cells must come from one setup (values dealt at random, for power): seats of one
game never share a value of the key (`Key.one_per_game`), so a cell's seats are
independent games and the Wilson interval holds; a shared win counts its share.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import polars as pl

from .intervals import newcombe_diff, wilson
from .multiple import family_z

DELTA = 0.02  # the study's fairness margin: within ±2 points of the fair share is fair
ALPHA = 0.05
POWER_Z = 0.8416212335729143  # 80% power, for the smallest detectable difference
ABOVE, BELOW, FAIR, UNDETERMINED, DEPENDS = "above", "below", "fair", "undetermined", "depends"
DECIDED = (ABOVE, BELOW, FAIR)


def cell_verdict(lo: float, hi: float, fair: float, delta: float = DELTA) -> str:
    """The verdict of an adjusted interval [lo, hi] against the fair share and margin."""
    if lo > fair:
        return ABOVE
    if hi < fair:
        return BELOW
    if fair - delta < lo and hi < fair + delta:
        return FAIR
    return UNDETERMINED


def seats_to_decide(rate: float, fair: float, z: float, delta: float = DELTA) -> float:
    """Seats at which an interval of half-width z·sqrt(p(1-p)/n) around `rate` would decide
    (exclude the fair share, or fit inside the margin), if the rate stayed where it is; inf
    when the rate sits exactly on the margin."""
    var = max(rate * (1 - rate), 1e-4)
    gap = abs(rate - fair)
    need = []
    if gap > 0:
        need.append(z * z * var / (gap * gap))  # the interval leaves the fair share
    if gap < delta:
        need.append(z * z * var / ((delta - gap) ** 2))  # the interval fits in the margin
    return min(need) if need else math.inf


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
    verdict: str  # above / below / fair / depends / undetermined
    effect: float  # rate - fair under the reference bot (fraction; 0.05 = +5 points)
    lo: float  # adjusted interval of the reference bot's rate minus fair
    hi: float
    n: int  # seats under the reference bot
    bots: dict[str, str]  # bot -> its verdict
    robust: bool  # the same decided verdict under every competent bot
    reference: str
    disagree: tuple[str, str] | None = None  # two bots that significantly disagree
    need: dict[str, int] = field(default_factory=dict)  # bot -> games that would decide


@dataclass(frozen=True)
class Verdicts:
    key: str
    delta: float
    alpha: float
    cells: list[Cell]
    findings: list[Finding]
    z: dict[int, float]  # players -> the family's z
    detectable: dict[int, float]  # players -> smallest detectable difference (worst cell)
    seats: dict[int, int]  # players -> fewest seats behind a cell

    def balanced(self) -> dict[int, bool | None]:
        """Per player count: True when every value is fair, False when one is robustly above
        or below fair (or depends on the bot), None while any is undetermined."""
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


def decide(counts: pl.DataFrame, key: str, reference: dict[int, str] | str | None = None,
           delta: float = DELTA, alpha: float = ALPHA, order=()) -> Verdicts:  # fmt: skip
    """Verdicts from counts with columns players, bot, value, wins, n, games (one row per
    cell; the bots given are the competent ones). `reference`: the bot whose figure is
    quoted per player count (default: the bot with the most seats at that count)."""
    cells: list[Cell] = []
    zs, dets, seats = {}, {}, {}
    for players in sorted(set(counts["players"].to_list())):
        fam = counts.filter((pl.col("players") == players) & (pl.col("n") > 0))
        fair = 1.0 / players
        z = family_z(fam.height, alpha)
        zs[players] = z
        for r in fam.iter_rows(named=True):
            lo, hi = wilson(float(r["wins"]), int(r["n"]), z)
            rate = r["wins"] / r["n"]
            v = cell_verdict(lo, hi, fair, delta)
            need = None
            if v == UNDETERMINED:
                per_game = r["n"] / max(1, r["games"])  # seats of this value per game
                need = math.ceil(seats_to_decide(rate, fair, z, delta) / per_game) \
                    if per_game > 0 else None  # fmt: skip
            cells.append(Cell(players, r["bot"], r["value"], float(r["wins"]), int(r["n"]),
                              int(r["games"]), rate, lo, hi, v, need))  # fmt: skip
        seats[players] = min((c.n for c in cells if c.players == players), default=0)
        dets[players] = detectable(seats[players], fair, z)
    return Verdicts(key, delta, alpha, cells, findings(cells, key, alpha, order, reference),
                    zs, dets, seats)  # fmt: skip


def findings(cells: list[Cell], key: str, alpha: float = ALPHA, order=(),
             reference: dict[int, str] | str | None = None) -> list[Finding]:  # fmt: skip
    """Per (players, value): the verdict across the bots of its cells, the reference bot's
    figure against the cell's centre (the fair share, or the mean over the values)."""
    out: list[Finding] = []
    for players in sorted({c.players for c in cells}):
        here = {(c.bot, c.value): c for c in cells if c.players == players}
        bots = sorted({b for b, _ in here}, key=str)
        ref = reference.get(players) if isinstance(reference, dict) else reference
        if ref not in bots:
            by_n = {b: sum(c.n for (bb, _), c in here.items() if bb == b) for b in bots}
            ref = max(bots, key=lambda b: by_n[b]) if bots else None
        values = sorted({v for _, v in here}, key=str)
        values = [v for v in order if v in values] + [v for v in values if v not in order]
        pairs = len(values) * len(bots) * (len(bots) - 1) // 2
        zp = family_z(pairs, alpha)
        for value in values:
            mine = {b: here[(b, value)] for b in bots if (b, value) in here}
            verdicts = {b: c.verdict for b, c in mine.items()}
            across, disagree = _across(mine, zp)
            rc = mine.get(ref) or next(iter(mine.values()))
            need = {b: c.need_games for b, c in mine.items() if c.need_games is not None}
            f = rc.fair
            out.append(Finding(players, key, value, across, rc.rate - f, rc.lo - f,
                               rc.hi - f, rc.n, verdicts, across in DECIDED, rc.bot,
                               disagree, need))  # fmt: skip
    return out


def _diff(a: Cell, b: Cell, zp: float) -> tuple[float, float]:
    """Interval of bot a's figure minus bot b's (Newcombe for rates; normal for effects)."""
    if a.se is None or b.se is None:
        return newcombe_diff(a.wins, a.n, b.wins, b.n, zp)
    d = (a.rate - a.fair) - (b.rate - b.fair)
    h = zp * math.sqrt(a.se**2 + b.se**2)
    return d - h, d + h


def _across(mine: dict[str, Cell], zp: float) -> tuple[str, tuple[str, str] | None]:
    vs = {c.verdict for c in mine.values()}
    if len(vs) == 1:
        return next(iter(vs)), None
    decided = [c for c in mine.values() if c.verdict in DECIDED]
    for i, a in enumerate(decided):
        for b in decided[i + 1 :]:
            if a.verdict == b.verdict:
                continue
            lo, hi = _diff(a, b, zp)
            if lo > 0 or hi < 0:
                return DEPENDS, (a.bot, b.bot)
    return UNDETERMINED, None


def games_to_decide(v: Verdicts, players: int) -> dict[str, int]:
    """Per bot at this count: games that would decide its undetermined cells (the largest
    over them), if the rates stayed where they are."""
    out: dict[str, int] = {}
    for c in v.cells:
        if c.players == players and c.need_games is not None:
            out[c.bot] = max(out.get(c.bot, 0), c.need_games)
    return out
