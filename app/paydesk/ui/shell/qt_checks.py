"""Qt's part of the command line: what ``paydesk about`` loads, and the catalogue the
command line's words are read from.

The command line never imports Qt itself (it is the window's); the launcher
(paydesk/launch.py) hands it these, and loads this module only when a command asks
for them. The icon and the Russian translation are not just looked up but loaded the
way the window loads them (the icon drawn through Qt's SVG plugin, a known text
translated through QTranslator), because a file can be present and still unusable: a
bundle missing Qt's SVG plugin, a .qm that failed to compile.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import PySide6
from PySide6.QtCore import QSize, QTranslator, qVersion
from PySide6.QtGui import QGuiApplication, QIcon

from paydesk.support.resources import icon_file, resource_path
from paydesk.support.translations import paydesk_qm

#: A window text and its context whose Russian translation proves the .qm works.
PROBE_CONTEXT = "PayDesk"
PROBE_TEXT = "Paid"
_ICON_PROBE_SIZE = 64

#: A check's outcome: whether it passed, and the words shown after its label.
Probe = tuple[bool, str]


def read_catalogue(qm: Path) -> QTranslator | None:
    """The compiled catalogue ``qm`` loaded (its ``translate(context, text)``), or None."""
    translator = QTranslator()
    return translator if translator.load(str(qm)) else None


def about_qt(*, check: bool) -> tuple[str, Probe | None, Probe | None]:
    """Qt's version and, with ``check``, the icon and the Russian translation loaded."""
    _application = _gui_application()  # held while the checks draw
    if not check:
        return _version(), None, None
    return _version(), icon_probe(), translation_probe()


def icon_probe() -> Probe:
    """The SVG icon drawn at 64 px through Qt, as the window and tray draw it.

    The SVG itself must draw: app_icon()'s PNG fallback is for a Qt without
    its SVG plugins, and a bundle that lost them is a packaging bug to catch here.
    """
    svg = icon_file("svg")
    if not svg.is_file():
        return False, f"NOT FOUND: {svg}"
    image = QIcon(str(svg)).pixmap(QSize(_ICON_PROBE_SIZE, _ICON_PROBE_SIZE)).toImage()
    middle = _ICON_PROBE_SIZE // 2
    if image.isNull() or image.pixelColor(middle, middle).alpha() == 0:
        return False, f"NOT LOADED: Qt drew nothing from {svg} (is its SVG plugin there?)"
    return True, f"loaded ({svg})"


def translation_probe() -> Probe:
    """The Russian .qm loaded and a known window text translated through it."""
    qm, origin = _russian_qm()
    if qm is None:
        return False, f"NOT FOUND: {origin}"
    translator = read_catalogue(qm)
    if translator is None:
        return False, f"NOT LOADED: QTranslator could not read {qm}"
    russian = translator.translate(PROBE_CONTEXT, PROBE_TEXT)
    if not russian or russian == PROBE_TEXT or not _is_cyrillic(russian):
        return False, f"NOT LOADED: {qm} does not translate {PROBE_TEXT!r} ({russian!r})"
    return True, f"loaded ({qm}{origin}; {PROBE_TEXT!r} -> {russian!r})"


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


def _version() -> str:
    return f"{qVersion()} (PySide6 {PySide6.__version__})"


def _gui_application() -> object:
    """The GUI application to draw with; one made elsewhere (the tests') is reused, as Qt
    allows only one.

    A terminal on a headless Linux machine has no display: there Qt draws offscreen.
    Where a display exists, or on Windows and macOS, the platform Qt chooses is kept,
    so the check sees what the window would see.
    """
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QGuiApplication.instance() or QGuiApplication(sys.argv[:1] or ["paydesk"])
