"""One run: its settings checked up front (nothing is written before every value is
valid), then played into a run directory; and the command line that reproduces it.

Every game is reached through its plug-in (simcore.core.contract.games): the rules, the data file
(board, card table), the player range and the checks come from there.
"""

from __future__ import annotations

import time

from simcore.core.contract.games import default_game, get_game
from simcore.core.contract.plugin import GamePlugin
from simcore.core.errors import InputError, WorkerLost
from simcore.core.store.commands import RunLine

MAX_SEED = 2**63  # seeds are 0 <= seed < 2^63 (the engine mixes them as int64)
MAX_GAMES = 10**10
MAX_CHUNK = 200_000  # games per chunk: a chunk's records are held in memory (~1 KB a game)
MAX_CHUNKS = 100_000  # the manifest lists every chunk and is rewritten while running


def rules_from(plugin: GamePlugin, rules_file: str | None, sets: tuple[str, ...] = (),
               variants: tuple[str, ...] = ()):  # fmt: skip
    """The game's rule set: the rulebook's, a rules file's keys over it, variant switches,
    then --set values."""
    rules = plugin.default_rules()
    if rules_file is not None:
        from simcore.core.contract.datafile import read_data_file

        data = read_data_file(rules_file, "rules file")
        rules = plugin.rules_from_mapping(data, f"rules file {rules_file}", rules)
    if variants:
        rules = rules.with_variants(variants)
    if sets:
        rules = rules.with_overrides(sets)
    return rules


def check_seed(seed: int, option: str = "--seed") -> None:
    if not 0 <= seed < MAX_SEED:
        raise InputError(f"{option} must be 0 <= seed < 2^63 ({MAX_SEED - 1}), got {seed}")


def data_files(plugin: GamePlugin, board_file: str | None, items=()) -> dict[str, str]:
    """The user's data files by name: `--data NAME=FILE` items, and `--board FILE` for the
    game's first data file."""
    files: dict[str, str] = {}
    for item in items:
        name, eq, path = item.partition("=")
        if not eq or not name.strip() or not path:
            raise InputError(f"--data: expected NAME=FILE, got {item!r}")
        if name.strip() in files:
            raise InputError(f"--data {name.strip()}: given twice")
        files[name.strip()] = path
    if board_file is not None:
        if not plugin.data_files:
            raise InputError(f"--board: {plugin.name} has no data file")
        first = plugin.data_files[0].name
        if first in files:
            raise InputError(f"--board and --data {first}: the same data file twice")
        files[first] = board_file
    return files


def data_from(plugin: GamePlugin, board_file: str | None, items=()):
    """The game's data (--board, --data): the defaults, or the user's files, validated."""
    return plugin.data(data_files(plugin, board_file, items))


def seats_from(plugin: GamePlugin, strategy: str, n_players: int):
    """(seat strategies, strategy ids, parameter matrix) from --strategy text."""
    import strategies

    names = [s.strip() for s in strategy.split(",")]  # an empty name: refused by resolve
    seats = strategies.resolve(names, n_players, plugin.name)
    sids, params = strategies.seat_arrays(seats, plugin.name)
    return seats, sids, params


