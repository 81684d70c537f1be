"""One way to find shipped files (sounds, icons, translations) wherever PayDesk runs.

- frozen by PyInstaller: inside the bundle (``sys._MEIPASS/paydesk/resources``);
- installed from a wheel: ``paydesk/resources`` in the package (setup.py
  copies the top-level ``resources/`` folder there at build time);
- a source checkout or an editable install: the top-level ``resources/`` folder.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

#: The icon's name on Linux desktops: the .desktop file's Icon= and the app id.
ICON_NAME = "org.paydesk.PayDesk"


@cache
def resources_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    candidates = [Path(frozen) / "paydesk" / "resources"] if frozen else []
    package = Path(__file__).resolve().parents[1]  # paydesk/, above support/
    candidates += [package / "resources", package.parents[1] / "resources"]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        "PayDesk's resources folder is missing; looked in: "
        + ", ".join(str(c) for c in candidates)
    )


def resource_path(*parts: str) -> Path:
    """The path of a shipped file, e.g. ``resource_path("sounds", "paid.wav")``."""
    return resources_root().joinpath(*parts)


def icon_file(suffix: str) -> Path:
    """PayDesk's icon, ``paydesk.svg`` or ``paydesk.png``, among the shipped resources."""
    return resource_path("icons", f"paydesk.{suffix}")
