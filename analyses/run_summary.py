"""One run reduced to the small tables every balance figure is computed from, chunk by
chunk, so that memory stays that of one chunk whatever the number of games.

Why: a report over a million games must neither hold the seats in memory nor scan them
once per figure. Each chunk file is read once (only the columns needed) and folded into
counts and sums: wins and seats per value of every key, per cell of the joint keys, per
bit of a mask key; per game (a chunk's rows are its games' seats in order, so a game is a
row of a (games, players) array) the length, end reason, winners' and others' measures and
the set of values each game holds; per strategy the actions. A game never spans chunks, so
every per-game figure is exact. The joint model's clustered errors need a second read of
three columns once the fit is known. The tables carry run = "" until analyses.balance
labels them; analyses.summary_cache keeps them beside the run.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from simcore.core.contract.plugin import GamePlugin

from .actions import action_rows, usage_columns
from .equality import EqualityTest, equality_test
from .joint_keys import CHAR, ORDER, Design, ModelFit, fit_cells
from .rates import in_order, with_intervals
from .shape import measure_names


@dataclass(frozen=True)
class RunSummary:
    rates: dict[str, pl.DataFrame]  # key column -> win rates (run, players, value, ...)
    tests: dict[str, list[EqualityTest]]  # key column -> the all-equal test
    masks: dict[str, pl.DataFrame]  # mask column -> rates per value held
    overlapping: dict[str, bool]  # mask column -> a seat held several values
    means: pl.DataFrame | None  # seat measures by primary key value
    shape: pl.DataFrame | None  # per-game measures: mean, sd, games
    lengths: pl.DataFrame | None  # share of games per length
    ends: pl.DataFrame | None  # share of games per end reason
    cells: pl.DataFrame | None  # joint keys: rate per (factor, position)
    model: list[ModelFit] = field(default_factory=list)
    actions: pl.DataFrame | None = None
    errors: int = 0


class _Values:
    """Codes 0, 1, ... for the values of one column as they are met (None: no value)."""

    def __init__(self) -> None:
        self.values: list = []
        self.index: dict = {}

    def codes(self, col: pa.ChunkedArray | pa.Array) -> np.ndarray:
        arr = col.combine_chunks() if isinstance(col, pa.ChunkedArray) else col
        if pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type):
            enc = arr.dictionary_encode()
            local = [self._code(v) for v in enc.dictionary.to_pylist()]
            idx = enc.indices.to_numpy(zero_copy_only=False)
            out = np.asarray(local, dtype=np.int64)[np.nan_to_num(idx, nan=0).astype(np.int64)]
            valid = enc.indices.is_valid().to_numpy(zero_copy_only=False)
        else:
            raw = arr.fill_null(0).to_numpy(zero_copy_only=False).astype(np.int64)
            valid = arr.is_valid().to_numpy(zero_copy_only=False)
            uniq, inv = np.unique(raw, return_inverse=True)
            out = np.asarray([self._code(int(v)) for v in uniq], dtype=np.int64)[inv]
        return np.where(valid, out, -1)

    def _code(self, v) -> int:
        if v not in self.index:
            self.index[v] = len(self.values)
            self.values.append(v)
        return self.index[v]


class _Moments:
    """n, sum and sum of squares, for a mean and its sd."""

    def __init__(self) -> None:
        self.n = self.s = self.ss = 0.0

    def add(self, x: np.ndarray) -> None:
        x = x[np.isfinite(x)]
        self.n += x.size
        self.s += float(x.sum())
        self.ss += float((x * x).sum())

    def mean_sd(self) -> tuple[float | None, float | None]:
        if not self.n:
            return None, None
        mean = self.s / self.n
        if self.n < 2:
            return mean, None
        var = max(0.0, (self.ss - self.n * mean * mean) / (self.n - 1))
        return mean, float(np.sqrt(var))


def _add(store: dict, codes: np.ndarray, weights: np.ndarray) -> None:
    """store[code] += weight for every code >= 0."""
    ok = codes >= 0
    if not ok.any():
        return
    size = int(codes[ok].max()) + 1
    sums = np.bincount(codes[ok], weights=weights[ok], minlength=size)
    for c in np.flatnonzero(np.bincount(codes[ok], minlength=size)):
        store[int(c)] += float(sums[c])


def _tally(store: dict, values: np.ndarray) -> None:
    u, c = np.unique(values, return_counts=True)
    for v, k in zip(u.tolist(), c.tolist(), strict=True):
        store[v] += k


def chunks(files: Sequence[Path], columns: list[str], players: int) -> Iterator[pa.Table]:
    """Each chunk's table, its rows in (game, seat) order: a row per seat of every game."""
    for f in files:
        have = set(pq.read_schema(f).names)
        t = pq.read_table(f, columns=[c for c in columns if c in have])
        if t.num_rows % players:
            raise ValueError(f"{f}: {t.num_rows} rows is not a row per seat of {players}")
        gid = t.column("game_id").to_numpy()
        seat = t.column("seat").to_numpy()
        g = gid.reshape(-1, players)
        if not ((g == g[:, :1]).all() and (seat.reshape(-1, players) == np.arange(players)).all()):
            t = t.sort_by([("game_id", "ascending"), ("seat", "ascending")])
        yield t


