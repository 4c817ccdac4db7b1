"""Invariants over many random-legal games (every seat answering uniformly among the
legal answers): cards conserved (hands + played + pile + discard + display + special
cards beside the board = 100, kind by kind), influence tiles and palaces within their
supply, scores equal to an independent recomputation from the event log and the final
state, no illegal answer, same seed same game."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.tajmahal import data_layout as D
from simcore.tajmahal import layout as S
from simcore.tajmahal.enums import (
    B_CARD,
    B_PLUS2,
    B_TAJ,
    END_VISITS,
    EV_BONUS,
    EV_PALACE,
    EV_PALACE_POINTS,
    EV_PROVINCE,
    EV_VISIT,
    LOG_A,
    LOG_B,
    LOG_EVENT,
    LOG_SEAT,
    LOG_TIME,
    MOGUL,
    N_COLOURS,
    N_SYMBOLS,
    SPECIAL,
    WHITE,
)
from simcore.tajmahal.game_data import default_data
from simcore.tajmahal.rules import RuleSet

from .table import Table, play_many_nb, random_game, total_cards

PARTS = (S.PTS_BONUS, S.PTS_PALACE, S.PTS_PROVINCE, S.PTS_SPECIAL, S.PTS_HAND)
WHAT_IF = RuleSet(display_size=3, hand_limit=8, reshuffle=False, last_min_symbols=0,
                  own_crown_city_open=False, discard_first=True, tie_break=1,
                  exchange_after_last=False, double_each=False, crown_scores=False,
                  immediate_card=False, hand_size=4, crown=False,
                  hand_scoring=False)  # fmt: skip
BIG_DISPLAY = RuleSet(display_size=12, special_princess=0, special_general=3)  # T-V2


def check_state(s: np.ndarray, d: np.ndarray) -> None:
    """What holds after every decision (T-C4, T-C5, T-C7, T-R4, T-I1 public hand sizes)."""
    n = int(s[S.N_PLAYERS])
    assert total_cards(s, d) == 100
    per_kind = np.zeros(D.MAX_KINDS, dtype=np.int64)
    for p in range(n):
        hand = s[S.HAND + p * D.MAX_KINDS : S.HAND + (p + 1) * D.MAX_KINDS]
        assert hand.min() >= 0 and hand.sum() == s[S.HAND_N + p]
        known = s[S.KNOWN + p * D.MAX_KINDS : S.KNOWN + (p + 1) * D.MAX_KINDS]
        assert (known >= 0).all() and (known <= hand).all()  # T-I2 known cards are held
        per_kind += hand + s[S.PLAYED + p * D.MAX_KINDS : S.PLAYED + (p + 1) * D.MAX_KINDS]
    per_kind += s[S.DISCARD : S.DISCARD + D.MAX_KINDS]
    assert s[S.DISCARD_N] == s[S.DISCARD : S.DISCARD + D.MAX_KINDS].sum()
    for k in s[S.PILE : S.PILE + s[S.PILE_N]]:
        per_kind[k] += 1
    for k in s[S.DISPLAY : S.DISPLAY + S.MAX_DISPLAY]:
        if k >= 0:
            per_kind[k] += 1
    nk = int(d[D.N_KINDS])
    assert per_kind[:nk].tolist() == d[D.KIND_COUNT : D.KIND_COUNT + nk].tolist()
    for t in range(D.N_SPECIAL):  # one special card, held by its holder or beside the board
        holder = int(s[S.SPECIAL_HOLDER + t])
        where = [
            p
            for p in range(n)
            if per_kind[nk + t]
            and (s[S.HAND + p * D.MAX_KINDS + nk + t] + s[S.PLAYED + p * D.MAX_KINDS + nk + t])
        ]
        assert where == ([] if holder < 0 else [holder])  # fmt: skip
    for t in range(4):  # T-C4: 6 influence tiles per type; T-R4: <= 1 held between visits
        held = s[S.OVALS + t : S.OVALS + 4 * n : 4]
        assert held.sum() + ((s[S.COURT] >> t) & 1) <= 6 and held.max() <= 2
    masks = np.zeros(n, dtype=np.int64)
    for c in range(int(d[D.N_CITIES])):
        for owner in (s[S.CITY_NORMAL + c], s[S.CITY_CROWNED + c]):
            if owner >= 0:
                masks[owner] |= 1 << c
    assert masks.tolist() == s[S.PALACES : S.PALACES + n].tolist()
    placed = sum(int(s[S.N_PALACES + p]) for p in range(n))
    assert placed <= 5 * int(s[S.VISIT]) <= 100  # T-C7: 100 palaces in the box
    for p in range(n):
        assert s[S.POINTS + p] == sum(s[part + p] for part in PARTS)
    assert s[S.N_ERRORS] == 0


def hand_points(s: np.ndarray, d: np.ndarray, p: int) -> int:
    """T-P4 recomputed: specials + whites + the most cards of one colour."""
    colours = [0] * N_COLOURS
    pts = 0
    for k in range(int(d[D.N_KINDS]) + D.N_SPECIAL):
        n = int(s[S.HAND + p * D.MAX_KINDS + k])
        c = int(d[D.KIND_COLOUR + k])
        if c in (WHITE, SPECIAL):
            pts += n
        else:
            colours[c] += n
    return pts + max(colours)


def check_final(s: np.ndarray, d: np.ndarray, rules: RuleSet) -> None:
    n = int(s[S.N_PLAYERS])
    check_state(s, d)
    assert s[S.END_REASON] == END_VISITS and s[S.VISIT] == 12  # T-E1
    pts = s[S.POINTS : S.POINTS + n]
    for p in range(n):
        assert s[S.PTS_HAND + p] == (hand_points(s, d, p) if rules.hand_scoring else 0)
        above = int((pts > pts[p]).sum())
        if rules.tie_break == 0:
            assert s[S.RANK + p] == above  # T-E2
        else:
            assert above <= s[S.RANK + p] < n
    owners = s[S.TILE_OWNER : S.TILE_OWNER + 12]
    assert ((owners >= 0) | (owners == S.T_GONE)).all()  # every tile won or gone (T-R5)


@pytest.mark.nojit
def test_every_decision_keeps_the_invariants():
    """Step by step through a random-legal game at 3, 4 and 5 players: T-C4 influence
    tiles and T-C7 palaces within the box, T-C5 cards conserved kind by kind, T-I1 public
    hand sizes equal the hidden hands; T-I4 one decision at a time by the asked seat;
    T-D1, T-D2, T-D3 every enumerated answer is legal (never counted as an error)."""
    rng = np.random.default_rng(5)
    for players in (3, 4, 5):
        t = Table(players, seed=9, game=players)
        while True:
            kind, seat = t.ask()
            if kind < 0:
                break
            check_state(t.state, t.d)
            legal = t.legal()
            assert legal and len(set(legal)) == len(legal)
            t.answer(legal[int(rng.integers(len(legal)))])
        check_final(t.state, t.d, t.rules)


@pytest.mark.parametrize(
    "rules", [RuleSet(), WHAT_IF, BIG_DISPLAY], ids=["rulebook", "what-if", "big-display"]
)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_many_games(players, rules):
    """Final states of 200 random-legal games: the invariants, T-E1 every game ends after
    visit 12, T-P4 recomputed (none with hand scoring off), T-E2 ranks; without the crown
    (what-if) nobody holds a mogul prize."""
    data = default_data().pack()
    finals = np.zeros((200, S.STATE_SIZE), dtype=np.int64)
    play_many_nb(200, data, rules.pack(), players, 17, finals)
    for s in finals:
        check_final(s, data, rules)
    pts = finals[:, S.POINTS : S.POINTS + players]
    assert pts.min() >= 0 and pts.mean() > 10  # random play still scores
    prizes = finals[:, S.PRIZES : S.PRIZES + S.MAX_SEATS * N_SYMBOLS]
    moguls = prizes.reshape(200, -1, N_SYMBOLS)[:, :, MOGUL]
    assert (moguls.sum() == 0) == (not rules.crown)


def replay_points(t: Table) -> dict[str, list[int]]:
    """T-P1, T-P2, T-P3 recomputed in plain Python from the logged palaces, tiles and map
    (breadth-first search over the road map, commodity counts kept per seat)."""
    g = t.gd
    n = t[S.N_PLAYERS]
    adj: dict[int, set[int]] = {c: set() for c in range(len(g.map.cities))}
    for a, b in g.map.roads:
        adj[a].add(b)
        adj[b].add(a)
    own: list[set[int]] = [set() for _ in range(n)]
    held = [[0] * 4 for _ in range(n)]
    out = {"bonus": [0] * n, "palace": [0] * n, "province": [0] * n}
    prov = -1
    for row in t.events():
        ev, seat, a, b = int(row[LOG_EVENT]), int(row[LOG_SEAT]), int(row[LOG_A]), int(row[LOG_B])
        if ev == EV_VISIT:
            prov = a
        elif ev == EV_PALACE:
            own[seat].add(a)
        elif ev == EV_BONUS:
            if a < 4:
                want = 1 + held[seat][a]
                held[seat][a] += 1
            else:
                want = {B_PLUS2: t.rules.plus2_points, B_CARD: 0, B_TAJ: t.rules.taj_points}[a]
            assert b == want
            out["bonus"][seat] += want
        elif ev == EV_PALACE_POINTS:
            start = {c for c in own[seat] if g.map.city_province[c] == prov}
            seen, todo = set(start), list(start)
            while todo:
                for nb in adj[todo.pop()] & own[seat]:
                    if nb not in seen:
                        seen.add(nb)
                        todo.append(nb)
            want = 1 + len({g.map.city_province[c] for c in seen} - {prov})
            assert start and a == want
            out["palace"][seat] += want
        elif ev == EV_PROVINCE:
            want = 0
            for k in g.tiles.province_tiles[a - 1]:
                want += 1 + held[seat][k]
                held[seat][k] += 1
            assert b == want
            out["province"][seat] += want
    for p in range(n):
        assert held[p] == t.state[S.COMM + p * 4 : S.COMM + p * 4 + 4].tolist()
    return out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_scores_equal_a_recomputation(players):
    """Scores per part equal the plain-Python recomputation, game by game."""
    for game in range(8):
        t = random_game(players, seed=23, game=game)
        assert t[S.LOG_N] <= len(t.log)
        got = replay_points(t)
        for part, off in (("bonus", S.PTS_BONUS), ("palace", S.PTS_PALACE),
                          ("province", S.PTS_PROVINCE)):  # fmt: skip
            assert got[part] == t.state[off : off + players].tolist(), part
        visits = {int(v) for v in t.events(EV_VISIT)[:, LOG_TIME]}
        assert visits == set(range(1, 13))


def test_same_seed_same_game():
    a, b = random_game(4, seed=3, game=1), random_game(4, seed=3, game=1)
    c = random_game(4, seed=3, game=2)
    assert np.array_equal(a.state, b.state) and np.array_equal(a.log, b.log)
    assert not np.array_equal(a.state, c.state)
