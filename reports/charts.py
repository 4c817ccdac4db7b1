"""Charts of the balance analyses (matplotlib, Agg): SVG for the page, PNG files for slides.

Every rate is drawn with its interval as an error bar (family-wise 95%, the table's:
analyses.multiple.family_intervals), and the fair share 1/N
as a dashed line, on a fixed 0-100% scale (so a reader cannot be misled by a zoomed
axis), and a reader never sees a bare point estimate.
"""

from __future__ import annotations

import base64
import io
import os
import re
import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from simcore.core.contract.plugin import GamePlugin  # noqa: E402

from .words import label_for, title_for  # noqa: E402

plt.rcParams.update({"svg.fonttype": "path", "svg.hashsalt": "palace-lab", "font.size": 9})


@dataclass(frozen=True)
class Chart:
    name: str  # file stem, also the element id
    title: str
    svg_data_uri: str
    png_path: Path | None = None


_PNG_WRITERS: list[list[int]] | None = None  # inside pngs_aside(): forked PNG writers' pids


def save(fig, name: str, title: str, png_dir: Path | None) -> Chart:
    png = None if png_dir is None else png_dir / f"{name}.png"
    aside = png is not None and _png_aside(fig, png)
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    uri = "data:image/svg+xml;base64," + base64.b64encode(buf.getvalue()).decode()
    if png is not None and not aside:
        fig.savefig(png, format="png", dpi=150, bbox_inches="tight")
    plt.close(fig)
    return Chart(name, title, uri, png)


def _png_aside(fig, png: Path) -> bool:
    """Inside pngs_aside(): write the PNG in a forked copy of this process (the same
    figure, the same file), while this one goes on with the SVG and the next chart."""
    if _PNG_WRITERS is None:
        return False
    pid = os.fork()
    if pid == 0:  # the child: the PNG, then out at once (no atexit, no flushing of parents')
        code = 1
        try:
            fig.savefig(png, format="png", dpi=150, bbox_inches="tight")
            code = 0
        finally:
            os._exit(code)
    _PNG_WRITERS[-1].append(pid)
    return True


@contextmanager
def pngs_aside():
    """Charts saved inside write their PNG files in parallel to the rest (on a machine
    with several cores and fork; drawing a chart twice, SVG and PNG, is most of a
    report's time); all are written when it ends, or OSError names the ones that failed."""
    global _PNG_WRITERS
    if _PNG_WRITERS is not None or not hasattr(os, "fork") or _cores() < 2:
        yield
        return
    _PNG_WRITERS = [[]]
    try:
        yield
    finally:
        pids, _PNG_WRITERS = _PNG_WRITERS[0], None
        failed = _reap(pids, time.monotonic() + PNG_TIMEOUT)
    if failed:
        raise OSError(f"{failed} of {len(pids)} chart PNG files could not be written")


PNG_TIMEOUT = 120.0  # seconds for all PNG writers: a child that hangs must not hang the report


def _reap(pids: list[int], deadline: float) -> int:
    """Wait for the writers until the deadline, kill the ones still running then; returns
    how many did not write their file."""
    failed = 0
    for pid in pids:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                failed += status != 0
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                failed += 1
                break
            time.sleep(0.005)
    return failed


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def error_bars(value, lo, hi):
    """Error-bar lengths; a Wilson bound a rounding error inside the rate (p = 0 or 1) is 0."""
    import numpy as np  # noqa: PLC0415

    return [np.clip(value - lo, 0, None), np.clip(hi - value, 0, None)]


def ordered(values: pl.Series, order=()) -> list:
    """Values in the key's order (a game's card order) first, the rest sorted."""
    vals = set(values.drop_nulls())
    return [v for v in order if v in vals] + sorted(vals - set(order), key=str)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def rate_chart(
    rates: pl.DataFrame, key: str, players: int, title: str, png_dir: Path | None,
    game: GamePlugin,
) -> Chart:  # fmt: skip
    """Win rate per key value (one marker per run) with intervals and the fair share."""
    label = label_for(game, key)
    d = rates.filter(pl.col("players") == players)
    runs = list(dict.fromkeys(d["run"]))
    keys = ordered(d[key], key_order(game, key))
    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.38 * len(keys) * max(1, len(runs) ** 0.5)))
    step = 0.7 / max(1, len(runs))
    for j, run in enumerate(runs):
        r = d.filter(pl.col("run") == run)
        ys = [keys.index(v) + (j - (len(runs) - 1) / 2) * step for v in r[key]]
        rate = r["rate"].to_numpy()
        err = error_bars(rate, r["lo"].to_numpy(), r["hi"].to_numpy())
        ax.errorbar(rate * 100, ys, xerr=[e * 100 for e in err], fmt="o", capsize=3, label=run)
    ax.axvline(100 / players, ls="--", color="grey", lw=1, label=f"fair share {100 / players:.1f}%")
    ax.set_yticks(range(len(keys)), [label(k) for k in keys])
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("win rate, % (family-wise 95% interval; fixed 0–100% scale)")
    ax.set_title(title)
    ax.legend(fontsize=7, loc="best")
    ax.grid(axis="x", alpha=0.3)
    return save(fig, slug(f"{key}-{players}p"), title, png_dir)


