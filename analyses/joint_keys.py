"""Two keys that are nearly the same variable, separated (a game's JointKeys).

When the turn order of a round follows the cards' numbers, a seat's starting card (the
*factor*, what a designer changes) and its round-1 turn position (the *position* it
brings) go together: a "strong" card may only be one that acts
early. Two views separate them:

- `cell_rates`: win rate per (factor, position) cell, with n and a Wilson interval.
  Along a row the factor is fixed; down a column the position is.
- `joint_model`: a logistic regression win ~ C(factor) + C(position) per run and
  player count, fitted on the cell counts (same estimates as the seat-level fit),
  with standard errors clustered by game (the seats of one game share one winner, so
  they are not independent). Each effect is an average marginal effect in points:
  the model's win rate if every seat had that factor level (or that position), the
  other kept as it was in the games, minus the model's average win rate (the fair
  share 1/N when every game has one winner). Intervals by the delta method.

A model that cannot be fitted (a level that always or never wins: perfect separation;
a factor with one level; no convergence) gives no effects and a note saying why, in words
(never a library's warning text).

Claims only where the data support them:

- **exactly identified** (as many parameters as observed combinations): the model only
  restates the cell table and cannot test its own assumption; no effects, a note;
- **additivity tested**: a likelihood-ratio test of the additive model against one rate
  per observed combination (chi-square, cells - parameters df; seats of one game share a
  winner, which the test ignores, so read its p-value as approximate). Where it is
  rejected (p < 5%) the two keys interact, no single number per level describes them, and
  the fit gives no effects, only the test in words;
- **support**: a level's effect is quoted only when it is observed in at least two
  combinations with at least `MIN_SEATS` seats each; otherwise its effect would rest on
  the additive assumption alone (a card that always acts first by rule: its power *is* its
  turn position) and the note says so instead of a number.

Intervals and flags use one adjustment: Bonferroni over the effects of one fit (the
interval at z(1 - 0.05 / 2m), flagged exactly when it excludes 0).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import polars as pl

from simcore.core.contract.plugin import JointKeys

from .intervals import Z95
from .multiple import ALPHA, two_sided
from .rates import GROUP, in_order, win, with_intervals

SE_KIND = "standard errors clustered by game"
MIN_SEATS = 200  # seats per combination behind a quoted effect
FACTOR, POSITION = "factor", "position"


@dataclass(frozen=True)
class Effect:
    factor: str  # FACTOR or POSITION
    level: str | int
    effect: float  # points as a fraction (0.05 = +5 points) against the model's mean
    lo: float
    hi: float
    margin: float  # the model's win rate with every seat at this level
    n: int  # seats observed at this level
    p_value: float = float("nan")  # z-test of effect = 0
    p_holm: float = float("nan")  # Bonferroni-adjusted over the effects of one fit

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA


@dataclass(frozen=True)
class ModelFit:
    run: str
    players: int
    games: int
    effects: list[Effect] = field(default_factory=list)
    note: str = ""  # why there are no effects, or what to keep in mind
    one_position: tuple[str, ...] = ()  # factor levels seen at a single position only
    lr: float = float("nan")  # likelihood ratio against one rate per combination
    lr_df: int = 0
    lr_p: float = float("nan")
    withheld: tuple = ()  # (factor, level) whose effects lack support

    @property
    def ok(self) -> bool:
        return bool(self.effects)

    def get(self, factor: str, level) -> Effect | None:
        return next((e for e in self.effects if e.factor == factor and e.level == level), None)


def has_columns(lf: pl.LazyFrame, *cols: str) -> bool:
    return set(cols) <= set(lf.collect_schema().names())


def cell_rates(lf: pl.LazyFrame, joint: JointKeys, order=()) -> pl.DataFrame:
    """Win rate per run, players, factor level and position (`order`: the factor's order)."""
    f, o = joint.factor, joint.position
    counts = (
        lf.filter(pl.col(f).is_not_null() & pl.col(o).is_not_null())
        .group_by(*GROUP, f, o)
        .agg(win(lf).sum().alias("wins"), pl.len().alias("n"))
    )
    return in_order(with_intervals(counts), f, order).sort([*GROUP, o], maintain_order=True)


def joint_model(lf: pl.LazyFrame, joint: JointKeys, order=()) -> list[ModelFit]:
    """One fit per run and player count (see the module docstring)."""
    f, o = joint.factor, joint.position
    df = (
        lf.filter(pl.col(f).is_not_null() & pl.col(o).is_not_null())
        .select(
            *GROUP,
            "game_id",
            pl.col(f).alias(CHAR),
            pl.col(o).cast(pl.Int64).alias(ORDER),
            win(lf).alias("winner"),
        )  # fmt: skip
        .collect()
    )
    out = []
    for (run, players), g in df.group_by(GROUP, maintain_order=True):
        out.append(fit_one(str(run), int(players), g, order))
    return sorted(out, key=lambda f: (f.run, f.players))


CHAR, ORDER = "_factor", "_position"  # the two columns inside a fit


def fit_frame(run: str, players: int, df: pl.DataFrame, joint: JointKeys, order=()) -> ModelFit:
    """One fit of a frame of seats (game_id, the two key columns, winner)."""
    g = df.select(
        "game_id",
        pl.col(joint.factor).alias(CHAR),
        pl.col(joint.position).cast(pl.Int64).alias(ORDER),
        win(df).alias("winner"),
    )
    return fit_one(run, players, g, order)


@dataclass(frozen=True)
class Design:
    """The model's design over the cells: level orders, codes, each cell's x and p."""

    chars: list
    orders: list
    xc: np.ndarray  # (cells, k) design row of each cell
    p_cell: np.ndarray  # fitted win probability of each cell
    cell_of: np.ndarray  # (factor code, position code) -> cell index, -1 = never seen

    @property
    def codes(self) -> tuple[dict, dict]:
        return {c: i for i, c in enumerate(self.chars)}, {o: i for i, o in enumerate(self.orders)}

    def scores(self, f_code: np.ndarray, o_code: np.ndarray, y: np.ndarray,
               gid: np.ndarray) -> np.ndarray:  # fmt: skip
        """Per-game sums of the seat scores x_i (y_i - p_i), (games, k): each seat's cell by
        code lookup (no join), game sums by bincount (no add.at)."""
        rows = self.cell_of[f_code, o_code]
        resid = y - self.p_cell[rows]
        gid = gid - gid.min()
        k = self.xc.shape[1]
        return np.column_stack([np.bincount(gid, weights=resid * self.xc[rows, j])
                                for j in range(k)])  # fmt: skip


def fit_one(run: str, players: int, g: pl.DataFrame, order=()) -> ModelFit:
    """One fit from the seats of one run and player count (game_id, CHAR, ORDER, winner)."""
    cells = (
        g.group_by(CHAR, ORDER)
        .agg(pl.col("winner").cast(pl.Float64).sum().alias("w"), pl.len().alias("n"))
        .sort(CHAR, ORDER)
    )

    def meat(d: Design) -> np.ndarray:
        ci, oi = d.codes
        per_game = d.scores(g[CHAR].replace_strict(ci, return_dtype=pl.Int64).to_numpy(),
                            g[ORDER].replace_strict(oi, return_dtype=pl.Int64).to_numpy(),
                            g["winner"].cast(pl.Float64).to_numpy(),
                            g["game_id"].to_numpy())  # fmt: skip
        return per_game.T @ per_game

    return fit_cells(run, players, g["game_id"].n_unique(), cells, order, meat)


def fit_cells(run: str, players: int, games: int, cells: pl.DataFrame, order,
              meat_of: Callable[[Design], np.ndarray]) -> ModelFit:  # fmt: skip
    """The fit from the cell counts (CHAR, ORDER, w, n) and, for the clustered standard
    errors, `meat_of(design)`: the sum over games of the outer products of their score sums
    (computed by whoever holds the seats: a frame, or a run's chunks one by one)."""
    present = set(cells[CHAR])
    chars = [c for c in order if c in present] + sorted(present - set(order), key=str)
    orders = sorted(set(cells[ORDER]))
    blank = ModelFit(run, players, games)
    if len(chars) < 2 or len(orders) < 2:
        return _with(blank, "only one level of a key (or one position) was played; no model.")
    levels = {
        FACTOR: cells.group_by(CHAR).agg(pl.col("w").sum(), pl.col("n").sum()),
        POSITION: cells.group_by(ORDER).agg(pl.col("w").sum(), pl.col("n").sum()),
    }
    for factor, d in levels.items():
        for level, w, n in d.iter_rows():
            if w == 0 or w == n:
                what = f"{level}" if factor == FACTOR else f"position {level + 1}"
                how = "never" if w == 0 else "always"
                return _with(
                    blank,
                    f"{what} {how} wins ({w:g} of {n}): perfect separation, the model's estimate "
                    "would run off to infinity; read the cell table instead.",
                )
    ci = {c: i for i, c in enumerate(chars)}
    oi = {o: i for i, o in enumerate(orders)}
    k = 1 + (len(chars) - 1) + (len(orders) - 1)

    def x_of(c: int, o: int) -> np.ndarray:
        x = np.zeros(k)
        x[0] = 1.0
        if c:
            x[c] = 1.0
        if o:
            x[len(chars) - 1 + o] = 1.0
        return x

    xc = np.array([x_of(ci[c], oi[o]) for c, o in cells.select(CHAR, ORDER).iter_rows()])
    w = cells["w"].to_numpy().astype(float)
    n = cells["n"].to_numpy().astype(float)
    if np.linalg.matrix_rank(xc) < k:
        return _with(blank, "the two keys cannot be told apart in these games (each value of "
                     "one fixes the other); read the cell table instead.")  # fmt: skip
    if cells.height == k:
        return _with(
            blank,
            f"the model has as many parameters ({k}) as combinations observed "
            f"({cells.height}): it only restates the cell table and cannot test whether the "
            "two effects add up; read the cell table.",
        )
    try:
        beta = _fit(xc, w, n)
    except _FitError as e:
        return _with(blank, f"the model could not be fitted ({e}); read the cell table instead.")
    lr, lr_df, lr_p = additivity(w, n, _expit(xc @ beta), cells.height - k)
    if lr_p < ALPHA:
        return ModelFit(
            run, players, games, [],
            f"the two effects do not add up: the additive model is rejected against one rate "
            f"per combination (likelihood ratio {lr:.1f}, {lr_df} df, p {_p(lr_p)}), so no "
            "single number per level describes them; read the cell table.",
            (), lr, lr_df, lr_p,
        )  # fmt: skip
    # Cluster-robust (by game) sandwich: bread from the cell-level information, meat from
    # per-game sums of the seat scores x_i (y_i - p_i).
    p_cell = _expit(xc @ beta)
    try:
        bread = np.linalg.inv((xc * (n * p_cell * (1 - p_cell))[:, None]).T @ xc)
    except np.linalg.LinAlgError:
        return _with(blank, "the model's information matrix is singular; read the cell table.")
    cell_of = np.full((len(chars), len(orders)), -1, dtype=np.int64)
    for i, (c, o) in enumerate(cells.select(CHAR, ORDER).iter_rows()):
        cell_of[ci[c], oi[o]] = i
    meat = meat_of(Design(chars, orders, xc, p_cell, cell_of)) * (games / max(1, games - 1))
    cov = bread @ meat @ bread
    # Average marginal effects against the model's mean win rate.
    n_char = np.array([float(cells.filter(pl.col(CHAR) == c)["n"].sum()) for c in chars])
    n_order = np.array([float(cells.filter(pl.col(ORDER) == o)["n"].sum()) for o in orders])
    total = n.sum()
    base_grad = ((n * p_cell * (1 - p_cell))[:, None] * xc).sum(0) / total
    base = float((n * p_cell).sum() / total)
    effects = []
    for factor, lvls, own_n in ((FACTOR, chars, n_char), (POSITION, orders, n_order)):
        for j, level in enumerate(lvls):
            # every seat given this level, the other factor as observed
            if factor == FACTOR:
                xs, weights = np.array([x_of(j, o) for o in range(len(orders))]), n_order
            else:
                xs, weights = np.array([x_of(c, j) for c in range(len(chars))]), n_char
            p = _expit(xs @ beta)
            margin = float((weights * p).sum() / total)
            grad = ((weights * p * (1 - p))[:, None] * xs).sum(0) / total - base_grad
            var = float(grad @ cov @ grad)
            if not math.isfinite(var):
                return _with(blank, "the model's intervals are not finite; read the cell table.")
            se = math.sqrt(max(0.0, var))
            eff = margin - base
            effects.append(
                Effect(factor, level, eff, eff - Z95 * se, eff + Z95 * se, margin, int(own_n[j]))
            )
    effects = _adjusted(effects)
    one = tuple(c for c in chars if cells.filter(pl.col(CHAR) == c)[ORDER].n_unique() == 1)
    supported = _supported(cells)
    withheld = tuple((e.factor, e.level) for e in effects if (e.factor, e.level) not in supported)
    effects = [e for e in effects if (e.factor, e.level) in supported]
    notes = []
    for c in one:
        o = cells.filter(pl.col(CHAR) == c)[ORDER][0]
        notes.append(f"{c} always acts at position {o + 1} in these games: its power is "
                     "that turn position, no separate number")  # fmt: skip
    thin = [lv for f_, lv in withheld if f_ == FACTOR and lv not in one]
    thin += [f"position {lv + 1}" for f_, lv in withheld if f_ == POSITION]
    if thin:
        notes.append(f"{', '.join(map(str, thin))}: fewer than {MIN_SEATS} seats in all but "
                     "one combination, no effect quoted")  # fmt: skip
    notes.append(f"the additive model is not rejected (likelihood ratio {lr:.1f}, {lr_df} df, "
                 f"p {_p(lr_p)})")  # fmt: skip
    note = "; ".join(notes) + "."
    note = note[0].upper() + note[1:]
    return ModelFit(run, players, games, effects, note, one, lr, lr_df, lr_p, withheld)


def _p(p: float) -> str:
    """'< 0.0001' or '= 0.03', to follow a 'p'."""
    return "< 0.0001" if p < 1e-4 else f"= {p:.2g}"


def additivity(w: np.ndarray, n: np.ndarray, p: np.ndarray, df: int) -> tuple[float, int, float]:
    """Likelihood ratio of one rate per combination (saturated) against the fitted rates p,
    with its chi-square p-value (df = combinations - parameters)."""
    from scipy.special import chdtrc, xlogy

    obs = w / n
    lr = 2.0 * float(np.sum(xlogy(w, obs) - xlogy(w, p) + xlogy(n - w, 1 - obs)
                            - xlogy(n - w, 1 - p)))  # fmt: skip
    lr = max(lr, 0.0)
    return lr, df, float(chdtrc(df, lr)) if df > 0 else float("nan")


def _supported(cells: pl.DataFrame) -> set:
    """(factor, level) observed in at least two combinations of MIN_SEATS seats or more."""
    big = cells.filter(pl.col("n") >= MIN_SEATS)
    out = set()
    for lv, g in big.group_by(CHAR):
        if g.height >= 2:
            out.add((FACTOR, lv[0]))
    for lv, g in big.group_by(ORDER):
        if g.height >= 2:
            out.add((POSITION, lv[0]))
    return out


def _adjusted(effects: list[Effect]) -> list[Effect]:
    """p-values of "effect = 0", Bonferroni-adjusted over this fit's effects (`p_holm`, the
    first step of Holm's), and intervals at the same level, so that an interval excludes 0
    exactly when its effect is flagged."""
    from dataclasses import replace

    from .verdict import family_z

    m = len(effects)
    z = family_z(m)
    out = []
    for e in effects:
        se = (e.hi - e.lo) / (2 * Z95)
        p = two_sided(e.effect / se) if se > 0 else 1.0
        out.append(replace(e, lo=e.effect - z * se, hi=e.effect + z * se, p_value=p,
                           p_holm=min(1.0, m * p)))  # fmt: skip
    return out


def _with(fit: ModelFit, note: str) -> ModelFit:
    return ModelFit(fit.run, fit.players, fit.games, [], note)


class _FitError(Exception):
    pass


def _expit(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-z))


def _fit(x: np.ndarray, w: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Binomial GLM (logit link) on cell counts with statsmodels; _FitError when it fails."""
    import statsmodels.api as sm
    from statsmodels.tools.sm_exceptions import ConvergenceWarning, PerfectSeparationWarning

    if np.linalg.matrix_rank(x) < x.shape[1]:
        raise _FitError("the two keys cannot be told apart in these games")
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        warnings.simplefilter("error", PerfectSeparationWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            res = sm.GLM(np.column_stack([w, n - w]), x, family=sm.families.Binomial()).fit()
        except PerfectSeparationWarning:
            raise _FitError("a combination always or never wins") from None
        except ConvergenceWarning:
            raise _FitError("the fit did not converge") from None
        except (np.linalg.LinAlgError, ValueError) as e:
            raise _FitError(str(e).split("\n")[0][:80]) from None
    beta = np.asarray(res.params, dtype=float)
    if not np.all(np.isfinite(beta)) or np.abs(beta).max() > 15:
        raise _FitError("estimates diverge: quasi-separation")
    return beta
