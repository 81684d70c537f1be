"""What the window's first frame does without, built in one place right after it.

The first frame (ui/main_window.py) is built from light modules only: the menu
bar's titles, the amount form, the idle card. Everything else the window needs
is imported here, at the top, and built by :func:`build_the_rest`, in the
order it is needed: the menus' actions, the counter (the order book and the
requests), the payment panel with its QR card, the orders list and the watch
on the book, the chime, the crash notice. ``MainWindow.finish_start`` imports
this module once, when the first frame is on the screen, or earlier when
something asks for the counter before that. Like a form's ``setupUi``, it sets
the window's parts as its attributes. Why this split: docs/performance.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QApplication

from paydesk.core.book_sync import BookDownloaded, BookStatusChanged, OrdersTaken
from paydesk.core.runtime import Runtime
from paydesk.domain.orders import Order
from paydesk.support.sound_player import SoundPlayer
from paydesk.ui.orders.book_watch import BookWatch
from paydesk.ui.orders.paid_notices import PaidNotices
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.payment.alerts import Alerts
from paydesk.ui.payment.counter import CounterController
from paydesk.ui.payment.form import amount_hints
from paydesk.ui.payment.panel import PaymentPanel
from paydesk.ui.payment.sale_announcer import SaleAnnouncer
from paydesk.ui.shell.crash_notice import CrashNotice
from paydesk.ui.shell.event_bridge import EventBridge
from paydesk.ui.shell.field_shortcuts import FieldShortcuts
from paydesk.ui.shell.icon import app_icon
from paydesk.ui.shell.menus import MenuActions
from paydesk.ui.shell.problem_banner import Notice
from paydesk.ui.shell.save_dialog import SaveFolder
from paydesk.ui.shell.shared_book import SharedBookLabel, SharedBookLink
from paydesk.ui.widgets.fitted_hint import FittedHint

if TYPE_CHECKING:
    from paydesk.ui.main_window import MainWindow


def open_counter(runtime: Runtime, pool: QThreadPool | None = None) -> CounterController:
    """The counter on the runtime's order book (the window's, unless a test brings its own).

    Not the whole file's check: in the GUI thread it would freeze the window
    on a big book; damage the window's own queries come upon sets the book
    aside (OrderStore).
    """
    store = runtime.open_store(check_whole_file=False)
    try:
        return CounterController(runtime, runtime.open_desk(store), pool=pool)
    except BaseException:
        store.close()
        raise


def build_the_rest(window: MainWindow, make_counter: Callable[[], CounterController]) -> None:
    """Build, in order, what the window's first frame did without; raises what failed.

    Each part is the window's as soon as it is built, so ``shutdown`` stops
    whatever was built before a failure.
    """
    window.save_folder = SaveFolder(window.ui_state)
    window.form.amount_hint = FittedHint(window.form.amount_input, amount_hints())
    window.menu_actions = MenuActions(window)
    window.event_bridge = EventBridge(window.runtime.hub, parent=window)
    counter = make_counter()
    counter.setParent(window)
    window._counter = counter
    counter.creating_changed.connect(window.form.set_busy)
    counter.viewed_changed.connect(window._show_viewed)
    counter.sale_changed.connect(window._show_sale)
    counter.problem.connect(window.show_problem)
    # A book set aside takes no order: the form closes (the banner says why).
    counter.book_lost.connect(lambda: window.form.setEnabled(False))
    counter.problem_cleared.connect(window.banner.clear)

    # The countdowns run on the core's steady clock: the one the desk's expiries are on.
    # Made a child of the idle card's pane, so PySide knows the window owns it:
    # replaceWidget reparents it in Qt only.
    panel = window.payment_panel = PaymentPanel(window.idle_card.parentWidget(),
                                                 clock=window.runtime.steady_clock(),
                                                 save_folder=window.save_folder)
    panel.show_to_buyer_requested.connect(window.show_to_buyer)
    panel.back_to_sale_requested.connect(window.back_to_sale)
    window.left_layout.replaceWidget(window.idle_card, panel)  # its stretch too
    window.idle_card.deleteLater()
    window.form.add_clear_buttons()

    window._orders_panel = _orders_list(window, counter)
    _share_the_book(window, counter)
    player = SoundPlayer(enabled=window.runtime.settings.sound, fallback=QApplication.beep)
    window.alerts = Alerts(window, player)
    window.settings_control.follow_alerts(window.alerts)
    counter.order_paid.connect(window.alerts.on_paid)
    counter.order_refused.connect(window.alerts.on_refused)
    # An earlier order paid in the background: said over the list, not just a green row
    # (above the banner, which floats over the list's bottom too).
    notices = window.paid_notices = PaidNotices(window._orders_panel, above=window.banner)

    def paid_elsewhere(order: Order) -> None:
        on_panel = {o.order_id for o in (counter.sale, counter.viewed) if o is not None}
        if order.order_id not in on_panel:
            notices.on_paid(order)

    counter.order_paid.connect(paid_elsewhere)
    counter.sale_changed.connect(SaleAnnouncer(window.payment_panel,
                                                counter.is_creating_order).on_sale)
    # The window's shortcuts work while the cashier types (an amount, a search).
    FieldShortcuts(window).watch()
    window.crash_notice = CrashNotice(window.log_dir, parent=window)
    window.crash_notice.window = window
    if QApplication.windowIcon().isNull():  # run_window sets it on the application
        window.setWindowIcon(app_icon())


def _share_the_book(window: MainWindow, counter: CounterController) -> None:
    """With a shared order book: the thread that keeps this till's book in step with it,
    and its word in the status bar."""
    link = SharedBookLink.open(window.runtime, parent=window)
    if link is None:
        return
    window.shared_book = link
    label = SharedBookLabel(window.runtime.settings.till_name)
    window.statusBar().addPermanentWidget(label)
    label.show_status(link.status)
    # The sync's news, published in its thread, heard in the window's.
    bridge = window.event_bridge
    bridge.subscribe(BookStatusChanged, lambda event: label.show_status(event.status),
                     owner=label)
    watch = window.book_watch
    if watch is not None:  # another till's order: in the list at once
        bridge.subscribe(BookDownloaded, lambda _event: watch.look(), owner=watch)
    # A quiet till's orders: watched here now.
    bridge.subscribe(OrdersTaken, lambda event: counter.take_over(event.order_ids),
                     owner=counter)
    link.start()


def _orders_list(window: MainWindow, counter: CounterController) -> OrdersPanel:
    """The orders list in its place, and the watch on what other programs write."""
    panel = OrdersPanel(counter.desk.book, shared_book=window.runtime.shares_a_book)
    placeholder = window.splitter.replaceWidget(1, panel)  # the restored splitter state too
    window.splitter.setStretchFactor(1, 3)  # the factor lives in the widget's size policy
    if placeholder is not None:
        placeholder.deleteLater()
    window.banner.float_over(panel.table)
    panel.problem.connect(lambda message: window.banner.show_notice(Notice(message)))
    counter.order_updated.connect(panel.update_order)
    counter.creation_out.connect(panel.model.set_creating)  # "Creating…", as on the panel
    counter.order_added.connect(lambda _order: panel.refresh())
    # What a command in a terminal or another till writes: the list follows it too.
    watch = window.book_watch = BookWatch(counter.desk.book, parent=window)
    watch.changed.connect(panel.book_changed)
    watch.changed.connect(counter.book_changed)
    watch.problem.connect(lambda message: window.banner.show_notice(Notice(message)))
    watch.start()
    # Browsing the list changes what the cashier views, never what the buyer sees.
    panel.order_activated.connect(counter.view)
    panel.show_viewed(counter.state.viewed)
    return panel
