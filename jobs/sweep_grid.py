"""A sweep's grid of rule values (`--set key=v1,v2,...`), checked in full before anything is
played: an unknown key, a bad value or an empty list is one InputError (through the
game's rules, so any game's keys work)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from simcore.core.contract.plugin import GamePlugin
from simcore.core.errors import InputError


@dataclass(frozen=True)
class Axis:
    key: str
    values: tuple[int | bool, ...]


def parse_axes(items: tuple[str, ...], plugin: GamePlugin) -> list[Axis]:
    """`key=v1,v2,...` per item -> axes; every value checked against the rules."""
    if not items:
        example = plugin.examples()["sweep"]
        raise InputError(f"sweep: give at least one --set key=v1,v2,... (e.g. {example})")
    axes: list[Axis] = []
    for item in items:
        key, eq, text = (s.strip() for s in item.partition("="))
        if not eq or not key:
            raise InputError(
                f"sweep --set {item!r}: expected key=v1,v2,..., e.g. {plugin.examples()['sweep']}"
            )
        if key in {a.key for a in axes}:
            raise InputError(f"sweep --set: {key} given twice")
        parts = [p.strip() for p in text.split(",")]
        if not text or any(not p for p in parts):
            raise InputError(f"sweep --set {item!r}: empty value list")
        values = []
        for p in parts:
            if "." in key:  # a row of a table (payouts.4=...): not a single value
                raise InputError(f"sweep --set {item!r}: {key} cannot be swept; use a rules file")
            rules = plugin.default_rules().with_overrides([f"{key}={p}"])  # names a bad key/value
            values.append(getattr(rules, key))
        if len(set(values)) != len(values):
            raise InputError(f"sweep --set {item!r}: a value is repeated")
        axes.append(Axis(key, tuple(values)))
    return axes


def grid(axes: list[Axis]) -> list[dict[str, int | bool]]:
    """Every combination of values, the first axis varying slowest."""
    return [dict(zip([a.key for a in axes], combo)) for combo in
            itertools.product(*[a.values for a in axes])]  # fmt: skip


def point_folder(point: dict) -> str:
    return ",".join(f"{k}={str(v).lower()}" for k, v in point.items())


def point_sets(point: dict) -> tuple[str, ...]:
    return tuple(f"{k}={str(v).lower()}" for k, v in point.items())


def swept(axes: list[Axis]) -> list[str]:
    """Keys that take more than one value (the chart axes); single values are fixed."""
    return [a.key for a in axes if len(a.values) > 1]
