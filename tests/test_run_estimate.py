"""The run-time estimate printed before a long run: timed on the run's own first games."""

from types import SimpleNamespace

import pytest

from jobs import runner


@pytest.fixture(autouse=True)
def _fresh_tables():
    runner.forget_tables()  # each test times its own fake table
    yield
    runner.forget_tables()


class FakeClock:
    """A task that costs `per_game` seconds per game plus `fixed` per call, on a fake clock."""

    def __init__(self, per_game: float, fixed: float):
        self.now, self.per_game, self.fixed, self.calls = 0.0, per_game, fixed, []

    def task(self, spec, first, count):
        self.calls.append(count)
        self.now += self.fixed + self.per_game * count


def plan_with(clock, monkeypatch):
    monkeypatch.setattr(runner.time, "perf_counter", lambda: clock.now)
    return SimpleNamespace(task=clock.task, spec=None)


def test_slow_games_are_estimated_from_probes_that_grow_until_a_quarter_second(monkeypatch):
    clock = FakeClock(per_game=0.05, fixed=0.001)
    plan = plan_with(clock, monkeypatch)
    est = runner.estimate_seconds(plan, games=10_000, workers=2)
    # probes of 1 (0.051 s) and 8 (0.401 s >= 0.25: stop); 0.401/8 * 10 000 / 2 = 250.6 s
    assert clock.calls == [1, 8]
    assert abs(est - 0.401 / 8 * 10_000 / 2) < 1e-9


def test_fast_games_stop_probing_once_below_the_threshold(monkeypatch):
    # a fast strategy whose chunk task has 5 ms of fixed cost: the first probes overstate
    # the per-game time; probing stops at the first estimate under 30 s, costing little
    clock = FakeClock(per_game=20e-6, fixed=0.005)
    plan = plan_with(clock, monkeypatch)
    est = runner.estimate_seconds(plan, games=1_000_000, workers=2)
    assert est < runner.ESTIMATE_AFTER
    assert clock.calls == [1, 8, 64, 512]  # 0.0152 s / 512 * 500 000 = 14.8 s
    assert clock.now < 0.05


def test_the_line_names_games_minutes_workers_and_a_chunk_hint(monkeypatch, capsys):
    clock = FakeClock(per_game=0.05, fixed=0.0)
    plan = plan_with(clock, monkeypatch)
    runner._announce_estimate(plan, games=4_800, chunks=1, workers=2)
    err = capsys.readouterr().err
    # one chunk: one worker plays 4 800 games at 0.05 s = 240 s = 4 min
    assert err.count("\n") == 1
    assert "4,800 games will take about 4 min on 1 worker(s)" in err
    assert "--chunk-size 2,400 would use all 2 workers" in err


def test_short_runs_print_nothing(monkeypatch, capsys):
    clock = FakeClock(per_game=0.001, fixed=0.0)
    runner._announce_estimate(plan_with(clock, monkeypatch), games=100, chunks=4, workers=2)
    assert capsys.readouterr().err == ""


def test_a_table_timed_once_is_not_timed_again_in_another_seat_order(monkeypatch):
    import numpy as np

    clock = FakeClock(per_game=0.05, fixed=0.0)
    monkeypatch.setattr(runner.time, "perf_counter", lambda: clock.now)
    params = np.array([[1.0, 2.0], [3.0, 4.0]])
    spec = SimpleNamespace(sids=np.array([0, 1]), params=params, rules=None, data=None)
    swapped = SimpleNamespace(sids=np.array([1, 0]), params=params[::-1], rules=None, data=None)
    first = runner.estimate_seconds(SimpleNamespace(task=clock.task, spec=spec), 1000, 2)
    calls = list(clock.calls)
    again = runner.estimate_seconds(SimpleNamespace(task=clock.task, spec=swapped), 1000, 2)
    assert clock.calls == calls  # no game played for the second arrangement
    # one probe game (0.05 s; 25 s in all is under the 30 s threshold): 1000 on 2 workers
    assert abs(first - 25.0) < 1e-9 and abs(again - 25.0) < 1e-9
    other = SimpleNamespace(sids=np.array([0, 1]), params=params + 1, rules=None, data=None)
    runner.estimate_seconds(SimpleNamespace(task=clock.task, spec=other), 1000, 2)
    assert len(clock.calls) > len(calls)  # other parameters: another table, timed
