"""Rule invariants of the Maharaja engine, checked after every decision of whole games.

The games are stepped here decision by decision exactly like the generated driver's
`play_game_nb` (start_game_nb, then advance_nb -> decide_nb -> answer_nb), so every
invariant is checked on each intermediate state; at the end the event log is replayed
and must account for the final state (gold, houses, palaces, characters), every road
taken and every scoring. Expected numbers are written out from the rules digest
(`shared/rules/maharaja.md`, ids M-...), never read back from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simcore.maharaja.layout as S
import strategies
from simcore.maharaja.enums import (
    A_CHARACTER,
    A_GOLD,
    A_GOVERNOR,
    A_HOUSE,
    A_MOVE_HOUSE,
    A_PALACE,
    A_PALACE_HOUSE,
    A_QUARRY,
    A_TWO_HOUSES,
    ARTIST,
    BANK,
    BUILDER,
    DK_CHARACTER,
    DK_PICK,
    DK_REPLACE,
    DK_SETUP_HOUSE,
    DK_STEP,
    END_REASON_NAMES,
    EV_CHARACTER,
    EV_CHIP_GAIN,
    EV_CHIP_USE,
    EV_CHOOSE,
    EV_END,
    EV_FEE,
    EV_FORFEIT,
    EV_GOLD,
    EV_GOV_PLACED,
    EV_GOVERNOR,
    EV_GOVERNORS,
    EV_HOUSE,
    EV_MAHARAJA,
    EV_MERCHANT,
    EV_MONOPOLY,
    EV_MOVE_HOUSE,
    EV_PALACE,
    EV_QUARRY,
    EV_RANK,
    EV_REPLACE,
    EV_ROAD,
    EV_ROUND,
    EV_SCORE,
    EV_SETUP_HOUSE,
    EV_TURN,
    LOC_CITY0,
    LOG_A,
    LOG_B,
    LOG_C,
    LOG_D,
    LOG_EVENT,
    LOG_ROUND,
    LOG_SEAT,
    LOG_WIDTH,
    MERCHANT,
    MONK,
    N_CHARACTERS_MAX,
    OUT_OF_GAME,
    SADHU,
    SITE_INNER,
    SITE_OUTER,
    SLOT_BUILDER,
    YOGI,
)
from simcore.maharaja.game import LOG_CAPACITY, play_batch, play_game
from simcore.maharaja.game_data import Board
from simcore.maharaja.nb.game_nb import (
    DONE,
    MAX_SEATS,
    MAX_STEPS,
    OUT_SIZE,
    PH_CHOOSE,
    PH_REPLACE,
    RNG_STREAMS,
    SCRATCH_SIZE,
    WORK_SIZE,
    advance_nb,
    answer_nb,
    asked_seat_nb,
    start_game_nb,
)
from simcore.maharaja.records import REC
from simcore.maharaja.rules import RuleSet

P = MAX_SEATS  # width of the per-player blocks of the state vector

# --- the rulebook, written out from the rules digest -----------------------------------
START_GOLD = 15  # M-S1
PALACES = 7  # M-C3 / M-E1
SHORT_PALACES = 6  # M-V1
SHORT_LAST_ROUND = 8  # M-V1
HOUSES_PER_COLOUR = 20  # M-C3
START_HOUSES = 4  # M-S1 / M-S4
SETUP_SUPPLY = 6  # M-S5
OUTER_SITES = 6  # M-C2
SITES_PER_CITY = 7  # M-C2: 1 inner + 6 outer
END_FIELD = 10  # M-E1
ROUND_CAP = 30  # M-A8 [choice]
BASIC_CHARACTERS = 6  # M-S3: characters 1..6 without the Yogi
YOGI_CHARACTERS = 7  # M-A5y: the Yogi joins
CHIPS = 7  # M-C3 / M-A5y: action chips in the game
HOME_POINTS = 1  # M-A7h
HOUSE_COST = 1  # M-A2
PALACE_COST = 12  # M-A6
ARTIST_PALACE_COST = 9  # M-K6
MONOPOLY_BONUS = 5  # M-P3
PAYOUTS = {2: (10, 5), 3: (11, 7, 3), 4: (12, 9, 6, 3), 5: (13, 10, 7, 4, 1)}  # M-P2
INNER_POINTS, OUTER_POINTS, SADHU_OUTER_POINTS = 3, 1, 2  # M-P1, M-K3
ARCHITECT_POINTS, HOUSE_POINTS = 1, 1  # M-P1
GOLD_ACTION = 2  # M-A1
QUARRY_HOUSES = 2  # M-A5
MERCHANT_INCOME = 1  # M-K2
GOVERNOR_STEPS = 2  # M-A8
FORFEIT_PENALTY = 2  # M-F2
SECRET_PICKS = 2  # M-R3: two arrows on the disc
HOUSES_OF_ACTION = {A_HOUSE: 1, A_TWO_HOUSES: 2, A_PALACE_HOUSE: 1}  # M-A2, M-A3, M-A7


def village_cap(n_players: int) -> int:
    """M-S4: 2 houses per village, 1 with two players."""
    return 1 if n_players == 2 else 2


END = {name: code for code, name in enumerate(END_REASON_NAMES)}
NO_CHARACTER = 99  # sorts after every character, for a seat that holds none
TURN_START = (EV_TURN, EV_MERCHANT, EV_CHIP_GAIN)  # logged together when a turn begins
IN_TURN = (  # events of the acting player's own turn (M-R4)
    EV_ROAD,
    EV_FEE,
    EV_GOLD,
    EV_HOUSE,
    EV_MOVE_HOUSE,
    EV_QUARRY,
    EV_PALACE,
    EV_GOVERNOR,
    EV_CHARACTER,
    EV_FORFEIT,
    EV_CHIP_USE,
)


@dataclass(frozen=True, repr=False)
class Ctx:
    """What the checks need to know about one game."""

    n: int
    board: Board
    palace_limit: int  # M-E1: 7, or 6 in the short game (M-V1)
    last_round: int  # M-V1: 8 in the short game, else the round cap
    n_chars: int = BASIC_CHARACTERS  # 7 with the Yogi (M-A5y)
    chips: int = 0  # action chips in the game (M-A5y)
    neutral: int = 0  # neutral outer palaces per city (M-V2)
    home: bool = False  # home-city point (M-A7h)

    def __repr__(self) -> str:  # short, for assertion messages
        return f"Ctx({self.n} players, palaces {self.palace_limit}, last round {self.last_round})"

    @property
    def nc(self) -> int:
        return self.board.n_cities

    @property
    def nv(self) -> int:
        return self.board.n_villages

    @property
    def start(self) -> int:
        return self.board.n_cities  # junctions: cities 0..nc-1, then the start place

    @property
    def cap(self) -> int:
        return village_cap(self.n)


def ctx_for(n: int, board: Board, rules: RuleSet) -> Ctx:
    short = rules.short_game
    return Ctx(
        n=n,
        board=board,
        palace_limit=SHORT_PALACES if short else PALACES,
        last_round=SHORT_LAST_ROUND if short else ROUND_CAP,
        n_chars=YOGI_CHARACTERS if rules.yogi else BASIC_CHARACTERS,
        chips=CHIPS if rules.yogi else 0,
        neutral=MAX_SEATS - n if rules.neutral_palaces else 0,  # one per unused colour
        home=rules.home_cities,
    )


def decision_bound(n: int) -> int:
    """Upper bound on decisions in a game: character choice and setup houses (M-S3, M-S4),
    then per round n picks and per turn at most MAX_STEPS + 1 steps and 2 replacements."""
    return n * (1 + START_HOUSES) + ROUND_CAP * n * (1 + MAX_STEPS + 1 + 2)


# --- views of the state vector ------------------------------------------------------------


def lowest_character(owner: np.ndarray, p: int) -> int:
    held = np.flatnonzero(owner == p)
    return int(held[0]) if held.size else NO_CHARACTER


def field_of(ctx: Ctx, pos: int) -> int:
    """M-S2: positions 0..nc-1 lie above the arrow, round field f is position nc - 1 + f."""
    return max(0, int(pos) - ctx.nc + 1)


def houses(state: np.ndarray, ctx: Ctx) -> tuple[np.ndarray, np.ndarray]:
    vil = state[S.VIL : S.VIL + ctx.nv * P].reshape(ctx.nv, P)
    city = state[S.CITY_HOUSES : S.CITY_HOUSES + ctx.nc * P].reshape(ctx.nc, P)
    return vil, city


def city_points(state: np.ndarray, ctx: Ctx, c: int) -> list[int]:
    """M-P1 (with M-K3): points of each seat in city c's scoring."""
    _, city = houses(state, ctx)
    owner = state[S.CHAR_OWNER : S.CHAR_OWNER + N_CHARACTERS_MAX]
    pts = []
    for p in range(ctx.n):
        outer = int(state[S.OUTER + c * P + p])
        per_outer = SADHU_OUTER_POINTS if owner[SADHU] == p else OUTER_POINTS
        pts.append(
            HOUSE_POINTS * int(city[c, p])
            + (ARCHITECT_POINTS if state[S.ARCH + p] == c else 0)
            + per_outer * outer
            + (INNER_POINTS if state[S.INNER + c] == p else 0)
            + sum(  # M-A7h: even if otherwise absent
                HOME_POINTS
                for k, home in enumerate(ctx.board.home_cities)
                if ctx.home and home == c and owner[k] == p
            )
        )
    return pts


