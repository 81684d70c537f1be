"""``paydesk about [--check]``: what this PayDesk is and whether its shipped files work.

Support asks a merchant to run it and read the lines back; the packaging checks
run it with ``--check`` against a freshly installed wheel and a frozen bundle.
The icon and the Russian translation are found where the window finds them
(paydesk/support/resources.py, paydesk/support/translations.py) and loaded the way the
window loads them, through Qt, which the launcher hands over
(paydesk/ui/shell/qt_checks.py, as ``args.qt``): a file can be present and still
unusable. ``--check`` turns "not loaded" into exit code 1. Qt is loaded only when
this command runs (the other commands never load it), and it may be missing: that is
reported, not raised.
"""

from __future__ import annotations

import argparse
import io
import platform
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from paydesk import __version__
from paydesk.cli import exit_codes
from paydesk.cli.formats import add_format, print_json
from paydesk.core.runtime import Runtime
from paydesk.support.resources import resources_root


@dataclass(frozen=True, slots=True)
class Probe:
    """One check's outcome: ``ok`` and the words shown after the label."""

    ok: bool
    detail: str


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    about = sub.add_parser(
        "about",
        help="versions, folders, and whether the icon and translation load",
        description="Prints the version, Python and Qt, the data and resources folders, "
        "whether the icon and the Russian translation load, and the keychain backend.",
    )
    about.add_argument("--check", action="store_true",
                       help="exit with 1 if the icon or the translation does not load")
    add_format(about, "text", "json", default="text")
    about.set_defaults(run=run_about)


def run_about(args: argparse.Namespace, runtime: Runtime) -> int:
    _tolerate_any_terminal()
    resources, problem = _resources_folder()
    try:
        qt_version, icon_found, translation_found = args.qt.about(check=problem is None)
    except ImportError as exc:  # most often a system library Qt needs
        qt_version, icon_found, translation_found = "not loadable", None, None
        problem = problem or f"Qt could not be loaded ({exc})"
    icon, translation = (Probe(*found) if found else Probe(False, f"not checked: {problem}")
                         for found in (icon_found, translation_found))
    if args.format == "json":
        print_json({
            "version": __version__,
            "python": platform.python_version(),
            "python_executable": sys.executable,
            "qt": qt_version,
            "system": platform.platform(),
            "data_dir": str(runtime.paths.data_dir),
            "resources": resources,
            "icon": asdict(icon),
            "translation": asdict(translation),
            "keychain": _keychain(runtime),
        })
    else:
        _print_lines(runtime, qt_version, resources, icon, translation)
    if args.check and not (icon.ok and translation.ok):
        print("paydesk: the icon or the Russian translation did not load", file=sys.stderr)
        return exit_codes.FAILURE
    return exit_codes.OK


def _print_lines(runtime: Runtime, qt_version: str, resources: str, icon: Probe,
                 translation: Probe) -> None:
    lines = [
        ("PayDesk", __version__),
        ("Python", f"{platform.python_version()} ({sys.executable})"),
        ("Qt", qt_version),
        ("System", platform.platform()),
        ("Data folder", str(runtime.paths.data_dir)),
        ("Resources", resources),
        ("Icon", icon.detail),
        ("Russian", translation.detail),
        ("Keychain", _keychain(runtime)),
    ]
    width = max(len(label) for label, _ in lines) + 1
    for label, value in lines:
        print(f"{label + ':':<{width}} {value}")


def _resources_folder() -> tuple[str, str | None]:
    """The resources folder and where it comes from; or a problem when there is none."""
    try:
        root = resources_root()
    except FileNotFoundError as exc:
        return f"MISSING: {exc}", "the resources folder is missing"
    package = Path(__file__).resolve().parents[1]
    if getattr(sys, "frozen", False):
        kind = "bundle"
    elif root.parent == package:
        kind = "installed package"
    else:
        kind = "source checkout"
    return f"{root} ({kind})", None


def _keychain(runtime: Runtime) -> str:
    """Where the secret key is read from, and keyring's backend when that is the keychain."""
    if runtime.is_demo:
        return "not used: the demo signs with the sandbox's fixed key"
    where = runtime.secret_store().describe()
    if where != "OS keychain":
        return where
    try:
        import keyring  # only when the secret is in the keychain, as in secret_store

        backend = keyring.get_keyring()
    except Exception as exc:  # a broken keyring install is reported here, not raised
        return f"keyring unavailable: {type(exc).__name__}: {exc}"
    name = f"{type(backend).__module__}.{type(backend).__name__}"
    if name.startswith("keyring.backends.fail"):
        return f"none: no keychain service found ({name})"
    return f"{backend.name} ({name})"


def _tolerate_any_terminal() -> None:
    """Russian text on a console that cannot show it is replaced, never a crash."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")
