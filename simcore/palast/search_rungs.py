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
    4: (
        RungFigures(
            "harbour", "harbour", 4, 15312.7,
            None,
        ),
        RungFigures(
            "vizier", "vizier", 4, 15100.5,
            Measured("harbour", 0.517, 0.499, 0.535, 3000),
        ),
        RungFigures(
            "weighted", "weighted", 4, 14994.2,
            Measured("vizier", 0.568, 0.55, 0.586, 3000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:minor_rollouts=8:horizon=8", 4, 287.8,
            Measured("weighted", 0.614, 0.563, 0.663, 360),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=12", 4, 88.2,
            Measured("search-fast", 0.565, 0.515, 0.617, 360),
        ),
        RungFigures(
            "search-h12-200", "lookahead:horizon=12:rollouts=200", 4, 34.2,
            Measured("search-strong", 0.525, 0.436, 0.612, 120),
        ),
    ),
}  # fmt: skip
