"""Vermächtnis's recommended search rungs (issue 30), weakest first, as measured by
bench/search.py (docs/games/vermaechtnis.md, "Search rungs"; docs/STRATEGIES.md).

    python -m bench.search --game vermaechtnis --players 4 --ref lookahead --deals 50
        --speed-games 20 --repeats 2 --configs "TEXT;..."

`top` is `lookahead` (100 rollouts per action, 40 per card, to the end of the game), the
strongest search before issue 30. A horizon of 16 turns (four rounds at 4 players)
with the points-now estimate twice as wide (`scale=6`) keeps its strength at 2.3 times
its games per CPU second; a horizon of 4 turns does not (the points now say little
about a turn's purchase: 17% against the top rung, below `weighted`).
"""

from simcore.core.contract.rungs import Measured, RungFigures, SearchRung

TOP = "lookahead"

SEARCH_RUNGS = {
    4: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=10:card_rollouts=4",
            4,
            games_per_cpu_s=872.0,
            top_games_per_cpu_s=91.4,
            vs_top=Measured(TOP, 0.383, 0.330, 0.439, 300),
            vs_weighted=Measured("weighted", 0.724, 0.670, 0.771, 300),
        ),
        SearchRung(
            "search",
            "lookahead:horizon=16:scale=6:rollouts=50:card_rollouts=20",
            4,
            games_per_cpu_s=427.0,
            top_games_per_cpu_s=99.3,
            vs_top=Measured(TOP, 0.467, 0.411, 0.523, 300),
            vs_weighted=Measured("weighted", 0.738, 0.684, 0.783, 300),
        ),
        SearchRung(
            "search-strong",
            "lookahead:horizon=16:scale=6",
            4,
            games_per_cpu_s=236.7,
            top_games_per_cpu_s=104.3,
            vs_top=Measured(TOP, 0.498, 0.444, 0.556, 300),
            vs_weighted=Measured("weighted", 0.772, 0.723, 0.817, 300),
        ),
    ),
    3: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=10:card_rollouts=4",
            3,
            games_per_cpu_s=695.6,
            top_games_per_cpu_s=90.5,
            vs_top=Measured(TOP, 0.392, 0.319, 0.473, 150),
            vs_weighted=Measured("weighted", 0.83, 0.758, 0.879, 150),
        ),
        SearchRung(
            "search",
            "lookahead:horizon=16:scale=6:rollouts=50:card_rollouts=20",
            3,
            games_per_cpu_s=394.3,
            top_games_per_cpu_s=90.5,
            vs_top=Measured(TOP, 0.487, 0.408, 0.566, 150),
            vs_weighted=Measured("weighted", 0.843, 0.773, 0.89, 150),
        ),
        SearchRung(
            "search-strong",
            "lookahead:horizon=16:scale=6",
            3,
            games_per_cpu_s=206.0,
            top_games_per_cpu_s=90.5,
            vs_top=Measured(TOP, 0.523, 0.441, 0.598, 150),
            vs_weighted=Measured("weighted", 0.893, 0.834, 0.933, 150),
        ),
    ),
    2: (
        SearchRung(
            "search-fast",
            "lookahead:rollouts=10:card_rollouts=4",
            2,
            games_per_cpu_s=534.6,
            top_games_per_cpu_s=69.3,
            vs_top=Measured(TOP, 0.31, 0.238, 0.385, 150),
            vs_weighted=Measured("weighted", 0.867, 0.803, 0.912, 150),
        ),
        SearchRung(
            "search",
            "lookahead:horizon=16:scale=6:rollouts=50:card_rollouts=20",
            2,
            games_per_cpu_s=274.2,
            top_games_per_cpu_s=69.3,
            vs_top=Measured(TOP, 0.547, 0.467, 0.624, 150),
            vs_weighted=Measured("weighted", 0.977, 0.933, 0.99, 150),
        ),
        SearchRung(
            "search-strong",
            "lookahead:horizon=16:scale=6",
            2,
            games_per_cpu_s=143.2,
            top_games_per_cpu_s=69.3,
            vs_top=Measured(TOP, 0.54, 0.46, 0.618, 150),
            vs_weighted=Measured("weighted", 0.98, 0.943, 0.993, 150),
        ),
    ),
}

