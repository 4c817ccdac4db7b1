"""Paired deals against independent games: how many games the verdicts' cells would save.

    python -m bench.paired --game maharaja --players 4 --deals 2000 --seed 0 [--bot weighted]

Both arms play the same number of games of the same bot in every seat. The independent arm
plays `deals` games, each once. The paired arm plays deals/k deals, each k = players times
with the game's starting values rotated among the seats (a cyclic rotation: each value
visits each seat), every other draw of the deal kept (same shuffle, dice, hidden draws and
each seat's strategy stream). Per value of the game's primary key it estimates the win
share's variance: independent, per game (the cells' binomial view); paired, clustered by
deal (the per-deal mean of the value's win share over its rotations, then its variance over
deals). The ratio paired / independent, at the same number of games, is the games a cell
needs with pairing per game without it (< 1: pairing saves games), with a 95% bootstrap
interval over deals and games.

What is rotated (simcore/<game>, docs/games/<game>.md):
- maharaja: the dealt characters (deal=random, M-S3: a fixed deal of the same characters,
  rotated; the deal draws from its own stream, so the governors and every other draw stay).
- tajmahal: the start player (T-S6: drawn last, after the tiles, the pile and the hands;
  the start player is the drawn seat + r, the draw still taken, so the game's stream goes
  on unchanged and every seat keeps its hand).
- vermaechtnis, palast: the turn positions (seat 1 starts, V-S5 / P-S3). Nothing is dealt
  to a seat (the deck is shared, the starting money or resources follow the position), so
  a rotation moves only the seats' strategy streams: the players move round the table.

Measured: no game saves games (docs/STUDIES.md, "Paired deals"), so the studies play
independent games. One process, one core; not a test.
"""

from __future__ import annotations

import argparse
import importlib
import time
from collections.abc import Callable

import numpy as np

import strategies
from simcore.core.contract.games import get_game
from simcore.core.contract.play import game_buffers
from simcore.core.nb.event_log_nb import LOG_WIDTH

INDEPENDENT_BASE = 1 << 40  # the independent arm's game ids: apart from the paired arm's
BOOT = 400  # bootstrap resamples of the ratio


class Table:
    """One game's engine, driver, rules and data for a bot in every seat."""

    def __init__(self, game: str, players: int, bot: str, sets: tuple[str, ...]) -> None:
        self.game, self.players = game, players
        self.plugin = get_game(game)
        rules = self.plugin.default_rules()
        self.rules_obj = rules.with_overrides(list(sets)) if sets else rules
        self.rules = self.rules_obj.pack()
        self.data = self.plugin.default_data().pack()
        self.engine = importlib.import_module(self.plugin.engine)
        self.rec = importlib.import_module(f"simcore.{game}.records").REC
        seats = strategies.resolve([bot], players, game)
        self.sids, self.params = strategies.seat_arrays(seats, game)
        self.driver = strategies.driver_for(game, self.sids, self.params)
        self.buf = game_buffers(self.engine, 0)
        self.log = np.zeros((0, LOG_WIDTH), dtype=np.int64)

    def batch(self, seed: int, first: int, n: int, rules: np.ndarray | None = None) -> np.ndarray:
        r = self.rules if rules is None else rules
        rec = np.zeros((n, self.engine.MAX_SEATS, self.engine.N_REC), dtype=np.int64)
        self.driver.play_batch_nb(self.data, r, self.players, seed, first, self.sids,
                                  self.params, rec)  # fmt: skip
        return rec[:, : self.players]

    def finish(self) -> np.ndarray:
        """Play the started game in the buffers to its end; its records."""
        state, _, rng, scratch, out, work = self.buf
        scratch[:, :] = 0
        self.driver.play_loop_nb(state, self.data, self.rules, self.log, self.sids,
                                 self.params, rng, scratch, out, work)  # fmt: skip
        rec = np.zeros((self.engine.MAX_SEATS, self.engine.N_REC), dtype=np.int64)
        self.engine.write_records_nb(state, self.sids, rec)
        return rec[: self.players]


def _maharaja(t: Table, seed: int, deal: int) -> list[np.ndarray]:
    from simcore.maharaja.rules import R

    n_chars = int(t.rules[R.N_CHARACTERS])
    chars = np.random.default_rng([seed, deal]).permutation(n_chars)[: t.players]
    out = []
    for r in range(t.players):
        rules = t.rules.copy()
        rules[R.DEAL] = R.DEAL_FIXED
        rules[R.DEAL_N] = t.players
        rules[R.DEAL_CHAR : R.DEAL_CHAR + t.players] = np.roll(chars, r)
        out.append(t.batch(seed, deal, 1, rules)[0])
    return out