def check_state(state: np.ndarray, ctx: Ctx) -> None:
    """Invariants that hold in every state of a running or finished game."""
    n, nc, nv = ctx.n, ctx.nc, ctx.nv
    assert state[S.N_PLAYERS] == n
    gold = state[S.GOLD : S.GOLD + n]
    assert (gold >= 0).all(), f"M-F1/M-F3/M-A6: negative gold {gold}"
    supply = state[S.SUPPLY : S.SUPPLY + n]
    quarry = state[S.QUARRY : S.QUARRY + n]
    assert (supply >= 0).all() and (quarry >= 0).all(), (supply, quarry)

    # houses: per colour board + supply + bank = 20 (M-C3, M-S5); village capacity (M-S4)
    vil, city = houses(state, ctx)
    assert (vil >= 0).all() and (city >= 0).all()
    assert not vil[:, n:].any() and not city[:, n:].any(), "houses of an unused colour"
    total = state[S.VIL_TOTAL : S.VIL_TOTAL + nv]
    assert np.array_equal(total, vil.sum(axis=1)), "S.VIL_TOTAL != sum over seats"
    assert total.max() <= ctx.cap, f"M-S4: village over capacity {ctx.cap}: {total}"
    per_colour = vil.sum(axis=0)[:n] + city.sum(axis=0)[:n] + supply + quarry
    assert (per_colour == HOUSES_PER_COLOUR).all(), f"M-C3: houses per colour {per_colour}"

    # palaces: 1 inner + 6 outer sites per city (M-C2), 7 per player (M-C3, M-E1)
    inner = state[S.INNER : S.INNER + nc]
    outer = state[S.OUTER : S.OUTER + nc * P].reshape(nc, P)
    neutral = state[S.OUTER_NEUTRAL : S.OUTER_NEUTRAL + nc]
    used = state[S.OUTER_USED : S.OUTER_USED + nc]
    assert ((inner >= -1) & (inner < n)).all(), inner
    assert (outer >= 0).all() and not outer[:, n:].any()
    assert (neutral == ctx.neutral).all(), f"M-V2: neutral palaces {neutral}"
    assert np.array_equal(used, outer.sum(axis=1) + neutral)
    assert (used <= OUTER_SITES).all(), f"M-C2: outer sites {used}"
    assert ((inner >= 0) + used <= SITES_PER_CITY).all()
    built = outer.sum(axis=0)[:n] + np.array([(inner == p).sum() for p in range(n)])
    palaces = state[S.PALACES : S.PALACES + n]
    assert np.array_equal(palaces, built), (palaces, built)
    assert palaces.max() <= ctx.palace_limit, f"M-C3/M-E1: palaces {palaces}"

    # architects stand on junctions, never in a village (M-F1, M-F3)
    arch = state[S.ARCH : S.ARCH + n]
    assert ((arch >= 0) & (arch <= ctx.start)).all(), f"architect off the junctions {arch}"

    # characters: one owner each or the bank (M-S3, M-A9); the Yogi is out (basic game)
    owner = state[S.CHAR_OWNER : S.CHAR_OWNER + N_CHARACTERS_MAX]
    for k in range(N_CHARACTERS_MAX):
        if k < ctx.n_chars:
            assert owner[k] == BANK or 0 <= owner[k] < n, (k, owner)
        else:
            assert owner[k] == OUT_OF_GAME, (k, owner)
    held = np.array([(owner == p).sum() for p in range(n)])
    if state[S.PHASE] == PH_CHOOSE:
        assert held.max() <= 1, held
    else:
        want = np.ones(n, dtype=held.dtype)
        if state[S.PHASE] == PH_REPLACE:  # M-A9: the robbed player is about to choose
            want[state[S.CURSOR]] = 0
        assert np.array_equal(held, want), f"characters held {held}, phase {state[S.PHASE]}"

    # action chips: bank + players = 7 with the Yogi, none without (M-A5y)
    chips = state[S.CHIPS : S.CHIPS + n]
    assert chips.min() >= 0 and state[S.CHIPS_BANK] + chips.sum() == ctx.chips, chips

    # governors: distinct positions, never above the round reached (M-S2, M-R2, M-A8)
    gov = state[S.GOV_POS : S.GOV_POS + nc]
    assert len(set(gov.tolist())) == nc, f"governors share a position {gov}"
    assert gov.min() >= 0 and gov.max() <= nc - 1 + state[S.ROUND], (gov, state[S.ROUND])
    assert 0 <= state[S.ROUND] <= ctx.last_round


