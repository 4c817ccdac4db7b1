"""Where a search changes its policy's answer, by the prior's margin: the ground for `gate`.

    python -m bench.search_gate --game maharaja --players 4
        --config "lookahead:rollouts=60:char_rollouts=0" [--games 10] [--every 2] [--seed 0]

Plays `--games` games of `weighted` in every seat; at every `--every`-th decision of a
kind the configuration searches (more than one candidate) it runs the search from that
seat's place (bench/search_prior.py's loop; the configuration with `gate=1`, which
measures the prior's margin, margin_nb, and gates nothing) and notes whether the search
answers other than the policy. Per kind it prints that share by bins of the margin, and
per gate g what `gate=g` would skip: the share of the decisions (the rollouts saved) and
the share of the search's changes it gives up. Not a test: a benchmark.
"""

from __future__ import annotations

import numpy as np

from analyses.intervals import wilson
from bench.search_args import search_parser
from bench.search_prior import searches
from simcore.core.nb import search_nb as G

BINS = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0001)
GATES = (0.05, 0.1, 0.2, 0.3, 0.5, 0.7)


def margins(game, players, config, n_games, every, seed):
    """(kind, margin, whether the search changed the policy's answer) per decision."""
    out = []
    text = f"{config}:gate=1"
    for kind, _, stats, _ in searches(game, players, text, n_games, every, seed):
        fav, best = int(stats[G.ST_FAVOURED]), int(stats[G.ST_BEST])
        if best >= 0:
            out.append((kind, float(stats[G.ST_MARGIN]), fav != best))
    return out


def share(k: int, n: int) -> str:
    if n == 0:
        return "-"
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}] n={n}"


def report(got: list) -> None:
    for kind in sorted({k for k, _, _ in got}):
        m = np.array([x for k, x, _ in got if k == kind])
        c = np.array([y for k, _, y in got if k == kind])
        print(f"kind {kind}: {len(m)} decisions, the search changed {share(c.sum(), len(c))}; "
              f"no margin (< 3 valued candidates): {(m < 0).sum()}")  # fmt: skip
        print("| margin | decisions | changed |")
        print("|---|---:|---|")
        for lo, hi in zip(BINS, BINS[1:], strict=False):
            sel = (m >= lo) & (m < hi)
            print(f"| [{lo:.2f}, {min(hi, 1):.2f}{']' if hi > 1 else ')'} | {sel.sum()} | "
                  f"{share(c[sel].sum(), sel.sum())} |")  # fmt: skip
        print("| gate | decisions skipped | changes given up | changed where skipped |")
        print("|---:|---:|---:|---|")
        for g in GATES:
            skip = m > g
            print(f"| {g} | {100 * skip.mean():.0f}% | "
                  f"{100 * c[skip].sum() / max(c.sum(), 1):.0f}% | "
                  f"{share(c[skip].sum(), skip.sum())} |")  # fmt: skip


def main() -> None:
    ap = search_parser(__doc__, "lookahead", 10, every=2)
    a = ap.parse_args()
    got = margins(a.game, a.players, a.config, a.games, a.every, a.seed)
    print(f"{a.game}, {a.players} players, {a.config} (gate=1: measured, nothing skipped)")
    report(got)


if __name__ == "__main__":
    main()
