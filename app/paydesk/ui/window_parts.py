"""The window's parts, named in one place: what its first frame built, what it does
when asked, and what is built right after it.

The window (ui/main_window.py) builds its first frame and hands it, with its own
slots, to the one builder of the rest (ui/window_builder.py), which returns the rest
as a :class:`WindowParts`. Neither the builder nor the menus name the window's
class: they get the parts and the callables they need, so no module reaches into
another's attributes, and none of them needs the window to be read or tested.
Light on purpose: the first frame imports it (the parts' classes are named for
the type checker only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMainWindow, QMenu, QSplitter, QVBoxLayout

    from paydesk.core.counter.presenter import CounterPresenter
    from paydesk.core.runtime import Runtime
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.core.watch.engine import WatchEngine
    from paydesk.ui.orders.book_changes import BookChanges
    from paydesk.ui.orders.paid_notices import PaidNotices
    from paydesk.ui.orders.panel import OrdersPanel
    from paydesk.ui.payment.alerts import Alerts
    from paydesk.ui.payment.counter_screens import ScreensRenderer
    from paydesk.ui.payment.form import PaymentForm
    from paydesk.ui.payment.idle_card import IdleCard
    from paydesk.ui.payment.panel import PaymentPanel
    from paydesk.ui.payment.terminal_link import TerminalLink
    from paydesk.ui.payment.watch_driver import WatchDriver
    from paydesk.ui.payment.web_screen import WebScreenLink
    from paydesk.ui.printing.window_printing import WindowPrinting
    from paydesk.ui.settings.apply import SettingsControl
    from paydesk.ui.shell.crash_notice import CrashNotice
    from paydesk.ui.shell.event_bridge import EventBridge
    from paydesk.ui.shell.menus import MenuActions, WindowActions
    from paydesk.ui.shell.problem_banner import Notice, ProblemBanner
    from paydesk.ui.shell.shared_book import SharedBookLink
    from paydesk.ui.shifts.control import ShiftControl


@dataclass(frozen=True)
class FirstFrame:
    """What the window's first frame built, that the rest is fitted into."""

    window: QMainWindow  # the parent of every part, its status bar and its actions
    runtime: Runtime
    ui_state: QSettings  # window.ini
    log_dir: Path
    form: PaymentForm
    idle_card: IdleCard  # the payment panel takes its place
    left_layout: QVBoxLayout
    splitter: QSplitter  # the orders list takes its second place
    banner: ProblemBanner
    menu_titles: tuple[QMenu, ...]  # File, Orders, Settings, View, Help
    settings_control: SettingsControl


@dataclass(frozen=True)
class WindowSlots:
    """What the window does when its parts ask."""

    show_problem: Callable[[Notice], None]
    new_payment: Callable[[], None]
    show_to_buyer: Callable[[], None]
    back_to_sale: Callable[[], None]
    toggle_customer_display: Callable[[bool], None]


@dataclass(frozen=True)
class WindowParts:
    """Everything the first frame did without, as the builder returns it."""

    menu_actions: MenuActions  # what File, Help and the slips do
    watch: WatchDriver  # ticks the engine and runs its requests
    engine: WatchEngine  # what the cashier does goes here: create, view, Esc...
    presenter: CounterPresenter  # the sale, the viewed order, what every screen shows
    desk: OrderDesk  # the order book's rules, its reader (the list, the menus)
    close_book: Callable[[], None]  # the order book's connection, closed at the end
    bridge: EventBridge  # the hub's events to the window's parts, in the GUI thread
    payment_panel: PaymentPanel
    screens: ScreensRenderer  # the counter's screens on the panel, the buyer's window...
    orders_panel: OrdersPanel
    book_changes: BookChanges  # what other programs write to the book
    shared_book: SharedBookLink | None  # with a shared order book only
    alerts: Alerts
    paid_notices: PaidNotices
    crash_notice: CrashNotice
    web_screen: WebScreenLink  # the buyer's screen on paired tablets and phones
    printing: WindowPrinting  # the receipt printer: slips, receipts, the notice
    terminal: TerminalLink  # the till program's API
    shifts: ShiftControl | None = None  # cashiers and shifts (hidden while the setting is off)

    @property
    def actions(self) -> WindowActions:
        """The menus' actions the window enables and ticks."""
        return self.menu_actions.actions