class Referee:
    """Follows one stepped game; checks states, turn order, rounds and the end."""

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.round = 0
        self.acted: list[int] = []
        self.picks: dict[int, tuple[int, int]] = {}  # secret picks of this round (M-R3)
        self.prev: np.ndarray | None = None  # state after the last answer
        self.round_points: dict[int, tuple[int, list[int], list[int]]] = {}
        self.decisions = 0

    def started(self, state: np.ndarray) -> None:
        check_state(state, self.ctx)
        gov = state[S.GOV_POS : S.GOV_POS + self.ctx.nc]
        assert sorted(gov.tolist()) == list(range(self.ctx.nc)), "M-S2: governors 0..6"
        self.prev = state.copy()

    def answered(self, state: np.ndarray) -> None:
        check_state(state, self.ctx)
        self.prev = state.copy()

    def _round_ended(self) -> None:
        """Checks on the state the round was scored in (the last answer's state)."""
        ctx, prev = self.ctx, self.prev
        assert sorted(self.acted) == list(range(ctx.n)), f"M-R4: acted {self.acted}"
        assert not self.picks, "M-R3: a pick was never played"
        assert prev[S.ACTED : S.ACTED + ctx.n].all()
        c = int(prev[S.MAHARAJA])
        owner = prev[S.CHAR_OWNER : S.CHAR_OWNER + N_CHARACTERS_MAX]
        chars = [lowest_character(owner, p) for p in range(ctx.n)]
        self.round_points[self.round] = (c, city_points(prev, ctx, c), chars)

    def _round_started(self, state: np.ndarray) -> None:
        ctx, prev = self.ctx, self.prev
        assert state[S.ROUND] == self.round + 1, (state[S.ROUND], self.round)
        if self.round == 0:
            self._check_setup(state)
        else:
            self._round_ended()
            # M-E1/M-V1/[choice] cap: the previous round did not end the game
            assert prev[S.PALACES : S.PALACES + ctx.n].max() < ctx.palace_limit
            assert field_of(ctx, prev[S.GOV_PLACED]) < END_FIELD
            assert self.round < ctx.last_round
        # M-R1: the Maharaja goes to the lowest governor's city; M-R2: that governor goes
        # just above the topmost one; the others stay
        before = prev[S.GOV_POS : S.GOV_POS + ctx.nc]
        after = state[S.GOV_POS : S.GOV_POS + ctx.nc]
        c = int(np.argmin(before))
        assert state[S.MAHARAJA] == c, "M-R1"
        want = before.copy()
        want[c] = before.max() + 1
        assert np.array_equal(after, want), f"M-R2: {before} -> {after}"
        assert state[S.GOV_PLACED] == want[c]
        f = field_of(ctx, want[c])
        assert 1 <= f <= state[S.ROUND], f"field {f} in round {state[S.ROUND]}"
        if state[S.ROUND] == 1:
            assert f == 1, "M-R2: in round 1 the governor lands on field 1"
        self.round = int(state[S.ROUND])
        self.acted = []

    def _check_setup(self, state: np.ndarray) -> None:
        """M-S1, M-S4, M-S5: the stock when round 1 begins, before anyone acts."""
        ctx, n = self.ctx, self.ctx.n
        assert (state[S.GOLD : S.GOLD + n] == START_GOLD).all()
        assert (state[S.ARCH : S.ARCH + n] == ctx.start).all()
        assert (state[S.SUPPLY : S.SUPPLY + n] == SETUP_SUPPLY).all()
        bank = HOUSES_PER_COLOUR - START_HOUSES - SETUP_SUPPLY
        assert (state[S.QUARRY : S.QUARRY + n] == bank).all()
        vil, city = houses(state, ctx)
        assert (vil.sum(axis=0)[:n] == START_HOUSES).all() and not city.any()
        assert not state[S.PALACES : S.PALACES + n].any()

    def asked(self, state: np.ndarray, kind: int) -> None:
        """After advance_nb: the state at a decision point (or at the end)."""
        ctx = self.ctx
        self.decisions += 1
        assert self.decisions <= decision_bound(ctx.n), "the game does not end"
        check_state(state, ctx)
        if state[S.ROUND] != self.round:
            self._round_started(state)
        if kind == DONE:
            return
        seat = int(state[S.ASK_SEAT])
        assert 0 <= seat < ctx.n
        assert kind in (DK_CHARACTER, DK_SETUP_HOUSE, DK_PICK, DK_STEP, DK_REPLACE), kind
        assert (kind in (DK_CHARACTER, DK_SETUP_HOUSE)) == (state[S.ROUND] == 0)
        if kind == DK_PICK:
            assert not self.acted, "M-R3: every pick is made before anyone acts"
        elif kind == DK_STEP:
            assert state[S.TURN_PLAYER] == seat
            if state[S.STEPS] == 0:  # a new turn: M-R4 order, nobody twice
                assert seat not in self.acted, f"M-R4: seat {seat} acts twice"
                picked = (state[S.PICK0 + seat], state[S.PICK1 + seat])
                assert picked == self.picks.pop(seat), "M-R3: the disc shows the secret pick"
                owner = state[S.CHAR_OWNER : S.CHAR_OWNER + N_CHARACTERS_MAX]
                mine = lowest_character(owner, seat)
                for q in range(ctx.n):
                    if q != seat and not state[S.ACTED + q]:
                        assert mine < lowest_character(owner, q), "M-R4: lowest goes first"
                self.acted.append(seat)
        elif kind == DK_REPLACE:
            assert seat != state[S.TURN_PLAYER]

    def decided(self, kind: int, seat: int, out: np.ndarray, ret: int) -> None:
        """The strategy's answer, before the engine applies it."""
        if kind == DK_PICK:
            assert seat not in self.picks
            self.picks[seat] = (int(out[0]), int(out[1]))

    def finished(self, state: np.ndarray, log: np.ndarray) -> None:
        ctx, n = self.ctx, self.ctx.n
        self._round_ended()
        reason = int(state[S.END_REASON])
        palaces = state[S.PALACES : S.PALACES + n]
        gold = state[S.GOLD : S.GOLD + n]
        # M-E1 / M-V1 / [choice] cap, in the engine's order of precedence
        if palaces.max() == ctx.palace_limit:
            want = END["palaces"]
        elif field_of(ctx, state[S.GOV_PLACED]) >= END_FIELD:
            want = END["field10"]
        elif state[S.ROUND] == ctx.last_round:
            want = END["round_limit"] if ctx.last_round != ROUND_CAP else END["cap"]
        else:
            want = -1
        assert reason == want, f"end reason {reason}, expected {want}"
        if reason == END["field10"]:
            assert field_of(ctx, state[S.GOV_PLACED]) == END_FIELD
            placed = log[log[:, LOG_EVENT] == EV_GOV_PLACED]
            assert field_of(ctx, placed[-1, LOG_B]) == END_FIELD
            assert state[S.ROUND] >= END_FIELD
        if reason == END["palaces"]:
            built = log[log[:, LOG_EVENT] == EV_PALACE]
            for p in range(n):
                if palaces[p] == ctx.palace_limit:  # their last palace: in the final round
                    assert built[built[:, LOG_SEAT] == p][-1, LOG_ROUND] == state[S.ROUND]
        assert state[S.N_ERRORS] == 0 and state[S.FIRST_ERROR] == 0, "random made an illegal move"
        # M-E2: palaces desc, gold desc, lower character
        owner = state[S.CHAR_OWNER : S.CHAR_OWNER + N_CHARACTERS_MAX]
        chars = [lowest_character(owner, p) for p in range(n)]
        order = sorted(range(n), key=lambda p: (-palaces[p], -gold[p], chars[p]))
        ranks = state[S.RANK : S.RANK + n]
        assert sorted(ranks.tolist()) == list(range(n)), f"ranks not a permutation {ranks}"
        assert [int(ranks[p]) for p in order] == list(range(n)), f"M-E2 ranks {ranks}"
        replay_log(log, state, ctx, self.round_points)


