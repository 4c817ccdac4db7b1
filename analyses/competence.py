"""Which bots play every rule: a bot that never takes an action the stronger bots take often
measures a different game (e.g. a bot that never takes the action that changes the turn
order freezes it, and its table of starting cards measures the turn order, not the cards).

Measured from the rows: act_<action> counts how often a seat took each action type in a
game, dk_<kind> how often it answered a decision of that kind (analyses.actions); per bot,
the mean per seat and game. A bot is flagged "plays without X" when it
takes X at most `RARE` of the rate of a stronger bot that takes it at least `OFTEN` times
per seat and game; flagged bots are left out of the verdicts (analyses.verdict). An action
a stronger bot takes less often (at least `SOMETIMES`) but the bot never does is a caveat
the report states (a blind spot), not a reason to leave the bot out. An action no bot takes
is listed too: a blind spot of every bot or right play, which the game's docs must say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from .actions import action_columns, action_name

OFTEN = 1.0  # per seat and game: "often" (at least once per seat and game on average)
SOMETIMES = 0.1  # per seat and game: below OFTEN, a gap is a caveat, not a reason to leave out
RARE = 0.02  # at most this share of a stronger bot's rate: "never"


@dataclass(frozen=True)
class Competence:
    usage: pl.DataFrame  # bot, action, per_seat (mean per seat and game), seats
    left_out: dict[str, list[str]]  # bot -> actions it plays without
    unused: list[str]  # actions no bot takes
    gaps: dict[str, list[str]]  # bot -> actions it never takes that stronger bots sometimes do

    def competent(self, bots: Sequence[str]) -> list[str]:
        return [b for b in bots if b not in self.left_out]

    def why(self, bot: str) -> str:
        return "plays without " + ", ".join(self.left_out[bot])


def usage(frames: dict[str, pl.LazyFrame]) -> pl.DataFrame:
    """Per bot (frames: bot -> its seats) and action: mean count per seat and game."""
    rows = []
    for bot, lf in frames.items():
        cols = action_columns(lf)
        if not cols:
            continue
        d = lf.select([pl.col(c).cast(pl.Float64).mean().alias(c) for c in cols]
                      + [pl.len().alias("_n")]).collect()  # fmt: skip
        for c in cols:
            rows.append({"bot": bot, "action": action_name(c),
                         "per_seat": float(d[c][0] or 0.0), "seats": int(d["_n"][0])})  # fmt: skip
    schema = {"bot": pl.String, "action": pl.String, "per_seat": pl.Float64, "seats": pl.Int64}
    return pl.DataFrame(rows, schema=schema)


def assess(frames: dict[str, pl.LazyFrame], strength: Sequence[str] = ()) -> Competence:
    """`strength`: the bots weakest first (a measured ladder order); a bot is compared with
    the bots after it. Without an order every bot is compared with every other."""
    u = usage(frames)
    rate = {(r["bot"], r["action"]): r["per_seat"] for r in u.iter_rows(named=True)}
    bots = list(frames)
    actions = list(dict.fromkeys(u["action"].to_list()))
    rank = {b: i for i, b in enumerate(strength)}
    left: dict[str, list[str]] = {}
    gaps: dict[str, list[str]] = {}
    for b in bots:
        stronger = [o for o in bots if o != b and (b not in rank or o not in rank
                                                   or rank[o] > rank[b])]  # fmt: skip
        for a in actions:
            best = max((rate.get((o, a), 0.0) for o in stronger), default=0.0)
            if best >= SOMETIMES and rate.get((b, a), 0.0) <= RARE * best:
                (left if best >= OFTEN else gaps).setdefault(b, []).append(
                    a if best >= OFTEN else f"{a} (stronger bots: {best:.2f} per seat and game)"
                )
    unused = [a for a in actions if all(rate.get((b, a), 0.0) == 0.0 for b in bots)]
    return Competence(u, left, unused, gaps)
