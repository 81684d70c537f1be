"""The buyer's screen shows the sale, whatever the cashier looks at: browsing the list,
looking up another order, showing it to the buyer on purpose, and back to the sale.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QLineEdit, QPushButton, QTableView
from pytestqt.qtbot import QtBot

from paydesk.core.counter.views import BuyerState
from paydesk.domain.order_ids import short_id
from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import Fault, SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.shell.formatting import money

from counter_steps import (
    WAIT_MS,
    badge,
    buyer_note,
    child,
    open_display,
    order_id_of,
    row_point,
    screenshot,
    shown_link,
    type_amount,
    wait_for_link,
)
from payment_page import decide
from qt_images import decode_qimage


def click_row(qtbot: QtBot, table: QTableView, order_id: str) -> None:
    """A click on the row, as the cashier's mouse makes it."""
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=row_point(table, order_id))


def pay_on_the_page(link: str, decision: str = "approve") -> None:
    """The buyer's phone: the sandbox's payment page, over HTTP."""
    decide(link, decision, "b@example.com").raise_for_status()


def new_sale(qtbot: QtBot, window: MainWindow, amount: str) -> str:
    """Esc, then the amount and Enter; the new order's link once it is on screen."""
    before = shown_link(window)
    qtbot.keyClick(child(window, QLineEdit, "amount_input"), Qt.Key.Key_Escape)
    type_amount(qtbot, window, amount)
    qtbot.waitUntil(lambda: shown_link(window) not in (before, "")
                    and shown_link(window).startswith("http"), timeout=WAIT_MS)
    return shown_link(window)