def key_order(game: GamePlugin, col: str) -> tuple:
    for k in game.keys:
        if k.column == col:
            return k.order
    return ()


def diff_chart(diffs: pl.DataFrame, key: str, players: int, png_dir: Path | None,
               game: GamePlugin) -> Chart:  # fmt: skip
    """Differences of win rate against the baseline run, with Newcombe intervals."""
    label = label_for(game, key)
    d = diffs.filter(pl.col("players") == players)
    runs = list(dict.fromkeys(d["run"]))
    keys = ordered(d[key], key_order(game, key))
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.4 * len(keys) * max(1, len(runs) ** 0.5)))
    step = 0.7 / max(1, len(runs))
    for j, run in enumerate(runs):
        r = d.filter(pl.col("run") == run)
        ys = [keys.index(v) + (j - (len(runs) - 1) / 2) * step for v in r[key]]
        diff = r["diff"].to_numpy() * 100
        err = [diff - r["lo"].to_numpy() * 100, r["hi"].to_numpy() * 100 - diff]
        ax.errorbar(diff, ys, xerr=err, fmt="s", capsize=3, label=run)
    ax.axvline(0, color="grey", lw=1)
    ax.set_yticks(range(len(keys)), [label(k) for k in keys])
    ax.invert_yaxis()
    base = d["baseline"][0]
    ax.set_xlabel(f"run − {base}, points (family-wise 95% interval)")
    title = f"{players} players: change against {base}"
    ax.set_title(title)
    ax.legend(fontsize=7, loc="best")
    ax.grid(axis="x", alpha=0.3)
    return save(fig, slug(f"diff-{key}-{players}p"), title, png_dir)


def share_chart(dist: pl.DataFrame, col: str, title: str, png_dir: Path | None,
                game: GamePlugin) -> Chart:  # fmt: skip
    """Share of games per value (rounds, end reason), one bar group per run and player count."""
    d = dist.with_columns(
        (pl.col("run") + " · " + pl.col("players").cast(pl.String) + "p").alias("who")
    )
    whos = list(dict.fromkeys(d["who"]))
    values = sorted(set(d[col]))
    fig, ax = plt.subplots(figsize=(7, 3))
    width = 0.8 / max(1, len(whos))
    for j, who in enumerate(whos):
        r = d.filter(pl.col("who") == who)
        xs = [values.index(v) + (j - (len(whos) - 1) / 2) * width for v in r[col]]
        rate = r["rate"].to_numpy() * 100
        err = error_bars(rate, r["lo"].to_numpy() * 100, r["hi"].to_numpy() * 100)
        ax.bar(xs, rate, width, yerr=err, capsize=2, label=who)
    label = label_for(game, col)
    words = [label(v) for v in values]
    ax.set_xticks(range(len(values)), words,
                  rotation=20 if any(len(str(w)) > 6 for w in words) else 0,
                  fontsize=7)  # fmt: skip
    ax.set_ylabel("% of games (family-wise 95% interval)")
    ax.set_xlabel(title_for(game, col))
    ax.set_title(title)
    ax.legend(fontsize=7)
    ax.grid(axis="y", alpha=0.3)
    return save(fig, slug(f"share-{col}"), title, png_dir)


def sweep_chart(
    rates: pl.DataFrame, key: str, param: str, values: dict[str, int], png_dir: Path | None,
    game: GamePlugin,
) -> list[Chart]:  # fmt: skip
    """Win rate of each key value against the swept rule value, one chart per player count."""
    charts = []
    d = rates.with_columns(pl.col("run").replace_strict(values, default=None).alias("x"))
    for players in sorted(set(d["players"])):
        p = d.filter(pl.col("players") == players).sort("x")
        fig, ax = plt.subplots(figsize=(7, 3.5))
        label = label_for(game, key)
        for k in ordered(p[key], key_order(game, key)):
            r = p.filter(pl.col(key) == k)
            x = r["x"].to_numpy()
            ax.plot(x, r["rate"].to_numpy() * 100, marker="o", label=str(label(k)))
            ax.fill_between(x, r["lo"].to_numpy() * 100, r["hi"].to_numpy() * 100, alpha=0.15)
        ax.set_xticks(sorted(set(p["x"].drop_nulls())))
        ax.axhline(100 / players, ls="--", color="grey", lw=1, label="fair share")
        ax.set_xlabel(param)
        ax.set_ylabel("win rate, % (family-wise 95% band)")
        title = f"{players} players: win rate by {title_for(game, key)} against {param}"
        ax.set_title(title)
        ax.legend(fontsize=7, ncol=2)
        ax.grid(alpha=0.3)
        charts.append(save(fig, slug(f"sweep-{param}-{key}-{players}p"), title, png_dir))
    return charts


