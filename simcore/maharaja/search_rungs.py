"""Maharaja's recommended search rungs (issue 30), weakest first, as measured by
bench/search.py (docs/games/maharaja.md, "Search rungs"; docs/STRATEGIES.md).

    python -m bench.search --game maharaja --players P --deals 100 --configs "TEXT;..."

(deals: 2 players 150, 3 players 60, 4 players 100 (150 for the 60-rollout rung), 5
players 20; at an odd count the configuration sits in k and in P - k seats, every such
seating). At 2 players 90 rollouts were not stronger than 45 (61.3% [55.7, 66.7], n=300),
so that ladder has two rungs.
At 3 to 5 players the `search` rung widens by the policy's ranking (`width`, session 6):
12 rollouts over `weighted`'s 6 best pairs (halving 6 -> 3 -> 2), `prior=0`, measured by

    python -m bench.search --game maharaja --players P --deals D --speed-games 20 \
        --configs "lookahead:rollouts=12:char_rollouts=0:prior=0:width=6;..." [--seed 1]

(deals as above; at 4 players seed 0 as recorded, and seed 1, other deals: 60.3% [56.4,
64.2] n=600 against the top at 3.4x its games per CPU second). It replaced
`rollouts=45:char_rollouts=0:prior=0` (3 players 59.7% at 2.3x, 4 players 55.2% at 1.9x,
5 players 53.2% at 2.2x). At 2 players widening lost (46.3% [40.8, 52.0] n=300 at 3.4x,
6 rollouts over 6 pairs 48.7% [43.1, 54.3]), so that `search` keeps all 45 pairs.
`top` is `lookahead:rollouts=60`, the strongest rung of
the ladder before issue 30. Two settings carry the gain: no search of the setup character
(`char_rollouts=0`: its 12 rollouts play whole games, cost as much as the picks' and did
not win a duel), and the budget spent on halving the 45 pairs rather than on looking at
each once (90 rollouts: five halving phases; 60 stop after the first).
"""

from simcore.core.contract.rungs import Measured, RungFigures, SearchRung

TOP = "lookahead:rollouts=60"

SEARCH_RUNGS = {
    2: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=24:char_rollouts=0",
            2,
            games_per_cpu_s=1329.4,
            top_games_per_cpu_s=554.7,
            vs_top=Measured(TOP, 0.51, 0.454, 0.566, 300),
            vs_weighted=Measured("weighted", 0.947, 0.915, 0.967, 300),
        ),
        SearchRung(
            "search",
            "lookahead:rollouts=45:char_rollouts=0:prior=0",
            2,
            games_per_cpu_s=1127.6,
            top_games_per_cpu_s=554.7,
            vs_top=Measured(TOP, 0.693, 0.639, 0.743, 300),
            vs_weighted=Measured("weighted", 0.963, 0.936, 0.979, 300),
        ),
    ),
    3: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=24:char_rollouts=0",
            3,
            games_per_cpu_s=797.1,
            top_games_per_cpu_s=305.0,
            vs_top=Measured(TOP, 0.500, 0.449, 0.551, 360),
            vs_weighted=Measured("weighted", 0.708, 0.659, 0.753, 360),
        ),
        SearchRung(
            "search",
            "lookahead:rollouts=12:char_rollouts=0:prior=0:width=6",
            3,
            games_per_cpu_s=1229.1,
            top_games_per_cpu_s=360.4,
            vs_top=Measured(TOP, 0.606, 0.554, 0.655, 360),
            vs_weighted=Measured("weighted", 0.792, 0.747, 0.830, 360),
        ),
        SearchRung(
            "search-strong",
            "lookahead:rollouts=90:char_rollouts=0",
            3,
            games_per_cpu_s=351.0,
            top_games_per_cpu_s=305.0,
            vs_top=Measured(TOP, 0.600, 0.549, 0.649, 360),
            vs_weighted=Measured("weighted", 0.844, 0.803, 0.878, 360),
        ),
    ),
    4: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=24:char_rollouts=0",
            4,
            games_per_cpu_s=921.7,
            top_games_per_cpu_s=288.0,
            vs_top=Measured(TOP, 0.468, 0.429, 0.508, 600),
            vs_weighted=Measured("weighted", 0.727, 0.690, 0.761, 600),
        ),
        SearchRung(
            "search",
            "lookahead:rollouts=12:char_rollouts=0:prior=0:width=6",
            4,
            games_per_cpu_s=994.2,
            top_games_per_cpu_s=293.9,
            vs_top=Measured(TOP, 0.608, 0.569, 0.647, 600),
            vs_weighted=Measured("weighted", 0.818, 0.785, 0.847, 600),
        ),
        SearchRung(
            "search-strong",
            "lookahead:rollouts=90:char_rollouts=0",
            4,
            games_per_cpu_s=309.0,
            top_games_per_cpu_s=281.0,
            vs_top=Measured(TOP, 0.627, 0.587, 0.664, 600),
            vs_weighted=Measured("weighted", 0.842, 0.810, 0.869, 600),
        ),
    ),
    5: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=24:char_rollouts=0",
            5,
            games_per_cpu_s=705.2,
            top_games_per_cpu_s=242.5,
            vs_top=Measured(TOP, 0.46, 0.412, 0.509, 400),
            vs_weighted=Measured("weighted", 0.805, 0.763, 0.841, 400),
        ),
        SearchRung(
            "search",
            "lookahead:rollouts=12:char_rollouts=0:prior=0:width=6",
            5,
            games_per_cpu_s=659.6,
            top_games_per_cpu_s=214.0,
            vs_top=Measured(TOP, 0.582, 0.534, 0.630, 400),
            vs_weighted=Measured("weighted", 0.865, 0.828, 0.895, 400),
        ),
        SearchRung(
            "search-strong",
            "lookahead:rollouts=90:char_rollouts=0",
            5,
            games_per_cpu_s=272.8,
            top_games_per_cpu_s=242.5,
            vs_top=Measured(TOP, 0.56, 0.511, 0.608, 400),
            vs_weighted=Measured("weighted", 0.882, 0.847, 0.91, 400),
        ),
    ),
}

