"""The buyer's web screen in the window: served while the setting says so, paired and
removed in Settings → Buyer's screen, counted in the status bar, fed the sale only."""

from __future__ import annotations

import dataclasses
import json
import socket
from datetime import UTC, datetime
from pathlib import Path

import pytest
import requests
from pytestqt.qtbot import QtBot

from paydesk.core.counter.views import Place
from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import WEB_DISPLAY_PORT, Settings
from paydesk.domain.writing import money_text
from paydesk.sandbox import SandboxServer
from paydesk.sandbox.config import DEFAULT_PORT as SANDBOX_PORT
from paydesk.ui.main_window import MainWindow
from paydesk.ui.settings.dialog import SettingsDialog

from cli_process import Paydesk, child_env
from counter_steps import WAIT_MS, type_sale
from qt_images import decode_qimage
from screenshots import save_screenshot
from web_display_client import EventStream


@pytest.fixture
def runtime(runtime: Runtime) -> Runtime:
    """The window's runtime with the page served on this computer, on any free port."""
    runtime.keeper.settings = dataclasses.replace(runtime.settings, web_display="local",
                                                  web_display_port=0)
    return runtime


def settings_dialog(window: MainWindow, qtbot: QtBot) -> SettingsDialog:
    runtime = window.runtime
    dialog = SettingsDialog(runtime.settings, runtime.secret_store(),
                            web_screen=window.parts.web_screen, parent=window)
    qtbot.addWidget(dialog)
    return dialog


def pair_from_the_settings(window: MainWindow, qtbot: QtBot) -> requests.Session:
    """Add a tablet or phone: the device scans the QR the section shows and opens it."""
    section = settings_dialog(window, qtbot).buyer_screen_section
    assert section.pair_button.isEnabled()
    section.pair_button.click()
    [address] = decode_qimage(section.pairing_qr.grab().toImage())
    device = requests.Session()
    reply = device.get(address, timeout=5)
    assert reply.status_code == 200, reply.status_code
    return device


def test_a_device_paired_in_the_settings_sees_the_sale_and_is_counted(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer) -> None:
    web = window.parts.web_screen
    assert web.server is not None and web.label.isVisible()
    device = pair_from_the_settings(window, qtbot)
    stream = EventStream(device, web.server.base_url)
    assert stream.next()[1]["state"] == "idle"
    qtbot.waitUntil(lambda: web.connected == 1, timeout=WAIT_MS)
    assert web.label.text() == "Buyer's screens: 1"
    sale = type_sale(qtbot, window, "77")
    qtbot.waitUntil(lambda: window.parts.payment_panel._place is Place.ON_DISPLAY,
                    timeout=WAIT_MS)
    event, data = stream.next()
    while data["state"] != "pending" or data["code"] is None:
        event, data = stream.next()
    assert event == "view" and data["amount"] == money_text(sale.amount, "en")
    stream.close()
    qtbot.waitUntil(lambda: web.connected == 0, timeout=WAIT_MS)
    assert web.label.text() == "Buyer's screens: 0"


def test_a_looked_up_order_never_reaches_the_page(
        window: MainWindow, qtbot: QtBot, sandbox: SandboxServer) -> None:
    web = window.parts.web_screen
    assert web.server is not None
    device = pair_from_the_settings(window, qtbot)
    earlier = type_sale(qtbot, window, "11")
    window.new_payment()
    sale = type_sale(qtbot, window, "77")
    window.parts.engine.view(earlier.order_id)  # the cashier looks the earlier order up
    qtbot.waitUntil(lambda: window.parts.presenter.viewed is not None
                    and window.parts.presenter.viewed.order_id == earlier.order_id, timeout=WAIT_MS)
    stream = EventStream(device, web.server.base_url)
    event, data = stream.next()  # the current view
    assert event == "view" and data["amount"] == money_text(sale.amount, "en")
    # The countdown's next two seconds, while the earlier order stays on the panel.
    left = data["seconds_left"]
    presenter = window.parts.presenter
    qtbot.waitUntil(lambda: (presenter.screens.buyer.seconds_left or left) <= left - 2,
                    timeout=WAIT_MS)
    viewed = window.parts.presenter.viewed
    assert viewed is not None and viewed.order_id == earlier.order_id
    for _ in range(2):
        event, data = stream.next()
        assert event == "view" and data["amount"] == money_text(sale.amount, "en")
    stream.close()


