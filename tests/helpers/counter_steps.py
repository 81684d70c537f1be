"""What a cashier does at the real window, step by step, for the window tests:
take a sale, find an order's row in the list (by the whole id its tooltip holds;
the cell shows the short one), and which order the sandbox made for a link; and
what the window shows (the link, the badge, the note beside the panel), found by
the widgets' object names as the counter window's tests read them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QTableView, QWidget

from paydesk.ui.main_window import MainWindow

from screenshots import save_screenshot

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from paydesk.domain.orders import Order
    from paydesk.sandbox import SandboxServer
    from paydesk.ui.payment.customer_display import CustomerDisplay

#: Generous: only a stuck window ever gets near it.
WAIT_MS = 10_000


def sell(window: MainWindow, qtbot: QtBot, amount: str) -> str:
    """New payment, type ``amount``, Enter: the payment link the panel shows."""
    window.parts.actions.new_payment.trigger()
    window.form.amount_input.setText(amount)
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    panel = window.parts.payment_panel
    qtbot.waitUntil(lambda: bool(panel.link_label.link()), timeout=WAIT_MS)
    link = panel.link_label.link()
    assert link is not None
    return link


def order_id_of(sandbox: SandboxServer, link: str) -> str:
    """The order behind a payment link, as the sandbox has it."""
    return next(o.order_id for o in sandbox.orders() if o.url == link)


def row_point(table: QTableView, order_id: str) -> QPoint:
    """The middle of the order's id cell: where the cashier clicks."""
    model = table.model()
    [row] = [r for r in range(model.rowCount())
             if model.index(r, 1).data(Qt.ItemDataRole.ToolTipRole) == order_id]
    return table.visualRect(model.index(row, 1)).center()


def screenshot(widget: QWidget, name: str) -> None:
    if isinstance(widget, MainWindow):  # the orders list comes just after the first frame
        widget.orders_panel  # noqa: B018
        QApplication.processEvents()
    save_screenshot(widget, f"window-{name}")


def child(window: QWidget, kind: type, name: str):  # type: ignore[no-untyped-def]
    found = window.findChild(kind, name)
    assert found is not None, name
    return found


def type_amount(qtbot: QtBot, window: MainWindow, text: str) -> None:
    amount: QLineEdit = child(window, QLineEdit, "amount_input")
    amount.setFocus()
    qtbot.keyClicks(amount, text)
    qtbot.keyClick(amount, Qt.Key.Key_Return)


def type_sale(qtbot: QtBot, window: MainWindow, text: str) -> Order:
    """Type ``text`` in the amount field and Enter, as the cashier does: the sale, once
    the service confirmed it (its link known)."""
    type_amount(qtbot, window, text)
    qtbot.waitUntil(lambda: window.parts.presenter.sale is not None
                    and window.parts.presenter.sale.url is not None, timeout=WAIT_MS)
    sale = window.parts.presenter.sale
    assert sale is not None
    return sale


def shown_link(window: MainWindow) -> str:
    return str(child(window, QLabel, "payment_link").toolTip() or
               child(window, QLabel, "payment_link").text())


def wait_for_link(qtbot: QtBot, window: MainWindow) -> str:
    qtbot.waitUntil(lambda: shown_link(window).startswith("http"), timeout=WAIT_MS)
    return shown_link(window)


def badge(window: MainWindow) -> str:
    return str(child(window, QLabel, "status_badge").text())


def buyer_note(window: MainWindow) -> str:
    note: QLabel = child(window, QLabel, "buyer_note")
    return str(note.text()) if note.isVisible() else ""


def open_display(window: MainWindow, qtbot: QtBot) -> CustomerDisplay:
    display = window.open_customer_display()
    qtbot.addWidget(display)
    # The offscreen platform activates every window it shows; a real desktop leaves
    # the cashier's window in front (the display asks not to be activated).
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return display
