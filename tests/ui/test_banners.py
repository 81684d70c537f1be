"""The problem banner at the counter: it says what concerns the cashier now, it moves
nothing under the cashier's hand, and its button does what it says.

A banner about an order lasts while that order is at the counter (the sale, or the
order on the panel): Esc and the next sale take it away, and the order set aside,
sent again in the background and failing again, brings no banner naming an order
that is no longer on the panel. The banner floats over the bottom of the orders
list: the amount, the e-mail, the note and the payment card stay where they were.
A sale that was never written (the book locked by another program, no payment
client) is offered "Try again", which writes and sends it, with what is typed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.book.reader import OrderQuery
from paydesk.core.runtime import Runtime
from paydesk.sandbox import Fault, SandboxServer
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from book_troubles import give_up_soon, write_lock_held
from counter_steps import WAIT_MS, row_point, screenshot, type_amount, type_sale
from memory_keyring import MemoryKeyring
from test_values import TEST_CLIENT_ID, TEST_SECRET


def started(runtime: Runtime, qtbot: QtBot) -> MainWindow:
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    with qtbot.waitSignal(window.first_frame_done, timeout=WAIT_MS):
        window.show()
    window.watch.start()
    return window


@pytest.fixture
def locking_window(runtime: Runtime, qtbot: QtBot,
                   monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    """The window, on a book that gives up waiting for another program's lock at once."""
    give_up_soon(monkeypatch)
    window = started(runtime, qtbot)
    yield window
    window.shutdown()


def esc(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Escape)


def click(qtbot: QtBot, button: QWidget) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def in_window(widget: QWidget, window: MainWindow) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def test_a_banner_about_an_unsent_sale_goes_when_the_sale_does(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    banner = window.banner
    earlier = type_sale(qtbot, window, "55")
    window.parts.engine.resend_pause_s = 0.2  # 30 s at the counter
    sandbox.inject(Fault.UNAVAILABLE, times=1000, endpoint="create_order")
    esc(qtbot, window)
    type_amount(qtbot, window, "42")
    qtbot.waitUntil(banner.isVisible, timeout=WAIT_MS)
    unsent = window.parts.presenter.sale_id
    assert unsent is not None and banner.order_id == unsent
    assert unsent in banner.message.text() and banner.retry_button.text() == "Send again"

    # Looking an earlier order up keeps the sale at the counter, and its banner.
    qtbot.mouseClick(window.orders_panel.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=row_point(window.orders_panel.table, earlier.order_id))
    qtbot.waitUntil(lambda: window.parts.presenter.viewed_id == earlier.order_id, timeout=WAIT_MS)
    assert banner.isVisible() and banner.order_id == unsent
    window.back_to_sale()

    esc(qtbot, window)  # the sale is set aside: finished in the background, shown to nobody
    assert not banner.isVisible()
    screenshot(window, "banner-gone-with-the-sale")
    # It is sent again, and fails again, twice: nothing names it on the panel any more.
    tried = sandbox.request_count("create_order")
    qtbot.waitUntil(lambda: sandbox.request_count("create_order") >= tried + 2,
                    timeout=WAIT_MS)
    assert not banner.isVisible()

    sandbox.clear_faults()
    type_sale(qtbot, window, "66")  # the next sale, and no word of the one before
    assert not banner.isVisible()


def test_a_banner_moves_nothing_under_the_cashiers_hand(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    form, banner = window.form, window.banner
    type_sale(qtbot, window, "150")
    under_hand = [form.amount_input, form.email_input, form.note_input, form.create_button,
                  window.parts.payment_panel]
    before = [in_window(widget, window) for widget in under_hand]
    size = window.size()
    note_here = in_window(form.note_input, window).center()

    sandbox.inject(Fault.UNAVAILABLE, times=1000, endpoint="get_order")
    qtbot.waitUntil(banner.isVisible, timeout=WAIT_MS)  # "Status checks are failing"
    qtbot.waitUntil(lambda: banner.height() > 0)
    assert [in_window(widget, window) for widget in under_hand] == before
    assert window.size() == size
    # Where the cashier's hand was going is still the note, not the amount.
    assert window.childAt(note_here) is form.note_input
    left = in_window(window.splitter.widget(0), window)
    assert not in_window(banner, window).intersects(left)  # over the list only
    assert in_window(banner, window).intersects(in_window(window.orders_panel, window))
    screenshot(window, "banner-over-the-list")

    click(qtbot, banner.dismiss_button)
    assert not banner.isVisible()
    assert [in_window(widget, window) for widget in under_hand] == before
    assert window.size() == size


def test_try_again_writes_the_sale_the_locked_book_refused(
    locking_window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, runtime: Runtime
) -> None:
    window, banner = locking_window, locking_window.banner
    book = runtime.paths.database
    with write_lock_held(book):
        type_amount(qtbot, window, "77")
        qtbot.waitUntil(banner.isVisible, timeout=WAIT_MS)
        said = banner.message.text()
        assert said.startswith("This sale was not taken: nothing of it was saved or sent.")
        assert "locked by another program" in said
        assert banner.retry_button.isVisible() and banner.retry_button.text() == "Try again"
        assert window.form.amount_input.text() == "77"  # still typed, to try again
        screenshot(window, "banner-sale-not-written")

        click(qtbot, banner.retry_button)  # still locked: said again, not just dismissed
        assert banner.isVisible() and banner.message.text() == said
    book_orders = window.parts.desk.reader
    assert book_orders.count(OrderQuery(client_id=TEST_CLIENT_ID)) == 0  # nothing written
    assert sandbox.request_count("create_order") == 0  # nor sent

    click(qtbot, banner.retry_button)  # the other program is done
    qtbot.waitUntil(lambda: window.parts.presenter.sale is not None
                    and window.parts.presenter.sale.url is not None, timeout=WAIT_MS)
    [order] = sandbox.orders()
    assert order.amount == 7700 and window.parts.presenter.sale.order_id == order.order_id
    assert not banner.isVisible() and window.form.amount_input.text() == ""


def test_escape_takes_away_the_banner_of_a_sale_never_written(
    locking_window: MainWindow, qtbot: QtBot, runtime: Runtime
) -> None:
    window, banner = locking_window, locking_window.banner
    with write_lock_held(runtime.paths.database):
        type_amount(qtbot, window, "78")
        qtbot.waitUntil(banner.isVisible, timeout=WAIT_MS)
    esc(qtbot, window)  # the sale typed is given up: nothing is left to try again
    assert not banner.isVisible()


def test_try_again_takes_the_sale_once_the_key_is_there(
    runtime: Runtime, qtbot: QtBot, sandbox: SandboxServer, memory_keyring: MemoryKeyring,
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    monkeypatch.delenv("PAYDESK_SECRET_KEY")  # and the keychain is empty
    window = started(runtime, qtbot)
    banner = window.banner
    try:
        type_amount(qtbot, window, "44")
        qtbot.waitUntil(banner.isVisible, timeout=WAIT_MS)
        assert "secret key" in banner.message.text().lower()
        assert banner.retry_button.text() == "Try again"
        runtime.secret_store().set(TEST_CLIENT_ID, TEST_SECRET)  # set up meanwhile
        click(qtbot, banner.retry_button)  # at once: no pause after the last failure
        qtbot.waitUntil(lambda: window.parts.presenter.sale is not None
                        and window.parts.presenter.sale.url is not None, timeout=WAIT_MS)
        [order] = sandbox.orders()
        assert order.amount == 4400 and not banner.isVisible()
    finally:
        window.shutdown()
