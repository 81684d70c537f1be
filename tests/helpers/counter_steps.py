"""What a cashier does at the real window, step by step, for the window tests:
take a sale, find an order's row in the list (by the whole id its tooltip holds;
the cell shows the short one), and which order the sandbox made for a link."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QTableView

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from paydesk.sandbox import SandboxServer
    from paydesk.ui.main_window import MainWindow

#: Generous: only a stuck window ever gets near it.
WAIT_MS = 10_000


def sell(window: MainWindow, qtbot: QtBot, amount: str) -> str:
    """New payment, type ``amount``, Enter: the payment link the panel shows."""
    window.new_payment_action.trigger()
    window.form.amount_input.setText(amount)
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    panel = window.payment_panel
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
