"""A tuning run's settings, checked before anything is written: the game and player counts,
the axes, the objective, how the budget of games is split between the search and the
confirmation, the rung sizes of successive halving, and every seed derived from --seed.

`record()` is what DIR/tune.json holds and --resume compares; analyses reads it back.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field

from analyses.imbalance import MIN_CELL
from simcore.core.contract.games import get_game
from simcore.core.contract.plugin import GamePlugin
from simcore.core.contract.rungs import strongest_rung
from simcore.core.errors import InputError

from ..run_job import MAX_GAMES, RunJob, check_seed, rules_from, study_strategy
from .space import Axis, check_points, grid_size, parse_vary

FORMAT = "palace-lab-tune/1"
OBJECTIVES = ("max", "rms")
SAMPLERS = ("tpe", "cmaes")
MIN_CONFIRM = 200  # games per confirmation run at least
# games of the first rung at least: a cell counts once seen MIN_CELL times, so with fewer
# games even the seat cells (every seat plays every game) are left out and a rung has no
# imbalance to rank by
MIN_RUNG = MIN_CELL
AUTO_TRIALS = 100  # the automatic first rung lets about this many first-rung trials fit
MAX_TOP = 10
MAX_RUNGS = 6
# a check run under a measured search rung is capped to about this many CPU seconds (at the
# rung's measured speed, every seat searching): search rungs play 10 to 100 times slower
# than scripted bots, and the check is two runs per player count
CHECK_CPU_SECONDS = 300


def derive_seed(seed: int, *parts: object) -> int:
    """A seed for one purpose ("search", rung 2; "confirm"; ...): different purposes get
    unrelated game streams, and the same --seed always gives the same seeds."""
    text = "/".join(["palace-lab-tune", str(seed), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def parse_players(text: str | None, plugin: GamePlugin) -> tuple[int, ...]:
    """`--players 4` or `--players 3,4` (default: the game's usual count)."""
    if text is None:
        return (plugin.default_players,)
    out = []
    for part in str(text).split(","):
        try:
            n = int(part.strip(), 10)
        except ValueError:
            raise InputError(f"--players {text!r}: expected a count or a list like 3,4") from None
        out.append(plugin.player_count(n))
    if len(set(out)) != len(out):
        raise InputError(f"--players {text!r}: a count is repeated")
    return tuple(sorted(out))


def ladder_neighbour(plugin: GamePlugin, players: int, judge: str) -> str | None:
    """The second strategy of the check: the rung of the game's ladder just below the
    judging strategy (the next weaker bot: the rungs above are often search bots that
    play a thousand times slower), or just above it when it is the weakest; off the
    ladder, its strongest rung. A game without a ladder: its first registered strategy
    other than the judge's (None if it has no other)."""
    import strategies

    name = judge.split(",")[0].split(":")[0].strip()
    ladder = plugin.ladder(players, False)
    if ladder is not None and ladder.rungs:
        texts = [text for _, text in ladder.rungs]
        names = [t.split(":")[0] for t in texts]
        if name not in names:
            return texts[-1]
        i = names.index(name)
        return texts[i - 1] if i else (texts[1] if len(texts) > 1 else None)
    others = [n for n in strategies.strategies(plugin.name) if n != name]
    return others[0] if others else None


@dataclass(frozen=True)
class CheckBot:
    """The check's bot at one player count: `label` names it in the report (a search rung's
    label, else the strategy text); `cap` bounds its runs by the rung's measured speed."""

    players: int
    label: str
    strategy: str
    cap: int | None = None  # games in about CHECK_CPU_SECONDS (None: speed not measured)
    games_per_cpu_s: float | None = None  # estimated with every seat playing it

    def record(self) -> dict:
        return dict(self.__dict__)


def check_bots(
    plugin: GamePlugin, players: tuple[int, ...], judge: str, text: str | None
) -> tuple[CheckBot, ...]:
    """The check's bot per player count: `text` if given (None: no check), else the
    strongest measured search rung there (good play), else the ladder's neighbour of the
    judge (a game without search rungs). A search rung's runs are capped by its speed."""
    if text is None:
        return ()
    out = []
    for n in players:
        rung = strongest_rung(plugin.search_rungs, n)
        if text and (rung is None or rung.strategy != text):
            out.append(CheckBot(n, text, text))
        elif rung is not None:
            rate = rung.games_per_cpu_s / n  # measured with one searching seat; here all
            cap = max(MIN_CONFIRM, int(rate * CHECK_CPU_SECONDS))
            out.append(CheckBot(n, rung.label, rung.strategy, cap, round(rate, 1)))
        else:
            other = ladder_neighbour(plugin, n, judge)
            if other is not None:
                out.append(CheckBot(n, other, other))
    return tuple(out)


@dataclass(frozen=True)
class TuneSettings:
    """Everything that fixes a tuning run's result (see docs/TUNING.md)."""

    game: str
    players: tuple[int, ...]
    vary: tuple[str, ...]
    objective: str = "max"
    keys: tuple[str, ...] = ()  # balance key columns (empty: the primary key and seats)
    penalty: float = 0.0  # imbalance points per step away from the starting rules
    budget: int = 300_000
    strategy: str = ""
    check_strategy: str | None = None  # "" = the game's ladder chooses; None = no check
    sets: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    rules_file: str | None = None
    board_file: str | None = None
    data: tuple[str, ...] = ()  # --data NAME=FILE items
    sampler: str = "tpe"
    top: int = 3
    confirm_ci: float = 0.01
    confirm_share: float = 0.4
    first_games: int | None = None  # games of the first rung (None: from the budget)
    check_games: int | None = None  # cap of a check run (None: the confirmation's cap)
    rungs: int = 3
    eta: int = 3
    seed: int = 0
    axes: tuple[Axis, ...] = field(default=(), compare=False)
    check_bots: tuple[CheckBot, ...] = field(default=(), compare=False)

    def check(self) -> TuneSettings:
        """The checked settings with axes and the resolved keys; InputError on bad input."""
        plugin = get_game(self.game)
        for n in self.players:
            plugin.player_count(n)
        check_seed(self.seed)
        if self.objective not in OBJECTIVES:
            raise InputError(f"--objective {self.objective!r}: use one of {', '.join(OBJECTIVES)}")
        if self.sampler not in SAMPLERS:
            raise InputError(f"--sampler {self.sampler!r}: use one of {', '.join(SAMPLERS)}")
        if not (math.isfinite(self.penalty) and 0 <= self.penalty <= 100):
            raise InputError(f"--penalty must be 0 to 100 points per step, got {self.penalty}")
        if not 1 <= self.budget <= MAX_GAMES:
            raise InputError(f"--budget must be 1 to {MAX_GAMES:,} games, got {self.budget}")
        if not 1 <= self.top <= MAX_TOP:
            raise InputError(f"--top must be 1 to {MAX_TOP}, got {self.top}")
        if not 0 < self.confirm_ci < 0.5:
            raise InputError(f"--confirm-ci must be between 0 and 0.5, got {self.confirm_ci}")
        if not 0 < self.confirm_share < 1:
            raise InputError(f"--confirm-share must be between 0 and 1, got {self.confirm_share}")
        if not 1 <= self.rungs <= MAX_RUNGS:
            raise InputError(f"--rungs must be 1 to {MAX_RUNGS}, got {self.rungs}")
        if not 2 <= self.eta <= 10:
            raise InputError(f"--eta must be 2 to 10, got {self.eta}")
        if self.check_games is not None and not 1 <= self.check_games <= MAX_GAMES:
            raise InputError(f"--check-games must be 1 to {MAX_GAMES:,}, got {self.check_games}")
        if self.first_games is not None and not MIN_RUNG <= self.first_games <= MAX_GAMES:
            raise InputError(
                f"--first-games must be {MIN_RUNG} to {MAX_GAMES:,}, got {self.first_games}"
            )
        keys = self._keys(plugin)
        base = rules_from(plugin, self.rules_file, self.sets, self.variants)
        for n in self.players:
            plugin.check_rules(base, n)
        axes = parse_vary(self.vary, plugin, base)
        fixed = {s.partition("=")[0].strip() for s in self.sets}
        both = [a.key for a in axes if a.key in fixed]
        if both:
            raise InputError(f"--vary {both[0]} and --set {both[0]}: give it once")
        check_points(axes, base, plugin, self.players)
        strategy = self.strategy or study_strategy(plugin)
        bots = check_bots(plugin, self.players, strategy, self.check_strategy)
        check = bots[-1].strategy if bots else None
        for n in self.players:
            for text in (strategy, *(b.strategy for b in bots if b.players == n)):
                if text is not None:
                    RunJob(
                        n,
                        1,
                        self.seed,
                        text,
                        self.variants,
                        self.sets,
                        self.rules_file,
                        self.board_file,
                        game=self.game,
                        data=self.data,
                    ).check()
        changes = {"keys": keys, "axes": axes, "strategy": strategy, "check_strategy": check,
                   "check_bots": bots}  # fmt: skip
        out = TuneSettings(**{**self.__dict__, **changes})
        out._check_budget()
        return out

    def _keys(self, plugin: GamePlugin) -> tuple[str, ...]:
        if not self.keys:
            return tuple(dict.fromkeys([plugin.primary.column, plugin.seat_key]))
        known = {k.column: k for k in plugin.keys if k.one_per_game}
        for k in self.keys:
            if k not in known:
                raise InputError(
                    f"--key {k!r}: not a balance key of {plugin.name}; use one of "
                    f"{', '.join(known)}"
                )
        if len(set(self.keys)) != len(self.keys):
            raise InputError("--key: a key is given twice")
        return tuple(self.keys)

    # the budget -------------------------------------------------------------------------

    @property
    def check_runs(self) -> int:
        return 2 if self.check_strategy is not None else 0

    @property
    def confirm_runs(self) -> int:
        """Runs the confirmation may play: the starting rules and the top candidates, and the
        second-strategy check (starting rules and the winner), at every player count."""
        return (self.top + 1 + self.check_runs) * len(self.players)

    @property
    def confirm_cap(self) -> int:
        """Games per confirmation run at most (its share of the budget, evenly)."""
        return int(self.budget * self.confirm_share) // self.confirm_runs

    @property
    def check_cap(self) -> int:
        cap = self.confirm_cap
        return cap if self.check_games is None else min(cap, self.check_games)

    def check_cap_at(self, bot: CheckBot, cap: int | None = None) -> int:
        """Games per check run with `bot`: the confirmation's cap (or `cap`), bounded by
        --check-games and by the bot's time cap (a search rung's)."""
        out = self.confirm_cap if cap is None else cap
        for bound in (self.check_games, bot.cap):
            if bound is not None:
                out = min(out, bound)
        return out

    def check_text(self) -> str:
        """The check's bots in one phrase, for the header line and best.toml."""
        if not self.check_bots:
            return "no second-strategy check"
        parts = []
        for b in self.check_bots:
            what = b.label if b.label == b.strategy else f"{b.label} ({b.strategy})"
            speed = ""
            if b.games_per_cpu_s:
                speed = (
                    f" (time cap {b.cap:,} games: about {CHECK_CPU_SECONDS} CPU s at "
                    f"{b.games_per_cpu_s:g} games per CPU second, its measured speed with "
                    f"one searching seat over the {b.players} searching here)"
                )
            parts.append(f"{b.players}p {what}: at most {self.check_cap_at(b):,} games{speed}")
        return "check under " + "; ".join(parts)

    @property
    def search_budget(self) -> int:
        return self.budget - self.confirm_cap * self.confirm_runs

    @property
    def first_rung(self) -> int:
        if self.first_games is not None:
            return self.first_games
        per = self.search_budget // (len(self.players) * AUTO_TRIALS)
        return max(MIN_RUNG, per // 10 * 10)

    def rung_games(self) -> list[int]:
        """Cumulative games per player count after each rung: n0, n0*eta, n0*eta^2, ..."""
        return [self.first_rung * self.eta**r for r in range(self.rungs)]

    def rung_added(self, r: int) -> int:
        """Games rung r adds per player count."""
        g = self.rung_games()
        return g[r] - (g[r - 1] if r else 0)

    def _check_budget(self) -> None:
        cost = self.first_rung * len(self.players)
        if self.search_budget < cost:
            raise InputError(
                f"--budget {self.budget:,} is too small: the search gets {self.search_budget:,} "
                f"games but one first-rung trial plays {cost:,} "
                f"({self.first_rung:,} per player count); raise --budget or lower --first-games"
            )
        if self.confirm_cap < MIN_CONFIRM:
            need = math.ceil(MIN_CONFIRM * self.confirm_runs / self.confirm_share)
            raise InputError(
                f"--budget {self.budget:,} is too small: the confirmation gets "
                f"{self.confirm_cap:,} games per run ({self.confirm_runs} runs), at least "
                f"{MIN_CONFIRM} needed; raise --budget to at least {need:,}"
            )
        if grid_size(self.axes) < 2:  # pragma: no cover - parse_vary refuses single values
            raise InputError("--vary: nothing to search")

    # seeds and folders ------------------------------------------------------------------

    def rung_seed(self, r: int) -> int:
        """Every candidate's rung r plays the same games (common random numbers)."""
        return derive_seed(self.seed, "search", r)

    def sampler_seed(self, trial: int) -> int:
        return derive_seed(self.seed, "sampler", trial) % 2**32

    @property
    def confirm_seed(self) -> int:
        return derive_seed(self.seed, "confirm")

    @property
    def check_seed(self) -> int:
        return derive_seed(self.seed, "check")

    @property
    def bootstrap_seed(self) -> int:
        return derive_seed(self.seed, "bootstrap")

    def record(self) -> dict:
        """DIR/tune.json: the settings (compared on --resume) and what follows from them."""
        return {
            "format": FORMAT,
            "settings": {
                "game": self.game,
                "players": list(self.players),
                "vary": list(self.vary),
                "objective": self.objective,
                "keys": list(self.keys),
                "penalty": self.penalty,
                "budget": self.budget,
                "strategy": self.strategy,
                "check_strategy": self.check_strategy,
                "sets": list(self.sets),
                "variants": list(self.variants),
                "rules_file": self.rules_file,
                "board_file": self.board_file,
                **({"data": list(self.data)} if self.data else {}),
                "sampler": self.sampler,
                "top": self.top,
                "confirm_ci": self.confirm_ci,
                "confirm_share": self.confirm_share,
                "first_games": self.first_games,
                "check_games": self.check_games,
                "rungs": self.rungs,
                "eta": self.eta,
                "seed": self.seed,
            },
            "axes": [
                {"key": a.key, "text": a.text(), "start": a.start, "size": a.size}
                for a in self.axes
            ],
            "plan": {
                "search_budget": self.search_budget,
                "rung_games": self.rung_games(),
                "confirm_cap": self.confirm_cap,
                "check_cap": self.check_cap,
                "check_bots": [b.record() for b in self.check_bots],
                "confirm_runs": self.confirm_runs,
                "seeds": {
                    "search": [self.rung_seed(r) for r in range(self.rungs)],
                    "confirm": self.confirm_seed,
                    "check": self.check_seed,
                    "bootstrap": self.bootstrap_seed,
                },
            },
        }
