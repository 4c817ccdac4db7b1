"""What `palace-lab games`, `strategies` and `rules` list: one line per item."""

from __future__ import annotations

from simcore.core.contract.games import games
from simcore.core.errors import InputError


def game_lines() -> list[str]:
    """Every registered game with its player range and data files."""
    out = []
    for name, g in sorted(games().items()):
        files = ", ".join(f.name for f in g.data_files)
        data = f"  (data files: {files})" if files else ""
        out.append(f"{name:<14} {g.min_players}-{g.max_players} players  {g.title}{data}")
    return out


def strategy_lines(plugin) -> list[str]:
    """The game's registered strategies, the default one marked."""
    import strategies

    default = strategies.default_strategy(plugin.name)
    return [f"{name:<14} {s.description}{' (default)' if name == default else ''}"
            for name, s in strategies.strategies(plugin.name).items()]  # fmt: skip


def ladder_text(plugin, players: int) -> list[str]:
    """The default study's ladder at `players`, weakest rung first."""
    from jobs.ladder import ladder_lines

    lad = plugin.ladder(players, False)
    if lad is None:
        raise InputError(f"{plugin.name} has no ladder")
    return ladder_lines(lad, players)


def rule_lines(plugin) -> list[str]:
    """Every rule value with its default, rule id and [choice] mark."""
    defaults = plugin.default_rules().to_dict()
    return [f"{key:<22} {defaults[key]!s:<28} {doc}{' [choice]' if key in plugin.choices else ''}"
            for key, doc in plugin.rule_docs.items()]  # fmt: skip
