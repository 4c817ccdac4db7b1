"""The user's own command line, as a run's plan records it and a report shows it."""

from __future__ import annotations

import shlex
from pathlib import Path


def user_command(argv: list[str], root: str | Path) -> str:
    """`palace-lab ARGV`, with --out ROOT added if the user let the program choose the folder."""
    args = list(argv)
    if not any(a == "--out" or a.startswith("--out=") for a in args):
        args += ["--out", str(root)]
    return shlex.join(["palace-lab", *args])
