"""A strategy registered during one test only, for the tests of the search's models.

It is the game's `random` decide function under a new name with parameters of its own:
the search has never heard of it. Drivers are keyed by the registry's contents, so the
other tests' driver is untouched; both search test files use this one toy, so that they
share its driver (a driver takes a minute to compile).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import strategies
from strategies import registry

TOY = "zz-toy"


@contextmanager
def registered_toy(game: str) -> Iterator[registry.Strategy]:
    decide = strategies.strategies(game)["random"].decide
    registry.register(TOY, "a toy", game=game, params={"a": 0.5, "b": 2.0})(decide)
    try:
        yield strategies.strategies(game)[TOY]
    finally:
        registry._REGISTRY[game].pop(TOY, None)
