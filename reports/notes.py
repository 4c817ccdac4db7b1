"""Sentences about how the runs were played: strategies, the game's own set-up words (its
plug-in's `describe_runs`: e.g. how cards were dealt or chosen), where
--target-ci stopped each run, and what every figure of this game rests on (its notes)."""

from __future__ import annotations

from analyses.balance import Balance


def _seat_text(s: dict, shown: set[str]) -> str:
    params = s.get("params") or {}
    inner = ", ".join(f"{k}={params[k]:g}" for k in sorted(shown) if params.get(k))
    return f"{s.get('name')} ({inner})" if inner else str(s.get("name"))


def _strategies(m: dict, shown: set[str]) -> str:
    seats = [_seat_text(s, shown) for s in m.get("strategies", [])]
    if len(set(seats)) == 1:
        return f"{seats[0]} in every seat"
    return ", ".join(seats)


def context_notes(b: Balance, game_notes: bool = True) -> list[str]:
    """`game_notes=False` leaves out the game's own notes (a page that shows them in its
    header, near the top, where a reconstruction must be read before any figure)."""
    out = list(b.game.notes) if game_notes else []
    ms = [r.manifest for r in b.runs]
    shown = set(b.game.study_strategy_params)
    by_strat: dict[str, list[str]] = {}
    for r in b.runs:
        by_strat.setdefault(_strategies(r.manifest, shown), []).append(f"{r.label} ({r.players}p)")
    if len(by_strat) == 1:
        out.append(f"Strategies: {next(iter(by_strat))}, in every run.")
    else:
        out += [f"Strategies: {k} — {', '.join(v)}." for k, v in by_strat.items()]
    out += b.game.describe_runs(ms)
    stopped = [r for r in b.runs if r.manifest.get("stopping")]
    half = [r for r in stopped if "z" not in r.manifest["stopping"]]
    decided = [r for r in stopped if "z" in r.manifest["stopping"]]  # a study's adaptive runs
    label = b.game.primary.label
    if half:
        st = half[0].manifest["stopping"]
        pts = "win-rate point" if st["target_ci"] == 0.01 else "win-rate points"
        out.append(
            f"Game counts come from --target-ci {st['target_ci']:g}: each run played rounds of "
            f"{st['round_chunks']} chunks until the 95% interval of every {label} was "
            f"narrower than ± {100 * st['target_ci']:g} {pts} "
            f"(at most the run's --games). {_outcomes(half)}."
        )
    if decided:
        st = decided[0].manifest["stopping"]
        also = (f" and narrower than ± {100 * st['target_ci']:g} win-rate points"
                if st.get("target_ci") else "")  # fmt: skip
        out.append(
            f"Game counts come from the study's rule: each run played rounds of "
            f"{st['round_chunks']} chunks until every {label} was decided against the fair "
            f"share (its interval at z = {st['z']:g} wholly above, wholly below or within "
            f"± {100 * st['delta']:g} win-rate points of it){also}, at most the run's --games. "
            f"{_outcomes(decided)}."
        )
    return out


def _outcomes(runs) -> str:
    return "; ".join(f"{r.label} ({r.players}p): {stop_text(r.manifest).strip('; ')}" for r in runs)


def stop_text(m: dict) -> str:
    """'; target reached after 24,000 games' for a run with a stopping rule, else ''."""
    o = m.get("stop_outcome")
    if not o:
        return ""
    return f"; {o['reason']} after {o['games']:,} games"


def grouped_warnings(lines: list[str]) -> list[str]:
    """The same warning in several runs or player counts stated once, with where and how
    often: "4 players, run a; 5 players, run a (2 runs): X never occurred ...". A warning's
    place is the text before its first ': ' (analyses/checks.py), the rest its message."""
    places: dict[str, list[str]] = {}
    for line in lines:
        where, sep, text = line.partition(": ")
        if not sep:
            where, text = "", line
        places.setdefault(text, [])
        if where and where not in places[text]:
            places[text].append(where)
    out = []
    for text, where in places.items():
        if len(where) > 1:
            out.append(f"{'; '.join(where)} ({len(where)} runs): {text}")
        else:
            out.append(f"{where[0]}: {text}" if where else text)
    return out


def bots_text(m: dict, game) -> str:
    """The bots of a run in a few words: "NAME (PARAM=1) in every seat", showing the
    plug-in's study parameters."""
    return _strategies(m, set(game.study_strategy_params))