def _tajmahal(t: Table, seed: int, deal: int) -> list[np.ndarray]:
    """start_game_nb (simcore/tajmahal/nb/game_nb.py) with the start player moved by r."""
    from simcore.tajmahal import data_layout as D
    from simcore.tajmahal import layout as S
    from simcore.tajmahal.nb import cards_nb as C
    from simcore.tajmahal.nb import game_nb as G
    from simcore.tajmahal.rules import R

    state, log, rng, *_ = t.buf
    out = []
    n = t.players
    for r in range(n):
        G.seed_streams_nb(rng, seed, deal)
        G.init_state_nb(state, t.data, t.rules, n)
        state[S.RNG] = rng[:1].view(np.int64)[0]
        G.setup_tiles_nb(state, t.data)
        k_all = 0
        for k in range(t.data[D.N_KINDS]):
            for _ in range(t.data[D.KIND_COUNT + k]):
                state[S.PILE + k_all] = k
                k_all += 1
        state[S.PILE_N] = k_all
        C.shuffle_pile_nb(state)
        for p in range(n):
            for _ in range(t.rules[R.HAND_SIZE]):
                k = C.draw_nb(state, t.data, t.rules, t.log)
                if k >= 0:
                    state[S.HAND + p * D.MAX_KINDS + k] += 1
                    state[S.HAND_N + p] += 1
        start = (C.rand_nb(state, n) + r) % n
        state[S.FIRST_START] = start
        G.begin_visit_nb(state, t.data, t.rules, t.log, 1, start)
        out.append(t.finish())
    return out


def _turn_positions(t: Table, seed: int, deal: int) -> list[np.ndarray]:
    """The deal as the engine starts it, the seats' strategy streams rotated by r."""
    state, log, rng, *_ = t.buf
    n = t.players
    out = []
    for r in range(n):
        t.engine.start_game_nb(state, t.data, t.rules, t.log, n, seed, deal, rng)
        rng[1 : 1 + n] = np.roll(rng[1 : 1 + n].copy(), r)
        out.append(t.finish())
    return out


ROTATE: dict[str, Callable[[Table, int, int], list[np.ndarray]]] = {
    "maharaja": _maharaja,
    "tajmahal": _tajmahal,
    "vermaechtnis": _turn_positions,
    "palast": _turn_positions,
}
SETS = {"maharaja": ("deal=random",)}  # the ladder's deal (simcore/maharaja/studies.py)
KEY = {"maharaja": "START_CHAR", "tajmahal": "POSITION"}  # else the seat (turn position)


def shares(t: Table, rec: np.ndarray) -> np.ndarray:
    """(games, players) win share: 1/w for each of w seats ranked first."""
    won = rec[..., t.rec.RANK] == 0
    return won / np.maximum(won.sum(axis=-1, keepdims=True), 1)


def values(t: Table, rec: np.ndarray) -> np.ndarray:
    """(games, players) primary-key value of each seat."""
    col = KEY.get(t.game)
    if col is None:
        return np.broadcast_to(np.arange(t.players), rec.shape[:-1])
    return rec[..., getattr(t.rec, col)]


def per_value(vals: np.ndarray, sh: np.ndarray, v: int) -> np.ndarray:
    """The value's win share in each game that deals it (one seat per game at most)."""
    hit = vals == v
    rows = hit.any(axis=-1)
    return (sh * hit).sum(axis=-1)[rows]


def strata_ratio(vals: np.ndarray, sh: np.ndarray, v: int) -> float:
    """Games needed by the value's cell with the dealt set of values stratified (every set
    dealt in its share of the games) per game without: the pooled within-set variance over
    the total variance. 1 where every game deals every value."""
    hit = (vals == v).any(axis=-1)
    x = (sh * (vals == v)).sum(axis=-1)[hit]
    sets = np.sort(vals[hit], axis=-1)
    _, group = np.unique(sets, axis=0, return_inverse=True)
    group = group.ravel()
    means = np.bincount(group, x) / np.bincount(group)
    within = float(((x - means[group]) ** 2).sum() / (x.size - means.size))
    return within / float(x.var(ddof=1))


def ratio_stats(x_ind: np.ndarray, x_pair: np.ndarray, k: int, rng: np.random.Generator
                ) -> tuple[float, float, float]:  # fmt: skip
    """(ratio, lo, hi): per-game variance of the paired mean (deal-mean variance x k)
    over the independent per-game variance, with a 95% bootstrap interval."""

    def ratio(a: np.ndarray, b: np.ndarray) -> float:
        vi = a.var(ddof=1)
        return float(k * b.var(ddof=1) / vi) if vi > 0 else float("nan")

    boot = [ratio(rng.choice(x_ind, x_ind.size), rng.choice(x_pair, x_pair.size))
            for _ in range(BOOT)]  # fmt: skip
    lo, hi = np.nanpercentile(boot, [2.5, 97.5])
    return ratio(x_ind, x_pair), float(lo), float(hi)