class RunJob:
    """One run's settings, checked up front, then played into a directory (run, study, ...)."""

    def __init__(self, players, games, seed, strategy, variants=(), sets=(), rules_file=None,
                 board_file=None, chunk=5000, target_ci=None, round_chunks=4,
                 game=None, data=(), decide=None):  # fmt: skip
        game = game or default_game()
        self.data = tuple(data)
        self.decide = decide  # (z, delta): play rounds until every value is decided (jobs.target)
        self.players, self.games, self.seed, self.strategy = players, games, seed, strategy
        self.variants, self.sets, self.rules_file = tuple(variants), tuple(sets), rules_file
        self.board_file, self.chunk, self.target_ci = board_file, chunk, target_ci
        self.round_chunks, self.game = round_chunks, game
        # the command of the study this run belongs to (jobs.plans sets it): an adaptive run
        # is continued by it, never by `palace-lab run`, which has no decided rule
        self.study_command: str | None = None

    def check(self):
        """Build the spec (InputError on any bad value) before anything is written."""
        from jobs.batch import BatchSpec

        self.plugin = plugin = get_game(self.game)
        self.players = plugin.player_count(self.players)
        check_seed(self.seed)
        if not 1 <= self.games <= MAX_GAMES:
            raise InputError(f"--games must be 1 to {MAX_GAMES:,}, got {self.games}")
        if not 1 <= self.chunk <= MAX_CHUNK:
            raise InputError(f"--chunk-size must be 1 to {MAX_CHUNK:,}, got {self.chunk}")
        n_chunks = -(-self.games // self.chunk)
        if n_chunks > MAX_CHUNKS:
            raise InputError(
                f"--games {self.games:,} in chunks of {self.chunk:,} makes {n_chunks:,} chunks "
                f"(at most {MAX_CHUNKS:,}); raise --chunk-size to at least "
                f"{-(-self.games // MAX_CHUNKS):,}"
            )
        if self.target_ci is not None and not 0 < self.target_ci < 0.5:
            raise InputError(f"--target-ci must be between 0 and 0.5, got {self.target_ci}")
        rules = rules_from(plugin, self.rules_file, self.sets, self.variants)
        self.files = data_files(plugin, self.board_file, self.data)
        data = plugin.data(self.files)
        self.seats, sids, params = seats_from(plugin, self.strategy, self.players)
        plugin.check_rules(rules, self.players)
        plugin.check_batch(rules)
        names = tuple(s.name for s in self.seats)
        self.spec = BatchSpec.of(self.game, self.players, self.seed, rules, data, sids, params,
                                 names)  # fmt: skip
        return self

    def play(self, out_dir, pool, resume=False, progress=None):
        from jobs.batch import play_chunk_parquet, run_config, warm
        from jobs.runner import RunInterrupted, RunPlan, execute, open_run

        from .target import decided_config, decided_rule, half_width_rule, stopping_config

        seat_info = [
            {"seat": i, "name": s.name, "params": dict(zip(s.param_names, map(float, s.params())))}
            for i, s in enumerate(self.seats)
        ]
        first = self.plugin.data_files[0].name if self.plugin.data_files else ""
        config = run_config(self.spec, seat_info, self.files.get(first, "default"))
        config["data"] = self.plugin.data_record(self.files)  # every data file's SHA-256
        stop = None
        if self.target_ci is not None:
            key = self.plugin.primary
            expected = key.expected(self.spec.rules.to_dict()) if key.expected else ()
            config["stopping"] = stopping_config(self.target_ci, self.round_chunks, key.column)
            stop = half_width_rule(self.target_ci, key.column, expected)
        if self.decide is not None:
            key = self.plugin.primary
            expected = key.expected(self.spec.rules.to_dict()) if key.expected else ()
            z, delta = self.decide
            config["stopping"] = decided_config(z, delta, self.round_chunks, key.column,
                                                self.target_ci)  # fmt: skip
            stop = decided_rule(z, delta, self.players, key.column, expected, stop)
        command = self.command(out_dir)
        plan = RunPlan(out_dir, config, self.games, self.chunk, self.players, play_chunk_parquet,
                       self.spec, command, resume, warm, stop, self.round_chunks)  # fmt: skip
        try:
            manifest = open_run(plan)
            if progress is None:
                return execute(plan, manifest, pool)
            return execute(plan, manifest, pool, progress)
        except (RunInterrupted, WorkerLost) as e:  # finished chunks are kept
            e.resume = command if "--resume" in command.split() else f"{command} --resume"
            raise

    def command(self, out_dir) -> str:
        """The command that reproduces (with --resume continues) this run: its study's for an
        adaptive run (`run` cannot play the decided rule), else `palace-lab run ...`."""
        if self.decide is not None and self.study_command:
            return self.study_command
        return run_command(self.players, self.games, self.seed, self.strategy, self.chunk,
                           self.rules_file, self.variants, self.sets, self.board_file,
                           out_dir, self.target_ci, self.game, self.data)  # fmt: skip

    def settings(self) -> dict:
        """What a study's plan records of this run (compared on --resume)."""
        return {"game": self.game, "players": self.players, "games": self.games,
                "seed": self.seed,
                "strategy": self.strategy, "variants": list(self.variants),
                "sets": list(self.sets), "rules_file": self.rules_file,
                "board_file": self.board_file, "chunk": self.chunk,
                "target_ci": self.target_ci,
                **({"data": list(self.data)} if self.data else {}),
                **({"decide": list(self.decide)} if self.decide is not None else {})}  # fmt: skip


def default_out():
    from pathlib import Path

    base = Path("out") / time.strftime("run-%Y%m%d-%H%M%S")
    out, k = base, 1
    while out.exists():
        k += 1
        out = base.with_name(f"{base.name}-{k}")
    return out


def run_command(players, games, seed, strategy, chunk, rules_file, variants, sets, board, out,
                target_ci=None, game=None, data=()):  # fmt: skip
    """The full command that reproduces (and with --resume continues) this run."""
    game = game or default_game()
    line = RunLine(int(players), int(games), int(seed), int(chunk), str(strategy),
                   None if game == default_game() else game, target_ci, rules_file,
                   tuple(variants), tuple(sets), board, tuple(data))  # fmt: skip
    return line.text(out)


def study_strategy(plugin: GamePlugin) -> str:
    """The default strategy with the plug-in's study parameters (e.g. noise in a choice, so
    that every value of a key is played and each figure rests on games), those the
    strategy has."""
    import strategies

    name = strategies.default_strategy(plugin.name)
    known = strategies.strategies(plugin.name)[name].param_names
    sets = [f"{k}={v:g}" for k, v in plugin.study_strategy_params.items() if k in known]
    return ":".join([name, *sets])


def refuse_adaptive_resume(out_dir) -> None:
    """`run --resume` on a study's adaptive run (rounds until its verdicts are decided, a
    rule `run` cannot express): one line naming `study --resume` (InputError)."""
    from simcore.core.store.results_io import read_manifest

    try:
        m = read_manifest(out_dir)
    except InputError:
        return  # not a run: the resume itself says so
    stopping = m.get("stopping") or {}
    if "z" not in stopping:
        return
    from simcore.core.store.commands import study_command  # never the recorded command

    how = study_command(out_dir, m, resume=True)
    raise InputError(
        f"--resume: {out_dir} is an adaptive run of a study (it plays rounds until "
        f"its verdicts are decided, which `run` cannot); continue it with: {how}"
    )