def heat_chart(cells: pl.DataFrame, run: str, players: int, png_dir: Path | None,
               game: GamePlugin) -> Chart:  # fmt: skip
    """Win rate per factor x position of the game's joint keys, centred on the fair share."""
    import numpy as np  # noqa: PLC0415

    from analyses.multiple import SUPPORT  # noqa: PLC0415

    factor, position = game.key(game.joint.factor), game.key(game.joint.position)
    f, o = factor.column, position.column
    d = cells.filter((pl.col("run") == run) & (pl.col("players") == players))
    chars = ordered(d[f], factor.order)
    orders = sorted(set(d[o]))
    grid = np.full((len(chars), len(orders)), np.nan)
    text = [["never"] * len(orders) for _ in chars]
    for r in d.iter_rows(named=True):
        i, j = chars.index(r[f]), orders.index(r[o])
        # coloured only where the family-wise interval excludes the fair share (the table's
        # flag); n.s. cells white, thin cells grey: a colour never says more than the verdict
        sig = r.get("significant", True)
        grid[i, j] = np.nan if r["n"] < SUPPORT else 100 * r["rate"] if sig else 100 / players
        half = 50 * (r["hi"] - r["lo"])  # under 10 points: one decimal, never "±0"
        text[i][j] = f"{100 * r['rate']:.0f}%\n±{half:.{1 if half < 9.95 else 0}f}\nn={r['n']:,}"
    from matplotlib.colors import TwoSlopeNorm  # noqa: PLC0415

    fair = 100 / players
    fig, ax = plt.subplots(figsize=(1.4 + 1.25 * len(orders), 0.8 + 0.62 * len(chars)))
    cmap = matplotlib.colormaps["RdBu_r"].with_extremes(bad="#eeeeee")
    norm = TwoSlopeNorm(vmin=0.0, vcenter=fair, vmax=100.0)  # fixed 0-100%, white = fair
    im = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, norm=norm, aspect="auto")
    for i in range(len(chars)):
        for j in range(len(orders)):
            ax.text(j, i, text[i][j], ha="center", va="center", fontsize=7)
    ax.set_xticks(range(len(orders)), [_short(position.words(k)) for k in orders], fontsize=8)
    ax.set_yticks(range(len(chars)), [str(c) for c in chars])
    bar = fig.colorbar(im, ax=ax, fraction=0.05)
    bar.set_label(f"win rate, % (white: fair share {fair:.1f}% or n.s.; grey: < {SUPPORT} seats)",
                  fontsize=7)  # fmt: skip
    title = f"{players} players ({run}): win rate by {factor.label} and {position.label}"
    ax.set_title(title, fontsize=9)
    return save(fig, slug(f"heat-{run}-{players}p"), title, png_dir)


def _short(words: str) -> str:
    """'the player 1st in round 1' -> '1st in round 1' (tick labels)."""
    return words.removeprefix("the player ").removeprefix("the ")


def effect_chart(fits: list, png_dir: Path | None, game: GamePlugin) -> Chart | None:
    """The joint model's effects (points against the fair share) with 95% intervals."""
    rows = [(f, e) for f in fits for e in f.effects]
    if not rows:
        return None
    factor, position = game.key(game.joint.factor), game.key(game.joint.position)
    several = len(fits) > 1
    labels = [
        (f"{f.players}p {f.run}: " if several else "")
        + (str(e.level) if e.factor == "factor" else _short(position.words(e.level)))
        for f, e in rows
    ]
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.28 * len(rows)))
    ys = list(range(len(rows)))
    eff = [100 * e.effect for _, e in rows]
    err = [[100 * (e.effect - e.lo) for _, e in rows], [100 * (e.hi - e.effect) for _, e in rows]]
    colours = ["#c44" if e.factor == "position" else "#36a" for _, e in rows]
    for y, x, lo, hi, c in zip(ys, eff, err[0], err[1], colours, strict=True):
        ax.errorbar(x, y, xerr=[[lo], [hi]], fmt="o", color=c, capsize=3)
    ax.axvline(0, color="grey", lw=1, ls="--")
    ax.set_yticks(ys, labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("effect on win rate, points (family-wise 95% interval); 0 = fair share")
    title = f"{factor.label.capitalize()} (blue) and {position.label} (red), estimated jointly"
    ax.set_title(title, fontsize=9)
    ax.grid(axis="x", alpha=0.3)
    return save(fig, "joint-model-effects", title, png_dir)
