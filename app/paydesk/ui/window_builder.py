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

from collections.abc import Callable

from PySide6.QtWidgets import QApplication, QLabel

from paydesk.core.shared_book.sync import BookStatusChanged
from paydesk.support.sound_player import SoundPlayer
from paydesk.ui.orders.book_watch import BookWatch
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
from paydesk.ui.shell.field_shortcuts import FieldShortcuts
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.icon import app_icon
from paydesk.ui.shell.menus import MenuActions, MenuCommands, MenuSources
from paydesk.ui.shell.problem_banner import Notice
from paydesk.ui.shell.save_dialog import SaveFolder
from paydesk.ui.shell.shared_book import SharedBookLabel, SharedBookLink, keep_in_step
from paydesk.ui.shifts.control import ShiftControl, ShiftParts
from paydesk.ui.widgets.fitted_hint import FittedHint
from paydesk.ui.window_parts import FirstFrame, WindowParts, WindowSlots


def build_parts(frame: FirstFrame, slots: WindowSlots,
                make_watch: Callable[[], WatchDriver]) -> WindowParts:
    """Build, in order, what the window's first frame did without, and return it.

    Raises what failed, after stopping whatever was built before the failure
    (the requests, the watches, the order book): the window keeps no
    half-built rest.
    """
    window, runtime, form = frame.window, frame.runtime, frame.form
    save_folder = SaveFolder(frame.ui_state)
    form.amount_hint = FittedHint(form.amount_input, amount_hints())
    # The menus come first (the first frame's titles are empty until then); what their
    # actions read is built after them, and is asked for when an action runs.
    watch: WatchDriver | None = None
    orders: OrdersPanel | None = None
    book_watch: BookWatch | None = None
    alerts: Alerts | None = None
    printing: WindowPrinting | None = None

    def the_watch() -> WatchDriver:
        assert watch is not None, "an action ran before the watch was built"
        return watch

    def the_list() -> OrdersPanel:
        assert orders is not None, "an action ran before the orders list was built"
        return orders

    def the_alerts() -> Alerts:
        assert alerts is not None, "an action ran before the chime was built"
        return alerts

    def the_printer() -> WindowPrinting:
        assert printing is not None, "an action ran before the printer was built"
        return printing

    commands = MenuCommands(
        new_payment=slots.new_payment, show_to_buyer=slots.show_to_buyer,
        back_to_sale=slots.back_to_sale,
        check_selected=lambda: the_watch().check_now(the_list().selected_order_ids()),
        check_all=lambda: the_watch().check_all_pending(),
        find=lambda: the_list().focus_search(),
        open_settings=frame.settings_control.open_dialog,
        set_sound=frame.settings_control.set_sound,
        toggle_customer_display=slots.toggle_customer_display)
    def follow_book(listener: Callable[[], None]) -> None:
        # What another program writes (the book's watch), what this window's checks record.
        if book_watch is not None:
            book_watch.changed.connect(listener)
        the_watch().order_updated.connect(listener)

    sources = MenuSources(
        runtime=runtime, log_dir=frame.log_dir, save_folder=save_folder,
        book=lambda: the_watch().desk.reader, shown_query=lambda: the_list().current_query(),
        viewed=lambda: the_watch().viewed,
        pay_before=lambda order: the_watch().desk.pay_before(order),
        follow_book=follow_book, sound_backend=lambda: the_alerts().player.backend,
        receipt_slip=lambda order: the_printer().slip(order))
    menu_actions = MenuActions(window, frame.menu_titles, commands, sources)
    frame.settings_control.follow_sound_action(menu_actions.actions.sound)
    watch = make_watch()
    link: SharedBookLink | None = None
    web_screen: WebScreenLink | None = None
    terminal: TerminalLink | None = None
    try:
        watch.setParent(window)
        watch.problem.connect(slots.show_problem)
        # A book set aside takes no order: the form closes (the banner says why).
        watch.book_lost.connect(lambda: form.setEnabled(False))
        watch.problem_cleared.connect(frame.banner.clear)

        # Made a child of the idle card's pane, so PySide knows the window owns it:
        # replaceWidget reparents it in Qt only.
        panel = PaymentPanel(frame.idle_card.parentWidget(), save_folder=save_folder)
        panel.show_to_buyer_requested.connect(slots.show_to_buyer)
        panel.back_to_sale_requested.connect(slots.back_to_sale)
        frame.left_layout.replaceWidget(frame.idle_card, panel)  # its stretch too
        frame.idle_card.deleteLater()
        form.add_clear_buttons()

        orders, book_watch = _orders_list(frame, watch)
        link = _share_the_book(frame, watch, book_watch)
        player = SoundPlayer(enabled=runtime.settings.sound, fallback=QApplication.beep)
        alerts = Alerts(window, player)
        frame.settings_control.follow_alerts(alerts)
        watch.order_paid.connect(alerts.on_paid)
        watch.order_refused.connect(alerts.on_refused)
        printing = _receipt_printer(frame, watch, orders)
        printing.follow_print_action(menu_actions.actions.print_slip)
        # An earlier order paid in the background: said over the list, not just a green row
        # (above the banner, which floats over the list's bottom too).
        notices = PaidNotices(orders, above=frame.banner)
        actions = menu_actions.actions
        # What the watch shows, on every screen of the window, from the presenter's screens.
        screens = ScreensRenderer(watch.presenter, watch.hub, ScreenParts(
            panel=panel, form=form, show_to_buyer=actions.show_to_buyer,
            back_to_sale=actions.back_to_sale, follow_viewed=orders.show_viewed,
            keep_only=frame.banner.keep_only, paid_elsewhere=notices.on_paid,
            sale=SaleAnnouncer(panel).on_sale), parent=window)
        panel.creating_card_shown.connect(lambda: orders.show_viewed(None))
        # The window's shortcuts work while the cashier types (an amount, a search).
        FieldShortcuts(window).watch()
        # The buyer's screen on paired tablets and phones (while the setting says so).
        screens_label, api_label = QLabel(), QLabel()
        web_screen = WebScreenLink(runtime, watch.presenter, parent=window, label=screens_label)
        window.statusBar().addPermanentWidget(screens_label)
        frame.settings_control.follow_web_screen(web_screen)
        # The till program's API (while the setting says so): its sales are Enter's.
        terminal = TerminalLink(runtime, watch, label=api_label)
        window.statusBar().addPermanentWidget(api_label)
        crash_notice = CrashNotice(frame.log_dir, parent=window, window=window)
        # Cashiers and shifts (ui/shifts/): nothing shown while the setting is off.
        shifts = ShiftControl(ShiftParts(window, runtime, watch, form, frame.banner, printing,
                                         save_folder, orders, before_menu=frame.menu_titles[2]))
        frame.settings_control.ask_first(lambda: shifts.owner_allows(tr("Settings")))
        if QApplication.windowIcon().isNull():  # run_window sets it on the application
            window.setWindowIcon(app_icon())
    except BaseException:
        if web_screen is not None:
            web_screen.stop()
        if terminal is not None:
            terminal.stop()
        stop_parts(watch, link, book_watch, orders)
        raise
    return WindowParts(
        menu_actions=menu_actions, watch=watch, payment_panel=panel, screens=screens,
        orders_panel=orders, book_watch=book_watch,
        shared_book=link, alerts=alerts, paid_notices=notices, crash_notice=crash_notice,
        printing=printing, web_screen=web_screen, terminal=terminal, shifts=shifts)


