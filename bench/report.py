"""Report benchmark: wall time and peak memory of `palace-lab report` over one big run.

    python -m bench.report [--run DIR] [--games 1000000] [--strategy chaser] [--repeats 3]

Plays the run once if DIR does not hold one (a fast scripted strategy by default: the
figure measured is the report, not the play), then times fresh `palace-lab report`
processes from outside: cold (the run's summary cache removed first, so every chunk is
read) and warm (the cache from the previous report), interleaved, medians of --repeats.
Peak memory is the report process's maximum resident set (getrusage of the child).
Not a test: the machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from analyses.summary_cache import FOLDER

_WRAP = """
import resource, subprocess, sys, time
t = time.perf_counter()
p = subprocess.run(sys.argv[1:], capture_output=True, text=True)
if p.returncode:
    sys.exit(p.stderr)
print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def report_once(run: Path, out: Path) -> tuple[float, float]:
    """(wall seconds, peak RSS MiB) of one `palace-lab report` process, measured by a
    wrapper process so that each report's peak is its own."""
    p = subprocess.run([sys.executable, "-c", _WRAP, "palace-lab", "report", str(run), "--out",
                        str(out)], capture_output=True, text=True)  # fmt: skip
    if p.returncode:
        sys.exit(p.stderr)
    wall, rss = p.stdout.split()
    return float(wall), int(rss) / 1024


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run", help="run directory (played first if it holds no run)")
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--strategy", default="chaser")
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="bench-report-")
    run = Path(a.run) if a.run else Path(tmp) / "run"
    if not (run / "manifest.json").is_file():
        print(f"playing {a.games:,} games with {a.strategy} into {run} ...", flush=True)
        subprocess.run(["palace-lab", "run", "--games", str(a.games), "--strategy", a.strategy,
                        "--chunk-size", "50000", "--out", str(run)], check=True,
                       capture_output=True)  # fmt: skip
    out = Path(tmp) / "report.html"
    cold, warm = [], []
    for _ in range(a.repeats):
        shutil.rmtree(run / FOLDER, ignore_errors=True)
        cold.append(report_once(run, out))
        warm.append(report_once(run, out))
    for label, xs in (("cold (no cache)", cold), ("warm (cached summary)", warm)):
        secs = [w for w, _ in xs]
        print(f"{label:22s} median {statistics.median(secs):5.2f} s "
              f"({', '.join(f'{s:.2f}' for s in secs)}); peak RSS max "
              f"{max(m for _, m in xs):.0f} MiB")  # fmt: skip
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