def summarize(files: Sequence[Path], players: int, game: GamePlugin) -> RunSummary:
    """The summary of one run's verified chunk files (see the module docstring)."""
    files = list(files)
    names = list(pq.read_schema(files[0]).names) if files else []
    schema = set(names)
    keys = [k for k in game.keys if k.column in schema]
    masks = [m for m in game.mask_keys if m.column in schema]
    shape = game.shape if game.shape and game.shape.length in schema else None
    measures = [c for c, _ in shape.seat_measures if c in schema] if shape else []
    joint = (
        game.joint if game.joint and {game.joint.factor, game.joint.position} <= schema else None
    )
    acts = usage_columns(names)  # act_* then dk_* (analyses.actions)
    won_col = "win_share" if "win_share" in schema else "winner"
    primary = game.primary.column if game.primary.column in schema else None
    need = {"game_id", "seat", "winner", won_col, "errors", "strategy", *acts, *measures}
    need |= {k.column for k in keys} | {m.column for m in masks}
    if shape:
        need |= {shape.length} | ({shape.end} if shape.end in schema else set())

    vals = defaultdict(_Values)  # column -> value codes
    wins = {k.column: defaultdict(float) for k in keys}
    seats = {k.column: defaultdict(float) for k in keys}
    sets = {k.column: defaultdict(int) for k in keys if k.one_per_game}
    bits = {m.column: (np.zeros(len(m.order)), np.zeros(len(m.order))) for m in masks}
    several = dict.fromkeys((m.column for m in masks), False)
    by_primary = defaultdict(lambda: [_Moments() for _ in measures])
    per_game = {name: _Moments() for name, _ in measure_names(shape)} if shape else {}
    lengths, ends = defaultdict(int), defaultdict(int)
    cell_w, cell_n = defaultdict(float), defaultdict(int)
    act_n = defaultdict(int)
    act_m = defaultdict(lambda: [_Moments() for _ in acts])
    act_total = defaultdict(lambda: np.zeros(len(acts), dtype=np.int64))
    errors = games = 0
    p = players
    for t in chunks(files, sorted(need), p):
        g = t.num_rows // p
        games += g
        won = t.column(won_col).to_numpy(zero_copy_only=False).astype(np.float64)
        winner = t.column("winner").to_numpy(zero_copy_only=False).astype(bool)
        errors += int(t.column("errors").to_numpy(zero_copy_only=False)[::p].sum())
        code = {k.column: vals[k.column].codes(t.column(k.column)) for k in keys}
        for k in keys:
            c = code[k.column]
            _add(wins[k.column], c, won)
            _add(seats[k.column], c, np.ones(c.size))
            if k.one_per_game:
                b = np.where(c >= 0, np.left_shift(1, np.clip(c, 0, 62)), 0).reshape(g, p)
                mask = b.sum(1)
                _tally(sets[k.column], mask[mask > 0])
        for m in masks:
            held = t.column(m.column).to_numpy(zero_copy_only=False).astype(np.int64)
            several[m.column] |= bool(((held & (held - 1)) != 0).any())
            w_, n_ = bits[m.column]
            for i in range(len(m.order)):
                has = (held >> i) & 1
                w_[i] += float((won * has).sum())
                n_[i] += float(has.sum())
        cols = {c: t.column(c).to_numpy(zero_copy_only=False).astype(np.float64)
                for c in measures}  # fmt: skip
        if primary is not None and measures:
            pc_ = code[primary]
            for v in np.unique(pc_[pc_ >= 0]).tolist():
                sel = pc_ == v
                for mom, c in zip(by_primary[v], measures, strict=True):
                    mom.add(cols[c][sel])
        if shape:
            length = t.column(shape.length).to_numpy(zero_copy_only=False)[::p]
            _tally(lengths, length)
            per_game[shape.length].add(length.astype(np.float64))
            if shape.end in schema:
                _tally(ends, vals[shape.end].codes(t.column(shape.end))[::p])
            wg = winner.reshape(g, p)
            k_ = wg.sum(1)
            for c in measures:
                x = cols[c].reshape(g, p)
                top = (x * wg).sum(1)
                with np.errstate(invalid="ignore", divide="ignore"):
                    per_game[f"winner_{c}"].add(top / k_)
                    per_game[f"rest_{c}"].add((x.sum(1) - top) / (p - k_))
        if joint:
            f = code[joint.factor]
            o = t.column(joint.position).to_numpy(zero_copy_only=False)
            ok = (f >= 0) & ~np.isnan(o.astype(np.float64))
            cell = f[ok] * 1024 + o[ok].astype(np.int64)
            _add(cell_w, cell, won[ok])
            _tally(cell_n, cell)
        if acts:
            strat = vals["strategy"].codes(t.column("strategy"))
            per_unit = np.clip(
                t.column(shape.length if shape else "rounds")
                .to_numpy(zero_copy_only=False)
                .astype(np.float64),
                1.0,
                None,
            )
            raw = np.column_stack([t.column(c).to_numpy(zero_copy_only=False) for c in acts])
            for s in np.unique(strat).tolist():
                sel = strat == s
                act_n[s] += int(sel.sum())
                act_total[s] += raw[sel].astype(np.int64).sum(0)
                for j, mom in enumerate(act_m[s]):
                    mom.add(raw[sel, j] / per_unit[sel])

    def frame(rows: list[dict]) -> pl.DataFrame:
        return pl.DataFrame(rows) if rows else pl.DataFrame()

    base = {"run": "", "players": p}
    rates, tests = {}, {}
    for k in keys:
        v = vals[k.column].values
        rows = [{**base, k.column: v[c], "wins": wins[k.column][c], "n": int(seats[k.column][c])}
                for c in sorted(seats[k.column])]  # fmt: skip
        if not rows:
            continue
        rates[k.column] = in_order(with_intervals(frame(rows)), k.column, k.order)
        if k.one_per_game and sets[k.column]:
            present = sorted(seats[k.column])
            ms = pl.DataFrame({"mask": [_remap(m, present) for m in sets[k.column]],
                               "games": list(sets[k.column].values())})  # fmt: skip
            wv = pl.DataFrame({k.column: [v[c] for c in present],
                               "wins": [wins[k.column][c] for c in present]})  # fmt: skip
            tests[k.column] = [equality_test("", p, k.column, [v[c] for c in present], wv, ms)]
    mask_rates = {}
    for m in masks:
        w_, n_ = bits[m.column]
        rows = [{**base, m.column: name, "wins": w_[i], "n": int(n_[i])}
                for i, name in enumerate(m.order) if n_[i]]  # fmt: skip
        if rows:
            mask_rates[m.column] = in_order(with_intervals(frame(rows)), m.column, m.order)
    means = None
    if primary is not None and measures and by_primary:
        v = vals[primary].values
        rows = []
        for c, moms in sorted(by_primary.items()):
            row = {**base, primary: v[c], "n": int(moms[0].n)}
            for mom, col in zip(moms, measures, strict=True):
                row[f"{col}_mean"], row[f"{col}_sd"] = mom.mean_sd()
            rows.append(row)
        means = in_order(frame(rows), primary, game.primary.order)
    shape_df = length_df = end_df = None
    if shape and games:
        row = {**base, "games": games}
        for name, mom in per_game.items():
            row[f"{name}_mean"], row[f"{name}_sd"] = mom.mean_sd()
        shape_df = pl.DataFrame([row])
        length_df = _distribution(base, shape.length, dict(lengths), games)
        if ends:
            ev = vals[shape.end].values
            end_df = _distribution(base, shape.end, {ev[c]: n for c, n in ends.items()}, games)
    cells, model = None, []
    if joint and cell_n:
        fv = vals[joint.factor].values
        rows = [{**base, joint.factor: fv[c // 1024], joint.position: c % 1024,
                 "wins": cell_w[c], "n": n} for c, n in sorted(cell_n.items())]  # fmt: skip
        order = game.key(joint.factor).order
        cells = in_order(with_intervals(frame(rows)), joint.factor, order).sort(
            ["run", "players", joint.position], maintain_order=True)  # fmt: skip
        counts = cells.select(pl.col(joint.factor).alias(CHAR),
                              pl.col(joint.position).cast(pl.Int64).alias(ORDER),
                              pl.col("wins").alias("w"), "n").sort(CHAR, ORDER)  # fmt: skip
        meat = _meat(files, p, joint.factor, joint.position, won_col)
        model = [fit_cells("", p, games, counts, order, meat)]
    actions = None
    if acts and act_n:
        sv = vals["strategy"].values
        wide = []
        for s, n in sorted(act_n.items(), key=lambda kv: str(sv[kv[0]])):
            row = {**base, "strategy": sv[s], "n": n}
            for j, c in enumerate(acts):
                row[f"{c}__mean"], row[f"{c}__sd"] = act_m[s][j].mean_sd()
                row[f"{c}__total"] = int(act_total[s][j])
            wide.append(row)
        actions = action_rows(pl.DataFrame(wide), acts)
    return RunSummary(rates, tests, mask_rates, several, means, shape_df, length_df, end_df,
                      cells, model, actions, errors)  # fmt: skip


def _remap(mask: int, present: list[int]) -> int:
    """A mask over value codes -> the same over positions in `present`."""
    return sum(1 << i for i, c in enumerate(present) if mask >> c & 1)


def _distribution(base: dict, col: str, counts: dict, games: int) -> pl.DataFrame:
    rows = [{**base, col: v, "wins": n, "n": games} for v, n in sorted(counts.items())]
    out = with_intervals(pl.DataFrame(rows))
    return out.drop("fair", "fair_inside", "p_fair")


def _lookup(col: pa.ChunkedArray, mapping: dict) -> np.ndarray:
    """Each row's code in `mapping` (value -> code), -1 for a value not in it or no value."""
    v = _Values()
    codes = v.codes(col)
    table = np.array([mapping.get(x, -1) for x in v.values] + [-1], dtype=np.int64)
    return table[np.where(codes >= 0, codes, len(v.values))]


def _meat(files, players: int, factor: str, position: str, won_col: str):
    """meat_of(design) for fit_cells: the games' score outer products, chunk by chunk."""

    def meat(d: Design) -> np.ndarray:
        ci, oi = d.codes
        total = np.zeros((d.xc.shape[1], d.xc.shape[1]))
        for t in chunks(files, ["game_id", "seat", factor, position, won_col], players):
            f_code = _lookup(t.column(factor), ci)
            o_code = _lookup(t.column(position), oi)
            keep = (f_code >= 0) & (o_code >= 0)
            if not keep.any():
                continue
            y = t.column(won_col).to_numpy(zero_copy_only=False).astype(np.float64)[keep]
            gid = t.column("game_id").to_numpy()[keep]
            per_game = d.scores(f_code[keep], o_code[keep], y, gid)
            total += per_game.T @ per_game
        return total

    return meat


def relabel(frame: pl.DataFrame | None, label: str) -> pl.DataFrame | None:
    """A summary table with its run's label (summaries are made with run = "")."""
    if frame is None or not frame.height:
        return frame
    return frame.with_columns(pl.lit(label).alias("run"))
