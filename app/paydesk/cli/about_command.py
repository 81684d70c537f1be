"""``paydesk about [--check]``: what this PayDesk is and whether its shipped files work.

Support asks a merchant to run it and read the lines back; the packaging checks
run it with ``--check`` against a freshly installed wheel and a frozen bundle.
The icon and the Russian translation are found where the window finds them
(paydesk/support/resources.py, paydesk/support/translations.py) and not just looked up but loaded
the way the window loads them (the icon drawn through Qt's SVG plugin, a known
text translated through QTranslator), because a file can be present and still
unusable: a bundle missing Qt's SVG plugin, a .qm that failed to compile.
``--check`` turns "not loaded" into exit code 1. Qt itself is loaded only when
this command runs (the other commands never load it), and it may be missing:
that is reported, not raised.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from paydesk import __version__
from paydesk.cli import exit_codes
from paydesk.cli.formats import add_format, print_json
from paydesk.core.runtime import Runtime
from paydesk.support.resources import icon_file, resource_path, resources_root
from paydesk.support.translations import paydesk_qm

#: A window text and its context whose Russian translation proves the .qm works.
PROBE_CONTEXT = "PayDesk"
PROBE_TEXT = "Paid"
_ICON_PROBE_SIZE = 64


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
    qt_version, application, qt_problem = _start_qt()
    resources, resources_problem = _resources_folder()
    problem = resources_problem or qt_problem
    if problem is None:
        icon, translation = icon_probe(), translation_probe()
    else:
        icon = translation = Probe(False, f"not checked: {problem}")
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
    del application  # drawn and translated: Qt may go
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


def icon_probe() -> Probe:
    """The SVG icon drawn at 64 px through Qt, as the window and tray draw it.

    The SVG itself must draw: app_icon()'s PNG fallback is for a Qt without
    its SVG plugins, and a bundle that lost them is a packaging bug to catch here.
    """
    from PySide6.QtCore import QSize  # Qt: loaded by this command only (the module's doc)
    from PySide6.QtGui import QIcon

    svg = icon_file("svg")
    if not svg.is_file():
        return Probe(False, f"NOT FOUND: {svg}")
    image = QIcon(str(svg)).pixmap(QSize(_ICON_PROBE_SIZE, _ICON_PROBE_SIZE)).toImage()
    middle = _ICON_PROBE_SIZE // 2
    if image.isNull() or image.pixelColor(middle, middle).alpha() == 0:
        return Probe(False, f"NOT LOADED: Qt drew nothing from {svg} (is its SVG plugin there?)")
    return Probe(True, f"loaded ({svg})")


def translation_probe() -> Probe:
    """The Russian .qm loaded and a known window text translated through it."""
    from PySide6.QtCore import QTranslator  # Qt: loaded by this command only

    qm, origin = _russian_qm()
    if qm is None:
        return Probe(False, f"NOT FOUND: {origin}")
    translator = QTranslator()
    if not translator.load(str(qm)):
        return Probe(False, f"NOT LOADED: QTranslator could not read {qm}")
    russian = translator.translate(PROBE_CONTEXT, PROBE_TEXT)
    if not russian or russian == PROBE_TEXT or not _is_cyrillic(russian):
        return Probe(False, f"NOT LOADED: {qm} does not translate {PROBE_TEXT!r} ({russian!r})")
    return Probe(True, f"loaded ({qm}{origin}; {PROBE_TEXT!r} -> {russian!r})")


def _russian_qm() -> tuple[Path | None, str]:
    """The .qm the window loads, and where it came from."""
    shipped = resource_path("translations", "paydesk_ru.qm")
    source = shipped.with_suffix(".ts")
    qm = paydesk_qm("ru")
    if qm == shipped:
        return qm, ""
    if qm is not None:
        return qm, f", compiled from the checkout's {source.name}"
    if not source.is_file():
        return None, str(shipped)
    return None, f"{shipped}, and {source.name} could not be compiled (pyside6-lrelease)"


def _is_cyrillic(text: str) -> bool:
    return any("\u0400" <= char <= "\u04ff" for char in text)


def _start_qt() -> tuple[str, object | None, str | None]:
    """Qt's version, the GUI application to draw with, and what went wrong if Qt cannot start.

    The caller keeps the application alive while the checks draw; one made
    elsewhere (the tests' QApplication) is reused, as Qt allows only one.

    A terminal on a headless Linux machine has no display: there Qt draws
    offscreen. Where a display exists, or on Windows and macOS, the platform
    Qt chooses is kept, so the check sees what the window would see.
    """
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:  # Qt: loaded by this command only, and it may be missing (the module's doc)
        import PySide6
        from PySide6.QtCore import qVersion
        from PySide6.QtGui import QGuiApplication
    except ImportError as exc:  # most often a system library Qt needs
        return "not loadable", None, f"Qt could not be loaded ({exc})"
    application = QGuiApplication.instance() or QGuiApplication(sys.argv[:1] or ["paydesk"])
    return f"{qVersion()} (PySide6 {PySide6.__version__})", application, None


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
