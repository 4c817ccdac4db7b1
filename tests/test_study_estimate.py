"""The study's time estimate (jobs.study_estimate): each table is timed once, and a ladder
step's seat arrangements cost the mean of their seats' own tables, so a study of many
arrangements does not time each one (three minutes of one core before the first game,
issue 31). Timing is replaced by fixed costs so the arithmetic is checked by hand."""

from types import SimpleNamespace

import jobs.study_estimate as est


class _Seat:
    def __init__(self, name: str, rollouts: float):
        self.name, self.rollouts = name, rollouts

    def params(self):
        return (self.rollouts,)


def _job(seats, games, players=4):
    settings = {"game": "g", "players": players, "games": games, "seed": 0, "chunk": 10,
                "strategy": ",".join(n for n, _ in seats), "sets": ["deal=random"]}  # fmt: skip
    return SimpleNamespace(seats=[_Seat(n, r) for n, r in seats], games=games,
                           settings=lambda: settings, label=seats)  # fmt: skip


def test_each_table_is_timed_once_and_arrangements_cost_their_seats_mean(monkeypatch):
    cost = {"weak": 0.001, "strong": 0.009}  # seconds a game, a table of that bot
    timed = []

    def fake(job):
        timed.append(job.label)
        names = {n for n, _ in job.label}
        assert len(names) == 1, "a mixed table is never timed when its seats' tables were"
        return cost[names.pop()]

    monkeypatch.setattr(est, "_timed", fake)
    weak, strong = [("weak", 1.0)] * 4, [("strong", 9.0)] * 4
    mixed = [[("strong", 9.0), ("strong", 9.0), ("weak", 1.0), ("weak", 1.0)],
             [("weak", 1.0), ("strong", 9.0), ("weak", 1.0), ("strong", 9.0)]]  # fmt: skip
    known: dict = {}
    # the tables first (study_estimate sorts the uniform tables ahead of the arrangements)
    for seats in (weak, strong):
        est.game_seconds(_job(seats, 100), known)
    for seats in mixed:
        # two seats of each: (2 x 0.009 + 2 x 0.001) / 4 = 0.005 s a game
        assert abs(est.game_seconds(_job(seats, 100), known) - 0.005) < 1e-12
    assert len(timed) == 2
    # another table of the same bot (a rerun at the same count) is not timed again
    assert est.game_seconds(_job(weak, 5000), known) == 0.001 and len(timed) == 2
    # the same bot at another player count is another table
    est.game_seconds(_job([("weak", 1.0)] * 3, 100, players=3), known)
    assert len(timed) == 3


def test_a_mixed_table_without_its_seats_tables_is_timed_itself(monkeypatch):
    monkeypatch.setattr(est, "_timed", lambda job: 0.25)
    known: dict = {}
    seats = [("a", 1.0), ("b", 2.0), ("a", 1.0), ("b", 2.0)]
    assert est.game_seconds(_job(seats, 10), known) == 0.25 and len(known) == 1
    # its other arrangement is the same table (the same seats in other places)
    again = [("b", 2.0), ("a", 1.0), ("a", 1.0), ("b", 2.0)]
    monkeypatch.setattr(est, "_timed", lambda job: 1 / 0)
    assert est.game_seconds(_job(again, 10), known) == 0.25


def _adaptive(games, players, chunk, target_ci=None, decide=None, values=6):
    key = SimpleNamespace(expected=lambda rules: list(range(values)))
    spec = SimpleNamespace(rules=SimpleNamespace(to_dict=dict))
    return SimpleNamespace(games=games, players=players, chunk=chunk, round_chunks=4,
                           target_ci=target_ci, decide=decide, spec=spec,
                           plugin=SimpleNamespace(primary=key))  # fmt: skip


def test_a_run_with_a_stopping_rule_counts_whole_rounds_until_a_fair_value_is_narrow():
    # 4 players, half-width 0.01 at z 1.96: a fair value (p = 1/4) needs
    # 1.96^2 * 0.25 * 0.75 / 0.01^2 = 7,203 seats; 4 of 6 values are dealt a game, so
    # 10,805 games, in rounds of 4 chunks of 2,000: two rounds, 16,000 games
    assert est.expected_games(_adaptive(200_000, 4, 2000, target_ci=0.01)) == 16_000
    # the decided rule at z 2.69 and delta 0.02: 2.69^2 * 0.1875 / 0.0004 = 3,392 seats,
    # 5,088 games: one round of 4 x 1,500 = 6,000 (a cap below that is played whole)
    assert est.expected_games(_adaptive(48_000, 4, 1500, decide=(2.69, 0.02))) == 6_000
    assert est.expected_games(_adaptive(2_400, 4, 150, decide=(2.69, 0.02))) == 2_400
    # two seats, values = seats: every game holds each, 2.69^2 * 0.25 / 0.0004 = 4,523
    assert est.expected_games(_adaptive(48_000, 2, 1000, decide=(2.69, 0.02), values=2)) == 8_000
    assert est.expected_games(_adaptive(500, 4, 10)) == 500  # no rule: its cap


def test_workers_joining_a_busy_machine_share_its_cores(monkeypatch):
    monkeypatch.setattr(est.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert est.shared(2, 0.0) == 1.0  # two workers on two idle cores: each has its own
    assert est.shared(2, 0.5) == 1.25  # 2.5 busy processes on 2 cores
    assert est.shared(2, 12.6) == 7.3  # the s7 default study's start: (12.6 + 2) / 2
