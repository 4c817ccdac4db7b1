"""The search's buffers as named structures (simcore/core/nb/driver_search.py).

A searched decision needs some thirty arrays and numbers on every rollout; passed one by
one they made 35-argument calls. They travel as namedtuples instead (vectorbt's contexts
are the model): numba passes a namedtuple of arrays like its fields, so the grouping costs
nothing, and a field is read by name. They live in a real module, not in the copied
driver code, so numba's cache can find the classes again.

A field must not be named like an array method (`view`, `copy`...): numba reads `t.view`
as that method and refuses it.
"""

from collections import namedtuple

# What the search knows of its decision; read-only while it runs. `seen` is the searching
# seat's determinised view of the state; `msids`/`mparams` how the rollouts play each seat;
# `cands` the candidate rows [ret, out...]; rollout seed r is `base + r`; rollouts stop at
# progress `limit` (`start` is the progress at the decision); `explore` as in GENERIC.
Decision = namedtuple(
    "Decision",
    [
        "seen", "board", "rules", "seat", "kind", "params", "msids", "mparams", "scratch",
        "cands", "base", "start", "limit", "explore",
    ],
)  # fmt: skip

# The worlds of a batch of rollout seeds (one row each: state, every seat's memory, the
# streams, whether the others' common decisions were played once), the value of every alive
# candidate in each (`vals`), and the halving's bookkeeping: the alive candidates and their
# summed values. With `tree` (search_nb.ucb_nb) also the level below each candidate: the
# child every rollout took (`child`, -1 none) and how many the seat had there (`kids`), the
# child each candidate's next rollout takes (`pick`), and per candidate and child the
# rollouts (`ccount`) and their summed values (`ctotal`); `known`: children per candidate.
Worlds = namedtuple(
    "Worlds",
    [
        "state", "scratch", "rng", "shared", "vals", "alive", "total", "child", "kids", "pick",
        "ccount", "ctotal", "known",
    ],
)  # fmt: skip

# Every thread's play buffers (one row each; `stat` holds the furthest progress and the
# games ended) and the empty event log that makes logging free.
Lanes = namedtuple("Lanes", ["state", "scratch", "rng", "out", "work", "x", "stat", "log"])

# One world (a row of Worlds) and one thread's buffers (a row of Lanes).
World = namedtuple("World", ["state", "scratch", "rng"])
Lane = namedtuple("Lane", ["state", "scratch", "rng", "out", "work", "x", "log"])