def measure(game: str, players: int, deals: int, seed: int, bot: str) -> list[dict]:
    t = Table(game, players, bot, SETS.get(game, ()))
    k = players
    n_deals = deals // k
    t0 = time.perf_counter()
    ind = t.batch(seed, INDEPENDENT_BASE, n_deals * k)
    t1 = time.perf_counter()
    pair = np.array([ROTATE[game](t, seed, d) for d in range(n_deals)])  # (deals, k, seats, N)
    t2 = time.perf_counter()
    v_ind, s_ind = values(t, ind), shares(t, ind)
    v_pair, s_pair = values(t, pair), shares(t, pair)
    if ROTATE[game] is not _turn_positions:  # there the values are the engine's seats
        check_rotation(v_pair)
    check_replay(t, seed, pair)
    out = []
    same = replays(v_pair, s_pair)
    boot = np.random.default_rng(seed)
    for v in np.unique(v_ind):
        x_ind = per_value(v_ind, s_ind, v)
        hit = (v_pair == v).any(axis=-1)  # (deals, k)
        dealt = hit.all(axis=1)
        x_pair = (s_pair * (v_pair == v)).sum(axis=-1)[dealt].mean(axis=1)  # per-deal mean
        r, lo, hi = ratio_stats(x_ind, x_pair, k, boot)
        strata = strata_ratio(v_ind, s_ind, v)
        out.append({"value": int(v), "n_ind": x_ind.size, "p_ind": x_ind.mean(),
                    "n_pair": int(dealt.sum()) * k, "deals": int(dealt.sum()),
                    "p_pair": x_pair.mean(), "ratio": r, "lo": lo, "hi": hi,
                    "secs": (t1 - t0, t2 - t1), "same": same, "strata": strata})  # fmt: skip
    return out


def replays(v_pair: np.ndarray, s_pair: np.ndarray) -> int:
    """Deals whose rotations all give each value the same win share: the rotation
    replayed one game (nothing of the deal is bound to a seat but the values)."""
    n = 0
    for d in range(v_pair.shape[0]):
        by_value = [dict(zip(v_pair[d, r], s_pair[d, r], strict=True))
                    for r in range(v_pair.shape[1])]  # fmt: skip
        n += all(b == by_value[0] for b in by_value)
    return n


def check_rotation(v_pair: np.ndarray) -> None:
    """Every deal's values visit every seat: per deal, each seat sees the same set."""
    for d in range(v_pair.shape[0]):
        seen = {tuple(sorted(v_pair[d, :, s])) for s in range(v_pair.shape[2])}
        if len(seen) != 1 or len(set(v_pair[d, :, 0])) != v_pair.shape[1]:
            raise AssertionError(f"deal {d}: the values do not rotate through the seats")


def check_replay(t: Table, seed: int, pair: np.ndarray) -> None:
    """Rotation 0 of a deal is the engine's own game of that id (the games whose rotation
    starts from the engine's deal), strategy column aside."""
    if t.game == "maharaja":  # its deal is drawn here, not by the engine
        return
    own = t.batch(seed, 0, min(20, pair.shape[0]))
    keep = [c for c in range(own.shape[-1]) if c != t.rec.STRATEGY]
    if not np.array_equal(own[..., keep], pair[: own.shape[0], 0][..., keep]):
        raise AssertionError("rotation 0 does not replay the engine's game")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="maharaja", choices=sorted(ROTATE))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=2000, help="games per arm")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bot", default="weighted")
    a = ap.parse_args()
    rows = measure(a.game, a.players, a.deals, a.seed, a.bot)
    print(f"{a.game}, {a.players} players, {a.bot}, seed {a.seed}: "
          f"{rows[0]['secs'][0]:.1f} s independent, {rows[0]['secs'][1]:.1f} s paired; "
          f"{rows[0]['same']} of {a.deals // a.players} "
          "deals replay the same game in every rotation")  # fmt: skip
    print(
        "| value | independent: games, win share | paired: deals x k, win share "
        "| games needed paired / independent [95%] | dealt set stratified / independent |"
    )
    print("|---|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['value']} | {r['n_ind']:,}, {100 * r['p_ind']:.1f}% | "
              f"{r['deals']:,} x {a.players}, {100 * r['p_pair']:.1f}% | "
              f"{r['ratio']:.2f} [{r['lo']:.2f}, {r['hi']:.2f}] | {r['strata']:.3f} |")  # fmt: skip


if __name__ == "__main__":
    main()
