"""Does a balance finding hold across bots? The key table (win rate by the game's primary
balance key, e.g. a starting card dealt at random) played under
a ladder of strategies, each rung's measured strength, and a verdict per value.

Why: with the strategies choosing, a value's win rate mixes the card's power with the
bot's taste for it; with a random deal the choice is gone, but the figure still depends on
how well the bot plays the card. A finding a designer can use is one that holds under every
bot of the ladder. A ladder is only a ladder if each rung beats the one below it: each step
is measured head to head (the upper rung in half the seats, every seat arrangement, the
same game seeds for every arrangement). The ladder's runs are found from the study's
plan.json, which jobs.ladder wrote.

Also here: the effect of the ladder's settings on a study's balance runs (the choice
effect: the strategies choosing against a random deal, same strategy and player count).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

from simcore.core.contract.plugin import GamePlugin, Key
from simcore.core.errors import InputError
from simcore.core.store.outpaths import PLAN
from simcore.core.store.safe_files import check_plain, read_json

from .intervals import Z95, newcombe_diff, wilson
from .multiple import family_intervals, family_z, holm
from .rates import win
from .rundata import Run, load_run

ALPHA = 0.05
HOLDS, DEPENDS, FAIR = "holds across bots", "depends on the bot", "not distinguishable from fair"


@dataclass(frozen=True)
class LadderPlan:
    """A ladder as its study's plan recorded it (jobs.ladder.LadderLayout.describe)."""

    players: int
    labels: list[str]
    tables: list[str]  # key-table run folder per rung
    steps: list[dict]  # {"upper", "lower", "runs": [{"folder", "upper_seats"}]}
    sets: list[
        str
    ]  # rule settings every ladder run plays (e.g. a deal taken out of the strategies' hands)
    note: str = ""
    climb: list[str] = field(default_factory=list)  # labels of the rungs added by the climb
    strategies: list[str] = field(default_factory=list)  # --strategy text per rung ([]: unknown)

    @classmethod
    def of(cls, d: dict) -> LadderPlan:
        rungs = d["rungs"]
        return cls(int(d["players"]), [r["label"] for r in rungs], [r["folder"] for r in rungs],
                   list(d["steps"]), list(d.get("sets", [])), str(d.get("note", "")),
                   [r["label"] for r in rungs if r.get("climb")],
                   [str(r.get("strategy", "")) for r in rungs])  # fmt: skip

    def played(self, root: Path) -> LadderPlan:
        """The rungs whose table was played (a climb rung is played only while needed) and
        the steps between played rungs."""
        keep = [i for i, f in enumerate(self.tables) if (Path(root) / f / "manifest.json").is_file()
                or self.labels[i] not in self.climb]  # fmt: skip
        labels = [self.labels[i] for i in keep]
        steps = [s for s in self.steps if s["upper"] in labels and s["lower"] in labels]
        strategies = [self.strategies[i] for i in keep] if self.strategies else []
        return LadderPlan(self.players, labels, [self.tables[i] for i in keep], steps,
                          self.sets, self.note, [c for c in self.climb if c in labels],
                          strategies)  # fmt: skip


def ladder_plan(root: Path) -> LadderPlan | None:
    """The ladder at the study's own player count its plan.json records (its rungs played),
    or None (no plan, no ladder)."""
    return next(iter(ladder_plans(root)), None)


def ladder_plans(root: Path) -> list[LadderPlan]:
    """Every ladder a study folder's plan.json records (one per player count, the study's
    own count first), each with the rungs that were played; [] without a plan or ladder."""
    path = Path(root) / PLAN
    if not check_plain(path):
        return []
    try:
        extra = read_json(path, what="plan").get("extra") or {}
        ds = extra.get("ladders") if isinstance(extra, dict) else None
        if not ds:
            d = extra.get("ladder") if isinstance(extra, dict) else None
            ds = [d] if d else []
        return [LadderPlan.of(d).played(root) for d in ds]
    except (ValueError, KeyError, TypeError, AttributeError):
        raise InputError(f"{path}: its ladder description is damaged") from None


