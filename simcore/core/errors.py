"""The exception types the CLI turns into one line instead of a traceback.

InputError is bad user input (exit code 2); its message must name the problem
and where it is (file, key, value). WorkerLost is a worker process or Dask
worker that died under a run (exit code 1): the finished chunks are kept and
the caller names the command that resumes the run.
"""


class InputError(ValueError):
    """Bad input from the user, reported without a traceback."""


class WorkerLost(RuntimeError):
    """A worker died while playing chunks; finished chunks are kept for --resume."""

    def __init__(self, what: str):
        super().__init__(what)
        self.resume = "the same command with --resume"  # the caller names the command
