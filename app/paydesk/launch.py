"""``paydesk`` starts here: what must come first, then the window or a command.

Electrum's ``run_electrum`` shape: one small module reads the command line and
starts the front end it asks for, the counter window (paydesk.ui) or a command
(paydesk.cli). It is the only module that knows both: the commands never load
Qt, and the window never loads the commands. What every start needs first is
done here, in this order:

1. ``PAYDESK_SECRET_KEY`` is taken out of the environment, before anything can
   start a child process that would inherit it;
2. the command line is read with argparse. When it holds nothing but the
   options every start takes (``--demo``, ``--data-dir``, ``-v``), that is the
   window; anything else (a command, ``--help``, an abbreviation, a typo) goes
   to the command line's full parser, which knows every command;
3. logging and crash reports, as a command's (``paydesk-cli.log``) until the
   window knows it is the only one on its data folder;
4. for the window, the Qt-free core it starts with (the runtime, the
   settings) is imported before Qt: once PySide6 is loaded, it
   reads the source of every module imported after it (its ``__feature__``
   check looks for the word "PySide6"). The modules imported at the top of
   this one come first for that reason too.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from paydesk.cli import exit_codes
from paydesk.cli.options import common_options, no_options
from paydesk.support.logs import setup_command_logging
from paydesk.support.secret_store import take_environment_secret

if TYPE_CHECKING:
    from paydesk.cli.qt_side import Catalogue, Probe

log = logging.getLogger(__name__)


def main(argv: Sequence[str] | None = None) -> int:
    """``paydesk [options] [COMMAND ...]``; returns the exit code."""
    take_environment_secret()  # first: no child process may inherit it
    tokens = sys.argv[1:] if argv is None else list(argv)
    if tokens[:1] == ["--version"]:  # as argparse answers it, without the commands' modules
        from paydesk.cli.version import print_version

        return print_version()
    options = window_options(tokens)
    if options is None:
        from paydesk.cli import main as command_line  # a command's modules: not the window's
        from paydesk.cli.qt_side import QtSide

        return command_line.main(tokens, open_window=open_window, serve=serve,
                                 qt=QtSide(about=about_qt, catalogue=read_catalogue))
    return open_window(options)


def window_options(tokens: Sequence[str]) -> argparse.Namespace | None:
    """The options when ``tokens`` hold the window's own and nothing else; else None.

    Read as the full parser reads them, except that abbreviations and anything
    the options cannot take are left to it (None), with its help and messages.
    """
    if not tokens:
        return no_options()
    parser = argparse.ArgumentParser(prog="paydesk", parents=[common_options()],
                                     add_help=False, allow_abbrev=False, exit_on_error=False)
    try:
        options, rest = parser.parse_known_args(tokens)
    except argparse.ArgumentError:  # such as --data-dir without a folder
        return None
    return None if rest else options


def open_window(options: argparse.Namespace) -> int:
    """The counter window; a one-line message (exit code 7) when it cannot open here."""
    setup_command_logging(options.data_dir, demo=options.demo, verbose=options.verbose,
                          command=None)
    problem = display_problem(os.environ, sys.platform)
    if problem is not None:
        return _no_window(problem)
    import paydesk.core.runtime  # noqa: F401  (before Qt: step 4 of the module's doc)
    try:
        from paydesk.ui.app import run_window  # Qt: the window's only; it may be missing
    except ImportError as exc:
        # Most often a system library Qt needs (libEGL, libxkbcommon) is missing.
        return _no_window(f"Qt could not be loaded ({exc})")
    if qt_platform(os.environ, sys.platform) == "xcb":
        from paydesk.ui.shell.platform_libraries import xcb_problem  # Qt's, as run_window

        problem = xcb_problem()  # else Qt aborts, naming a library that may be there
        if problem is not None:
            return _no_window(problem)
    return int(run_window(data_dir=options.data_dir, demo=options.demo))


def serve(options: argparse.Namespace) -> int:
    """``paydesk serve``: PayDesk without a window (paydesk/ui/headless.py); Qt's core
    only, so no display is needed."""
    setup_command_logging(options.data_dir, demo=options.demo, verbose=options.verbose,
                          command="serve")
    try:
        from paydesk.ui.headless import run_headless  # Qt, as the window's
    except ImportError as exc:
        print(f"paydesk: PayDesk cannot serve here: Qt could not be loaded ({exc}).",
              file=sys.stderr)
        return exit_codes.NO_WINDOW
    return int(run_headless(data_dir=options.data_dir, demo=options.demo))


def about_qt(*, check: bool) -> tuple[str, Probe | None, Probe | None]:
    """``paydesk about``'s look at Qt (paydesk/ui/shell/qt_checks.py); ImportError where
    Qt cannot load."""
    from paydesk.ui.shell.qt_checks import about_qt as checks  # Qt: this command's only

    return checks(check=check)


def read_catalogue(qm: Path) -> Catalogue | None:
    """The command line's words' catalogue, read through Qt; None where Qt cannot load
    (the words stay English)."""
    try:
        from paydesk.ui.shell.qt_checks import read_catalogue as read  # Qt: Russian only
    except ImportError as exc:  # a Qt whose libraries are missing here
        log.warning("Qt cannot load (%s): the words stay English", exc)
        return None
    return read(qm)


def _no_window(problem: str) -> int:
    print(f"paydesk: The window cannot open: {problem}. The commands work without it "
          "(paydesk --help).", file=sys.stderr)
    return exit_codes.NO_WINDOW


def qt_platform(environ: Mapping[str, str], platform: str) -> str | None:
    """The display server Qt will open the window on here: ``xcb`` (X11) or ``wayland``;
    None where it needs none (Windows, macOS; ``QT_QPA_PLATFORM=offscreen``, ``eglfs`` ...).

    Qt's own choice on Linux and the BSDs: the platform ``QT_QPA_PLATFORM`` names
    first, else Wayland when ``WAYLAND_DISPLAY`` is set, else X11.
    """
    if platform in ("win32", "cygwin", "darwin"):
        return None
    chosen = environ.get("QT_QPA_PLATFORM", "").split(":", 1)[0].split(";", 1)[0].strip()
    if chosen == "xcb" or (not chosen and not environ.get("WAYLAND_DISPLAY")):
        return "xcb"
    return "wayland" if chosen in ("", "wayland", "wayland-egl") else None


def display_problem(environ: Mapping[str, str], platform: str) -> str | None:
    """Why Qt would find no display here (it aborts the process then), or None.

    Only where a display server is needed (:func:`qt_platform`). X11 by
    ``DISPLAY``, Wayland by ``WAYLAND_DISPLAY``; a local X display must have its
    socket (``:0`` is ``/tmp/.X11-unix/X0``).
    """
    server = qt_platform(environ, platform)
    if server is None or (server == "wayland" and environ.get("WAYLAND_DISPLAY")):
        return None
    x11 = environ.get("DISPLAY", "")
    if not x11:
        return ("there is no graphical display (neither DISPLAY nor WAYLAND_DISPLAY is set; "
                "over SSH, use 'ssh -X' or run it on the computer's own screen)")
    host, _, number = x11.rpartition(":")
    if host in ("", "unix") and number.split(".", 1)[0].isdigit():
        socket = Path("/tmp/.X11-unix") / f"X{number.split('.', 1)[0]}"  # noqa: S108
        if not socket.exists():
            return f"the X display {x11} is not running ({socket} does not exist)"
    return None