def plan_question_keys(root: Path, game: GamePlugin) -> tuple[str, ...]:
    """The question keys a study folder's plan.json records (Study.question_keys), each
    checked to be a key or mask key of the game; () without a plan or without them."""
    path = Path(root) / PLAN
    if not check_plain(path):
        return ()
    doc = read_json(path, what="plan")
    extra = doc.get("extra") if isinstance(doc, dict) else None
    names = extra.get("question_keys") if isinstance(extra, dict) else None
    if not names:
        return ()
    known = {k.column for k in (*game.keys, *game.mask_keys)}
    if not isinstance(names, list) or not all(isinstance(x, str) and x in known for x in names):
        raise InputError(f"{path}: its question keys are damaged (not keys of {game.name})")
    return tuple(names)


# ---------------------------------------------------------------- key table and verdicts


def key_table(frames: dict[str, pl.LazyFrame], players: int, key: str) -> pl.DataFrame:
    """Per rung (label) and value of `key`: wins, n, rate, Wilson lo/hi (family-wise over the
    table's cells, analyses.multiple), fair."""
    parts = []
    for label, lf in frames.items():
        part = (
            lf.filter((pl.col("players") == players) & pl.col(key).is_not_null())
            .group_by(key)
            .agg(win(lf).sum().alias("wins"), pl.len().alias("n"))
            .with_columns(pl.lit(label).alias("rung"))
            .collect()
        )
        parts.append(part)
    df = pl.concat(parts).select("rung", pl.col(key).alias("value"), "wins", "n")
    return with_wilson(df, 1 / players, family_z(df.filter(pl.col("n") > 0).height))


def with_wilson(df: pl.DataFrame, fair: float, z: float = Z95) -> pl.DataFrame:
    ci = [wilson(float(w), int(n), z) for w, n in zip(df["wins"], df["n"], strict=True)]
    return df.with_columns(
        (pl.col("wins") / pl.col("n")).alias("rate"),
        pl.Series("lo", [c[0] for c in ci]),
        pl.Series("hi", [c[1] for c in ci]),
        pl.lit(fair).alias("fair"),
    )


def fair_p_value(wins: float, n: int, fair: float) -> float:
    """Two-sided exact binomial p-value of 'this value wins its fair share' (a shared win's
    fraction is rounded to whole games for the exact test)."""
    if n <= 0:
        return 1.0
    from scipy import stats  # slow to import: only here

    return float(stats.binomtest(round(wins), int(n), fair).pvalue)


def verdicts(table: pl.DataFrame, rungs: list[str], order=(), alpha: float = ALPHA):
    """One verdict per key value over the rungs of `table` (rung, value, wins, n, fair).

    Each (value, rung) cell is tested against the fair share (exact binomial); the
    p-values are Holm-adjusted over all values x rungs. A value 'holds across bots'
    when it is significantly on the same side of fair under every rung, is 'not
    distinguishable from fair' when it is significant under none, and 'depends on the
    bot' otherwise (significant somewhere, but not everywhere on one side).
    """
    rows = table.filter(pl.col("rung").is_in(rungs))
    p = np.array(
        [fair_p_value(w, n, f) for w, n, f in rows.select("wins", "n", "fair").iter_rows()]
    )
    rows = rows.with_columns(pl.Series("p_holm", holm(list(p)), dtype=pl.Float64))
    out = []
    present = set(rows["value"])
    chars = [c for c in order if c in present] + sorted(present - set(order), key=str)
    for c in chars:
        cell = {r["rung"]: r for r in rows.filter(pl.col("value") == c).iter_rows(named=True)}
        sides, sig = [], []
        for rung in rungs:
            r = cell.get(rung)
            if r is None or r["n"] == 0:
                sides.append(0)
                sig.append(False)
                continue
            sides.append(int(np.sign(r["wins"] / r["n"] - r["fair"])))
            sig.append(bool(r["p_holm"] < alpha))
        if all(sig) and len(set(sides)) == 1 and sides[0] != 0:
            verdict = HOLDS
            detail = ("above" if sides[0] > 0 else "below") + " fair under every bot"
        elif not any(sig):
            verdict, detail = FAIR, "no bot's figure differs from fair after Holm correction"
        else:
            verdict = DEPENDS
            parts = []
            for name, word in ((1, "above"), (-1, "below")):
                who = [rg for rg, s, g in zip(rungs, sides, sig, strict=True) if g and s == name]
                if who:
                    parts.append(f"{word} fair under {', '.join(who)}")
            ns = [rg for rg, g in zip(rungs, sig, strict=True) if not g]
            if ns:
                parts.append(f"n.s. under {', '.join(ns)}")
            detail = "; ".join(parts)
        rates = [cell[r]["wins"] / cell[r]["n"] for r in rungs if r in cell and cell[r]["n"]]
        out.append({"value": c, "verdict": verdict, "detail": detail,
                    "min_rate": min(rates) if rates else math.nan,
                    "max_rate": max(rates) if rates else math.nan})  # fmt: skip
    schema = {"value": table.schema["value"], "verdict": pl.String, "detail": pl.String,
              "min_rate": pl.Float64, "max_rate": pl.Float64}  # fmt: skip
    return pl.DataFrame(out, schema=schema)


