"""``paydesk --version``, answered by the launcher before any command's module is loaded.

A script or a package manager's check asks it often; it needs nothing but the
version, so it costs none of the commands' imports (the payment client, the
sandbox). The text is argparse's, which the full parser still gives for
``paydesk --demo --version`` and the like.
"""

from __future__ import annotations

import sys

from paydesk import __version__
from paydesk.cli import exit_codes
from paydesk.cli.stdout import OutputError, guarded_stdout, silence_stdout


def version_text() -> str:
    return f"PayDesk {__version__}"


def print_version() -> int:
    """Print the version; a failed write is said as the commands say it (cli/main.py)."""
    try:
        with guarded_stdout():
            print(version_text())
    except OutputError as exc:
        silence_stdout()
        if not exc.reader_left:
            reason = exc.error.strerror or str(exc.error)
            print(f"paydesk: the output could not be written ({reason}).", file=sys.stderr)
        return exit_codes.FAILURE
    return exit_codes.OK