class LogReplay:
    """Replays an event log from the setup on a model of its own: each event must be legal
    when it happens (the model knows the board as it was then), and the replay must arrive
    at the final state of the game."""

    def __init__(self, ctx: Ctx) -> None:
        n, nc, nv, board = ctx.n, ctx.nc, ctx.nv, ctx.board
        self.ctx = ctx
        self.ends = [(board.junction_index(r.a), board.junction_index(r.b)) for r in board.roads]
        self.road_vils = [board.road_villages(r) for r in range(board.n_roads)]
        self.gold = np.full(n, START_GOLD)
        self.fees_paid = np.zeros(n, dtype=np.int64)
        self.vil = np.zeros((nv, n), dtype=np.int64)
        self.city = np.zeros((nc, n), dtype=np.int64)
        self.supply = np.full(n, START_HOUSES)
        self.quarry = np.full(n, HOUSES_PER_COLOUR - START_HOUSES)
        self.arch = np.full(n, ctx.start)
        self.owner = np.full(N_CHARACTERS_MAX, BANK)
        self.owner[ctx.n_chars :] = OUT_OF_GAME
        self.chips = np.zeros(n, dtype=np.int64)
        self.chip_bank = ctx.chips
        self.chip_round: dict[int, int] = {}
        self.inner = np.full(nc, -1)
        self.outer = np.zeros((nc, n), dtype=np.int64)
        self.gov = np.full(nc, -1)
        self.turns: dict[int, list[int]] = {}
        self.scores: dict[int, list[tuple[int, int, int, int, int]]] = {}
        self.monopoly: dict[int, list[tuple[int, int, int]]] = {}
        self.maharaja: dict[int, int] = {}
        self.setup_done = False
        self.expect: tuple[int, int] | None = None  # (event, seat) that must come next
        self.start_block: tuple[int, list[int]] | None = None  # seat, turn-start events
        self.turn_seat = -1
        self.chosen = 0
        self.setup_houses = 0
        self._new_turn((-1, -1))

    def _new_turn(self, picks: tuple[int, int]) -> None:
        self.picks = picks
        self.slot_houses = [0, 0, 0, 0]
        self.slot_village_houses = [0, 0, 0, 0]
        self.used = dict.fromkeys(range(9), 0)  # one-part actions done this turn, by action

    def _use(self, *actions: int) -> None:
        """An action part was done: it must be one of this turn's picks (M-R3, M-R4)."""
        self.used[actions[0]] += 1
        allowed = sum(self.picks.count(a) for a in actions)
        assert self.used[actions[0]] <= allowed, f"action {actions} not picked: {self.picks}"

    def run(self, log: np.ndarray) -> None:
        handlers = {
            EV_GOVERNORS: self.ev_governors,
            EV_CHOOSE: self.ev_choose,
            EV_SETUP_HOUSE: self.ev_setup_house,
            EV_MAHARAJA: self.ev_maharaja,
            EV_GOV_PLACED: self.ev_gov_placed,
            EV_TURN: self.ev_turn,
            EV_MERCHANT: self.ev_merchant,
            EV_ROAD: self.ev_road,
            EV_FEE: self.ev_fee,
            EV_GOLD: self.ev_gold,
            EV_HOUSE: self.ev_house,
            EV_MOVE_HOUSE: self.ev_move_house,
            EV_QUARRY: self.ev_quarry,
            EV_PALACE: self.ev_palace,
            EV_GOVERNOR: self.ev_governor,
            EV_CHARACTER: self.ev_character,
            EV_REPLACE: self.ev_replace,
            EV_FORFEIT: self.ev_forfeit,
            EV_SCORE: self.ev_score,
            EV_MONOPOLY: self.ev_monopoly,
            EV_CHIP_GAIN: self.ev_chip_gain,
            EV_CHIP_USE: self.ev_chip_use,
        }
        for row in log:
            rnd, p, ev, a, b, c, d = (int(x) for x in row)
            if rnd >= 1 and not self.setup_done:  # M-S5
                self.supply += SETUP_SUPPLY
                self.quarry -= SETUP_SUPPLY
                self.setup_done = True
            if self.expect is not None:
                assert (ev, p) == self.expect, f"expected event {self.expect}, got {row}"
                self.expect = None
            if self.start_block is not None:
                seat, events = self.start_block
                if ev not in TURN_START or seat != p or (ev == EV_TURN and ev in events):
                    self._close_turn_start()
            if ev == EV_TURN:
                self.turn_seat = p
            elif ev in (EV_ROUND, EV_SCORE, EV_MONOPOLY, EV_END):
                self.turn_seat = -1
            elif ev in IN_TURN:
                assert p == self.turn_seat, f"event outside its player's turn: {row}"
            if ev in TURN_START:
                if self.start_block is None:
                    self.start_block = (p, [])
                self.start_block[1].append(ev)
            if ev in handlers:
                handlers[ev](rnd, p, a, b, c, d)
            else:
                assert ev in (EV_ROUND, EV_END, EV_RANK), f"unexpected event {row}"
            assert self.gold.min() >= 0, f"gold below zero after event {row}"

    def _close_turn_start(self) -> None:
        """A turn begins with its EV_TURN and, next to it in any order, the Merchant's
        income (M-K2) and the Yogi's chip (M-K7) for their holders, and nothing else."""
        p, events = self.start_block
        self.start_block = None
        assert events.count(EV_TURN) == 1, f"income outside a turn start: {events}"
        merchant = 1 if self.owner[MERCHANT] == p else 0
        assert events.count(EV_MERCHANT) == merchant, "M-K2: Merchant's income"
        gained = events.count(EV_CHIP_GAIN)
        yogi = self.ctx.n_chars > YOGI and self.owner[YOGI] == p
        assert gained == (1 if yogi and self.chip_bank + gained > 0 else 0), "M-K7: chip"

    def ev_governors(self, rnd, p, a, b, c, d):  # M-S2
        assert rnd == 0 and self.gov[a] == -1
        self.gov[a] = b

    def ev_choose(self, rnd, p, a, b, c, d):  # M-S3: seat 0 first ([choice]), clockwise
        assert p == self.chosen, f"M-S3: seat {p} chooses as number {self.chosen + 1}"
        self.chosen += 1
        assert self.owner[a] == BANK, "M-S3: character already taken"
        assert lowest_character(self.owner, p) == NO_CHARACTER, "M-S3: a second character"
        self.owner[a] = p
        self.gold[p] -= b

    def ev_setup_house(self, rnd, p, a, b, c, d):  # M-S4
        n = self.ctx.n
        order = sorted(range(n), key=lambda q: lowest_character(self.owner, q))
        assert p == order[self.setup_houses % n], "M-S4: passes in ascending character order"
        self.setup_houses += 1
        assert self.vil[a].sum() < self.ctx.cap, "M-S4"
        self.vil[a, p] += 1
        self.supply[p] -= 1

    def ev_maharaja(self, rnd, p, a, b, c, d):  # M-R1: the lowest governor's city
        assert a == int(np.argmin(self.gov)), "M-R1"
        self.maharaja[rnd] = a

    def ev_gov_placed(self, rnd, p, a, b, c, d):  # M-R2: just above the topmost governor
        assert a == self.maharaja[rnd] and b == self.gov.max() + 1, "M-R2"
        self.gov[a] = b

    def ev_turn(self, rnd, p, a, b, c, d):  # M-R4
        self.turns.setdefault(rnd, []).append(p)
        assert c == lowest_character(self.owner, p)
        self._new_turn((a, b))

    def ev_merchant(self, rnd, p, a, b, c, d):  # M-K2
        assert self.owner[MERCHANT] == p and a == MERCHANT_INCOME
        self.gold[p] += a

    def ev_chip_gain(self, rnd, p, a, b, c, d):  # M-K7, M-A5y
        assert self.owner[YOGI] == p and self.chip_bank > 0
        self.chip_bank -= 1
        self.chips[p] += 1
        assert a == self.chips[p]

    def ev_chip_use(self, rnd, p, a, b, c, d):  # M-A5y: one extra action, not Character
        assert self.chips[p] > 0 and a != A_CHARACTER and len(self.picks) == SECRET_PICKS
        assert self.chip_round.get(p) != rnd, "M-A5y: one extra action per round"
        self.chip_round[p] = rnd
        self.chips[p] -= 1
        self.chip_bank += 1
        self.picks = (*self.picks, a)  # the chip's slot (SLOT_CHIP = 2) does this action

    def ev_road(self, rnd, p, a, b, c, d):  # M-F1: along an open road from the architect
        r = a
        assert b == self.arch[p] and {b, c} == set(self.ends[r]), "M-F1: road not at architect"
        assert all(self.vil[v].sum() > 0 for v in self.road_vils[r]), "M-F1: road closed"
        fee = sum(int(self.vil[v].sum()) for v in self.road_vils[r] if self.vil[v, p] == 0)
        assert d == (0 if self.owner[MONK] == p else fee), "M-F1/M-K4: fee"
        self.fees_paid[p] += d
        self.arch[p] = c

    def ev_fee(self, rnd, p, a, b, c, d):  # M-F3, M-K4
        assert self.vil[c, a] == b and a != p, "M-F3: fee goes to each house's owner"
        assert d == (1 if self.owner[MONK] == p else 0), "M-K4"
        if d == 0:
            self.gold[p] -= b
        self.gold[a] += b

    def ev_gold(self, rnd, p, a, b, c, d):  # M-A1
        self._use(A_GOLD)
        assert a == GOLD_ACTION
        self.gold[p] += a

    def _builder(self, p: int) -> None:  # M-K5: once per turn, house or move
        assert self.owner[BUILDER] == p, "M-K5: Builder slot without the Builder"
        assert self.slot_houses[SLOT_BUILDER] == 0, "M-K5: twice in one turn"
        self.slot_houses[SLOT_BUILDER] += 1

    def ev_house(self, rnd, p, a, b, c, d):  # M-A2, M-A3, M-A7, M-K5
        s, cost = c, b
        if s == SLOT_BUILDER:
            self._builder(p)
            assert cost == 0, "M-K5: the Builder's house is free"
        else:
            assert cost == HOUSE_COST and 0 <= s < len(self.picks)
            limit = HOUSES_OF_ACTION.get(self.picks[s], 0)
            assert self.slot_houses[s] < limit, f"house {self.slot_houses[s] + 1} of {limit}"
            self.slot_houses[s] += 1
        if a >= LOC_CITY0:
            assert self.arch[p] == a - LOC_CITY0, "M-A2: a city house needs the architect"
            self.city[a - LOC_CITY0, p] += 1
        else:
            assert self.vil[a].sum() < self.ctx.cap, "M-S4"
            self.vil[a, p] += 1
            self.slot_village_houses[s] += 1
            if s < len(self.picks) and self.picks[s] == A_TWO_HOUSES:
                assert self.slot_village_houses[s] < 2, "M-A3: one of two houses in a city"
        self.gold[p] -= cost
        self.supply[p] -= 1

    def ev_move_house(self, rnd, p, a, b, c, d):  # M-A4, M-K5
        if c == SLOT_BUILDER:
            self._builder(p)
        else:
            assert 0 <= c < len(self.picks) and self.picks[c] == A_MOVE_HOUSE
            assert self.slot_houses[c] == 0, "M-A4: one house per Move house"
            self.slot_houses[c] += 1
        for loc, delta in ((a, -1), (b, 1)):
            if loc >= LOC_CITY0:
                if delta > 0:
                    assert self.arch[p] == loc - LOC_CITY0, "M-A4: city needs the architect"
                self.city[loc - LOC_CITY0, p] += delta
            else:
                if delta > 0:
                    assert self.vil[loc].sum() < self.ctx.cap, "M-A4: village capacity"
                self.vil[loc, p] += delta
        assert self.vil.min() >= 0 and self.city.min() >= 0, "M-A4: moved a missing house"

    def ev_quarry(self, rnd, p, a, b, c, d):  # M-A5
        self._use(A_QUARRY)
        assert a == min(QUARRY_HOUSES, self.quarry[p])
        self.quarry[p] -= a
        self.supply[p] += a

    def ev_palace(self, rnd, p, a, b, c, d):  # M-A6, M-A7, M-K6, M-C2
        self._use(A_PALACE, A_PALACE_HOUSE)
        assert self.arch[p] == a, "M-A6: a palace needs the architect"
        assert c == (ARTIST_PALACE_COST if self.owner[ARTIST] == p else PALACE_COST)
        if b == SITE_INNER:
            assert self.inner[a] == -1, "M-C2: inner site taken"
            self.inner[a] = p
        else:
            used = self.outer[a].sum() + self.ctx.neutral
            assert b == SITE_OUTER and used < OUTER_SITES, "M-C2, M-V2"
            self.outer[a, p] += 1
        self.gold[p] -= c

    def ev_governor(self, rnd, p, a, b, c, d):  # M-A8 (clamped at position 0, [choice])
        self._use(A_GOVERNOR)
        assert self.gov[a] == b and c == max(0, b - GOVERNOR_STEPS) and c < b, "M-A8"
        passed = (self.gov >= c) & (self.gov < b)
        self.gov[passed] += 1
        self.gov[a] = c

    def ev_character(self, rnd, p, a, b, c, d):  # M-A9
        self._use(A_CHARACTER)
        assert self.owner[a] == b and b != p and self.owner[c] == p and a != c, "M-A9"
        self.owner[c] = BANK
        self.owner[a] = p
        if b >= 0:  # the robbed player takes a bank character at once
            self.expect = (EV_REPLACE, b)

    def ev_replace(self, rnd, p, a, b, c, d):  # M-A9
        assert self.owner[a] == BANK and lowest_character(self.owner, p) == NO_CHARACTER
        self.owner[a] = p

    def ev_forfeit(self, rnd, p, a, b, c, d):  # M-F2, [choice] once per action
        assert a >= 1 and b == a * FORFEIT_PENALTY
        for q in range(self.ctx.n):
            if q != p:
                self.gold[q] += b

    def ev_score(self, rnd, p, a, b, c, d):  # M-P1, M-P2
        self.scores.setdefault(rnd, []).append((p, a, b, c, d))
        self.gold[p] += d

    def ev_monopoly(self, rnd, p, a, b, c, d):  # M-P3
        self.monopoly.setdefault(rnd, []).append((p, a, b))
        self.gold[p] += b


