"""Call the CLI in-process the way a shell would: (exit code, stdout, stderr)."""

import cli


def run_cli(capsys, *args):
    code = 0
    try:
        cli.main([str(a) for a in args])
    except SystemExit as e:
        code = e.code
    out = capsys.readouterr()
    return code, out.out, out.err
