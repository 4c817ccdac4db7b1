"""Does a balance finding hold across bots? The key table (win rate by starting character
with characters dealt at random, `deal=random`) played under a ladder of strategies, each
rung's measured strength, and a verdict per character.

Why: with the strategies choosing, a character's win rate mixes the card's power with the
bot's taste for it; with a random deal the choice is gone, but the figure still depends on
how well the bot plays the card. A finding a designer can use is one that holds under every
bot of the ladder. A ladder is only a ladder if each rung beats the one below it: each step
is measured head to head (the upper rung in half the seats, every seat arrangement, the
same game seeds for every arrangement).

Also here: the choice effect of a balance study (choose mode against a random deal, same
strategy and player count).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl
from scipy import stats

from simcore.core.errors import InputError
from simcore.maharaja.enums import CHARACTER_NAMES

from .intervals import Z95, newcombe_diff, wilson
from .rundata import Run, load_run

ALPHA = 0.05
HOLDS, DEPENDS, FAIR = "holds across bots", "depends on the bot", "not distinguishable from fair"


@dataclass(frozen=True)
class Rung:
    label: str  # short name shown in tables, e.g. "lookahead-100"
    strategy: str  # the --strategy text played in every seat


@dataclass(frozen=True)
class Ladder:
    """Rungs from weakest (expected) to strongest, the games each plays, and the layout of
    their run folders inside a study directory."""

    players: int
    rungs: tuple[Rung, ...]
    games: tuple[int, ...]  # key-table games per rung
    step_games: tuple[int, ...]  # head-to-head games per seat arrangement, step i = rung i+1
    root: str = "robustness"

    def table_folder(self, i: int) -> str:
        return f"{self.root}/{self.players}p-{self.rungs[i].label}"

    def step_folder(self, i: int, a: int) -> str:
        """Arrangement a of step i (rung i + 1 against rung i)."""
        up, down = self.rungs[i + 1].label, self.rungs[i].label
        return f"{self.root}/h2h-{self.players}p-{up}-vs-{down}/arr-{a:02d}"

    def step_seats(self, i: int, arrangement: tuple[int, ...]) -> str:
        """The per-seat --strategy text: 1 = the upper rung, 0 = the lower."""
        pick = (self.rungs[i].strategy, self.rungs[i + 1].strategy)
        return ",".join(pick[x] for x in arrangement)


def arrangements(players: int) -> list[tuple[int, ...]]:
    """Every distinct seating of two strategies in half the seats each (1 = upper rung);
    with an odd count both splits (upper one seat more, one seat fewer), so each side fills
    half of all seats and sits equally often in every seat."""
    splits = sorted({players // 2, players - players // 2})
    out = []
    for k in splits:
        for seats in itertools.combinations(range(players), k):
            out.append(tuple(int(s in seats) for s in range(players)))
    return out


# ---------------------------------------------------------------- key table and verdicts


def character_table(frames: dict[str, pl.LazyFrame], players: int) -> pl.DataFrame:
    """Per rung (label) and starting character: wins, n, rate, Wilson lo/hi, fair."""
    parts = []
    for label, lf in frames.items():
        part = (
            lf.filter(pl.col("players") == players)
            .group_by("start_character")
            .agg(pl.col("winner").cast(pl.Int64).sum().alias("wins"), pl.len().alias("n"))
            .with_columns(pl.lit(label).alias("rung"))
            .collect()
        )
        parts.append(part)
    df = pl.concat(parts).select("rung", pl.col("start_character").alias("character"), "wins", "n")
    return with_wilson(df, 1 / players)


def with_wilson(df: pl.DataFrame, fair: float) -> pl.DataFrame:
    ci = [wilson(int(w), int(n)) for w, n in zip(df["wins"], df["n"], strict=True)]
    return df.with_columns(
        (pl.col("wins") / pl.col("n")).alias("rate"),
        pl.Series("lo", [c[0] for c in ci]),
        pl.Series("hi", [c[1] for c in ci]),
        pl.lit(fair).alias("fair"),
    )


def holm(p: np.ndarray) -> np.ndarray:
    """Holm's step-down adjusted p-values (family-wise error), same order as given."""
    p = np.asarray(p, dtype=float)
    m = len(p)
    order = np.argsort(p, kind="stable")
    adj = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adj[i] = running
    return adj


def fair_p_value(wins: int, n: int, fair: float) -> float:
    """Two-sided exact binomial p-value of 'this character wins its fair share'."""
    if n <= 0:
        return 1.0
    return float(stats.binomtest(int(wins), int(n), fair).pvalue)


