"""The one convention for a strategy's parameter vector and scratch memory.

A strategy declares, at module level and in one block each:

    PARAMS = {"palace": 12.0, ...}          # what @register(params=PARAMS) registers
    _P = Params("weighted", PARAMS)
    W_PALACE = _P.index("palace")           # offsets by name, checked against PARAMS
    W_CHAR0 = _P.index("char_mogul", span=7)  # a run of consecutive names
    _P.done()                               # every name given an offset

    _L = Scratch("weighted")                # a seat's int64 memory (game_nb.SCRATCH_SIZE)
    _ROUTE = _L.take("route", ROUTE_SIZE)   # blocks in declaration order
    _TARGET = _L.take("target")
    SCRATCH_USED = _L.done()                # raises at import if it outgrows SCRATCH_SIZE

The offsets are plain module-level ints, so numba freezes them as constants (no cost).
A kit block (e.g. a stored route, kit.route_nb) declares its inner layout the same way
with its own size. Everything is checked when the module is imported, so a layout that
overlaps, overflows the engine's SCRATCH_SIZE or names a parameter that is not
registered fails at once, not as a wrong decision.
"""

from __future__ import annotations

from collections.abc import Mapping

from simcore.maharaja.nb.game_nb import SCRATCH_SIZE


class Scratch:
    """Offsets of a memory block, handed out in declaration order."""

    def __init__(self, owner: str, size: int | None = SCRATCH_SIZE, start: int = 0):
        self.owner = owner
        self.size = size
        self.used = start
        self.fields: dict[str, tuple[int, int]] = {}

    def take(self, name: str, n: int = 1) -> int:
        if name in self.fields:
            raise ValueError(f"{self.owner} scratch: '{name}' declared twice")
        if n < 0:
            raise ValueError(f"{self.owner} scratch: '{name}' has negative size {n}")
        offset = self.used
        self.fields[name] = (offset, n)
        self.used += n
        return offset

    def done(self) -> int:
        """The entries used; raises if they exceed the size."""
        if self.size is not None and self.used > self.size:
            raise ValueError(f"{self.owner} scratch: {self.used} entries, at most {self.size}")
        return self.used


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
