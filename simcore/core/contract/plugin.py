"""The game contract: everything the generic layers (run jobs, analyses, reports, CLI) may
know about a game, in one object per game.

A game owns its engine, rules, data files, results schema, balance keys, studies and
event text, and exposes them as one `GamePlugin`, registered when its module is imported
(games.py imports the built-in games' `simcore/<game>/plugin.py` and every installed
package's entry point). Nothing outside the game's folders names a game concept: the
generic layers read labels, orders and measures from here.

Why data rather than subclass hooks: most of what differs between games is *which
column* and *what to call it*; the few behaviours (rules parsing, result rows) are
plain callables, so a plug-in reads top to bottom like a table of contents.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from simcore.core.contract.datafile import DataFile, DataSet, NoData
from simcore.core.contract.levers import Lever
from simcore.core.contract.players import checked_players
from simcore.core.contract.rule_fields import RuleBase
from simcore.core.errors import InputError

if TYPE_CHECKING:
    from simcore.core.contract.rungs import RungFigures


class Rules(Protocol):
    """What a game's rule set must offer (rule_fields.RuleBase implements it): an
    immutable, validated value with the rulebook defaults; bad values raise InputError."""

    def with_overrides(self, items: Sequence[str]) -> Rules: ...  # --set key=value
    def with_variants(self, names: Sequence[str]) -> Rules: ...  # --variant NAME
    def variant_names(self) -> tuple[str, ...]: ...  # switches on, away from the rulebook
    def to_dict(self) -> dict[str, Any]: ...  # JSON-ready; from_mapping(to_dict()) == self
    def diff_from_default(self) -> dict[str, Any]: ...  # keys that differ from the rulebook
    def pack(self) -> np.ndarray: ...  # the int64 array the engine reads


class GameData(Protocol):
    """A game's replaceable data file (datafile.DataFile reads it): a board, a card table."""

    def pack(self) -> np.ndarray: ...
    def digest(self) -> str: ...  # sha256 of the canonical content (the manifest records it)


@dataclass(frozen=True)
class Key:
    """A balance key: a results column whose values a designer compares win rates across
    (a starting card, a seat, a turn position).

    `order`: the values in the order tables and charts show them (card order); empty =
    sorted. `one_per_game`: each value belongs to at most one seat of a game (then the
    seats behind a rate come from different games, the Wilson interval's independence
    holds, and the all-equal test of analyses.equality applies). `text` turns a value
    into words for sentences ("seat 1"); `ordinal` keys are positions counted from 0
    ("acts 1st"). `expected`: the values that should occur under given rules (a manifest's
    `rules` dict) — a value that never occurs is warned about; None = no expectation.
    """

    column: str
    label: str  # "starting card"
    plural: str  # "starting cards"
    order: tuple[Any, ...] = ()
    one_per_game: bool = True
    ordinal: bool = False
    text: Callable[[Any], str] | None = None
    expected: Callable[[Mapping[str, Any]], Sequence[Any]] | None = None
    never_held_note: str = ""  # for an end-of-game key: why a value may never occur

    def words(self, value: Any) -> str:
        if self.text is not None:
            return self.text(value)
        return str(value)


@dataclass(frozen=True)
class MaskKey:
    """A key stored as a bit mask per seat (bit k = value order[k] held), e.g. every
    card a seat holds at the end when it may hold several; rates then overlap."""

    column: str
    label: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class JointKeys:
    """Two keys that are nearly the same variable and must be separated (a starting card
    that fixes the turn position). The report shows win rate per cell and
    a logistic model with both; `factor` is the key a designer can change (a card),
    `position` the one it brings (the turn position)."""

    factor: str  # column of a Key
    position: str  # column of an ordinal Key


@dataclass(frozen=True)
class Shape:
    """Game-shape measures. `game_columns`: per-game values repeated on every seat row
    (length, end reason); `seat_measures`: per-seat numbers summarised as the winner's and
    the mean of the others (points, money). `length` is the game_columns entry
    that counts the game's length (rounds, turns); `end` the one naming why it ended, with
    `end_words` for each code. `winner_measure` is tabulated per value in the summary."""

    length: str
    length_label: str  # "rounds", "turns"
    end: str | None = None
    end_words: Mapping[str, str] = field(default_factory=dict)
    seat_measures: tuple[tuple[str, str], ...] = ()  # (column, label)
    winner_measure: str | None = None  # tabulated: "winner's <measure>: 7: 100%"


