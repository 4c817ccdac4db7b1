"""--save / --check of the trace scripts (bench/traces.py, bench/search_traces.py): write the
case digests to a JSON file before a refactor, compare with it after and name each case
that differs or is missing."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable


def digest_parser(doc: str) -> argparse.ArgumentParser:
    """A parser with --save FILE or --check FILE (one of them required)."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", help="write the digests to this JSON file")
    group.add_argument("--check", help="compare with the digests in this JSON file")
    return ap


def save_or_check(a: argparse.Namespace, got: dict[str, str], header: dict,
                  refuse: Callable[[dict], str | None] = lambda saved: None,
                  relevant: Callable[[str], bool] = lambda case: True) -> int:  # fmt: skip
    """Save `got` with `header` (--save), or compare it with the file (--check): 0 when every
    saved case is identical, 1 when one differs or is missing, 2 when `refuse(saved)` says
    the file holds other traces. A saved case is missing only if `relevant` to this run."""
    if a.save:
        with open(a.save, "w") as f:
            json.dump({**header, "digests": got}, f, indent=1)
        print(f"saved {len(got)} case digests to {a.save}")
        return 0
    with open(a.check) as f:
        saved = json.load(f)
    problem = refuse(saved)
    if problem:
        print(f"{a.check} holds traces of {problem}")
        return 2
    old = saved["digests"]
    differ = [k for k in got if k in old and old[k] != got[k]]
    missing = [k for k in old if k not in got and relevant(k)]
    for k in differ:
        print(f"DIFFERS  {k}")
    for k in missing:
        print(f"MISSING  {k}")
    same = sum(1 for k in got if k in old and old[k] == got[k])
    print(f"{same} identical, {len(differ)} differ, {len(missing)} missing")
    return 1 if differ or missing else 0
