"""Enter: the window keeps still while the sale's request is out (its paint would need
the interpreter lock the request's thread needs). The form refuses a second Enter at
once; the sale's screens wait for its answer, or one frame: a late answer gets the
covered panel and "Creating…", an answer in time goes straight to its code, and
whatever the held screens carried that is not a state (a payment noticed for an order
off the counter) is still said."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from paydesk.core.counter_views import CounterScreens, PanelView
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

WAIT_MS = 10_000


def _views_shown(window: MainWindow) -> list[PanelView]:
    """What the payment panel is asked to show, from now on, in order."""
    panel = window.parts.payment_panel
    shown: list[PanelView] = []
    show_view = panel.show_view

    def recorded(view: PanelView) -> None:
        shown.append(view)
        show_view(view)

    panel.show_view = recorded  # type: ignore[method-assign]
    return shown


def test_enter_is_refused_at_once_and_a_late_answer_gets_the_covered_panel_a_frame_later(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    sandbox.set_latency(1000)  # the answer is still out after the frame
    panel, form = window.parts.payment_panel, window.form
    shown = _views_shown(window)
    form.amount_input.setText("75")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)
    # In the handler's own turn: nothing rendered yet (the form, emptied, is not painted
    # either), and a second sale is refused.
    assert shown == [] and panel.is_idle()
    assert form.amount_input.text() == "" and not form.updatesEnabled()
    form.amount_input.setText("80")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)
    form.create_button.click()
    qtbot.waitUntil(lambda: bool(shown), timeout=WAIT_MS)  # the frame has passed
    assert [view.creating for view in shown] == [7_500]
    assert not panel.is_idle() and panel.creating_card_due()
    assert not form.create_button.isEnabled() and form.create_button.text() == "Creating…"
    assert form.updatesEnabled()
    qtbot.waitUntil(lambda: panel.link_label.link() is not None, timeout=WAIT_MS)
    assert shown[-1].order is not None and shown[-1].order.amount == 7_500
    assert form.create_button.isEnabled()
    assert [order.amount for order in sandbox.orders()] == [7_500]


def test_esc_before_the_frame_supersedes_the_held_screens(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    """Esc may come before the held screens are rendered: they never are (a sale ended
    never comes back as "on its way"), and the form takes the next sale."""
    sandbox.set_latency(1000)
    panel, form = window.parts.payment_panel, window.form
    shown = _views_shown(window)
    form.amount_input.setText("76")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)
    window.new_payment()  # Esc, in the same turn
    assert shown == [] and panel.is_idle()
    assert form.create_button.isEnabled() and form.create_button.text() != "Creating…"
    assert form.updatesEnabled()
    # Set aside, not lost: the order goes on to the service and into the book.
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 1, timeout=WAIT_MS)
    assert shown == [] and panel.is_idle()
    form.amount_input.setText("77")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)  # the next sale is taken
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 2, timeout=WAIT_MS)


def _sale(window: MainWindow, qtbot: QtBot, amount: str) -> CounterScreens:
    """A sale typed and answered: the screens that show it."""
    window.form.amount_input.setText(amount)
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.watch.presenter.screens.creating, timeout=WAIT_MS)
    return window.watch.presenter.screens


def test_an_answer_in_time_goes_straight_to_its_code(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    """The answer's screens (its code on the panel, the form busy until the book has it)
    render as they come, in place of the held ones: the panel is never covered for it,
    and a payment the held screens noticed for another order is still said."""
    first = _sale(window, qtbot, "77")
    second = _sale(window, qtbot, "78")
    panel, notices = window.parts.payment_panel, window.parts.paid_notices
    assert first.sale is not None and second.sale is not None
    assert panel.link_label.link() == second.sale.url
    before = len(notices.notices())
    shown = _views_shown(window)
    hub = window.watch.hub
    hub.publish(replace(second, creating=True))  # a creation goes out
    hub.publish(replace(second, panel=PanelView(creating=7_900), creating=True))
    hub.publish(replace(second, panel=PanelView(creating=7_900), creating=True,
                        paid_elsewhere=first.sale))
    assert shown == [] and panel.link_label.link() == second.sale.url  # held
    assert window.form.create_button.isEnabled()  # the button says so with the screens
    hub.publish(replace(first, creating=True))  # an answer, within the frame
    assert shown == [first.panel] and panel.link_label.link() == first.sale.url
    assert not panel.creating_card_due()
    assert not window.form.create_button.isEnabled()  # busy until the book has it
    assert window.form.updatesEnabled()
    assert len(notices.notices()) == before + 1  # the payment noticed meanwhile
    qtbot.wait(50)  # past the frame: nothing held comes back
    assert shown == [first.panel] and len(notices.notices()) == before + 1