def replay_log(log: np.ndarray, state: np.ndarray, ctx: Ctx, round_points: dict) -> None:
    """Replay the log (LogReplay), then compare rounds, scorings and the final state."""
    n, nc = ctx.n, ctx.nc
    assert state[S.LOG_N] == len(log) <= LOG_CAPACITY, "log truncated"
    rp = LogReplay(ctx)
    rp.run(log)
    assert rp.expect is None, f"log ends before {rp.expect}"
    assert rp.start_block is None, "log ends in a turn start"
    assert rp.chosen == n and rp.setup_houses == START_HOUSES * n, "M-S3/M-S4"
    last = int(state[S.ROUND])
    # M-R4: each round every player acts exactly once
    assert sorted(rp.turns) == list(range(1, last + 1))
    for rnd, seats in rp.turns.items():
        assert sorted(seats) == list(range(n)), f"round {rnd}: turns {seats}"
    # M-P1..M-P3: every round's scoring, recomputed from the state it was scored in
    assert sorted(round_points) == list(range(1, last + 1))
    for rnd, (c, pts, chars) in round_points.items():
        assert rp.maharaja[rnd] == c
        order = sorted((p for p in range(n) if pts[p] > 0), key=lambda p: (-pts[p], chars[p]))
        want = [(p, c, pts[p], i, PAYOUTS[n][i]) for i, p in enumerate(order)]
        assert rp.scores.get(rnd, []) == want, f"round {rnd} scoring"
        bonus = [(order[0], c, MONOPOLY_BONUS)] if len(order) == 1 else []
        assert rp.monopoly.get(rnd, []) == bonus, f"round {rnd} monopoly"
    # the log accounts for the final state
    assert np.array_equal(rp.gold, state[S.GOLD : S.GOLD + n]), "gold not explained by the log"
    assert np.array_equal(rp.fees_paid, state[S.FEES_PAID : S.FEES_PAID + n])
    v_state, c_state = houses(state, ctx)
    assert np.array_equal(rp.vil, v_state[:, :n]) and np.array_equal(rp.city, c_state[:, :n])
    assert np.array_equal(rp.supply, state[S.SUPPLY : S.SUPPLY + n])
    assert np.array_equal(rp.quarry, state[S.QUARRY : S.QUARRY + n])
    assert np.array_equal(rp.arch, state[S.ARCH : S.ARCH + n])
    assert np.array_equal(rp.owner, state[S.CHAR_OWNER : S.CHAR_OWNER + N_CHARACTERS_MAX])
    assert np.array_equal(rp.inner, state[S.INNER : S.INNER + nc])
    assert np.array_equal(rp.outer, state[S.OUTER : S.OUTER + nc * P].reshape(nc, P)[:, :n])
    assert np.array_equal(rp.gov, state[S.GOV_POS : S.GOV_POS + nc])
    assert np.array_equal(rp.chips, state[S.CHIPS : S.CHIPS + n])


