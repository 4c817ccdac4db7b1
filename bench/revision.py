"""A named git revision of this repository, extracted whole, to compare the code against.

    python -m bench.revision REV -- bench.engine --compare --only palace-rush

runs `python -m bench.engine ...` on revision REV's own code: `git archive REV` is
unpacked once into $PALACE_LAB_CACHE/revisions/<commit> (nothing of the working tree,
nothing imported from it), with its own numba cache beside it. A baseline taken this
way is truly frozen: engine, kit and strategies as they were, not an old strategy file
on today's engine. bench.engine --compare --rev REV interleaves runs of REV and of the
working tree in separate processes (medians and ratios). Bench only: bench/ is not
installed with the package, it runs from a checkout.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def commit_of(rev: str) -> str:
    """The full commit hash of `rev` (a tag, branch or hash of this repository)."""
    out = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if out.returncode != 0:
        raise SystemExit(f"bench.revision: no such revision: {rev}")
    return out.stdout.strip()


def cache_root() -> Path:
    base = os.environ.get("PALACE_LAB_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "palace-lab"
    )
    return Path(base) / "revisions"


def extract(rev: str) -> Path:
    """The revision's tree, unpacked once (a directory named by its commit)."""
    commit = commit_of(rev)
    target = cache_root() / commit
    if (target / ".extracted").exists():
        return target
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(target, filter="data")  # (no links or paths out of the target)
    (target / ".extracted").write_text(commit + "\n")
    return target


def env_for(tree: Path) -> dict[str, str]:
    """The environment that runs `tree`'s code: its own import path and caches."""
    env = dict(os.environ)
    env.pop("NUMBA_CACHE_DIR", None)  # (each tree keys its numba cache on its sources)
    env.update(PYTHONPATH=str(tree), PALACE_LAB_CACHE=str(tree / ".cache" / "palace-lab"))
    return env


def run(rev: str, argv: list[str], capture: bool = False) -> subprocess.CompletedProcess:
    """`python -m argv...` on the revision's code, in its tree."""
    tree = extract(rev)
    return subprocess.run(
        [sys.executable, "-m", *argv], cwd=tree, env=env_for(tree), check=True,
        capture_output=capture, text=True,
    )  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="a revision of this repository (hash, tag, branch)")
    ap.add_argument("module", nargs=argparse.REMAINDER, help="-- MODULE [ARGS...]")
    a = ap.parse_args(argv)
    cmd = a.module[1:] if a.module[:1] == ["--"] else a.module
    if not cmd:
        print(extract(a.rev))
        return 0
    return run(a.rev, cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
