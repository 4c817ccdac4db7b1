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
