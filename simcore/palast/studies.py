"""Predefined studies of Palast (palace-lab study --game palast)."""

from __future__ import annotations

from simcore.core.contract.plugin import Study


def studies(players: int) -> dict[str, Study]:
    return {}
