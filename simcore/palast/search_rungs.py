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
# search-h12-200 is no rung of the default study since session 9 (no climb: not measured
# stronger than search-strong at any count; simcore/palast/studies.py); its rows stay as
# measured, at 4 players the same duel played on to 240 deals (2 Dec, load 7-14, seed 0).
LADDER_FIGURES: dict[int, tuple[RungFigures, ...]] = {
    2: (
        RungFigures(
            "harbour", "harbour", 2, 14909.6,
            None,
        ),
        RungFigures(
            "vizier", "vizier", 2, 16096.8,
            Measured("harbour", 0.545, 0.536, 0.554, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 2, 17887.8,
            Measured("vizier", 0.523, 0.514, 0.532, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:minor_rollouts=8:horizon=8", 2, 188.3,
            Measured("weighted", 0.786, 0.762, 0.808, 1200),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=12", 2, 53.5,
            Measured("search-fast", 0.612, 0.584, 0.639, 1200),
        ),
        RungFigures(
            "search-h12-200", "lookahead:horizon=12:rollouts=200", 2, 19.8,
            Measured("search-strong", 0.526, 0.49, 0.563, 720),
        ),
    ),
    3: (
        RungFigures(
            "harbour", "harbour", 3, 15808.2,
            None,
        ),
        RungFigures(
            "vizier", "vizier", 3, 16095.1,
            Measured("harbour", 0.526, 0.518, 0.535, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 3, 17831.1,
            Measured("vizier", 0.545, 0.536, 0.554, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:minor_rollouts=8:horizon=8", 3, 271.9,
            Measured("weighted", 0.577, 0.549, 0.604, 1200),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=12", 3, 68.8,
            Measured("search-fast", 0.575, 0.547, 0.603, 1200),
        ),
        RungFigures(
            "search-h12-200", "lookahead:horizon=12:rollouts=200", 3, 27.5,
            Measured("search-strong", 0.528, 0.491, 0.564, 720),
        ),
    ),
    4: (
        RungFigures(
            "harbour", "harbour", 4, 15794.8,
            None,
        ),
        RungFigures(
            "vizier", "vizier", 4, 15639.4,
            Measured("harbour", 0.524, 0.515, 0.532, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 4, 17151.8,
            Measured("vizier", 0.572, 0.563, 0.581, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=24:minor_rollouts=8:horizon=8", 4, 353.4,
            Measured("weighted", 0.579, 0.55, 0.606, 1200),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=12", 4, 92.6,
            Measured("search-fast", 0.534, 0.505, 0.561, 1200),
        ),
        RungFigures(
            "search-h12-200", "lookahead:horizon=12:rollouts=200", 4, 34.6,
            Measured("search-strong", 0.523, 0.497, 0.549, 1440),
        ),
    ),
}  # fmt: skip