def test_a_device_removed_in_the_settings_goes_blank(
        window: MainWindow, qtbot: QtBot) -> None:
    web = window.parts.web_screen
    assert web.server is not None
    device = pair_from_the_settings(window, qtbot)
    stream = EventStream(device, web.server.base_url)
    stream.next()
    section = settings_dialog(window, qtbot).buyer_screen_section
    assert section.device_list.count() == 1
    section.device_list.setCurrentRow(0)
    section.remove_button.click()
    assert stream.next() == ("removed", {})
    assert section.device_list.count() == 0
    assert device.get(web.server.base_url + "/", timeout=5).status_code == 401


def test_the_shops_new_name_reaches_the_page(window: MainWindow, qtbot: QtBot) -> None:
    web = window.parts.web_screen
    assert web.server is not None
    device = pair_from_the_settings(window, qtbot)
    window.runtime.keeper.save({"merchant_name": "Corner café"})
    qtbot.waitUntil(lambda: "Corner café" in device.get(web.server.base_url + "/",
                                                        timeout=5).text, timeout=WAIT_MS)


def test_the_page_stops_when_the_setting_is_off(window: MainWindow, qtbot: QtBot) -> None:
    web = window.parts.web_screen
    assert web.server is not None
    base_url = web.server.base_url
    window.runtime.keeper.save({"web_display": "off"})
    assert web.server is None and not web.label.isVisible()
    with pytest.raises(requests.ConnectionError):
        requests.get(base_url + "/hello", timeout=5)


def test_paydesk_display_link_pairs_with_the_running_window(
        window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    web = window.parts.web_screen
    assert web.server is not None
    data_dir = window.runtime.paths.data_dir
    done = Paydesk(data_dir, child_env(data_dir, tmp_path / "keychain.json")).run(
        "display", "link", "--json")
    assert done.code == 0, done.err
    printed = json.loads(done.out)
    assert printed["url"].startswith(web.server.base_url + "/pair?code=")
    assert datetime.fromisoformat(printed["expires_at"]) > datetime.now(UTC)
    device = requests.Session()
    assert device.get(printed["url"], timeout=5).status_code == 200
    assert device.get(web.server.base_url + "/hello", timeout=5).status_code == 204
    assert requests.get(printed["url"], timeout=5).status_code == 403  # once only


def test_paydesk_display_link_says_when_no_window_serves_it(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    done = Paydesk(data_dir, child_env(data_dir, tmp_path / "keychain.json")).run(
        "display", "link")
    assert done.code == 5 and done.out == ""
    assert len(done.err.strip().splitlines()) == 1


def test_a_page_that_cannot_start_says_so_in_the_status_bar(
        window: MainWindow, qtbot: QtBot) -> None:
    """Another program holds the page's port: the status bar says the buyer's screens
    are not started, and why, instead of saying nothing; a free port starts it."""
    web = window.parts.web_screen
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        window.runtime.keeper.save({"web_display_port": taken.getsockname()[1]})
        assert web.server is None and web.label is not None
        assert web.label.isVisible()
        assert web.label.text() == "Buyer's screens: not started"
        assert web.label.toolTip() == web.problem != ""
    window.runtime.keeper.save({"web_display_port": 0})
    assert web.server is not None and web.label.text() == "Buyer's screens: 0"


def test_the_pages_port_is_not_the_sandboxs_nor_the_apis() -> None:
    """The demo's sandbox takes 8765 when it starts; the page must not want it too."""
    assert WEB_DISPLAY_PORT not in (SANDBOX_PORT, Settings().terminal_api_port)


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_screenshot_the_buyers_screen_settings_and_the_status_bar(
        language: str, size: tuple[int, int], window: MainWindow, qtbot: QtBot) -> None:
    web = window.parts.web_screen
    assert web.server is not None
    device = pair_from_the_settings(window, qtbot)
    stream = EventStream(device, web.server.base_url)
    stream.next()
    qtbot.waitUntil(lambda: web.connected == 1, timeout=WAIT_MS)
    window.resize(*size)
    save_screenshot(window, f"window-web-screen-{language}-{size[0]}")
    dialog = settings_dialog(window, qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    section = dialog.buyer_screen_section
    section.mode_combo.setCurrentIndex(section.mode_combo.findData("network"))
    section.pair_button.click()

    def laid_out() -> bool:  # the code and its note take their room above the list
        qr = section.pairing_qr.geometry()
        devices = section.device_list.mapTo(section, section.device_list.rect().topLeft())
        return qr.bottom() < devices.y() and section.pairing_note.isVisible()

    qtbot.waitUntil(laid_out, timeout=WAIT_MS)
    dialog.sections.ensureWidgetVisible(section.device_list)
    assert section.device_list.count() == 1 and section.warning.isVisible()
    save_screenshot(dialog, f"settings-buyer-screen-{language}-{size[0]}")
    stream.close()
