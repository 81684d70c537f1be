"""Paired devices told apart in Settings → Buyer's screen: each gets a name as it pairs
(the one typed, else its kind and a number), renamed there, kept in the devices' book;
a book written before names were numbered still reads."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from paydesk.core.buyer_devices.devices import DEVICES_FILE, DeviceBook
from paydesk.core.runtime import Runtime
from paydesk.ui.main_window import MainWindow
from paydesk.ui.settings.buyer_screen_section import BuyerScreenSection
from paydesk.ui.settings.dialog import SettingsDialog

from qt_images import decode_qimage
from web_display_client import EventStream

LINUX_CHROME = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                "Chrome/120.0 Safari/537.36")
ANDROID_TABLET = ("Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 "
                  "(KHTML, like Gecko) Chrome/120.0 Safari/537.36")


@pytest.fixture
def runtime(runtime: Runtime) -> Runtime:
    """The window's runtime with the page served on this computer, on any free port."""
    runtime.keeper.settings = dataclasses.replace(runtime.settings, web_display="local",
                                                  web_display_port=0)
    return runtime


def section_of(window: MainWindow, qtbot: QtBot) -> BuyerScreenSection:
    runtime = window.runtime
    dialog = SettingsDialog(runtime.settings, runtime.secret_store(),
                            web_screen=window.parts.web_screen, parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog.buyer_screen_section


def pair(section: BuyerScreenSection, qtbot: QtBot, browser: str, name: str = "") -> None:
    """Type the name (or not), Add a tablet or phone, and the device opens the code."""
    section.pair_name_edit.clear()
    if name:
        qtbot.keyClicks(section.pair_name_edit, name)
    qtbot.mouseClick(section.pair_button, Qt.MouseButton.LeftButton)
    [address] = decode_qimage(section.pairing_qr.grab().toImage())
    reply = requests.get(address, headers={"User-Agent": browser}, timeout=5)
    assert reply.status_code == 200, reply.status_code


def listed(section: BuyerScreenSection) -> list[str]:
    section.list_devices()
    return [section.device_list.item(row).text().split(" — ")[0]
            for row in range(section.device_list.count())]


def test_a_device_paired_shows_in_the_list_as_its_page_opens(
        window: MainWindow, qtbot: QtBot) -> None:
    section = section_of(window, qtbot)
    device = requests.Session()
    device.headers["User-Agent"] = ANDROID_TABLET
    qtbot.keyClicks(section.pair_name_edit, "Till 2 tablet")
    qtbot.mouseClick(section.pair_button, Qt.MouseButton.LeftButton)
    [address] = decode_qimage(section.pairing_qr.grab().toImage())
    assert device.get(address, timeout=5).status_code == 200
    server = window.parts.web_screen.server
    assert server is not None
    stream = EventStream(device, server.base_url)  # the page listens to the till
    assert stream.next(ping=True)[0] == "ping"  # ... and answers its ping: it is live
    qtbot.waitUntil(lambda: section.device_list.count() == 1, timeout=10_000)
    assert section.device_list.item(0).text().startswith("Till 2 tablet — last seen ")
    stream.close()


def test_devices_of_one_kind_are_told_apart_and_a_typed_name_is_kept(
        window: MainWindow, qtbot: QtBot) -> None:
    section = section_of(window, qtbot)
    pair(section, qtbot, LINUX_CHROME)
    pair(section, qtbot, LINUX_CHROME)
    pair(section, qtbot, ANDROID_TABLET, name="  Counter   tablet ")
    pair(section, qtbot, ANDROID_TABLET)
    assert listed(section) == ["Linux 1", "Linux 2", "Counter tablet", "Android tablet 1"]


def test_a_device_is_renamed_in_the_settings_and_keeps_its_new_name(
        window: MainWindow, qtbot: QtBot) -> None:
    section = section_of(window, qtbot)
    pair(section, qtbot, LINUX_CHROME)
    pair(section, qtbot, LINUX_CHROME)
    assert not section.rename_button.isEnabled()  # nothing chosen yet
    assert listed(section) == ["Linux 1", "Linux 2"]
    section.device_list.setCurrentRow(1)
    assert section.device_name_edit.text() == "Linux 2"
    section.device_name_edit.selectAll()
    qtbot.keyClicks(section.device_name_edit, "Terrace stand")
    qtbot.mouseClick(section.rename_button, Qt.MouseButton.LeftButton)
    assert listed(section) == ["Linux 1", "Terrace stand"]
    assert section.device_list.currentRow() == 1  # still the one chosen
    # An empty name is no name: Rename is off, the device keeps its own.
    section.device_name_edit.selectAll()
    qtbot.keyClick(section.device_name_edit, Qt.Key.Key_Delete)
    assert not section.rename_button.isEnabled()
    # Kept in the devices' book, for the next start and the command line.
    book = DeviceBook(window.runtime.paths.data_dir)
    assert [d.name for d in book.devices()] == ["Linux 1", "Terrace stand"]
    # The Settings opened again list it so.
    assert listed(section_of(window, qtbot)) == ["Linux 1", "Terrace stand"]


def test_a_book_written_before_names_were_numbered_still_reads(tmp_path: Path) -> None:
    """Devices named by kind alone ("Linux") and codes without a name, as older
    versions wrote them: listed as they were, and the next one numbered past them."""
    now = datetime(2026, 11, 30, 10, 0, tzinfo=UTC)
    older = {"devices": [
        {"id": "aaaa1111", "name": "Linux", "token_hash": "0" * 64,
         "paired_at": now.isoformat(), "last_seen": now.isoformat()},
    ], "codes": []}
    (tmp_path / DEVICES_FILE).write_text(json.dumps(older), encoding="utf-8")
    book = DeviceBook(tmp_path)
    assert [d.name for d in book.devices()] == ["Linux"]
    code, _ = book.new_code(now, steady=100.0)
    data = json.loads((tmp_path / DEVICES_FILE).read_text(encoding="utf-8"))
    del data["codes"][0]["name"]  # a code as an older `paydesk display link` wrote it
    (tmp_path / DEVICES_FILE).write_text(json.dumps(data), encoding="utf-8")
    assert book.pair(code, "Linux", now, steady=101.0) is not None
    assert [d.name for d in book.devices()] == ["Linux", "Linux 1"]
    assert book.rename("aaaa1111", "Back office") and \
        [d.name for d in DeviceBook(tmp_path).devices()] == ["Back office", "Linux 1"]
    with pytest.raises(ValueError, match="empty"):
        book.rename("aaaa1111", " \n ")
