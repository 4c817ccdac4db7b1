"""Fixed-seed decision traces: a digest of every game a strategy plays on fixed seeds.

    python -m bench.traces --save /tmp/before.json [--game G]   # before a refactor
    python -m bench.traces --check /tmp/before.json [--game G]  # after: which cases differ

A case is (strategy mix, rule setting, player count); its digest hashes, game by game,
the final state vector, the event log and the result records (without the strategy-id
column, which moves when a strategy is added). A pure refactor or speed-up must leave
every digest unchanged; a case that differs names a decision that changed. Not a test:
the digests are the code's own output, so they can only compare two versions.

The cases of a game are listed here (`GAMES`): its rule settings (overrides and
variants of the rulebook game), its scripted strategies, a mix and its search.
"""

from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass

import numpy as np

import strategies
from bench.digest_files import digest_parser, save_or_check
from simcore.core.contract.games import get_game


@dataclass(frozen=True)
class Cases:
    """What a game's traces play: settings name -> (variants, --set overrides)."""

    settings: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
    scripted: tuple[str, ...]
    players: tuple[int, ...]
    mix: tuple[str, ...]
    mix_players: tuple[int, ...]
    search: tuple[str, ...]
    search_settings: tuple[str, ...]
    search_field: tuple[str, ...]
    seed: int = 20261123


GAMES = {
    "maharaja": Cases(
        settings={
            "basic": ((), ()),
            "dealt": ((), ("deal=random",)),
            "random-first": ((), ("first_chooser=-1",)),
            "advanced1": (("advanced1",), ()),
            "advanced2": (("advanced2",), ()),
            "auction": (("auction",), ()),
            "several": (("several",), ()),
            "short": ((), ("short_game=true",)),
        },
        scripted=("random", "palace-rush", "house-network", "chaser", "weighted"),
        players=(2, 3, 4, 5),
        mix=("weighted:char_noise=1", "chaser", "house-network", "palace-rush", "random"),
        mix_players=(3, 5),
        search=("lookahead:rollouts=8:char_rollouts=0",),
        search_settings=("basic", "advanced2"),
        search_field=("weighted", "chaser", "house-network"),
    ),
    "vermaechtnis": Cases(
        settings={
            "basic": ((), ()),
            "grey": (("grey",), ()),
            "give-up-first": ((), ("check_before_give_up=false",)),
            "offer-refill": ((), ("short_offer_ends=false",)),
            "tie-before": ((), ("tie_after_discard=false",)),
            "no-lone-discard": ((), ("lone_discard=false",)),
        },
        scripted=("random", "hoarder", "collector", "pairs", "chaser", "weighted"),
        players=(2, 3, 4),
        mix=("weighted", "chaser", "pairs", "collector"),
        mix_players=(3, 4),
        search=("lookahead:rollouts=8",),
        search_settings=("basic", "grey"),
        search_field=("weighted", "chaser", "pairs"),
    ),
    "tajmahal": Cases(
        settings={
            "basic": ((), ()),
            "literal-last": ((), ("last_min_symbols=0",)),
            "no-reshuffle": ((), ("reshuffle=false",)),
            "discard-first": ((), ("discard_first=true",)),
            "no-crown": ((), ("crown=false",)),
            "hand-tie": ((), ("tie_break=1", "hand_limit=8")),
            "display": ((), ("display_size=6", "hand_size=5")),
        },
        scripted=("random", "commodities", "networks", "weighted"),
        players=(3, 4, 5),
        mix=("weighted", "networks", "commodities", "random", "weighted"),
        mix_players=(3, 5),
        search=("lookahead:horizon=1:rollouts=4:pick_rollouts=2",),
        search_settings=("basic", "no-crown"),
        search_field=("weighted", "networks"),
    ),
    "palast": Cases(
        settings={
            "basic": ((), ()),
            "seraglio-figure": (("seraglio_figure",), ()),
            "sealed": (("sealed",), ()),
            "fee": ((), ("fee_52=2",)),
            "clockwise": ((), ("bonus_turn_order=false",)),
            "optional-removal": ((), ("remove_compulsory=false",)),
            "keep-balcony": ((), ("evict_always=false", "treasury_alone=false")),
        },
        scripted=("random", "harbour", "vizier", "weighted"),
        players=(2, 3, 4),
        mix=("weighted", "vizier", "harbour", "random"),
        mix_players=(3, 4),
        search=("lookahead:rollouts=4:minor_rollouts=2:horizon=8",),
        search_settings=("basic", "sealed"),
        search_field=("weighted", "vizier"),
    ),
}


def cases(
    games: int, with_search: bool, game: str = "maharaja"
) -> list[tuple[str, list[str], str, int, int]]:
    """(case name, seat names, setting, players, games)."""
    c = GAMES[game]
    out = []
    for name in c.scripted:
        for setting in c.settings:
            for players in c.players:
                out.append((f"{name}|{setting}|{players}p", [name], setting, players, games))
    for setting in c.settings:
        for players in c.mix_players:
            seats = list(c.mix[:players])
            out.append((f"mix|{setting}|{players}p", seats, setting, players, games))
    if with_search:
        for name in c.search:
            for setting in c.search_settings:
                seats = [name, *c.search_field]
                n = len(seats)
                out.append((f"{name}|{setting}|{n}p", seats, setting, n, max(1, games // 10)))
    return out


def rules_of(game: str, setting: str):
    variants, overrides = GAMES[game].settings[setting]
    rules = get_game(game).default_rules()
    if variants:
        rules = rules.with_variants(list(variants))
    if overrides:
        rules = rules.with_overrides(list(overrides))
    return rules


def digest(seats: list[str], setting: str, players: int, games: int, game: str = "maharaja",
           sorted_state: bool = False) -> str:  # fmt: skip
    plugin = get_game(game)
    driver = strategies.driver_for(game)
    sids, params = strategies.seat_arrays(strategies.resolve(seats, players, game), game)
    rules, data = rules_of(game, setting), plugin.default_data()
    h = hashlib.sha256()
    for g in range(games):
        p = plugin.play_game(driver, sids, params, players, GAMES[game].seed, g, rules, data)
        state = np.sort(p.state) if sorted_state else p.state  # sorted: layout-free
        h.update(np.ascontiguousarray(state).tobytes())
        h.update(np.ascontiguousarray(p.log).tobytes())
        h.update(np.ascontiguousarray(p.records[:players, 1:]).tobytes())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = digest_parser(__doc__)
    ap.add_argument("--game", default="maharaja", choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=20, help="games per case")
    ap.add_argument("--no-search", action="store_true", help="leave out lookahead cases")
    ap.add_argument("--sorted-state", action="store_true",
                    help="hash the final state as a sorted multiset of values, for a change "
                    "that moves the state layout (log and records stay positional)")  # fmt: skip
    a = ap.parse_args(argv)
    got = {name: digest(seats, setting, players, n, a.game, a.sorted_state)
           for name, seats, setting, players, n in cases(a.games, not a.no_search, a.game)
           }  # fmt: skip

    def refuse(saved: dict) -> str | None:
        game = saved.get("game", "maharaja")
        return None if game == a.game else f"{game}, not {a.game}"

    return save_or_check(a, got, {"game": a.game, "games": a.games}, refuse)


if __name__ == "__main__":
    sys.exit(main())
