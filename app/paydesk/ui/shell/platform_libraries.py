"""Whether Qt's X11 platform plugin can be loaded here, found out before the QApplication.

When the platform plugin cannot be loaded, Qt aborts the process (SIGABRT, exit
134) with several lines that name the library it guesses at (``xcb-cursor0``)
rather than the one that is missing. So the launcher loads the plugin first, as
Qt would (the dynamic loader, with this process's ``LD_LIBRARY_PATH``). If that
fails, each X11 library the plugin links to is loaded alone, so the one line
can name every library that is missing and the packages that hold them.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QLibraryInfo

#: The X11 libraries Qt's xcb plugin links to, with the Debian and Ubuntu package of
#: each: first those a bare system may lack (the README lists them under "Try it"),
#: then those that come with nearly any X11 program.
XCB_LIBRARIES = {
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-render.so.0": "libxcb-render0",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb.so.1": "libxcb1",
}


def xcb_plugin(environ: Mapping[str, str] = os.environ) -> Path:
    """Where Qt looks for its X11 platform plugin."""
    folder = environ.get("QT_QPA_PLATFORM_PLUGIN_PATH")
    if not folder:
        plugins = QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)
        folder = str(Path(plugins) / "platforms")
    return Path(folder) / "libqxcb.so"


def xcb_problem(plugin: Path | None = None) -> str | None:
    """What keeps Qt's X11 plugin from loading, in words for one line; None if it loads.

    A plugin that is not there is left to Qt (it lists the platforms it has).
    """
    plugin = plugin or xcb_plugin()
    if not plugin.is_file():
        return None
    try:
        ctypes.CDLL(str(plugin), mode=os.RTLD_LAZY)  # Qt loads it moments later anyway
    except OSError as exc:
        reason = " ".join(str(exc).split())  # the loader's words, on one line
    else:
        return None
    missing = [name for name in XCB_LIBRARIES if not _loads(name)]
    named = Path(reason.split(": ", 1)[0]).name  # "libxcb-icccm.so.4: cannot open ..."
    if named != plugin.name and named not in missing:
        missing.insert(0, named)
    if not missing:
        return f"Qt's X11 platform plugin cannot be loaded ({reason})"
    known = all(name in XCB_LIBRARIES for name in missing)
    packages = [XCB_LIBRARIES[name] for name in missing] if known else list(XCB_LIBRARIES.values())
    return (f"Qt's X11 libraries are missing or damaged: {', '.join(missing)} (on Debian or "
            f"Ubuntu: sudo apt-get install {' '.join(packages)})")


def _loads(library: str) -> bool:
    try:
        ctypes.CDLL(library)
    except OSError:
        return False
    return True
