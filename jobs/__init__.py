"""Run orchestration: one run's settings checked and played into a run directory
(`run_job`), sets of runs (studies, sweeps, tournaments, the robustness ladder) played
one after another with a plan that --resume checks (`plans`), and the --target-ci
stopping rule (`target`).

The layer between playing (simcore, strategies) and reading results (analyses): it
writes run directories and the small JSON plans beside them; analyses reads those
files only and never imports this package.
"""
