"""Taj Mahal's recommended search rungs (issue 30), weakest first, as measured by
bench/search.py (docs/games/tajmahal.md, "Search rungs"; docs/STRATEGIES.md).

    python -m bench.search --game tajmahal --players 4 --ref lookahead --deals 40
        --speed-games 8 --repeats 2 --configs "lookahead:horizon=1:rollouts=15;..."

`top` is `lookahead` (60 rollouts to the end of the game), the strongest rung before issue
30. Cutting the rollouts at the next visit (`horizon=1`, progress_nb counts visits) and
valuing the position by the points as they stand plus `card` per hand card is 17 to 26
times cheaper (15 or 30 rollouts) and stronger: a rollout to the end mostly measures
the policy's play in later visits, noise for the decision at hand.
"""

from simcore.core.contract.rungs import Measured, RungFigures, SearchRung

TOP = "lookahead"

SEARCH_RUNGS = {
    4: (
        SearchRung(
            "search-fast",
            "lookahead:horizon=1:rollouts=15",
            4,
            games_per_cpu_s=332.9,
            top_games_per_cpu_s=12.7,
            vs_top=Measured(TOP, 0.595, 0.533, 0.656, 240),
            vs_weighted=Measured("weighted", 0.837, 0.786, 0.879, 240),
        ),
        SearchRung(
            "search",
            "lookahead:horizon=1:rollouts=30",
            4,
            games_per_cpu_s=213.1,
            top_games_per_cpu_s=12.5,
            vs_top=Measured(TOP, 0.631, 0.571, 0.692, 240),
            vs_weighted=Measured("weighted", 0.858, 0.809, 0.897, 240),
        ),
        SearchRung(
            "search-strong",
            "lookahead:horizon=2",
            4,
            games_per_cpu_s=52.9,
            top_games_per_cpu_s=11.3,
            vs_top=Measured(TOP, 0.671, 0.609, 0.727, 240),
            vs_weighted=Measured("weighted", 0.958, 0.925, 0.977, 240),
        ),
    ),
    3: (
        SearchRung(
            "search-fast",
            "lookahead:horizon=1:rollouts=15",
            3,
            games_per_cpu_s=385.3,
            top_games_per_cpu_s=17.1,
            vs_top=Measured(TOP, 0.675, 0.587, 0.752, 120),
            vs_weighted=Measured("weighted", 0.892, 0.823, 0.936, 120),
        ),
        SearchRung(
            "search",
            "lookahead:horizon=1:rollouts=30",
            3,
            games_per_cpu_s=294.0,
            top_games_per_cpu_s=17.1,
            vs_top=Measured(TOP, 0.642, 0.553, 0.722, 120),
            vs_weighted=Measured("weighted", 0.942, 0.884, 0.971, 120),
        ),
    ),
    5: (
        SearchRung(
            "search-fast",
            "lookahead:horizon=1:rollouts=15",
            5,
            games_per_cpu_s=307.2,
            top_games_per_cpu_s=9.4,
            vs_top=Measured(TOP, 0.629, 0.544, 0.714, 120),
            vs_weighted=Measured("weighted", 0.717, 0.63, 0.79, 120),
        ),
        SearchRung(
            "search",
            "lookahead:horizon=1:rollouts=30",
            5,
            games_per_cpu_s=204.6,
            top_games_per_cpu_s=9.4,
            vs_top=Measured(TOP, 0.638, 0.553, 0.722, 120),
            vs_weighted=Measured("weighted", 0.8, 0.72, 0.862, 120),
        ),
    ),
}

# The default study's ladder as `palace-lab strategies --ladder` prints it, per player count:
# every rung's games per CPU second (one seat of it among the default strategy) and its
# duel against the rung directly below. The scripted rungs and search-fast's speed: python
# -m bench.ladder --game tajmahal --players P --literals (session 8, load 2-7). search-lite
# (5 rollouts) and the two duels above weighted: python -m bench.search --game tajmahal
# --players P --configs "lookahead:horizon=1:rollouts=5" --ref REF --no-base (REF weighted:
# --deals 50, 15 at 5 players, seed 22; REF search-fast's text: --deals 200, 60 at 5
# players, seed 21; session 9, load about 10; docs/games/tajmahal.md, "The ladder, measured").
LADDER_FIGURES: dict[int, tuple[RungFigures, ...]] = {
    3: (
        RungFigures(
            "networks", "networks", 3, 10223.7,
            None,
        ),
        RungFigures(
            "commodities", "commodities", 3, 10328.9,
            Measured("networks", 0.964, 0.96, 0.967, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 3, 11559.3,
            Measured("commodities", 0.678, 0.67, 0.687, 12000),
        ),
        RungFigures(
            "search-lite", "lookahead:horizon=1:rollouts=5", 3, 718.8,
            Measured("weighted", 0.818, 0.773, 0.859, 300),
        ),
        RungFigures(
            "search-fast", "lookahead:horizon=1:rollouts=15", 3, 622.4,
            Measured("search-lite", 0.598, 0.57, 0.626, 1200),
        ),
    ),
    4: (
        RungFigures(
            "networks", "networks", 4, 8561.8,
            None,
        ),
        RungFigures(
            "commodities", "commodities", 4, 8706.0,
            Measured("networks", 0.933, 0.928, 0.937, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 4, 9394.8,
            Measured("commodities", 0.762, 0.755, 0.77, 12000),
        ),
        RungFigures(
            "search-lite", "lookahead:horizon=1:rollouts=5", 4, 765.2,
            Measured("weighted", 0.764, 0.712, 0.808, 300),
        ),
        RungFigures(
            "search-fast", "lookahead:horizon=1:rollouts=15", 4, 568.1,
            Measured("search-lite", 0.598, 0.569, 0.625, 1200),
        ),
    ),
    5: (
        RungFigures(
            "networks", "networks", 5, 5815.5,
            None,
        ),
        RungFigures(
            "commodities", "commodities", 5, 6216.8,
            Measured("networks", 0.85, 0.844, 0.857, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 5, 7055.2,
            Measured("commodities", 0.784, 0.776, 0.791, 12000),
        ),
        RungFigures(
            "search-lite", "lookahead:horizon=1:rollouts=5", 5, 431.9,
            Measured("weighted", 0.686, 0.632, 0.737, 300),
        ),
        RungFigures(
            "search-fast", "lookahead:horizon=1:rollouts=15", 5, 455.6,
            Measured("search-lite", 0.596, 0.568, 0.623, 1200),
        ),
    ),
}  # fmt: skip
