"""The exception types the CLI turns into one line instead of a traceback.

InputError is bad user input (exit code 2); its message must name the problem
and where it is (file, key, value). WorkerLost is a worker process or Dask
worker that died under a run (exit code 1): the finished chunks are kept and
the caller names the command that resumes the run. `printable` is how any text that may
come from a file reaches the terminal.
"""


def printable(text: str) -> str:
    """`text` with every code point a terminal could act on escaped as Python writes it
    (\\x1b, \\x9b, \\u202e): names read from a run directory or a data file are shown, never
    obeyed (an escape sequence can retitle the terminal or rewrite what the user sees)."""
    return "".join(ch if ch.isprintable() or ch == " " else _escaped(ch) for ch in text)


def _escaped(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


class InputError(ValueError):
    """Bad input from the user, reported without a traceback."""


class WorkerLost(RuntimeError):
    """A worker died while playing chunks; finished chunks are kept for --resume."""

    def __init__(self, what: str):
        super().__init__(what)
        self.resume = "the same command with --resume"  # the caller names the command