def spread(table: pl.DataFrame, rungs: list[str], draws: int = 2000, seed: int = 0):
    """Per rung: best − worst win rate over the key's values, with a family-wise 95% (over
    the rungs) parametric bootstrap interval (each value's wins redrawn as binomial(n,
    rate)). Max − min is biased upward by noise; the bootstrap carries that bias too, so
    read small spreads with care."""
    rng = np.random.default_rng(seed)
    out = []
    for rung in rungs:
        r = table.filter((pl.col("rung") == rung) & (pl.col("n") > 0))
        n, rate = r["n"].to_numpy(), r["rate"].to_numpy()
        if len(n) < 2:
            out.append({"rung": rung, "spread": math.nan, "lo": math.nan, "hi": math.nan})
            continue
        sim = rng.binomial(n, rate, size=(draws, len(n))) / n
        boot = sim.max(axis=1) - sim.min(axis=1)
        tail = 100 * ALPHA / (2 * len(rungs))  # family-wise over the rungs (Bonferroni)
        lo, hi = np.percentile(boot, [tail, 100 - tail])
        out.append({"rung": rung, "spread": float(rate.max() - rate.min()), "lo": lo, "hi": hi})
    return pl.DataFrame(out)


# ---------------------------------------------------------------- ladder strength


def step_strength(frames: list[pl.LazyFrame], seats: list[tuple[int, ...]],
                  z: float = Z95) -> dict:  # fmt: skip
    """The upper rung's share of the wins over every arrangement of one step.

    frames[a]: the games of arrangement a (same seeds in every arrangement); seats[a]: 1 per
    seat of the upper rung. Each game has one winner, so the share's fair value is 1/2.
    The interval treats a game seed (all its arrangements) as one unit: normal interval of
    the mean of the per-seed shares, which keeps the common-seed correlation honest.
    """
    parts = []
    for lf, arr in zip(frames, seats, strict=True):
        upper = [s for s, x in enumerate(arr) if x]
        w = win(lf)
        parts.append(  # the upper rung's share of the game's win (ties split it)
            lf.group_by("game_id")
            .agg((w * pl.col("seat").is_in(upper).cast(pl.Float64)).sum().alias("up"))
            .collect()
        )
    df = pl.concat(parts)
    per_seed = df.group_by("game_id").agg(pl.col("up").mean())["up"].to_numpy()
    games, seeds = df.height, len(per_seed)
    share = float(df["up"].mean()) if games else math.nan
    if seeds > 1:
        half = z * float(per_seed.std(ddof=1)) / math.sqrt(seeds)
        if half == 0:  # every seed the same: fall back to a Wilson interval over games
            lo, hi = wilson(int(df["up"].sum()), games, z)
        else:
            lo, hi = max(0.0, share - half), min(1.0, share + half)
    else:
        lo, hi = wilson(int(df["up"].sum()), games, z) if games else (0.0, 1.0)
    return {"share": share, "lo": lo, "hi": hi, "games": games, "seeds": seeds, "z": z,
            "stronger": lo > 0.5, "weaker": hi < 0.5}  # fmt: skip


