"""Named offsets of a flat int64 vector, checked when the module that declares them loads.

Every game's state, its record rows and each strategy's scratch memory are flat int64
vectors read through named offsets (`state[S.GOLD + p]`). A module declares its offsets
once, in order, with a `Layout`:

    _S = state_layout("mygame")           # the header below comes first, at fixed offsets
    TURN_PLAYER = _S.take("TURN_PLAYER")  # single slots fill the header's free slots first
    GOLD = _S.take("GOLD", MAX_SEATS)     # blocks follow, in declaration order
    STATE_SIZE = _S.done()                # raises at import if it outgrows its size

The offsets are plain module-level ints, so numba freezes them as constants (no cost),
and a layout that overlaps, overflows or names a field twice fails at import, not as a
wrong decision. `Params` does the same for a strategy's registered parameter vector.

The header every game's state starts with, at the same offsets in every game, is what
the generic engine skeleton (simcore/core/nb/skeleton_nb.py) and the tools read without
knowing the game: players, round, phase, the decision asked (kind and seat), end reason,
first error, errors, events logged. Its offsets are those the first game had (so its
recorded traces stay valid); the slots between them are the game's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

ROUND = 0  # the game's clock (round, day, turn), stamped on every event
N_PLAYERS = 2
END_REASON = 3  # the game's END_* code, 0 while running
FIRST_ERROR = 4  # first error code met, 0 if none
N_ERRORS = 5  # illegal answers replaced by defaults
LOG_N = 11  # events written to the log (counts past its capacity)
PHASE = 14  # where the engine stands (the game's PH_* codes)
ASK_KIND = 16  # decision kind the engine waits for, -1 = none
ASK_SEAT = 17  # seat that must decide, -1 = none

HEADER: Mapping[str, int] = {
    "ROUND": ROUND,
    "N_PLAYERS": N_PLAYERS,
    "END_REASON": END_REASON,
    "FIRST_ERROR": FIRST_ERROR,
    "N_ERRORS": N_ERRORS,
    "LOG_N": LOG_N,
    "PHASE": PHASE,
    "ASK_KIND": ASK_KIND,
    "ASK_SEAT": ASK_SEAT,
}
HEADER_SIZE = max(HEADER.values()) + 1
# a game's state module re-exports the header (`from simcore.core.contract.layout import *`), so
# that its engine reads S.PHASE as it reads its own fields
__all__ = list(HEADER)


class Layout:
    """Offsets of a vector, handed out in declaration order.

    `reserved`: offsets taken before the first `take` (a header); single slots fill the
    free ones below the highest reserved offset first, in order. `size`: the most entries
    the vector may have (None: no limit)."""

    def __init__(
        self, owner: str, size: int | None = None, reserved: Mapping[str, int] | None = None
    ):
        self.owner = owner
        self.size = size
        self.fields: dict[str, tuple[int, int]] = {n: (o, 1) for n, o in (reserved or {}).items()}
        taken = set((reserved or {}).values())
        if len(taken) != len(self.fields):
            raise ValueError(f"{owner} layout: two reserved names share an offset")
        self.used = max(taken) + 1 if taken else 0
        self._free = [i for i in range(self.used) if i not in taken]
        self.columns: list[str] = []

    def take(self, name: str, n: int = 1, columns: Sequence[str] = ()) -> int:
        """The offset of a new field of n entries. `columns`: the names of its entries
        (a record's column names); default: the field's name for a single entry."""
        if name in self.fields:
            raise ValueError(f"{self.owner} layout: '{name}' declared twice")
        if n < 0:
            raise ValueError(f"{self.owner} layout: '{name}' has negative size {n}")
        if n == 1 and self._free:
            offset = self._free.pop(0)
        else:
            offset = self.used
            self.used += n
        self.fields[name] = (offset, n)
        names = tuple(columns) or ((name,) if n == 1 else ())
        if names and len(names) != n:
            raise ValueError(f"{self.owner} layout: '{name}' has {n} entries, {len(names)} names")
        self.columns.extend(names)
        return offset

    def done(self) -> int:
        """The entries used (header slots a small game leaves free stay unused); raises if
        they exceed the size."""
        if self.size is not None and self.used > self.size:
            raise ValueError(f"{self.owner} layout: {self.used} entries, at most {self.size}")
        return self.used

    def names(self) -> dict[str, int]:
        """Every field's offset, by name (for tools and tests)."""
        return {name: offset for name, (offset, _) in self.fields.items()}


def state_layout(game: str) -> Layout:
    """A game state's layout: the common header, then the game's fields."""
    return Layout(f"{game} state", reserved=HEADER)


class Params:
    """Offsets of a registered parameter vector, by name."""

    def __init__(self, owner: str, params: Mapping[str, float]):
        self.owner = owner
        self.names = tuple(params)
        self.given: set[str] = set()

    def index(self, name: str, span: int = 1) -> int:
        """Offset of `name`; with span > 1 the first of `span` consecutive names."""
        if name not in self.names:
            raise ValueError(f"{self.owner} params: '{name}' is not registered")
        i = self.names.index(name)
        if i + span > len(self.names):
            raise ValueError(f"{self.owner} params: '{name}' + {span} runs past the vector")
        self.given.update(self.names[i : i + span])
        return i

    def done(self) -> int:
        """The vector's length; raises if a registered name has no offset."""
        missing = [n for n in self.names if n not in self.given]
        if missing:
            raise ValueError(f"{self.owner} params: no offset for {', '.join(missing)}")
        return len(self.names)