def test_customer_display_follows_the_counter(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    display = window.open_customer_display()
    qtbot.addWidget(display)
    assert display.is_idle() and window.parts.actions.display.isChecked()
    type_amount(qtbot, window, "250")
    link = wait_for_link(qtbot, window)
    qtbot.waitUntil(lambda: display.qr.text() == link, timeout=WAIT_MS)
    assert decode_qimage(display.qr.grab().toImage()) == [link]
    decide(link, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: "Paid" in display.result_label.text(), timeout=WAIT_MS)
    display.close()
    assert not window.parts.actions.display.isChecked()


def test_browsing_the_list_never_changes_the_buyers_screen(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window.resize(1280, 800)
    display = open_display(window, qtbot)
    type_amount(qtbot, window, "11")
    other_link = wait_for_link(qtbot, window)
    sale_link = new_sale(qtbot, window, "77")
    qtbot.waitUntil(lambda: display.qr.text() == sale_link, timeout=WAIT_MS)
    other_id, sale_id = order_id_of(sandbox, other_link), order_id_of(sandbox, sale_link)
    table: QTableView = child(window, QTableView, "orders_table")
    qtbot.waitUntil(lambda: table.model().rowCount() == 2, timeout=WAIT_MS)

    def the_buyer_sees_the_sale() -> None:
        assert display.state() is BuyerState.PENDING
        assert display.qr.text() == sale_link
        assert display.amount_label.text() == money(7700)
        assert decode_qimage(display.qr.grab().toImage()) == [sale_link]

    # Sorted by amount, the other order is on top; going into the list (Tab, or a
    # click on its empty space) makes a row current.
    table.sortByColumn(Column.AMOUNT, Qt.SortOrder.AscendingOrder)
    assert table.model().index(0, Column.ORDER_ID).data() == short_id(other_id)
    table.setFocus(Qt.FocusReason.TabFocusReason)
    viewport = table.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=QPoint(20, viewport.height() - 5))
    the_buyer_sees_the_sale()
    # A click on another waiting order: the cashier sees it, the buyer does not.
    click_row(qtbot, table, other_id)
    qtbot.waitUntil(lambda: shown_link(window) == other_link, timeout=WAIT_MS)
    the_buyer_sees_the_sale()
    assert buyer_note(window) == "Not shown to the buyer"
    screenshot(window, "looked-up")
    # The arrow keys.
    qtbot.keyClick(table, Qt.Key.Key_Down)  # to the sale's row
    assert shown_link(window) == sale_link and buyer_note(window) == "On the buyer's screen"
    qtbot.keyClick(table, Qt.Key.Key_Up)
    assert shown_link(window) == other_link
    the_buyer_sees_the_sale()
    # The buyer pays the sale on their phone while the cashier looks elsewhere.
    pay_on_the_page(sale_link)
    qtbot.waitUntil(lambda: display.state() is BuyerState.PAID, timeout=WAIT_MS)
    assert display.result_amount_label.text() == money(7700)
    assert shown_link(window) == other_link  # the cashier's panel stays where it was
    qtbot.waitUntil(display.is_idle, timeout=WAIT_MS)  # back to idle by itself
    # A later click in the list still puts nothing in front of the buyer.
    click_row(qtbot, table, sale_id)
    click_row(qtbot, table, other_id)
    qtbot.keyClick(table, Qt.Key.Key_Down)
    assert display.is_idle() and display.qr.text() is None
    assert sandbox.order(other_id).status is OrderStatus.PENDING  # nobody paid the other one


def two_waiting_orders(
    window: MainWindow, qtbot: QtBot, first: str = "11", second: str = "22"
) -> tuple[str, str, QTableView]:
    """An order, Esc, and the sale; their links once both are in the list."""
    type_amount(qtbot, window, first)
    other = wait_for_link(qtbot, window)
    sale = new_sale(qtbot, window, second)
    table: QTableView = child(window, QTableView, "orders_table")
    qtbot.waitUntil(lambda: table.model().rowCount() == 2, timeout=WAIT_MS)
    return other, sale, table


def test_show_to_buyer_puts_the_looked_up_order_in_front_of_the_buyer(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    window.resize(1280, 800)
    display = open_display(window, qtbot)
    first, second, table = two_waiting_orders(window, qtbot)
    click_row(qtbot, table, order_id_of(sandbox, first))
    qtbot.waitUntil(lambda: shown_link(window) == first, timeout=WAIT_MS)
    show: QPushButton = child(window, QPushButton, "show_to_buyer_button")
    assert show.isVisible() and window.parts.actions.show_to_buyer.isEnabled()
    assert display.qr.text() == second

    qtbot.mouseClick(show, Qt.MouseButton.LeftButton)
    assert display.qr.text() == first and display.amount_label.text() == money(1100)
    assert decode_qimage(display.qr.grab().toImage()) == [first]
    assert buyer_note(window) == "On the buyer's screen" and not show.isVisible()
    assert not window.parts.actions.show_to_buyer.isEnabled()
    screenshot(window, "shown-to-buyer")
    # The buyer pays it on the payment page: the result is theirs to see.
    pay_on_the_page(first)
    qtbot.waitUntil(lambda: display.state() is BuyerState.PAID, timeout=WAIT_MS)
    assert display.result_amount_label.text() == money(1100)
    qtbot.waitUntil(lambda: "Paid" in badge(window), timeout=WAIT_MS)

    # The other one is waiting still; its row, then the shortcut, put it back.
    click_row(qtbot, table, order_id_of(sandbox, second))
    qtbot.waitUntil(lambda: shown_link(window) == second, timeout=WAIT_MS)
    assert display.state() is BuyerState.PAID  # a click shows the buyer nothing new
    qtbot.keyClick(table, Qt.Key.Key_D,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert display.state() is BuyerState.PENDING and display.qr.text() == second


def test_show_to_buyer_is_never_offered_for_an_order_that_cannot_be_paid(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    display = open_display(window, qtbot)
    paid, sale, table = two_waiting_orders(window, qtbot)
    pay_on_the_page(paid)
    paid_id = order_id_of(sandbox, paid)
    qtbot.waitUntil(lambda: window.parts.desk.get(paid_id).status  # type: ignore[union-attr]
                    is OrderStatus.APPROVE, timeout=WAIT_MS)
    click_row(qtbot, table, paid_id)
    qtbot.waitUntil(lambda: "Paid" in badge(window), timeout=WAIT_MS)
    show: QPushButton = child(window, QPushButton, "show_to_buyer_button")
    assert not show.isVisible() and not window.parts.actions.show_to_buyer.isEnabled()
    assert buyer_note(window) == "Not shown to the buyer"
    assert not window.parts.engine.show_to_buyer()  # asked anyway: refused
    window.show_to_buyer()
    assert "can still be paid" in window.statusBar().currentMessage()
    assert display.qr.text() == sale and window.parts.presenter.sale is not None
    assert window.parts.presenter.sale.url == sale

    # An order the service never confirmed: nothing to pay, nothing to show.
    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="create_order")
    type_amount(qtbot, window, "33")
    qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
    unsent = window.banner.order_id
    window.parts.actions.new_payment.trigger()
    qtbot.waitUntil(lambda: table.model().rowCount() == 3, timeout=WAIT_MS)
    click_row(qtbot, table, unsent)
    qtbot.waitUntil(lambda: "Not sent" in badge(window), timeout=WAIT_MS)
    assert not show.isVisible() and not window.parts.actions.show_to_buyer.isEnabled()
    assert not window.parts.engine.show_to_buyer()
    assert display.is_idle()


def test_back_to_the_sale_in_one_step(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    display = open_display(window, qtbot)
    other, sale, table = two_waiting_orders(window, qtbot, "11", "77")
    click_row(qtbot, table, order_id_of(sandbox, other))
    qtbot.waitUntil(lambda: shown_link(window) == other, timeout=WAIT_MS)
    back: QPushButton = child(window, QPushButton, "back_to_sale_button")
    assert back.isVisible() and back.text() == f"Back to the sale of {money(7700)}"
    qtbot.mouseClick(back, Qt.MouseButton.LeftButton)
    assert shown_link(window) == sale and buyer_note(window) == "On the buyer's screen"
    assert not back.isVisible() and not window.parts.actions.back_to_sale.isEnabled()
    selected = window.orders_panel.selected_order_ids()
    assert selected == [order_id_of(sandbox, sale)]  # the list follows the panel
    # The keyboard's way: Alt+Left, as "back" elsewhere.
    click_row(qtbot, table, order_id_of(sandbox, other))
    qtbot.keyClick(table, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert shown_link(window) == sale
    assert display.qr.text() == sale  # it never left


def test_escape_ends_the_sale_wherever_the_cashier_was_looking(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    display = open_display(window, qtbot)
    other, _sale, table = two_waiting_orders(window, qtbot)
    click_row(qtbot, table, order_id_of(sandbox, other))
    qtbot.waitUntil(lambda: shown_link(window) == other, timeout=WAIT_MS)
    qtbot.keyClick(table, Qt.Key.Key_Escape)
    assert display.is_idle() and window.parts.payment_panel.is_idle()
    assert window.parts.presenter.sale is None and window.parts.presenter.viewed is None
    assert child(window, QLineEdit, "amount_input").hasFocus()
    assert window.orders_panel.selected_order_ids() == []


def test_the_slip_is_of_the_order_on_the_panel(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from paydesk.ui.payment import slip
    other, _sale, table = two_waiting_orders(window, qtbot)
    click_row(qtbot, table, order_id_of(sandbox, other))
    qtbot.waitUntil(lambda: shown_link(window) == other, timeout=WAIT_MS)
    printed: list[str | None] = []  # the printer: what cannot run here
    monkeypatch.setattr(slip, "print_slip", lambda _parent, order, **_kw: printed.append(order.url))
    window.parts.actions.print_slip.trigger()
    assert printed == [other]


def test_a_viewed_order_and_the_sale_are_both_checked_every_couple_of_seconds(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    type_amount(qtbot, window, "11")
    other_link = wait_for_link(qtbot, window)
    sale_link = new_sale(qtbot, window, "77")
    other_id, sale_id = order_id_of(sandbox, other_link), order_id_of(sandbox, sale_link)
    table: QTableView = child(window, QTableView, "orders_table")
    qtbot.waitUntil(lambda: table.model().rowCount() == 2, timeout=WAIT_MS)
    click_row(qtbot, table, other_id)
    qtbot.waitUntil(lambda: shown_link(window) == other_link, timeout=WAIT_MS)
    desk = window.parts.desk
    since = desk.now()

    def checked_since(order_id: str) -> bool:
        order = desk.get(order_id)
        return bool(order and order.last_checked_at and order.last_checked_at > since
                    and order.next_check_at)

    qtbot.waitUntil(lambda: checked_since(other_id) and checked_since(sale_id), timeout=WAIT_MS)
    focus = desk.policy.focus_interval
    for order_id in (other_id, sale_id):
        order = desk.get(order_id)
        assert order is not None and order.next_check_at and order.last_checked_at
        assert order.next_check_at - order.last_checked_at == focus, order_id


def test_on_the_cashier_s_own_screen_the_buyer_s_window_leaves_the_form_clear(
    window: MainWindow, qtbot: QtBot
) -> None:
    """No buyer's monitor chosen (one screen): the display opens as a window beside the
    amount form, never over it, as the cashier goes on typing there."""
    form = window.form
    display = window.open_customer_display()
    qtbot.addWidget(display)
    qtbot.waitExposed(display)
    clear = QRect(form.mapToGlobal(QPoint(0, 0)), form.size())
    assert not display.isFullScreen() and display.screen() is window.screen()
    assert not display.frameGeometry().intersects(clear)
    assert display.screen().availableGeometry().contains(display.frameGeometry())
    assert display.width() >= 400 and display.height() >= 300  # still readable across a counter
    type_amount(qtbot, window, "250")  # the keys still go to the amount field
    wait_for_link(qtbot, window)


def test_a_payment_reaches_both_screens_without_reading_the_order_again(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The poll's answer carries the order: the counter presenter hears it and both
    screens show it, with no second read of it from the book on the way."""
    display = open_display(window, qtbot)
    link = new_sale(qtbot, window, "77")
    desk = window.parts.desk
    read_back: list[str] = []
    reading = desk.get

    def get(order_id: str) -> object:
        read_back.append(order_id)
        return reading(order_id)

    desk.get = get  # type: ignore[method-assign]
    try:
        pay_on_the_page(link)
        qtbot.waitUntil(lambda: display.state() is BuyerState.PAID
                        and badge(window).startswith("✓"), timeout=WAIT_MS)
    finally:
        desk.get = reading  # type: ignore[method-assign]
    assert read_back == []