def verdicts(table: pl.DataFrame, rungs: list[str], alpha: float = ALPHA) -> pl.DataFrame:
    """One verdict per character over the rungs of `table` (rung, character, wins, n, fair).

    Each (character, rung) cell is tested against the fair share (exact binomial); the
    p-values are Holm-adjusted over all characters x rungs. A character 'holds across bots'
    when it is significantly on the same side of fair under every rung, is 'not
    distinguishable from fair' when it is significant under none, and 'depends on the
    bot' otherwise (significant somewhere, but not everywhere on one side).
    """
    rows = table.filter(pl.col("rung").is_in(rungs))
    p = np.array(
        [fair_p_value(w, n, f) for w, n, f in rows.select("wins", "n", "fair").iter_rows()]
    )
    rows = rows.with_columns(pl.Series("p_holm", holm(p) if len(p) else p))
    out = []
    chars = [c for c in CHARACTER_NAMES if c in set(rows["character"])]
    for c in chars:
        cell = {r["rung"]: r for r in rows.filter(pl.col("character") == c).iter_rows(named=True)}
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
        out.append({"character": c, "verdict": verdict, "detail": detail,
                    "min_rate": min(rates) if rates else math.nan,
                    "max_rate": max(rates) if rates else math.nan})  # fmt: skip
    return pl.DataFrame(out, schema={"character": pl.String, "verdict": pl.String,
                                     "detail": pl.String, "min_rate": pl.Float64,
                                     "max_rate": pl.Float64})  # fmt: skip


def spread(table: pl.DataFrame, rungs: list[str], draws: int = 2000, seed: int = 0):
    """Per rung: best − worst character win rate, with a 95% parametric bootstrap interval
    (each character's wins redrawn as binomial(n, rate)). Max − min is biased upward by
    noise; the bootstrap carries that bias too, so read small spreads with care."""
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
        lo, hi = np.percentile(boot, [2.5, 97.5])
        out.append({"rung": rung, "spread": float(rate.max() - rate.min()), "lo": lo, "hi": hi})
    return pl.DataFrame(out)


# ---------------------------------------------------------------- ladder strength


