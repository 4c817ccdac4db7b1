"""The one exception type for bad user input (CLI options, rules and board files).

The CLI turns it into a single line on stderr and exit code 2; its message
must name the problem and where it is (file, key, value).
"""


class InputError(ValueError):
    """Bad input from the user, reported without a traceback."""