# --- stepping a game ----------------------------------------------------------------------


def play_stepped(
    driver,
    board: Board,
    n_players: int,
    seed: int,
    game: int = 0,
    rules: RuleSet | None = None,
    strategy: str = "random",
) -> tuple[np.ndarray, np.ndarray, Referee]:
    """Play one game like play_game_nb, checking every state; returns (state, log, referee)."""
    rules = rules or RuleSet()
    ref = Referee(ctx_for(n_players, board, rules))
    board_arr, rules_arr = board.pack(), rules.pack()
    sids, params = strategies.seat_arrays(strategies.resolve([strategy], n_players))
    state = np.zeros(S.STATE_SIZE, dtype=np.int64)
    log = np.zeros((LOG_CAPACITY, LOG_WIDTH), dtype=np.int64)
    rng = np.zeros(RNG_STREAMS, dtype=np.uint64)
    scratch = np.zeros((MAX_SEATS, SCRATCH_SIZE), dtype=np.int64)
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    work = np.zeros(WORK_SIZE, dtype=np.int64)
    start_game_nb(state, board_arr, rules_arr, log, n_players, seed, game, rng)
    ref.started(state)
    for _ in range(decision_bound(n_players) + 1):
        kind = advance_nb(state, board_arr, rules_arr, log, work)
        ref.asked(state, kind)
        if kind == DONE:
            break
        seat = asked_seat_nb(state)
        out[:] = 0
        ret = driver.decide_nb(
            kind, sids[seat], seat, state, board_arr, rules_arr, params[seat],
            rng[1 + seat : 2 + seat], scratch[seat], out,
        )  # fmt: skip
        ref.decided(kind, seat, out, ret)
        answer_nb(state, board_arr, rules_arr, log, out, ret)
        ref.answered(state)
    else:
        pytest.fail(f"no end after {decision_bound(n_players)} decisions")
    log = log[: int(state[S.LOG_N])]
    ref.finished(state, log)
    return state, log, ref


