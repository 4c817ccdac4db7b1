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
# duel against the rung directly below (python -m bench.ladder --game tajmahal --players P
# --literals; docs/games/tajmahal.md, "The ladder, measured").
LADDER_FIGURES: dict[int, tuple[RungFigures, ...]] = {
    3: (
        RungFigures(
            "networks", "networks", 3, 10297.0,
            None,
        ),
        RungFigures(
            "commodities", "commodities", 3, 10622.3,
            Measured("networks", 0.964, 0.96, 0.967, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 3, 11950.7,
            Measured("commodities", 0.678, 0.67, 0.687, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:horizon=1:rollouts=15", 3, 572.3,
            Measured("weighted", 0.902, 0.875, 0.923, 600),
        ),
        RungFigures(
            "search", "lookahead:horizon=1:rollouts=30", 3, 323.2,
            Measured("search-fast", 0.486, 0.447, 0.527, 600),
        ),
        RungFigures(
            "search-h3", "lookahead:horizon=3", 3, 55.4,
            Measured("search", 0.398, 0.34, 0.463, 240),
        ),
    ),
    4: (
        RungFigures(
            "networks", "networks", 4, 8501.2,
            None,
        ),
        RungFigures(
            "commodities", "commodities", 4, 8700.1,
            Measured("networks", 0.933, 0.928, 0.937, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 4, 9139.0,
            Measured("commodities", 0.762, 0.755, 0.77, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:horizon=1:rollouts=15", 4, 539.5,
            Measured("weighted", 0.84, 0.809, 0.867, 600),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=2", 4, 71.5,
            Measured("search-fast", 0.56, 0.52, 0.599, 600),
        ),
        RungFigures(
            "search-h3", "lookahead:horizon=3", 4, 44.8,
            Measured("search-strong", 0.472, 0.409, 0.534, 240),
        ),
    ),
    5: (
        RungFigures(
            "networks", "networks", 5, 6901.7,
            None,
        ),
        RungFigures(
            "commodities", "commodities", 5, 6930.9,
            Measured("networks", 0.85, 0.844, 0.857, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 5, 7261.7,
            Measured("commodities", 0.784, 0.776, 0.791, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:horizon=1:rollouts=15", 5, 463.8,
            Measured("weighted", 0.767, 0.731, 0.799, 600),
        ),
        RungFigures(
            "search", "lookahead:horizon=1:rollouts=30", 5, 272.8,
            Measured("search-fast", 0.504, 0.463, 0.543, 600),
        ),
        RungFigures(
            "search-h3", "lookahead:horizon=3", 5, 37.2,
            Measured("search", 0.549, 0.487, 0.612, 240),
        ),
    ),
}  # fmt: skip
