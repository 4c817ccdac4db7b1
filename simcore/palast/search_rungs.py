"""Palast's recommended search rungs (issue 30), weakest first, as measured by
bench/search.py (docs/games/palast.md, "Search rungs"; docs/STRATEGIES.md).

    python -m bench.search --game palast --players 4 --ref lookahead --deals 40
        --speed-games 8 --repeats 2 --configs "TEXT;..."

`top` is `lookahead` (64 rollouts per harbour side, 24 per minor decision, to the end of
the game), the strongest rung before issue 30; it wins 65.0% [58.8, 70.8] (n=240) against
`weighted`. Rollouts cut after 8 or 12 turns (the figure lead now through a logistic) and
fewer of them keep its strength at 1.7 to 5.4 times its games per CPU second.
"""

from simcore.core.contract.rungs import Measured, RungFigures, SearchRung

TOP = "lookahead"

SEARCH_RUNGS = {
    4: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=24:minor_rollouts=8:horizon=8",
            4,
            games_per_cpu_s=272.6,
            top_games_per_cpu_s=50.4,
            vs_top=Measured(TOP, 0.467, 0.405, 0.530, 240),
            vs_weighted=Measured("weighted", 0.600, 0.537, 0.660, 240),
        ),
        SearchRung(
            "search-strong",
            "lookahead:horizon=12",
            4,
            games_per_cpu_s=89.9,
            top_games_per_cpu_s=52.9,
            vs_top=Measured(TOP, 0.521, 0.458, 0.583, 240),
            vs_weighted=Measured("weighted", 0.654, 0.592, 0.711, 240),
        ),
    ),
    3: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=24:minor_rollouts=8:horizon=8",
            3,
            games_per_cpu_s=225.3,
            top_games_per_cpu_s=48.1,
            vs_top=Measured(TOP, 0.467, 0.38, 0.556, 120),
            vs_weighted=Measured("weighted", 0.617, 0.527, 0.699, 120),
        ),
        SearchRung(
            "search-strong",
            "lookahead:horizon=12",
            3,
            games_per_cpu_s=68.5,
            top_games_per_cpu_s=48.1,
            vs_top=Measured(TOP, 0.458, 0.372, 0.547, 120),
            vs_weighted=Measured("weighted", 0.65, 0.561, 0.729, 120),
        ),
    ),
    2: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=24:minor_rollouts=8:horizon=8",
            2,
            games_per_cpu_s=158.4,
            top_games_per_cpu_s=33.5,
            vs_top=Measured(TOP, 0.475, 0.388, 0.564, 120),
            vs_weighted=Measured("weighted", 0.792, 0.711, 0.855, 120),
        ),
        SearchRung(
            "search-strong",
            "lookahead:horizon=12",
            2,
            games_per_cpu_s=48.8,
            top_games_per_cpu_s=33.5,
            vs_top=Measured(TOP, 0.633, 0.544, 0.714, 120),
            vs_weighted=Measured("weighted", 0.875, 0.804, 0.923, 120),
        ),
    ),
}

# The default study's ladder as `palace-lab strategies --ladder` prints it, per player count:
# every rung's games per CPU second (one seat of it among the default strategy) and its
# duel against the rung directly below (python -m bench.ladder --game palast --players P
# --literals; docs/games/palast.md, "The ladder, measured").
LADDER_FIGURES: dict[int, tuple[RungFigures, ...]] = {
    2: (
        RungFigures(
            "harbour", "harbour", 2, 19964.6,
            None,
        ),
        RungFigures(
            "vizier", "vizier", 2, 19188.1,
            Measured("harbour", 0.545, 0.536, 0.554, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 2, 20592.9,
            Measured("vizier", 0.523, 0.514, 0.532, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:minor_rollouts=8:horizon=8", 2, 221.9,
            Measured("weighted", 0.772, 0.736, 0.803, 600),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=12", 2, 59.5,
            Measured("search-fast", 0.615, 0.575, 0.653, 600),
        ),
        RungFigures(
            "search-h12-200", "lookahead:horizon=12:rollouts=200", 2, 23.6,
            Measured("search-strong", 0.508, 0.445, 0.571, 240),
        ),
    ),
    3: (
        RungFigures(
            "harbour", "harbour", 3, 18568.8,
            None,
        ),
        RungFigures(
            "vizier", "vizier", 3, 17965.9,
            Measured("harbour", 0.526, 0.518, 0.535, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 3, 19291.3,
            Measured("vizier", 0.545, 0.536, 0.554, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:minor_rollouts=8:horizon=8", 3, 307.8,
            Measured("weighted", 0.603, 0.564, 0.642, 600),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=12", 3, 81.1,
            Measured("search-fast", 0.578, 0.537, 0.616, 600),
        ),
        RungFigures(
            "search-h12-200", "lookahead:horizon=12:rollouts=200", 3, 31.1,
            Measured("search-strong", 0.525, 0.462, 0.587, 240),
        ),
    ),
    4: (
        RungFigures(
            "harbour", "harbour", 4, 16024.4,
            None,
        ),
        RungFigures(
            "vizier", "vizier", 4, 15849.3,
            Measured("harbour", 0.524, 0.515, 0.532, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 4, 17219.4,
            Measured("vizier", 0.572, 0.563, 0.581, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:minor_rollouts=8:horizon=8", 4, 345.2,
            Measured("weighted", 0.563, 0.523, 0.602, 600),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=12", 4, 94.4,
            Measured("search-fast", 0.527, 0.487, 0.566, 600),
        ),
        RungFigures(
            "search-h12-200", "lookahead:horizon=12:rollouts=200", 4, 37.5,
            Measured("search-strong", 0.546, 0.483, 0.608, 240),
        ),
    ),
}  # fmt: skip
