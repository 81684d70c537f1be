"""Enter, as the cashier and the buyer see it: the form refuses a second Enter while the
sale is being created and says "Creating…"; the new sale's code comes to the panel and
the buyer's window; a sale set aside (Esc) or superseded never comes back on them."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from paydesk.core.counter.views import PanelView
from paydesk.core.runtime import Runtime
from paydesk.sandbox import SandboxServer
from paydesk.store.queries import OrderQuery
from paydesk.ui.main_window import MainWindow

from qt_images import decode_qimage

WAIT_MS = 10_000


def _booked_urls(runtime: Runtime) -> set[str]:
    """The payment links of the orders in the book."""
    with runtime.reading_book() as reader:
        return {order.url for order in reader.query(OrderQuery()) if order.url}


def test_enter_is_refused_while_creating_and_the_code_comes_to_both_screens(
    window: MainWindow, runtime: Runtime, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    sandbox.set_latency(1000)  # the cashier has time to press Enter again
    panel, form = window.parts.payment_panel, window.form
    display = window.open_customer_display()
    qtbot.addWidget(display)
    form.amount_input.setText("75")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)
    # At once, in Enter's own call: the form is busy and says so.
    assert not form.create_button.isEnabled() and form.create_button.text() == "Creating…"
    form.amount_input.setText("80")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)  # refused
    form.create_button.click()  # refused
    qtbot.waitUntil(lambda: panel.badge.text() == "⟳ Creating…", timeout=WAIT_MS)
    qtbot.waitUntil(lambda: panel.link_label.link() is not None, timeout=WAIT_MS)
    link = panel.link_label.link()
    assert link is not None
    qtbot.waitUntil(lambda: link in _booked_urls(runtime), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: display.qr.text() == link, timeout=WAIT_MS)
    assert decode_qimage(panel.qr.grab().toImage()) == [link]
    assert decode_qimage(display.qr.grab().toImage()) == [link]
    qtbot.waitUntil(form.create_button.isEnabled, timeout=WAIT_MS)
    assert form.create_button.text() != "Creating…"
    assert [order.amount for order in sandbox.orders()] == [7_500]
    display.close()


def test_esc_while_creating_sets_the_sale_aside_for_good(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    """Esc while the sale is out: the panel is idle, the form takes the next sale, and the
    sale set aside goes on to the service and the book but never back on the panel."""
    sandbox.set_latency(1000)
    panel, form = window.parts.payment_panel, window.form
    form.amount_input.setText("76")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)
    window.new_payment()  # Esc
    assert panel.is_idle()
    assert form.create_button.isEnabled() and form.create_button.text() != "Creating…"
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 1, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: not window.parts.presenter.screens.creating, timeout=WAIT_MS)
    assert panel.is_idle() and panel.link_label.link() is None
    form.amount_input.setText("77")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)  # the next sale is taken
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 2, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: panel.link_label.link() is not None, timeout=WAIT_MS)
    [_first, second] = sandbox.orders()
    assert panel.amount_label.text().startswith("77")
    assert second.amount == 7_700


def test_the_screens_show_the_latest_sale_never_one_superseded(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Screens published one after another: the panel shows the last, and a payment one
    of them noticed for an order off the counter is still said."""
    for amount in ("77", "78"):
        window.form.amount_input.setText(amount)
        qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not window.parts.presenter.screens.creating, timeout=WAIT_MS)
        qtbot.waitUntil(window.form.create_button.isEnabled, timeout=WAIT_MS)
    second = window.parts.presenter.screens
    assert second.sale is not None
    first = next(order for order in window.parts.desk.reader.query(OrderQuery())
                 if order.order_id != second.sale.order_id)
    panel, notices = window.parts.payment_panel, window.parts.paid_notices
    before = len(notices.notices())
    hub = window.parts.engine.hub
    hub.publish(replace(second, panel=PanelView(creating=7_900), creating=True,
                        paid_elsewhere=first))
    assert panel.link_label.link() is None and not window.form.create_button.isEnabled()
    hub.publish(second)  # the answer: the sale on the panel again
    assert panel.link_label.link() == second.sale.url
    assert decode_qimage(panel.qr.grab().toImage()) == [second.sale.url]
    assert window.form.create_button.isEnabled()
    assert len(notices.notices()) == before + 1  # the payment noticed meanwhile