# The default study's ladder as `palace-lab strategies --ladder` prints it, per player count:
# every rung's games per CPU second (one seat of it among the default strategy) and its
# duel against the rung directly below (python -m bench.ladder --game maharaja --players P
# --literals; docs/games/maharaja.md, "The ladder, measured").
# Session 9 (2 Dec, load 7-14, seed 0, the same duels): the 2-player scripted rungs in
# measured order, and per count a climb rung measured stronger than the rung below
# (docs/games/maharaja.md: the steps re-measured, sequential chunks, n per step below).
LADDER_FIGURES: dict[int, tuple[RungFigures, ...]] = {
    2: (
        RungFigures(
            "chaser", "chaser", 2, 18315.9,
            None,
        ),
        RungFigures(
            "weighted", "weighted", 2, 16398.8,
            Measured("chaser", 0.521, 0.513, 0.53, 12000),
        ),
        RungFigures(
            "house-network", "house-network", 2, 23209.5,
            Measured("weighted", 0.572, 0.563, 0.58, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:char_rollouts=0", 2, 1881.5,
            Measured("house-network", 0.587, 0.559, 0.614, 1200),
        ),
        RungFigures(
            "search", "lookahead:rollouts=45:char_rollouts=0:prior=0", 2, 1424.6,
            Measured("search-fast", 0.625, 0.597, 0.652, 1200),
        ),
        RungFigures(
            "search-150", "lookahead:rollouts=150:char_rollouts=0:prior=0", 2, 222.4,
            Measured("search", 0.525, 0.505, 0.545, 2400),
        ),
    ),
    3: (
        RungFigures(
            "chaser", "chaser", 3, 10490.3,
            None,
        ),
        RungFigures(
            "house-network", "house-network", 3, 11388.1,
            Measured("chaser", 0.907, 0.901, 0.912, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 3, 9540.0,
            Measured("house-network", 0.678, 0.669, 0.686, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:char_rollouts=0", 3, 1151.3,
            Measured("weighted", 0.693, 0.667, 0.719, 1200),
        ),
        RungFigures(
            "search-strong", "lookahead:rollouts=90:char_rollouts=0", 3, 372.6,
            Measured("search-fast", 0.587, 0.559, 0.614, 1200),
        ),
        RungFigures(
            "search-120", "lookahead:rollouts=120:char_rollouts=0:prior=0", 3, 197.9,
            Measured("search-strong", 0.565, 0.54, 0.591, 1440),
        ),
    ),
    4: (
        RungFigures(
            "chaser", "chaser", 4, 7693.0,
            None,
        ),
        RungFigures(
            "house-network", "house-network", 4, 8677.6,
            Measured("chaser", 0.918, 0.913, 0.923, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 4, 7430.0,
            Measured("house-network", 0.793, 0.786, 0.8, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:char_rollouts=0", 4, 1036.2,
            Measured("weighted", 0.745, 0.72, 0.769, 1200),
        ),
        RungFigures(
            "search-strong", "lookahead:rollouts=90:char_rollouts=0", 4, 361.3,
            Measured("search-fast", 0.618, 0.59, 0.645, 1200),
        ),
        RungFigures(
            "search-200", "lookahead:rollouts=200:char_rollouts=0", 4, 134.8,
            Measured("search-strong", 0.556, 0.519, 0.591, 720),
        ),
    ),
    5: (
        RungFigures(
            "chaser", "chaser", 5, 6013.0,
            None,
        ),
        RungFigures(
            "house-network", "house-network", 5, 6567.1,
            Measured("chaser", 0.757, 0.749, 0.765, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 5, 5683.8,
            Measured("house-network", 0.786, 0.778, 0.793, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:char_rollouts=0", 5, 867.4,
            Measured("weighted", 0.826, 0.803, 0.846, 1200),
        ),
        RungFigures(
            "search-strong", "lookahead:rollouts=90:char_rollouts=0", 5, 332.4,
            Measured("search-fast", 0.637, 0.609, 0.663, 1200),
        ),
        RungFigures(
            "search-120", "lookahead:rollouts=120:char_rollouts=0:prior=0", 5, 155.6,
            Measured("search-strong", 0.547, 0.511, 0.583, 720),
        ),
    ),
}  # fmt: skip
