"""Report section of analyses.good_play: per setting of a comparison study (a variant, a
swept value), its effect against the basic game under the study's scripted bot and under
the strongest measured search rung, and whether the two agree. A plain dict for
render_report's `extra=` hook."""

from __future__ import annotations

from analyses.good_play import GoodPlay
from simcore.core.contract.plugin import Key

from .tables import Table

WORDS = {
    "agrees": ("agrees", "down"),
    "differs": ("DIFFERS", "up"),
    "not shown to agree": ("not shown to agree", "ns"),
    "not replayed": ("not replayed (no change under the scripted bot)", "ns"),
}


def _largest(effects, key: Key) -> str:
    if not effects:
        return "—"
    e = max(effects, key=lambda e: abs(e.diff))
    mark = "" if e.decided else " (n.s.)"
    return (f"{key.words(e.value)}: {100 * e.diff:+.1f} pts ({100 * e.lo:+.1f} to "
            f"{100 * e.hi:+.1f}){mark}")  # fmt: skip


def _changed(effects, key: Key) -> str:
    moved = [str(key.words(e.value)) for e in effects if e.decided]
    return ", ".join(moved) if moved else "nothing"


def sentence(g: GoodPlay, key: Key) -> str:
    """One line per setting: its effect under both bots, named, and whether they agree."""
    head = f"{g.folder} ({g.players} players, against {g.basic}): "
    if g.under_strong is None:
        return head + (f"changes {_changed(g.under_scripted, key)} under {g.scripted}; "
                       f"not replayed under {g.strong}")  # fmt: skip
    out = (f"changes {_changed(g.under_scripted, key)} under {g.scripted} and "
           f"{_changed(g.under_strong, key)} under {g.strong}: {g.verdict}")  # fmt: skip
    if g.widest is not None and g.verdict != "agrees":
        v, d, lo, hi = g.widest
        out += (f" ({key.words(v)}: the effect under {g.strong} minus under {g.scripted} "
                f"{100 * d:+.1f} pts, {100 * lo:+.1f} to {100 * hi:+.1f})")  # fmt: skip
    return head + out


def good_play_section(rows: list[GoodPlay], key: Key, delta: float) -> dict | None:
    if not rows:
        return None
    table = Table(
        f"Effect on the win rate by {key.label} under the scripted bot and under good play",
        ["players", "setting", "basic game", f"largest effect: {rows[0].scripted}",
         f"largest effect: {rows[0].strong}", "both bots"],
        [[(str(g.players), "num"), (g.folder, ""), (g.basic, ""), (_largest(g.under_scripted, key),
          "num"), (_largest(g.under_strong, key), "num"), WORDS[g.verdict]] for g in rows],
        "Effect: the setting's win rate minus the basic game's, paired on the shared deals, "
        "Bonferroni over the values x the settings of one player count. 'agrees': on every "
        f"value the two effects are within ±{100 * delta:g} points; 'DIFFERS': on some value "
        "the difference of the effects excludes 0; 'not shown to agree': neither.",
    )  # fmt: skip
    return {
        "id": "good-play",
        "title": "Variants and rule values under good play",
        "charts": [],
        "tables": [table],
        "note": " ".join(sentence(g, key) + "." for g in rows),
    }
