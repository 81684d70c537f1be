"""PayDesk's own icon, for the window, the tray and the About box.

The SVG is the source and scales to every size a desktop asks for (16 px in a
tray, 256 px in a task switcher). Drawing it needs Qt's SVG plugins
(iconengines/qsvgicon, imageformats/qsvg; both in PySide6-Essentials). A bundle
or a Qt build without them still gets the 256 px PNG rendered from the same SVG
(tools/render_icons.py) instead of no icon at all: a QIcon that cannot read its
file is null, which is how the fallback is chosen.
"""

from __future__ import annotations

import logging

from PySide6.QtGui import QIcon

from paydesk.support.resources import icon_file

log = logging.getLogger(__name__)


def app_icon() -> QIcon:
    """The application icon; a null QIcon (Qt's default icon) only if neither file loads."""
    for suffix in ("svg", "png"):
        path = icon_file(suffix)
        icon = QIcon(str(path)) if path.is_file() else QIcon()
        if not icon.isNull():
            return icon
    log.warning("PayDesk's icon could not be loaded from %s; the window uses Qt's default",
                icon_file("svg").parent)
    return QIcon()