# The default study's ladder as `palace-lab strategies --ladder` prints it, per player count:
# every rung's games per CPU second (one seat of it among the default strategy) and its
# duel against the rung directly below (python -m bench.ladder --game vermaechtnis --players P
# --literals; docs/games/vermaechtnis.md, "The ladder, measured").
# Session 9 (2 Dec, load 7-14, seed 0, the same duels): the 2-player scripted rungs in
# measured order, and lookahead-300 against search-strong at 2 players on 720 deals
# (docs/games/vermaechtnis.md: the steps re-measured, n per step below).
LADDER_FIGURES: dict[int, tuple[RungFigures, ...]] = {
    2: (
        RungFigures(
            "collector", "collector", 2, 76722.7,
            None,
        ),
        RungFigures(
            "pairs", "pairs", 2, 72503.1,
            Measured("collector", 0.657, 0.649, 0.666, 12000),
        ),
        RungFigures(
            "chaser", "chaser", 2, 77498.5,
            Measured("pairs", 0.528, 0.519, 0.537, 12000),
        ),
        RungFigures(
            "hoarder", "hoarder", 2, 75652.5,
            Measured("chaser", 0.616, 0.607, 0.624, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 2, 60285.3,
            Measured("hoarder", 0.921, 0.916, 0.925, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=10:card_rollouts=4", 2, 644.0,
            Measured("weighted", 0.845, 0.823, 0.864, 1200),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=16:scale=6", 2, 156.2,
            Measured("search-fast", 0.679, 0.651, 0.704, 1200),
        ),
        RungFigures(
            "lookahead-300", "lookahead:rollouts=300", 2, 23.7,
            Measured("search-strong", 0.528, 0.502, 0.553, 1440),
        ),
    ),
    3: (
        RungFigures(
            "collector", "collector", 3, 87701.4,
            None,
        ),
        RungFigures(
            "pairs", "pairs", 3, 83667.0,
            Measured("collector", 0.697, 0.688, 0.705, 12000),
        ),
        RungFigures(
            "hoarder", "hoarder", 3, 88777.5,
            Measured("pairs", 0.586, 0.577, 0.594, 12000),
        ),
        RungFigures(
            "chaser", "chaser", 3, 77612.5,
            Measured("hoarder", 0.506, 0.497, 0.514, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 3, 75611.7,
            Measured("chaser", 0.808, 0.801, 0.815, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=10:card_rollouts=4", 3, 866.4,
            Measured("weighted", 0.791, 0.767, 0.813, 1200),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=16:scale=6", 3, 232.9,
            Measured("search-fast", 0.613, 0.585, 0.64, 1200),
        ),
        RungFigures(
            "lookahead-300", "lookahead:rollouts=300", 3, 37.7,
            Measured("search-strong", 0.54, 0.502, 0.575, 720),
        ),
    ),
    4: (
        RungFigures(
            "collector", "collector", 4, 74951.3,
            None,
        ),
        RungFigures(
            "pairs", "pairs", 4, 77344.9,
            Measured("collector", 0.626, 0.618, 0.635, 12000),
        ),
        RungFigures(
            "hoarder", "hoarder", 4, 79624.6,
            Measured("pairs", 0.562, 0.553, 0.571, 12000),
        ),
        RungFigures(
            "chaser", "chaser", 4, 73689.3,
            Measured("hoarder", 0.632, 0.623, 0.64, 12000),
        ),
        RungFigures(
            "weighted", "weighted", 4, 74207.1,
            Measured("chaser", 0.887, 0.881, 0.892, 12000),
        ),
        RungFigures(
            "search-fast", "lookahead:rollouts=10:card_rollouts=4", 4, 1030.6,
            Measured("weighted", 0.687, 0.66, 0.712, 1200),
        ),
        RungFigures(
            "search-strong", "lookahead:horizon=16:scale=6", 4, 241.5,
            Measured("search-fast", 0.579, 0.551, 0.607, 1200),
        ),
        RungFigures(
            "lookahead-300", "lookahead:rollouts=300", 4, 42.7,
            Measured("search-strong", 0.566, 0.53, 0.602, 720),
        ),
    ),
}  # fmt: skip
