"""The search's trade-off between fairness and change: per distance from the starting rules,
the setting with the lowest search figure at the highest rung it reached, and whether it is
fairer than every smaller change (on the front)."""

from __future__ import annotations

from .tuning import rank_candidates


def tradeoff_front(trials: list[dict]) -> list[tuple[dict, bool]]:
    """(candidate, on the front) per distance, nearest first; candidates as rank_candidates
    gives them."""
    front: dict[int, dict] = {}
    for c in rank_candidates(trials):
        d = c["distance"]
        if d not in front or (c["rung"], -c["imbalance"]) > (
            front[d]["rung"],
            -front[d]["imbalance"],
        ):
            front[d] = c
    out, best = [], float("inf")
    for d in sorted(front):
        c = front[d]
        out.append((c, c["imbalance"] < best))
        best = min(best, c["imbalance"])
    return out
