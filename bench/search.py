"""Search bench: speed per CPU second and strength on the same deals, per configuration.

    python -m bench.search --game maharaja --players 4 [--configs TEXT;TEXT;...]
        [--ref lookahead:rollouts=60] [--base weighted] [--deals 100] [--speed-games 40]
        [--repeats 3] [--seed 0] [--workers 2] [--no-base]

Per configuration (a `--strategy` text of the game's search, `;`-separated):

- speed: one seat of the configuration against `--base` in the others, rotated over
  every seat, interleaved with the other configurations (A, B, A, B, ...) on the same
  seeds; searched decisions (the kinds its `budget_nb` searches) and games per CPU
  second of this process (time.process_time: the machine is shared), medians of
  `--repeats` runs;
- strength: seat-rotated duels against `--ref` (today's top rung) and `--base`: the
  configuration in half the seats (at an odd count, in k and in P - k of them, so that
  equal strength is 50%), every such seating played on the same `--deals` game seeds;
  its share of the wins (a shared first place split) with n (games) and a 95% Wilson
  interval over the games; the duel's own CPU seconds per game.

Strength per CPU second is the figure of merit: `x ref` is the configuration's games per
CPU second over the reference's, measured side by side. Not a test: a benchmark.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import strategies
from analyses.intervals import wilson
from simcore.core.contract.games import get_game
from simcore.core.nb.search_hooks import hooks_module

DEFAULT_REF = "lookahead:rollouts=60"


def _warm(game: str) -> None:
    _setup(game)


def _setup(game: str, sets: tuple[str, ...] = ()):
    """The game, its rules (the rulebook's with `sets`, `--set` texts), data and driver."""
    plugin = get_game(game)
    rules = plugin.default_rules()
    rules = rules.with_overrides(sets) if sets else rules
    return plugin, rules, plugin.default_data(), strategies.driver_for(game)


def _records(game: str, names: list[str], games: int, seed: int, first: int = 0,
             sets: tuple[str, ...] = ()) -> np.ndarray:  # fmt: skip
    plugin, rules, data, driver = _setup(game, sets)
    players = len(names)
    sids, params = strategies.seat_arrays(strategies.resolve(names, players, game), game)
    return plugin.play_batch(driver, sids, params, games, players, seed, first, rules, data)


def record_offsets(game: str):
    """The built-in game's record offsets (its decision counts), None for another game."""
    try:
        return importlib.import_module(f"simcore.{game}.records").REC
    except ModuleNotFoundError:
        return None


def win_shares(game: str, rec: np.ndarray, names: list[str], sets: tuple[str, ...] = ()
               ) -> np.ndarray:  # fmt: skip
    """(games, seats): each seat's share of the win (a shared first place split), as the
    results table's win_share column has it, else its winner column split among the winners
    (analyses.rates reads the same)."""
    plugin, rules = _setup(game, sets)[:2]
    table = plugin.records_table(rec, 0, names, rules)
    shape = (rec.shape[0], rec.shape[1])
    if "win_share" in table.column_names:
        return table["win_share"].to_numpy().reshape(shape)
    won = table["winner"].to_numpy(zero_copy_only=False).reshape(shape).astype(np.float64)
    return won / np.maximum(won.sum(axis=1, keepdims=True), 1.0)  # a game without win_share


def searched_kinds(game: str, text: str, players: int) -> list[int]:
    """The decision kinds the configuration searches (its budget_nb > 0); [] for a game
    without decision counts in its records."""
    s = strategies.resolve([text] * players, players, game)[0]
    rec_mod = record_offsets(game)
    if not s.search or rec_mod is None:
        return []
    hooks = hooks_module(s.search.hooks, get_game(game).engine)
    vec = np.asarray(s.params(), dtype=np.float64)
    n_kinds = len(rec_mod.DECISION_COLUMNS)
    return [k for k in range(n_kinds) if hooks.budget_nb(k, vec) > 0]


def speed_job(job: tuple) -> tuple[float, float, int]:
    """(CPU seconds, games, searched decisions) of one configuration seat among `base`
    (the job's optional last item: the rule settings, `--set` texts)."""
    game, text, base, players, games, seed, kinds, *sets = job
    sets = tuple(sets[0]) if sets else ()
    rec_mod = record_offsets(game)
    _setup(game, sets)
    cpu = time.process_time()
    decisions = 0
    per_seat = max(1, games // players)
    for seat in range(players):
        names = [base] * players
        names[seat] = text
        rec = _records(game, names, per_seat, seed + seat, sets=sets)
        for k in kinds:
            decisions += int(rec[:, seat, rec_mod.DKS + k].sum())
    return time.process_time() - cpu, per_seat * players, decisions


def seatings(players: int) -> list[tuple[int, ...]]:
    """A's seats in a duel: every set of P//2 seats (and of P - P//2 at an odd count)."""
    sizes = {players // 2, players - players // 2}
    return [c for k in sorted(sizes) for c in itertools.combinations(range(players), k)]


def duel_job(job: tuple) -> tuple[float, float, int, float]:
    """(A's win share summed over games, A's expected share, games, CPU s) of one seating."""
    game, a, b, players, mine, deals, seed, first, *sets = job
    sets = tuple(sets[0]) if sets else ()
    _setup(game, sets)
    cpu = time.process_time()
    names = [a if s in mine else b for s in range(players)]
    rec = _records(game, names, deals, seed, first, sets)
    share = win_shares(game, rec, names, sets)
    got = float(share[:, list(mine)].sum())
    return got, deals * len(mine) / players, deals, time.process_time() - cpu


def duel(pool, game: str, a: str, b: str, players: int, deals: int, seed: int,
         sets: tuple[str, ...] = ()) -> dict:  # fmt: skip
    """A against B, every seating on the same deals; A's share normalised so that equal
    strength is 50% (sum of shares over sum of the fair shares, halved per seating size)."""
    chunk = max(1, deals // 2)
    jobs = [(game, a, b, players, mine, min(chunk, deals - f), seed, f, sets)
            for mine in seatings(players) for f in range(0, deals, chunk)]  # fmt: skip
    got = fair = n = cpu = 0.0
    for g, f, k, c in pool.map(duel_job, jobs):
        got, fair, n, cpu = got + g, fair + f, n + k, cpu + c
    share = 0.5 * got / fair  # fair = half the games at an even count: share = got / n
    lo, hi = wilson(round(share * n), int(n))
    return {"share": share, "lo": lo, "hi": hi, "n": int(n), "cpu_per_game": cpu / n}


def speed(pool, game, texts, base, players, games, repeats, seed, sets=()) -> dict[str, dict]:
    """Per text: medians over `repeats` interleaved runs; `games` an int or a per-text dict."""
    kinds = {t: searched_kinds(game, t, players) for t in texts}
    count = games if isinstance(games, dict) else dict.fromkeys(texts, games)
    runs: dict[str, list] = {t: [] for t in texts}
    for r in range(repeats):  # interleaved: the load falls on every configuration alike
        jobs = [(game, t, base, players, count[t], seed + 1000 * r, kinds[t], sets)
                for t in texts]  # fmt: skip
        for t, res in zip(texts, pool.map(speed_job, jobs), strict=True):
            runs[t].append(res)
    out = {}
    for t, rs in runs.items():
        out[t] = {
            "games_cpu": statistics.median(g / c for c, g, _ in rs),
            "dec_cpu": statistics.median(d / c for c, _, d in rs),
            "dec_game": statistics.median(d / g for _, g, d in rs),
        }
    return out


def pct(d: dict) -> str:
    return f"{100 * d['share']:.1f}% [{100 * d['lo']:.1f}, {100 * d['hi']:.1f}] n={d['n']}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="maharaja")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--configs", default="", help="`;`-separated strategy texts")
    ap.add_argument("--ref", default=DEFAULT_REF)
    ap.add_argument("--base", default="weighted")
    ap.add_argument("--deals", type=int, default=100, help="game seeds per seating")
    ap.add_argument("--speed-games", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-base", action="store_true", help="skip the duels against --base")
    ap.add_argument("--no-ref", action="store_true", help="skip the duels against --ref")
    args = ap.parse_args()
    texts = [t for t in args.configs.split(";") if t] or [args.ref]
    all_texts = list(dict.fromkeys([args.ref, *texts]))
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_warm, [args.game] * args.workers))  # compile / load first
        sp = speed(pool, args.game, all_texts, args.base, args.players, args.speed_games,
                   args.repeats, args.seed)  # fmt: skip
        ref_gps = sp[args.ref]["games_cpu"]
        n_seatings = len(seatings(args.players))
        print(f"{args.game}, {args.players} players; speed: 1 seat among {args.base}, "
              f"{args.speed_games} games x {args.repeats} (interleaved, medians); duels: "
              f"{n_seatings} seatings x {args.deals} deals, seed {args.seed}")  # fmt: skip
        print(
            "| configuration | searched dec./CPU s | dec./game | games/CPU s | x ref | "
            f"vs {args.ref} | vs {args.base} | duel CPU ms/game |"
        )
        print("|---|---:|---:|---:|---:|---|---|---:|")
        print(f"reference {args.ref}: {ref_gps:.1f} games/CPU s, "
              f"{sp[args.ref]['dec_cpu']:.0f} searched decisions/CPU s")  # fmt: skip
        for t in texts:
            s = sp[t]
            vr = vb = None
            if t != args.ref and not args.no_ref:
                vr = duel(pool, args.game, t, args.ref, args.players, args.deals, args.seed)
            if t != args.base and not args.no_base:
                vb = duel(pool, args.game, t, args.base, args.players, args.deals, args.seed)
            ms = 1000 * (vr or vb or {"cpu_per_game": float("nan")})["cpu_per_game"]
            print(f"| {t} | {s['dec_cpu']:.0f} | {s['dec_game']:.1f} | {s['games_cpu']:.1f} | "
                  f"{s['games_cpu'] / ref_gps:.1f} | {pct(vr) if vr else '-'} | "
                  f"{pct(vb) if vb else '-'} | {ms:.1f} |", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