def stop_parts(watch: WatchDriver, link: SharedBookLink | None,
               book_watch: BookWatch | None, orders: OrdersPanel | None) -> None:
    """Stop everything that reads the order book, then close it (what was built of it:
    a failed start's, or a whole window's at its end). Requests in flight are dropped
    (an unconfirmed creation resumes at the next start), and no timer of the list may
    reach the closed store."""
    watch.stop()
    if link is not None:
        link.stop()
    if book_watch is not None:
        book_watch.stop()
    if orders is not None:
        orders.stop()
    watch.desk.store.close()


def _share_the_book(frame: FirstFrame, watch: WatchDriver,
                    book_watch: BookWatch) -> SharedBookLink | None:
    """With a shared order book: the thread that keeps this till's book in step with it,
    and its word in the status bar."""
    shared = keep_in_step(frame.runtime, watch, book_watch, frame.window)
    if shared is None:
        return None
    # The sync's news, published in its thread, heard in the window's through its one
    # bridge (the engine's, the settings' and the book watch's come in the GUI thread).
    link, bridge = shared
    frame.settings_control.follow_shared_book(link)
    label = SharedBookLabel(frame.runtime.settings.till_name)
    frame.window.statusBar().addPermanentWidget(label)
    label.show_status(link.status)
    bridge.subscribe(BookStatusChanged, lambda event: label.show_status(event.status),
                     owner=label)
    link.start()
    return link


def _receipt_printer(frame: FirstFrame, watch: WatchDriver,
                     orders: OrdersPanel) -> WindowPrinting:
    """The receipt printer: its notice under the panel, a paid sale's receipt by itself
    (when the settings say so), the print buttons in an order's details."""
    printing = WindowPrinting(frame.runtime, watch.desk.pay_before, parent=frame.window)
    frame.left_layout.addWidget(printing.notice)
    printing.jobs.printed.connect(lambda words: frame.window.statusBar().showMessage(words, 8000))
    watch.order_paid.connect(printing.on_paid)
    orders.details_opened.connect(printing.add_buttons)
    return printing


def _orders_list(frame: FirstFrame, watch: WatchDriver) -> tuple[OrdersPanel, BookWatch]:
    """The orders list in its place, and the watch on what other programs write."""
    banner = frame.banner
    panel = OrdersPanel(watch.desk.reader, shared_book=frame.runtime.shares_a_book)
    placeholder = frame.splitter.replaceWidget(1, panel)  # the restored splitter state too
    frame.splitter.setStretchFactor(1, 3)  # the factor lives in the widget's size policy
    if placeholder is not None:
        placeholder.deleteLater()
    banner.float_over(panel.table)
    panel.problem.connect(lambda message: banner.show_notice(Notice(message)))
    watch.order_updated.connect(panel.update_order)
    watch.creation_out.connect(panel.model.set_creating)  # "Creating…", as on the panel
    watch.order_added.connect(lambda _order: panel.order_added())
    # What a command in a terminal or another till writes: the list follows it too.
    book_watch = BookWatch(watch.desk.reader, parent=frame.window)
    book_watch.changed.connect(panel.book_changed)
    book_watch.changed.connect(watch.book_changed)
    book_watch.problem.connect(lambda message: banner.show_notice(Notice(message)))
    book_watch.start()
    # Browsing the list changes what the cashier views, never what the buyer sees.
    panel.order_activated.connect(watch.view)
    panel.show_viewed(watch.presenter.viewed_id)
    return panel, book_watch
