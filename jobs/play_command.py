"""`palace-lab play`: one game played and told move by move (or as JSON lines)."""

from __future__ import annotations

import json

from jobs.run_job import data_from, rules_from, seats_from, study_strategy


def play_lines(plugin, players: int, strategy: str | None, rules_file, board_file, data_items,
               sets, variants, seed: int, game_index: int, as_json: bool) -> list[str]:  # fmt: skip
    """The event log of game `game_index` of `seed`, with scores and the final ranking."""
    import strategies

    rules = rules_from(plugin, rules_file, sets, variants)
    plugin.check_rules(rules, players)
    data = data_from(plugin, board_file, data_items)
    strategy = study_strategy(plugin) if strategy is None else strategy
    seats, sids, params = seats_from(plugin, strategy, players)
    driver = strategies.driver_for(plugin.name, sids, params)
    played = plugin.play_game(driver, sids, params, players, seed, game_index, rules, data)
    if as_json:
        from jobs.play_text import json_event

        return [json.dumps(json_event(plugin.event_record(row, data))) for row in played.log]
    return _told(plugin, driver, played, sids, params, players, strategy, seed, game_index,
                 rules, data)  # fmt: skip


def _told(plugin, driver, played, sids, params, players, strategy, seed, game_index, rules,
          data) -> list[str]:  # fmt: skip
    from jobs.play_score import play_scored, with_scores
    from jobs.play_text import header, ranking
    from simcore.core.contract.play import Play

    log, standings = played.log, []
    own = getattr(plugin.play_game, "__self__", None)
    if isinstance(own, Play):  # the driver protocol's loop, which play_scored steps through
        log, standings = play_scored(plugin, driver, sids, params, players, seed, game_index,
                                     rules, data, own.log_capacity)  # fmt: skip
    events = [plugin.describe_event(row, data) for row in log]
    names = [s.strip() for s in strategy.split(",")]
    names = names * players if len(names) == 1 else names
    return [*header(plugin, players, strategy, seed, game_index, rules),
            *with_scores(events, standings),
            *ranking(plugin, played.records, players, names, rules)]  # fmt: skip