def step_strength(frames: list[pl.LazyFrame], seats: list[tuple[int, ...]]) -> dict:
    """The upper rung's share of the wins over every arrangement of one step.

    frames[a]: the games of arrangement a (same seeds in every arrangement); seats[a]: 1 per
    seat of the upper rung. Each game has one winner, so the share's fair value is 1/2.
    The interval treats a game seed (all its arrangements) as one unit: normal interval of
    the mean of the per-seed shares, which keeps the common-seed correlation honest.
    """
    parts = []
    for lf, arr in zip(frames, seats, strict=True):
        upper = [s for s, x in enumerate(arr) if x]
        parts.append(
            lf.filter(pl.col("winner").cast(pl.Boolean))
            .select("game_id", pl.col("seat").is_in(upper).cast(pl.Float64).alias("up"))
            .collect()
        )
    df = pl.concat(parts)
    per_seed = df.group_by("game_id").agg(pl.col("up").mean())["up"].to_numpy()
    games, seeds = df.height, len(per_seed)
    share = float(df["up"].mean()) if games else math.nan
    if seeds > 1:
        half = Z95 * float(per_seed.std(ddof=1)) / math.sqrt(seeds)
        if half == 0:  # every seed the same: fall back to a Wilson interval over games
            lo, hi = wilson(int(df["up"].sum()), games)
        else:
            lo, hi = max(0.0, share - half), min(1.0, share + half)
    else:
        lo, hi = wilson(int(df["up"].sum()), games) if games else (0.0, 1.0)
    return {"share": share, "lo": lo, "hi": hi, "games": games, "seeds": seeds,
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
        se_p = (s["hi"] - s["lo"]) / (2 * Z95)
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
    ladder: Ladder
    table: pl.DataFrame  # rung, character, wins, n, rate, lo, hi, fair
    verdicts: pl.DataFrame  # character, verdict, detail, min_rate, max_rate
    strengths: pl.DataFrame  # rung, below, share, lo, hi, games, stronger, strength(_se)
    spread: pl.DataFrame  # rung, spread, lo, hi
    games: dict[str, int]  # key-table games per rung

    @property
    def labels(self) -> list[str]:
        return [r.label for r in self.ladder.rungs]


def analyse_ladder(root: Path, ladder: Ladder) -> Robustness:
    """Read the ladder's runs from a study directory and analyse them."""
    root = Path(root)
    labels = [r.label for r in ladder.rungs]
    runs: dict[str, Run] = {}
    for i, label in enumerate(labels):
        runs[label] = load_run(root / ladder.table_folder(i))
        deal = runs[label].manifest.get("rules", {}).get("deal", "choose")
        if deal != "random":
            raise InputError(f"{runs[label].path}: ladder runs need deal=random, got {deal}")
    table = character_table({k: r.scan() for k, r in runs.items()}, ladder.players)
    seats = arrangements(ladder.players)
    steps = []
    for i in range(len(labels) - 1):
        frames = [load_run(root / ladder.step_folder(i, a)).scan() for a in range(len(seats))]
        steps.append(step_strength(frames, seats))
    return Robustness(
        ladder=ladder,
        table=table,
        verdicts=verdicts(table, labels),
        strengths=ladder_strengths(steps, labels),
        spread=spread(table, labels),
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
        side.setdefault(r["character"], []).append(r["rate"] - r["fair"])
    parts = []
    for r in holds.iter_rows(named=True):
        word = "above" if np.mean(side[r["character"]]) > 0 else "below"
        parts.append(f"the {r['character']} is {word} its fair share under every bot "
                     f"({100 * r['min_rate']:.0f}–{100 * r['max_rate']:.0f}%)")  # fmt: skip
    lead = (
        f"With characters dealt at random ({rb.ladder.players} players) and {len(rb.labels)} "
        f"bots ({bots}): "
    )
    if parts:
        s1 = lead + "; ".join(parts) + "."
    else:
        s1 = lead + "no character is on the same side of its fair share under every bot."
    if dep.height:
        spans = ", ".join(
            f"{r['character']} {100 * r['min_rate']:.0f}–{100 * r['max_rate']:.0f}%"
            for r in dep.iter_rows(named=True)
        )
        s1 += f" Depends on the bot: {spans}."
    out = [s1]
    broken = not_a_ladder(rb)
    if broken:
        out.append("The ladder is not a ladder everywhere: " + "; ".join(broken) + ".")
    return out


# ---------------------------------------------------------------- choice effect


def deal_of(run: Run) -> str:
    return str(run.manifest.get("rules", {}).get("deal", "choose"))


def choice_effect(runs: list[Run]) -> pl.DataFrame:
    """Per player count and character: win rate when the strategies choose minus the rate
    under a random deal (same strategy), with a Newcombe interval and a Holm-adjusted flag.

    Pairs, per player count, the first run that chooses with the first dealt at random;
    player counts without both are left out.
    """
    by_players: dict[int, dict[str, Run]] = {}
    for r in runs:
        mode = deal_of(r)
        if mode in ("choose", "random"):
            by_players.setdefault(r.players, {}).setdefault(mode, r)
    rows = []
    for players, pair in sorted(by_players.items()):
        if len(pair) < 2:
            continue
        tbl = character_table({m: pair[m].scan() for m in ("choose", "random")}, players)
        cells = {(r["rung"], r["character"]): r for r in tbl.iter_rows(named=True)}
        for c in CHARACTER_NAMES:
            a, b = cells.get(("choose", c)), cells.get(("random", c))
            if not a or not b or not a["n"] or not b["n"]:
                continue
            lo, hi = newcombe_diff(a["wins"], a["n"], b["wins"], b["n"])
            diff = a["rate"] - b["rate"]
            # two-proportion z test for the flag
            pooled = (a["wins"] + b["wins"]) / (a["n"] + b["n"])
            se = math.sqrt(max(pooled * (1 - pooled) * (1 / a["n"] + 1 / b["n"]), 1e-300))
            p = float(2 * stats.norm.sf(abs(diff) / se))
            rows.append({"players": players, "character": c, "choose": a["rate"],
                         "choose_n": a["n"], "random": b["rate"], "random_n": b["n"],
                         "diff": diff, "lo": lo, "hi": hi, "p": p})  # fmt: skip
    if not rows:
        return pl.DataFrame()
    df = pl.DataFrame(rows)
    return df.with_columns(pl.Series("p_holm", holm(df["p"].to_numpy())))


def choice_headline(ce: pl.DataFrame) -> list[str]:
    """One sentence on the largest significant choice effect (Holm), or none."""
    if not ce.height:
        return []
    sig = ce.filter(pl.col("p_holm") < ALPHA)
    if not sig.height:
        return ["Letting the strategies choose their characters instead of a random deal "
                "changes no character's win rate measurably (Holm-adjusted)."]  # fmt: skip
    r = sig.sort(pl.col("diff").abs(), descending=True).row(0, named=True)
    more = "more" if r["diff"] > 0 else "less"
    return [
        f"How characters are chosen matters: {sig.height} of {ce.height} character figures "
        f"change when the strategies choose instead of a random deal, most the "
        f"{r['character']} with {r['players']} players ({100 * r['choose']:.1f}% chosen vs "
        f"{100 * r['random']:.1f}% dealt, {100 * abs(r['diff']):.1f} points {more}, 95% "
        f"interval {100 * r['lo']:+.1f} to {100 * r['hi']:+.1f})."
    ]