@dataclass(frozen=True)
class Ladder:
    """A robustness ladder: the primary key's table under several bots, weakest first,
    with the rule settings that take the strategies' own choice out of it (a random deal
    instead of a choice), and the games each rung and each head-to-head step plays."""

    rungs: tuple[tuple[str, str], ...]  # (label, --strategy text), weakest expected first
    sets: tuple[str, ...] = ()  # rule settings every ladder run plays
    games: tuple[int, ...] = ()  # key-table games per rung
    step_games: tuple[int, ...] = ()  # head-to-head games per seat arrangement, per step
    note: str = ""  # what `sets` does, for the report
    # stronger rungs above `rungs`, each played only while the two strongest rungs played so
    # far disagree by more than the study's margin on some cell (jobs.ladder, analyses.climb);
    # their games and step games follow `games` and `step_games` in the same tuples
    climb: tuple[tuple[str, str], ...] = ()
    # measured figures, one per rung of rungs + climb (docs: how each was measured):
    speed: tuple[float | None, ...] = ()  # games per CPU second of a table of that rung
    strength: tuple[str, ...] = ()  # against the rung below, with n and interval; "" = none
    # what `strategies --ladder` prints, one per rung of rungs + climb (bench.ladder: games
    # per CPU second, duel against the rung below), None where not measured at any count;
    # a rung measured only at another player count carries that count's figures
    figures: tuple[RungFigures | None, ...] = ()


def per_arrangement(players: int, totals: tuple[int, ...]) -> tuple[int, ...]:
    """Head-to-head games per seat arrangement that play about `totals` games per step at
    `players` (jobs.ladder.arrangements: half the seats each, both splits at an odd count)."""
    import math

    k = players // 2
    n = math.comb(players, k) * (1 if players % 2 == 0 else 2)
    return tuple(max(1, math.ceil(t / n)) for t in totals)


@dataclass(frozen=True)
class StudyRun:
    folder: str  # subfolder of the study directory
    players: int
    variants: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()  # --set values, e.g. ("key=value",)
    strategy: str | None = None  # --strategy text; None = the study strategy
    games: int | None = None  # a fixed number of games (no --target-ci); None = the study's
    # data files replaced, as `--data NAME=FILE` would: (data-file name, a file shipped
    # next to that data file's default in its package), e.g. (("board", "small.toml"),)
    data: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Study:
    """A predefined study: data only; run jobs play it, the report reads its runs."""

    name: str
    description: str
    runs: tuple[StudyRun, ...]
    target_ci: float | None = 0.01
    cap: int = 200_000  # games per run at most
    chunk: int = 2_000  # games per chunk (rounds of 4 chunks between checks)
    notes: tuple[str, ...] = ()
    ladder: Ladder | None = None  # robustness ladder played as well
    ladder_players: int = 0
    # further keys (a Key's or a MaskKey's column) whose question the verdict card answers
    # as played: each value's holders against the mean over the values (analyses.question)
    question_keys: tuple[str, ...] = ()
    # ladders at further player counts (ladder_players has `ladder`): (players, Ladder)
    ladders: tuple[tuple[int, Ladder], ...] = ()

    def all_ladders(self) -> dict[int, Ladder]:
        """Player count -> the ladder played there, the study's own count first."""
        own = {self.ladder_players: self.ladder} if self.ladder is not None else {}
        return own | {n: lad for n, lad in self.ladders if n not in own}