def ladder_strengths(steps: list[dict], labels: list[str]) -> pl.DataFrame:
    """Steps (rung i+1 against rung i) plus a cumulative strength per rung: the sum of the
    steps' log-odds from the bottom rung (0), with a delta-method standard error."""
    rows = [{"rung": labels[0], "below": None, "share": math.nan, "lo": math.nan,
             "hi": math.nan, "games": 0, "stronger": None, "strength": 0.0,
             "strength_se": 0.0}]  # fmt: skip
    cum, var = 0.0, 0.0
    for i, s in enumerate(steps):
        p = min(max(s["share"], 1e-3), 1 - 1e-3) if not math.isnan(s["share"]) else 0.5
        se_p = (s["hi"] - s["lo"]) / (2 * s.get("z", Z95))
        cum += math.log(p / (1 - p))
        var += (se_p / (p * (1 - p))) ** 2
        rows.append({"rung": labels[i + 1], "below": labels[i], "share": s["share"],
                     "lo": s["lo"], "hi": s["hi"], "games": s["games"],
                     "stronger": s["stronger"], "strength": cum,
                     "strength_se": math.sqrt(var)})  # fmt: skip
    return pl.DataFrame(rows, schema_overrides={"below": pl.String, "stronger": pl.Boolean})


# ---------------------------------------------------------------- the whole section


@dataclass(frozen=True)
class Robustness:
    ladder: LadderPlan
    key: Key  # the game's primary balance key (the key table's rows)
    table: pl.DataFrame  # rung, value, wins, n, rate, lo, hi, fair
    verdicts: pl.DataFrame  # value, verdict, detail, min_rate, max_rate
    strengths: pl.DataFrame  # rung, below, share, lo, hi, games, stronger, strength(_se)
    spread: pl.DataFrame  # rung, spread, lo, hi
    games: dict[str, int]  # key-table games per rung

    @property
    def labels(self) -> list[str]:
        return self.ladder.labels


def analyse_ladder(root: Path, game: GamePlugin, plan: LadderPlan | None = None) -> Robustness:
    """Read a study folder's ladder runs (as its plan records them) and analyse them."""
    root = Path(root)
    plan = plan or ladder_plan(root)
    if plan is None:
        raise InputError(f"{root}: no robustness ladder in its {PLAN}")
    key = game.primary
    runs: dict[str, Run] = {}
    for label, folder in zip(plan.labels, plan.tables, strict=True):
        runs[label] = load_run(root / folder)
    table = key_table({k: r.scan() for k, r in runs.items()}, plan.players, key.column)
    steps = []
    z = family_z(len(plan.steps))  # the steps are one family (analyses.multiple)
    for st in plan.steps:
        frames = [load_run(root / r["folder"]).scan() for r in st["runs"]]
        steps.append(step_strength(frames, [tuple(r["upper_seats"]) for r in st["runs"]], z))
    return Robustness(
        ladder=plan,
        key=key,
        table=table,
        verdicts=verdicts(table, plan.labels, key.order),
        strengths=ladder_strengths(steps, plan.labels),
        spread=spread(table, plan.labels),
        games={k: r.games_done for k, r in runs.items()},
    )


def not_a_ladder(rb: Robustness) -> list[str]:
    """Plain sentences for every step that is not measurably stronger than the one below."""
    out = []
    for r in rb.strengths.filter(pl.col("below").is_not_null()).iter_rows(named=True):
        if r["stronger"]:
            continue
        how = "weaker than" if r["hi"] < 0.5 else "not measurably stronger than"
        out.append(
            f"{r['rung']} is {how} {r['below']}: {100 * r['share']:.1f}% of the wins "
            f"head to head (95% interval {100 * r['lo']:.1f}–{100 * r['hi']:.1f}%, "
            f"{r['games']:,} games)"
        )
    return out


