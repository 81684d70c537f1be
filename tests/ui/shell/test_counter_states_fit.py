"""The counter window fits a 1280×800 and a 1366×768 screen in every state a day brings,
in English and in Russian: started the way PayDesk starts it (the rest built after the
first frame), in a shop of several tills on a shared book that cannot be reached (the
till filter, the Till column, the shared book's word in the status bar), a sale of
2 500,50 on screen, an order looked up beside it while the buyer's screen shows the
sale ("Back to the sale of 2 500,50 ₽" and "Show to buyer"), a typing error under the
amount, and each kind of banner shown and dismissed. After each: the window and its
frame on the screen, no larger than the room a real title bar leaves, the status bar
in sight, the card's words and buttons whole, and the window no taller than before;
the banner moves none of the form's fields, and the QR at its smallest still reads.

Each screen is a child process (a running application keeps the screen it started
with): tests/helpers/small_screens.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.sandbox import Fault, SandboxServer
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from book_troubles import give_up_soon, write_lock_held
from counter_steps import WAIT_MS, open_display, type_amount, type_sale
from memory_keyring import MemoryKeyring
from other_tills import download, till_order
from qt_images import decode_qimage
from screenshots import save_screenshot
from small_screens import (
    SMALL_SCREENS,
    assert_nothing_cut,
    assert_on_screen,
    in_sight,
    on_a_small_screen,
    run_on_screen,
    settle,
    this_screen,
)
from test_values import TEST_CLIENT_ID

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

#: A shared book nobody answers at (port 1): the status bar says it is unreachable.
NO_BOOK = "postgresql://till@127.0.0.1:1/shop"


@pytest.mark.parametrize("size", SMALL_SCREENS)
@pytest.mark.scenario
def test_every_state_of_the_counter_fits_a_small_screen(size: str, tmp_path: Path) -> None:
    run_on_screen(size, tmp_path, f"{__file__}::test_the_counter_on_this_screen", passed=2)


class Counter:
    """The window on the child's screen, and the checks after each state."""

    def __init__(self, window: MainWindow, qtbot: QtBot, name: str) -> None:
        self.window = window
        self.qtbot = qtbot
        self.name = name
        self.height = window.height()

    def fits(self, state: str) -> None:
        window = self.window
        assert_on_screen(window, state)
        assert_nothing_cut(window, state)
        # Never grown by what it shows (nor kept grown after it went).
        assert window.height() == self.height, state
        save_screenshot(window, f"{self.name}-{state}")

    def banner(self, state: str, show: Callable[[], object]) -> None:
        """A banner comes (``show`` makes it), floats in sight, and is dismissed."""
        window, banner = self.window, self.window.banner
        settle()  # the layout passes the last step posted
        form = {field: field.mapTo(window, field.rect().topLeft())
                for field in self._fields()}
        show()
        self.qtbot.waitUntil(banner.isVisible, timeout=WAIT_MS)
        self.fits(f"banner-{state}")
        assert in_sight(banner.dismiss_button, window), state
        assert {field: field.mapTo(window, field.rect().topLeft())
                for field in self._fields()} == form, state  # nothing moved
        self.qtbot.mouseClick(banner.dismiss_button, Qt.MouseButton.LeftButton)
        assert not banner.isVisible()
        self.fits(f"banner-{state}-dismissed")

    def _fields(self) -> list[QWidget]:
        form = self.window.form
        return [form.amount_input, form.email_input, form.note_input,
                self.window.parts.payment_panel]


@pytest.fixture
def shop_runtime(runtime: Runtime, monkeypatch: pytest.MonkeyPatch,
                 memory_keyring: MemoryKeyring) -> Runtime:
    """The test's runtime as a till of a shop that shares a book (unreachable here; its
    password would be in the keychain)."""
    runtime.settings = dataclasses.replace(runtime.settings, order_book=NO_BOOK,
                                           till="Касса 1 у окна")
    give_up_soon(monkeypatch)  # a locked book refuses in 0.2 s (the banner of a lock)
    return runtime


@on_a_small_screen
@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_the_counter_on_this_screen(
    language: str, shop_runtime: Runtime, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    runtime = shop_runtime
    window = build_window(runtime)  # its first start: no saved geometry
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_frame_done, timeout=WAIT_MS):
        window.show()  # the rest is built after the first frame, as PayDesk does
    window.watch.start()
    counter = Counter(window, qtbot, f"fits-{this_screen()}-{language}")
    try:
        counter.fits("started")
        download(runtime.paths.database, [
            till_order(TEST_CLIENT_ID, "front-1", "Касса у входа, второй этаж", 120000),
            till_order(TEST_CLIENT_ID, "terrace-1", "Терраса", 4500, paid=False)])
        qtbot.waitUntil(lambda: window.orders_panel.filter_bar.till_group.isVisible(),
                        timeout=WAIT_MS)
        counter.fits("tills")

        looked_up = type_sale(qtbot, window, "3")
        window.new_payment()
        open_display(window, qtbot)  # the buyer's screen: "Not shown to the buyer"
        sale = type_sale(qtbot, window, "2 500,50")
        counter.fits("sale")
        window.parts.engine.view(looked_up.order_id)
        strip = window.parts.payment_panel.buyer_strip
        qtbot.waitUntil(lambda: strip.show_to_buyer_button.isVisible(), timeout=WAIT_MS)
        assert strip.back_to_sale_button.isVisible()
        counter.fits("looked-up")
        type_amount(qtbot, window, "abc")  # not a number: said under the amount
        assert window.form.error_text("amount")
        counter.fits("looked-up-typing-error")
        # The QR at its smallest (on a 768-pixel screen) still reads.
        qr = window.parts.payment_panel.qr
        assert decode_qimage(qr.grab().toImage()) == [qr.text()]

        counter.banner("checks-failing", lambda: sandbox.inject(
            Fault.UNAVAILABLE, times=1000, endpoint="get_order"))
        sandbox.clear_faults()
        window.back_to_sale()
        viewed = window.parts.presenter.viewed
        assert viewed is not None and viewed.order_id == sale.order_id

        def unsent_sale() -> None:
            sandbox.inject(Fault.UNAVAILABLE, times=1000, endpoint="create_order")
            type_amount(qtbot, window, "777")

        window.new_payment()  # the typing error goes: the form as the cashier has it now
        counter.banner("not-confirmed", unsent_sale)
        sandbox.clear_faults()

        def locked_book() -> None:
            with write_lock_held(runtime.paths.database):
                type_amount(qtbot, window, "99")

        window.new_payment()
        counter.banner("not-written", locked_book)
    finally:
        window.shutdown()