# --- the properties -----------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5))
def test_invariants_hold_after_every_decision(driver, board, seed, players):
    """M-C2, M-C3, M-S1..M-S5, M-R1..M-R4, M-A*, M-F1..M-F3, M-P1..M-P3, M-E1, M-E2."""
    state, _, _ = play_stepped(driver, board, players, seed)
    assert state[S.END_REASON] in (END["palaces"], END["field10"], END["cap"])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5))
def test_short_game_ends_by_round_8(driver, board, seed, players):
    """M-V1: 6 palaces each, the game ends after round 8 at the latest."""
    state, _, _ = play_stepped(driver, board, players, seed, rules=RuleSet(short_game=True))
    assert 1 <= state[S.ROUND] <= SHORT_LAST_ROUND
    assert state[S.PALACES : S.PALACES + players].max() <= SHORT_PALACES
    # field 10 needs round 10: a governor lands at most on the field of the round (M-R2)
    reason = state[S.END_REASON]
    assert reason in (END["palaces"], END["round_limit"])
    if reason == END["round_limit"]:
        assert state[S.ROUND] == SHORT_LAST_ROUND


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5))
def test_invariants_with_yogi_neutral_palaces_and_home_cities(driver, board, seed, players):
    """The same checks with the engine's advanced switches on: the Yogi and chips (M-A5y,
    M-K7, chips conserved), neutral palaces (M-V2) and home cities (M-A7h)."""
    rules = RuleSet(yogi=True, neutral_palaces=True, home_cities=True)
    state, _, _ = play_stepped(driver, board, players, seed, rules=rules)
    assert state[S.END_REASON] in (END["palaces"], END["field10"], END["cap"])


@pytest.mark.nojit
@pytest.mark.parametrize("players", [2, 5])
def test_invariants_smoke(driver, board, players):
    """The full check on one fixed game at the smallest and largest table (also as Python)."""
    state, log, _ = play_stepped(driver, board, players, seed=7001 + players)
    assert state[S.END_REASON] != 0 and len(log) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_stepping_here_matches_play_game(driver, board, players):
    """The stepped loop above is the driver's loop: same final state and log as play_game."""
    sids, params = strategies.seat_arrays(strategies.resolve(["random"], players))
    for game in (0, 1, 2):
        state, log, _ = play_stepped(driver, board, players, seed=99, game=game)
        played = play_game(driver, sids, params, players, seed=99, game=game)
        assert np.array_equal(state, played.state)
        assert np.array_equal(log, played.log)


def expected_ranks(palaces: np.ndarray, gold: np.ndarray, char: np.ndarray) -> np.ndarray:
    """M-E2 per game (rows): the number of players that finish before each player."""
    better = (
        (palaces[:, None, :] > palaces[:, :, None])
        | ((palaces[:, None, :] == palaces[:, :, None]) & (gold[:, None, :] > gold[:, :, None]))
        | (
            (palaces[:, None, :] == palaces[:, :, None])
            & (gold[:, None, :] == gold[:, :, None])
            & (char[:, None, :] < char[:, :, None])
        )
    )
    return better.sum(axis=-1)