@dataclass(frozen=True)
class GamePlugin:
    """One game, as the generic layers see it. See the module docstring."""

    name: str  # what users type: --game NAME
    title: str  # the game's name, authors and year, for reports
    min_players: int
    max_players: int
    default_players: int
    engine: str  # module implementing the driver protocol (simcore/core/nb/driver.py)
    # rules
    default_rules: Callable[[], Rules]
    rules_from_mapping: Callable[[Mapping[str, Any], str, Rules], Rules]  # (data, source, base)
    check_rules: Callable[[Rules, int], None]  # values that depend on the player count
    variants: Mapping[str, tuple[str, ...]]  # variant name -> switch fields it turns on
    rule_docs: Mapping[str, str]  # key -> one-line doc with its rule id (`palace-lab rules`)
    choices: tuple[str, ...]  # keys that are [choice]s (not settled by the rulebook)
    # playing
    play_batch: Callable[..., np.ndarray]  # (driver, sids, params, n, players, seed, first,
    #                                         rules, data) -> records (games, players, width)
    play_game: Callable[..., Any]  # (driver, sids, params, players, seed, game, rules, data)
    #                                 -> object with .log (event rows)
    describe_event: Callable[[np.ndarray, GameData], str]  # one event row as a sentence
    event_record: Callable[[np.ndarray, GameData], dict]  # one event row as JSON
    # results
    records_table: Callable[..., Any]  # (rec, first_game, seat_names, rules) -> pyarrow.Table
    keys: tuple[Key, ...]  # balance keys; keys[0] is the primary one (--target-ci, ladder)
    # rules a batch run's typed columns cannot hold (raises InputError); the default refuses
    # nothing, for a game whose rule ranges keep every column in its type
    check_batch: Callable[[Rules], None] = lambda rules: None
    seat_key: str = "seat"  # the key of seats (rotated fairly by tournaments)
    mask_keys: tuple[MaskKey, ...] = ()
    joint: JointKeys | None = None
    shape: Shape | None = None
    # data files (datafile.DataFile each: a board, a card table, a map); `--data NAME=FILE`
    # replaces one, `--board FILE` the first; none: the engine gets datafile.NoData
    data_files: tuple[DataFile, ...] = ()
    # strategies and studies
    study_strategy_params: Mapping[str, float] = field(default_factory=dict)
    studies: Callable[[int], Mapping[str, Study]] = lambda players: {}
    ladder: Callable[[int, bool], Ladder | None] = lambda players, full: None
    # measured search rungs per player count, weakest first (simcore.core.contract.rungs)
    search_rungs: Mapping[int, tuple[Any, ...]] = field(default_factory=dict)
    # fair play: (state, rules, seat, rng) -> a copy in which everything `seat` may not see
    # is drawn anew (random, legal-looking); no strategy's answer may change
    # (tests/test_fair_play.py). None: the game has no hidden information.
    redraw_hidden: (
        Callable[[np.ndarray, np.ndarray, int, np.random.Generator], np.ndarray] | None
    ) = None
    notes: tuple[str, ...] = ()  # what every report on this game must say (reconstructions)
    # report text on how runs were set up (how starting cards were dealt or chosen)
    describe_runs: Callable[[Sequence[Mapping[str, Any]]], list[str]] = lambda ms: []
    headline_setup: Callable[[Sequence[Mapping[str, Any]]], str] = lambda ms: ""
    run_settings: Callable[[Mapping[str, Any]], list[str]] = lambda m: []
    run_settings_keys: tuple[str, ...] = ()  # rule keys run_settings puts in words
    # the game's examples in the CLI's help (`palace-lab run --game NAME --help`), by
    # placeholder: "set" a --set item, "sweep" a sweep's --set, "fixed" a --set a tuning
    # keeps, "strategy" a seat with parameters, "run" a note on how a run is set up
    help_examples: Mapping[str, str] = field(default_factory=dict)
    # the module with the invariant check's hooks (engine_api.CHECK_API); "" = the engine's
    checks: str = ""
    # `play`'s running score: (state, n_players) -> (records column, label, one value per
    # seat) read from a game in progress; the column is a seat measure of the results table,
    # so that at the end it agrees with the final ranking. None: the first seat measure,
    # read from the records the engine writes of the state.
    standings: Callable[[np.ndarray, int], tuple[str, str, Sequence[int]]] | None = None
    # per value of the primary key, the rule values that act on it (`--vary` texts) or the
    # mechanism its strength comes from (levers.Lever; the report's next step reads it)
    levers: tuple[Lever, ...] = ()

    @property
    def checks_module(self) -> str:
        return self.checks or self.engine

    @property
    def primary(self) -> Key:
        return self.keys[0]

    def key(self, column: str) -> Key:
        for k in self.keys:
            if k.column == column:
                return k
        raise KeyError(column)

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def player_count(self, n: int | None) -> int:
        """The count a run plays: None = the game's default; else n, InputError outside
        the game's range (simcore.core.contract.players)."""
        return checked_players(
            n, self.min_players, self.max_players, self.default_players, self.name
        )

    def data(self, files: Mapping[str, str] | None = None) -> GameData:
        """The game's data: each data file named in `files` (name -> path) read and checked,
        the others the shipped defaults. One file is itself; several are a DataSet."""
        files = dict(files or {})
        names = [f.name for f in self.data_files]
        for name in files:
            if name not in names:
                raise InputError(f"--data {name}: {self.name} has no data file of that name; "
                                 f"its data files: {', '.join(names) or 'none'}")  # fmt: skip
        parts = tuple(
            (f, f.load(files[f.name]) if f.name in files else f.default()) for f in self.data_files
        )
        if not parts:
            return NoData()
        return parts[0][1] if len(parts) == 1 else DataSet(parts)

    def default_data(self) -> GameData:
        return self.data()

    def data_record(self, files: Mapping[str, str] | None = None) -> dict[str, dict[str, str]]:
        """What the manifest records of each data file: its source and SHA-256."""
        files = dict(files or {})
        data = self.data(files)
        parts = data.parts if isinstance(data, DataSet) else tuple(zip(self.data_files, [data]))
        return {f.name: {"source": files.get(f.name, "default"), "sha256": obj.digest()}
                for f, obj in parts}  # fmt: skip

    def examples(self) -> dict[str, str]:
        """`help_examples` with generic stand-ins for the ones the game does not give."""
        override = getattr(self.default_rules(), "OVERRIDE_EXAMPLE", "") or "key=value"
        return {"set": override, "sweep": "key=1,2,3", "fixed": override,
                "strategy": "NAME:key=value", "run": ""} | dict(self.help_examples)  # fmt: skip


def rules_fields(rule_set: type[RuleBase]) -> dict[str, Any]:
    """The GamePlugin fields that describe a rule set built on rule_fields.RuleBase (its
    defaults, file reader, variants, docs and [choice]s), so that a plug-in names its rule
    set once: `GamePlugin(..., **rules_fields(RuleSet))`."""
    return {
        "default_rules": rule_set,
        "rules_from_mapping": rule_set.from_mapping,
        "variants": rule_set.VARIANTS,
        "rule_docs": rule_set.field_docs(),
        "choices": rule_set.CHOICES,
    }
