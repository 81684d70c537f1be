"""What the window's first frame does without, built in one place right after it.

The first frame (ui/main_window.py) is built from light modules only: the menu
bar's titles, the amount form, the idle card. Everything else the window needs
is imported here, at the top, and built by :func:`build_parts`, in the
order it is needed: the menus' actions, the watch (the order book and the
requests), the payment panel with its QR card, the orders list and the watch
on the book, the chime, the crash notice. ``MainWindow.finish_start`` imports
this module once, when the first frame is on the screen, or earlier when
something asks for the watch before that. It gets the first frame's parts and
the window's slots (ui/window_parts.py), not the window, and returns the parts it
built; the window keeps them. Why this split: docs/performance.md.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QLabel

from paydesk.core.shared_book.sync import BookStatusChanged
from paydesk.core.watch.events import (
    BookLost,
    CreationOut,
    CreationRecorded,
    OrderChecked,
    OrderPaid,
    OrderRefused,
    Problem,
    ProblemCleared,
    ProblemCode,
)
from paydesk.support.sound_player import SoundPlayer
from paydesk.ui.orders.book_changes import BookChanges
from paydesk.ui.orders.paid_notices import PaidNotices
from paydesk.ui.orders.panel import OrdersPanel
from paydesk.ui.payment.alerts import Alerts
from paydesk.ui.payment.counter_screens import ScreenParts, ScreensRenderer
from paydesk.ui.payment.form import amount_hints
from paydesk.ui.payment.panel import PaymentPanel
from paydesk.ui.payment.sale_announcer import SaleAnnouncer
from paydesk.ui.payment.terminal_link import TerminalLink
from paydesk.ui.payment.watch_driver import WatchDriver
from paydesk.ui.payment.web_screen import WebScreenLink
from paydesk.ui.printing.window_printing import WindowPrinting
from paydesk.ui.shell.crash_notice import CrashNotice
from paydesk.ui.shell.event_bridge import EventBridge
from paydesk.ui.shell.field_shortcuts import FieldShortcuts
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.icon import app_icon
from paydesk.ui.shell.menus import MenuActions, MenuCommands, MenuSources
from paydesk.ui.shell.messages import watch_problem_text
from paydesk.ui.shell.problem_banner import Notice
from paydesk.ui.shell.save_dialog import SaveFolder
from paydesk.ui.shell.shared_book import SharedBookLabel, SharedBookLink, keep_in_step
from paydesk.ui.shifts.control import ShiftControl, ShiftParts
from paydesk.ui.widgets.fitted_hint import FittedHint
from paydesk.ui.window_parts import FirstFrame, WindowParts, WindowSlots

if TYPE_CHECKING:
    from PySide6.QtCore import QThreadPool

    from paydesk.core.book.reader import OrderBookReader
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.core.watch.engine import WatchEngine

log = logging.getLogger(__name__)


def build_parts(frame: FirstFrame, slots: WindowSlots,
                make_watch: Callable[[OrderDesk], WatchDriver] | None = None,
                pool: QThreadPool | None = None) -> WindowParts:
    """Build, in order, what the window's first frame did without, and return it.

    Raises what failed, after stopping whatever was built before the failure
    (the requests, the watches, the order book): the window keeps no
    half-built rest. ``make_watch``: the driver on the desk (a test's), by default
    the pool's.
    """
    window, runtime, form = frame.window, frame.runtime, frame.form
    save_folder = SaveFolder(frame.ui_state)
    form.amount_hint = FittedHint(form.amount_input, amount_hints())
    # The order book, its desk and the watch: the one place the window's counter is made.
    # Not the whole file's check: in the GUI thread it would freeze the window on a big
    # book; damage the window's own queries come upon sets the book aside (OrderStore).
    store = runtime.open_store(check_whole_file=False)
    watch: WatchDriver | None = None
    link: SharedBookLink | None = None
    web_screen: WebScreenLink | None = None
    terminal: TerminalLink | None = None
    book_changes: BookChanges | None = None
    orders: OrdersPanel | None = None
    try:
        desk = runtime.open_desk(store)
        watch = (make_watch or (lambda d: WatchDriver(runtime, d, pool=pool)))(desk)
        watch.setParent(window)
        engine, presenter, reader = watch.engine, watch.engine.state, desk.reader
        # Every event of the hub reaches the window's parts through this one bridge.
        bridge = EventBridge(runtime.hub, parent=window)
        commands = MenuCommands(
            new_payment=slots.new_payment, show_to_buyer=slots.show_to_buyer,
            back_to_sale=slots.back_to_sale,
            check_selected=lambda: engine.check_now(the_list().selected_order_ids()),
            check_all=lambda: engine.check_now(),
            find=lambda: the_list().focus_search(),
            open_settings=frame.settings_control.open_dialog,
            set_sound=frame.settings_control.set_sound,
            toggle_customer_display=slots.toggle_customer_display)

        def the_list() -> OrdersPanel:
            assert orders is not None, "an action ran before the orders list was built"
            return orders

        def follow_book(listener: Callable[[], None]) -> None:
            # What another program writes (the book's watch), what this window records.
            assert book_changes is not None
            book_changes.changed.connect(listener)
            for news in (OrderChecked, CreationRecorded):
                bridge.subscribe(news, lambda _event: listener())

        printing = WindowPrinting(runtime, desk.pay_before, parent=window)
        sources = MenuSources(
            runtime=runtime, log_dir=frame.log_dir, save_folder=save_folder,
            book=lambda: reader, shown_query=lambda: the_list().current_query(),
            viewed=lambda: presenter.viewed, pay_before=desk.pay_before,
            follow_book=follow_book, sound_backend=lambda: alerts.player.backend,
            receipt_slip=printing.slip)
        menu_actions = MenuActions(window, frame.menu_titles, commands, sources)
        actions = menu_actions.actions
        frame.settings_control.follow_sound_action(actions.sound)
        _say_problems(bridge, engine, slots.show_problem, frame)
        # A book set aside takes no order: the form closes (the banner says why).
        bridge.subscribe(BookLost, lambda _event: form.setEnabled(False))

        # Made a child of the idle card's pane, so PySide knows the window owns it:
        # replaceWidget reparents it in Qt only.
        panel = PaymentPanel(frame.idle_card.parentWidget(), save_folder=save_folder)
        panel.show_to_buyer_requested.connect(slots.show_to_buyer)
        panel.back_to_sale_requested.connect(slots.back_to_sale)
        frame.left_layout.replaceWidget(frame.idle_card, panel)  # its stretch too
        frame.idle_card.deleteLater()
        form.add_clear_buttons()

        orders, book_changes = _orders_list(frame, bridge, engine, reader)
        link = _share_the_book(frame, bridge, engine, book_changes)
        player = SoundPlayer(enabled=runtime.settings.sound, fallback=QApplication.beep)
        alerts = Alerts(window, player)
        frame.settings_control.follow_alerts(alerts)
        bridge.subscribe(OrderPaid, lambda event: alerts.on_paid(event.order))
        bridge.subscribe(OrderRefused, lambda event: alerts.on_refused(event.order))
        _receipt_printer(frame, bridge, printing, orders)
        printing.follow_print_action(actions.print_slip)
        # An earlier order paid in the background: said over the list, not just a green row
        # (above the banner, which floats over the list's bottom too).
        notices = PaidNotices(orders, above=frame.banner)
        # What the presenter's screens show, on every screen of the window.
        screens = ScreensRenderer(presenter, bridge, ScreenParts(
            panel=panel, form=form, show_to_buyer=actions.show_to_buyer,
            back_to_sale=actions.back_to_sale, follow_viewed=orders.show_viewed,
            keep_only=frame.banner.keep_only, paid_elsewhere=notices.on_paid,
            sale=SaleAnnouncer(panel).on_sale), parent=window)
        panel.creating_card_shown.connect(lambda: orders.show_viewed(None))
        # The window's shortcuts work while the cashier types (an amount, a search).
        FieldShortcuts(window).watch()
        # The buyer's screen on paired tablets and phones (while the setting says so).
        screens_label, api_label = QLabel(), QLabel()
        web_screen = WebScreenLink(runtime, presenter, bridge, parent=window,
                                   label=screens_label)
        window.statusBar().addPermanentWidget(screens_label)
        frame.settings_control.follow_web_screen(web_screen)
        # The till program's API (while the setting says so): its sales are Enter's.
        terminal = TerminalLink(runtime, engine, label=api_label)
        window.statusBar().addPermanentWidget(api_label)
        crash_notice = CrashNotice(frame.log_dir, parent=window, window=window)
        # Cashiers and shifts (ui/shifts/): nothing shown while the setting is off.
        shifts = ShiftControl(ShiftParts(
            window, runtime, desk, bridge, form, frame.banner, printing, save_folder, orders,
            before_menu=frame.menu_titles[2]))
        frame.settings_control.ask_first(lambda: shifts.owner_allows(tr("Settings")))
        if QApplication.windowIcon().isNull():  # run_window sets it on the application
            window.setWindowIcon(app_icon())
    except BaseException:
        if web_screen is not None:
            web_screen.stop()
        if terminal is not None:
            terminal.stop()
        stop_parts(watch, link, book_changes, orders, store.close)
        raise
    return WindowParts(
        menu_actions=menu_actions, watch=watch, engine=engine, presenter=presenter,
        desk=desk, close_book=store.close, bridge=bridge, payment_panel=panel,
        screens=screens, orders_panel=orders, book_changes=book_changes,
        shared_book=link, alerts=alerts, paid_notices=notices, crash_notice=crash_notice,
        printing=printing, web_screen=web_screen, terminal=terminal, shifts=shifts)


def stop_parts(watch: WatchDriver | None, link: SharedBookLink | None,
               book_changes: BookChanges | None, orders: OrdersPanel | None,
               close_book: Callable[[], None]) -> None:
    """Stop everything that reads the order book, then close it (what was built of it:
    a failed start's, or a whole window's at its end). Requests in flight are dropped
    (an unconfirmed creation resumes at the next start), and no timer of the list may
    reach the closed store."""
    if watch is not None:
        watch.stop()
    if link is not None:
        link.stop()
    if book_changes is not None:
        book_changes.stop()
    if orders is not None:
        orders.stop()
    close_book()


def _say_problems(bridge: EventBridge, engine: WatchEngine,
                  show: Callable[[Notice], None], frame: FirstFrame) -> None:
    """The watch's problems in the banner, in the cashier's words (ui/shell/messages.py)."""

    def said(event: Problem) -> None:
        if event.code is not ProblemCode.CHECKS_FAILING:  # said at every failed batch
            log.warning("%s, order %s: %s", event.code.value, event.order_id, event.failure)
        show(Notice(watch_problem_text(event), event.about_order, engine.remedy_of(event)))

    bridge.subscribe(Problem, said)
    bridge.subscribe(ProblemCleared, lambda event: frame.banner.clear(event.order_id))


def _share_the_book(frame: FirstFrame, bridge: EventBridge, engine: WatchEngine,
                    book_changes: BookChanges) -> SharedBookLink | None:
    """With a shared order book: the thread that keeps this till's book in step with it,
    and its word in the status bar."""
    # The sync's news, published in its thread, heard in the window's through the bridge.
    link = keep_in_step(frame.runtime, bridge, engine.take_over, book_changes, frame.window)
    if link is None:
        return None
    frame.settings_control.follow_shared_book(link)
    label = SharedBookLabel(frame.runtime.settings.till_name)
    frame.window.statusBar().addPermanentWidget(label)
    label.show_status(link.status)
    bridge.subscribe(BookStatusChanged, lambda event: label.show_status(event.status),
                     owner=label)
    link.start()
    return link


def _receipt_printer(frame: FirstFrame, bridge: EventBridge, printing: WindowPrinting,
                     orders: OrdersPanel) -> None:
    """The receipt printer: its notice under the panel, a paid sale's receipt by itself
    (when the settings say so), the print buttons in an order's details."""
    frame.left_layout.addWidget(printing.notice)
    printing.jobs.printed.connect(lambda words: frame.window.statusBar().showMessage(words, 8000))
    bridge.subscribe(OrderPaid, lambda event: printing.on_paid(event.order))
    orders.details_opened.connect(printing.add_buttons)


def _orders_list(frame: FirstFrame, bridge: EventBridge, engine: WatchEngine,
                 reader: OrderBookReader) -> tuple[OrdersPanel, BookChanges]:
    """The orders list in its place, and the watch on what other programs write."""
    banner = frame.banner
    panel = OrdersPanel(reader, shared_book=frame.runtime.shares_a_book)
    placeholder = frame.splitter.replaceWidget(1, panel)  # the restored splitter state too
    frame.splitter.setStretchFactor(1, 3)  # the factor lives in the widget's size policy
    if placeholder is not None:
        placeholder.deleteLater()
    banner.float_over(panel.table)
    panel.problem.connect(lambda message: banner.show_notice(Notice(message)))
    bridge.subscribe(OrderChecked, lambda event: panel.update_order(event.order))
    bridge.subscribe(CreationRecorded, lambda event: panel.update_order(event.order))
    # A new sale's row as its creation goes out, saying "Creating…" as the panel does.
    bridge.subscribe(CreationOut, lambda event: panel.creation_out(
        event.order_id, event.out, new=event.new))
    # What a command in a terminal or another till writes: the list follows it too.
    book_changes = BookChanges(reader, parent=frame.window)
    book_changes.changed.connect(panel.book_changed)
    book_changes.changed.connect(engine.book_changed)
    book_changes.problem.connect(lambda message: banner.show_notice(Notice(message)))
    book_changes.start()
    # Browsing the list changes what the cashier views, never what the buyer sees.
    panel.order_activated.connect(engine.view)
    panel.show_viewed(engine.state.viewed_id)
    return panel, book_changes