def headline_sentences(rb: Robustness) -> list[str]:
    """One or two sentences for the report's headline: what holds under every bot, what
    depends on the bot, and where the ladder is not a ladder."""
    v = rb.verdicts
    bots = ", ".join(rb.labels)
    holds = v.filter(pl.col("verdict") == HOLDS)
    dep = v.filter(pl.col("verdict") == DEPENDS)
    side = {}
    for r in rb.table.iter_rows(named=True):
        side.setdefault(r["value"], []).append(r["rate"] - r["fair"])
    parts = []
    k = rb.key
    for r in holds.iter_rows(named=True):
        word = "above" if np.mean(side[r["value"]]) > 0 else "below"
        parts.append(f"{value_words(k, r['value'])} is {word} its fair share under every bot "
                     f"({100 * r['min_rate']:.0f}–{100 * r['max_rate']:.0f}%)")  # fmt: skip
    how = f"{', '.join(rb.ladder.sets)}, " if rb.ladder.sets else ""
    lead = f"With {how}{rb.ladder.players} players and {len(rb.labels)} bots ({bots}): "
    if parts:
        s1 = lead + "; ".join(parts) + "."
    else:
        s1 = lead + f"no {k.label} is on the same side of its fair share under every bot."
    if dep.height:
        spans = ", ".join(
            f"{k.words(r['value'])} {100 * r['min_rate']:.0f}–{100 * r['max_rate']:.0f}%"
            for r in dep.iter_rows(named=True)
        )
        s1 += f" Depends on the bot: {spans}."
    out = [s1]
    broken = not_a_ladder(rb)
    if broken:
        out.append("The ladder is not a ladder everywhere: " + "; ".join(broken) + ".")
    return out


def value_words(key: Key, value) -> str:
    """A value in words, as the game's Key declares them (generic code builds no words)."""
    return key.words(value)


# ---------------------------------------------------------------- setting effect


def has_sets(run: Run, sets: list[str]) -> bool:
    """Whether the run plays every `key=value` of `sets` (compared as the rules record it)."""
    rules = run.manifest.get("rules", {}) or {}
    for item in sets:
        k, _, v = item.partition("=")
        if str(rules.get(k.strip())).lower() != v.strip().lower():
            return False
    return True


def setting_effect(runs: list[Run], sets: list[str], key: Key) -> pl.DataFrame:
    """Per player count and key value: the win rate with `sets` (the ladder's settings, e.g. a
    random deal: the strategies' own choice taken out) minus the rate as played (the page's
    sign convention: the changed setup minus the rulebook's), with a family-wise Newcombe
    interval (one family per player count) and `significant` (it excludes 0).

    Pairs, per player count, the first run without the settings with the first with them;
    player counts without both are left out.
    """
    if not sets:
        return pl.DataFrame()
    by_players: dict[int, dict[bool, Run]] = {}
    for r in runs:
        by_players.setdefault(r.players, {}).setdefault(has_sets(r, sets), r)
    rows = []
    for players, pair in sorted(by_players.items()):
        if len(pair) < 2:
            continue
        tbl = key_table({m: pair[m].scan() for m in (False, True)}, players, key.column)
        cells = {(r["rung"], r["value"]): r for r in tbl.iter_rows(named=True)}
        values = [v for v in key.order if v in set(tbl["value"])] or sorted(set(tbl["value"]))
        for c in values:
            a, b = cells.get((False, c)), cells.get((True, c))
            if not a or not b or not a["n"] or not b["n"]:
                continue
            rows.append({"players": players, "value": c, "played": a["rate"],
                         "played_n": a["n"], "with": b["rate"], "with_n": b["n"],
                         "diff": b["rate"] - a["rate"], "wins": b["wins"], "n": b["n"],
                         "base_wins": a["wins"], "base_n": a["n"]})  # fmt: skip
    if not rows:
        return pl.DataFrame()
    return family_intervals(
        pl.DataFrame(rows),
        lambda r, z: newcombe_diff(r["wins"], r["n"], r["base_wins"], r["base_n"], z),
        0.0,
    )


def setting_headline(ce: pl.DataFrame, sets: list[str], key: Key) -> list[str]:
    """One sentence on the largest significant effect of the settings, or none."""
    if not ce.height:
        return []
    what = ", ".join(sets)
    sig = ce.filter(pl.col("significant"))
    if not sig.height:
        return [f"Playing with {what} changes no {key.label}'s win rate measurably "
                "(family-wise intervals)."]  # fmt: skip
    r = sig.sort(pl.col("diff").abs(), descending=True).row(0, named=True)
    return [
        f"The strategies' own choices matter: {sig.height} of {ce.height} {key.label} figures "
        f"change with {what}, most for {value_words(key, r['value'])} with {r['players']} players "
        f"({100 * r['with']:.1f}% with {what} vs {100 * r['played']:.1f}% as played: "
        f"{100 * r['diff']:+.1f} points with {what}, family-wise 95% interval "
        f"{100 * r['lo']:+.1f} to {100 * r['hi']:+.1f})."
    ]
