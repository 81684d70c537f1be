"""Enter: the sale's request leaves before the window renders its screens (the request's
thread needs the interpreter lock, which the window holds until its handler returns).
The form refuses a second Enter at once; the panel is covered at the event loop's next
turn; and every screen published meanwhile is rendered, in order, before the answer's."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt
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


def test_the_form_waits_at_once_and_the_panel_is_covered_at_the_next_turn(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    sandbox.set_latency(1000)  # the answer is still out after the next turn
    panel, form = window.parts.payment_panel, window.form
    shown = _views_shown(window)
    form.amount_input.setText("75")
    qtbot.keyClick(form.amount_input, Qt.Key.Key_Return)
    # In the handler's own turn: a second Enter is refused, nothing rendered yet.
    assert not form.create_button.isEnabled()
    assert form.create_button.text() == "Creating…"
    assert shown == [] and panel.is_idle()
    QCoreApplication.processEvents()  # the next turn of the event loop
    assert [view.creating for view in shown] == [7_500]
    assert not panel.is_idle() and panel.creating_card_due()
    qtbot.waitUntil(lambda: panel.link_label.link() is not None, timeout=WAIT_MS)
    assert shown[-1].order is not None and shown[-1].order.amount == 7_500
    assert form.create_button.isEnabled()
    assert len(sandbox.orders()) == 1


def test_what_comes_before_the_next_turn_is_rendered_after_the_screens_held_for_it(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    """Esc (or the answer) may come before the held screens are rendered: they are
    rendered first, in order, and nothing held is rendered after it (a sale ended
    never comes back as "on its way")."""
    sandbox.set_latency(1000)
    panel = window.parts.payment_panel
    shown = _views_shown(window)
    window.form.amount_input.setText("76")
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    window.new_payment()  # Esc, in the same turn
    assert [view.creating for view in shown] == [7_600, None]
    assert shown[-1].is_idle and panel.is_idle()
    QCoreApplication.processEvents()
    assert len(shown) == 2 and panel.is_idle()
    assert window.form.create_button.isEnabled()
    # Set aside, not lost: the order goes on to the service and into the book.
    qtbot.waitUntil(lambda: len(sandbox.orders()) == 1, timeout=WAIT_MS)


def _sale(window: MainWindow, qtbot: QtBot, amount: str) -> CounterScreens:
    """A sale typed and answered: the screens that show it."""
    window.form.amount_input.setText(amount)
    qtbot.keyClick(window.form.amount_input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.watch.presenter.screens.creating, timeout=WAIT_MS)
    return window.watch.presenter.screens


def test_an_answer_is_never_held_behind_the_screens_of_its_way(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    """The answer's screens (its code on the panel, the form still busy until the book
    has it) render as they come, after what was held: the code is not kept waiting for
    the next turn, nor for the book."""
    first = _sale(window, qtbot, "77")
    second = _sale(window, qtbot, "78")
    panel = window.parts.payment_panel
    assert first.sale is not None and second.sale is not None
    assert panel.link_label.link() == second.sale.url
    hub = window.watch.hub
    hub.publish(replace(second, panel=PanelView(creating=7_900), creating=True))
    assert panel.link_label.link() == second.sale.url  # held: the next turn renders it
    hub.publish(replace(first, creating=True))  # an answer, before that turn
    assert panel.link_label.link() == first.sale.url and not panel.creating_card_due()
    assert not window.form.create_button.isEnabled()  # busy until the book has it
