"""The Linux desktop entry and AppStream metadata agree with each other and with the app.

A desktop shows the icon and the software centre's page only when the ids line
up: the .desktop file's name is the AppStream launchable, its Icon= is the icon
installed under the same reverse-DNS name, its Exec= is the command the wheel
installs. The freedesktop validators run too when this machine has them
(desktop-file-utils, appstream); without them the structural checks still run.
"""

from __future__ import annotations

import configparser
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from paydesk import __version__
from paydesk.support.resources import ICON_NAME

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
APP_ID = "org.paydesk.PayDesk"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def metainfo() -> ET.Element:
    return ET.parse(METAINFO).getroot()


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_desktop_entry_starts_the_installed_command_with_its_icon() -> None:
    entry = desktop_entry()
    scripts = pyproject()["project"]["scripts"]

    assert entry["Type"] == "Application"
    assert entry["Name"] == "PayDesk"
    assert entry["Exec"] == "paydesk" and "paydesk" in scripts
    assert entry["Icon"] == ICON_NAME == APP_ID
    assert entry["Terminal"] == "false"
    categories = entry["Categories"].rstrip(";").split(";")
    assert {"Office", "Finance"} <= set(categories)
    # X11 groups windows by WM_CLASS, which Qt takes from the application name.
    assert entry["StartupWMClass"] == "PayDesk"


def test_metainfo_describes_the_same_application() -> None:
    component = metainfo()
    entry = desktop_entry()

    assert component.tag == "component" and component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID == DESKTOP.stem
    launchable = component.find("launchable")
    assert launchable is not None
    assert launchable.get("type") == "desktop-id" and launchable.text == DESKTOP.name
    assert component.findtext("provides/binary") == entry["Exec"]
    assert component.findtext("name") == entry["Name"]
    assert component.findtext("project_license") == pyproject()["project"]["license"]
    shown = [category.text for category in component.iterfind("categories/category")]
    assert shown == entry["Categories"].rstrip(";").split(";")


def test_metainfo_newest_release_is_this_version() -> None:
    releases = metainfo().findall("releases/release")

    assert releases, "no <release> in the metainfo"
    assert releases[0].get("version") == __version__


def test_desktop_file_validate() -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        pytest.skip("desktop-file-validate is not installed (apt-get install desktop-file-utils)")
    done = subprocess.run([tool, str(DESKTOP)], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_appstreamcli_validate() -> None:
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli is not installed (apt-get install appstream)")
    done = subprocess.run([tool, "validate", "--no-net", str(METAINFO)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