@pytest.mark.parametrize("short", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_seeds_end_cleanly(driver, players, short):
    """2000 games per player count: no strategy errors, a valid end, M-E1/M-V1 end rules,
    M-E2 ranking, gold never negative, at most 7 (6) palaces."""
    from simcore.maharaja.records import REC

    rules = RuleSet(short_game=short)
    limit = SHORT_PALACES if short else PALACES
    sids, params = strategies.seat_arrays(strategies.resolve(["random"], players))
    rec = play_batch(driver, sids, params, 2000, players, seed=4242 + players, rules=rules)
    assert rec.shape[:2] == (2000, players)
    assert not rec[:, :, REC.ERRORS].any()
    reason = rec[:, 0, REC.END_REASON]
    rounds = rec[:, 0, REC.ROUNDS]
    assert (rec[:, :, REC.END_REASON] == reason[:, None]).all()
    palaces = rec[:, :, REC.PALACES]
    gold = rec[:, :, REC.GOLD]
    assert (gold >= 0).all() and (palaces >= 0).all() and palaces.max() <= limit
    assert np.array_equal(reason == END["palaces"], palaces.max(axis=1) == limit)
    assert (rounds[reason == END["field10"]] >= END_FIELD).all()
    assert (rounds[reason == END["cap"]] == ROUND_CAP).all()
    if short:
        assert set(np.unique(reason)) <= {END["palaces"], END["round_limit"]}
        assert rounds.max() <= SHORT_LAST_ROUND
        assert (rounds[reason == END["round_limit"]] == SHORT_LAST_ROUND).all()
    else:
        assert set(np.unique(reason)) <= {END["palaces"], END["field10"], END["cap"]}
        assert rounds.max() <= ROUND_CAP
    ranks = rec[:, :, REC.RANK]
    assert (np.sort(ranks, axis=1) == np.arange(players)).all(), "ranks not a permutation"
    assert np.array_equal(ranks, expected_ranks(palaces, gold, rec[:, :, REC.END_CHAR]))


@pytest.mark.parametrize("short", [False, True])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_palace_endings_step_cleanly(driver, board, players, short):
    """M-E1/M-V1: games that end by a last palace (rare with `random`, so picked out of a
    batch) pass every check, ending in the round of the last palace."""
    rules = RuleSet(short_game=short)
    sids, params = strategies.seat_arrays(strategies.resolve(["random"], players))
    rec = play_batch(driver, sids, params, 3000, players, seed=77, rules=rules)
    games = np.flatnonzero(rec[:, 0, REC.END_REASON] == END["palaces"])[:2]
    assert games.size > 0, "no palace ending in the batch"
    for g in games:
        state, _, _ = play_stepped(driver, board, players, 77, game=int(g), rules=rules)
        assert state[S.END_REASON] == END["palaces"]
        assert state[S.ROUND] == rec[g, 0, REC.ROUNDS]


# --- the checks themselves can fail -------------------------------------------------------


def _move_supply_house_into_full_village(s: np.ndarray, ctx: Ctx) -> None:
    v = int(np.argmax(s[S.VIL_TOTAL : S.VIL_TOTAL + ctx.nv]))
    s[S.VIL + v * P] += 1
    s[S.VIL_TOTAL + v] += 1
    s[S.SUPPLY] -= 1


def _take_second_character(s: np.ndarray, ctx: Ctx) -> None:
    k = int(np.flatnonzero(s[S.CHAR_OWNER : S.CHAR_OWNER + BASIC_CHARACTERS] == BANK)[0])
    s[S.CHAR_OWNER + k] = 0


STATE_CORRUPTIONS = {
    "negative gold": lambda s, ctx: s.__setitem__(S.GOLD + 1, -1),
    "lost house": lambda s, ctx: s.__setitem__(S.QUARRY, s[S.QUARRY] - 1),
    "full village": _move_supply_house_into_full_village,
    "architect in a village": lambda s, ctx: s.__setitem__(S.ARCH, ctx.start + 1),
    "second character": _take_second_character,
    "shared governor position": lambda s, ctx: s.__setitem__(S.GOV_POS, s[S.GOV_POS + 1]),
    "eighth palace site": lambda s, ctx: s.__setitem__(S.OUTER_USED, OUTER_SITES + 1),
}


@pytest.fixture(scope="module")
def finished_game(driver, board):
    return play_stepped(driver, board, 4, seed=3)


@pytest.mark.parametrize("name", sorted(STATE_CORRUPTIONS))
def test_state_checks_catch_corruption(finished_game, board, name):
    state, _, _ = finished_game
    ctx = ctx_for(4, board, RuleSet())
    check_state(state, ctx)
    bad = state.copy()
    STATE_CORRUPTIONS[name](bad, ctx)
    with pytest.raises(AssertionError):
        check_state(bad, ctx)


def _first(log: np.ndarray, event: int) -> int:
    return int(np.flatnonzero(log[:, LOG_EVENT] == event)[0])


LOG_CORRUPTIONS = {
    "fee amount": (EV_FEE, LOG_B, 1),
    "road fee": (EV_ROAD, LOG_D, 1),
    "scoring gold": (EV_SCORE, LOG_D, 1),
    "scoring points": (EV_SCORE, LOG_B, 1),
    "turn seat": (EV_TURN, LOG_SEAT, 1),
    "palace cost": (EV_PALACE, LOG_C, -3),
    "gold action": (EV_GOLD, LOG_A, 1),
    "merchant income": (EV_MERCHANT, LOG_A, 1),
    "governor move": (EV_GOVERNOR, LOG_C, 1),
    "setup house seat": (EV_SETUP_HOUSE, LOG_SEAT, 1),
}


@pytest.mark.parametrize("name", sorted(LOG_CORRUPTIONS))
def test_log_replay_catches_corruption(finished_game, board, name):
    state, log, ref = finished_game
    ctx = ctx_for(4, board, RuleSet())
    event, column, delta = LOG_CORRUPTIONS[name]
    bad = log.copy()
    row = _first(bad, event)
    bad[row, column] = (bad[row, column] + delta) % (4 if column == LOG_SEAT else 1 << 20)
    with pytest.raises(AssertionError):
        replay_log(bad, state, ctx, ref.round_points)


def test_end_checks_catch_wrong_ranks(finished_game, board):
    state, log, _ = finished_game
    bad = state.copy()
    first, second = (int(np.flatnonzero(state[S.RANK : S.RANK + 4] == r)[0]) for r in (0, 1))
    bad[S.RANK + first], bad[S.RANK + second] = 1, 0
    ref = Referee(ctx_for(4, board, RuleSet()))
    ref.prev = bad
    ref.acted = [0, 1, 2, 3]
    with pytest.raises(AssertionError, match="M-E2"):
        ref.finished(bad, log)
