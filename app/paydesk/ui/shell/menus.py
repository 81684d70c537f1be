"""The window's menus' actions and shortcuts, and what the File, Help and slip actions do.

The menu bar and its titles are part of the window's first frame; the actions
are added right after it (ui/window_builder.py). Their shortcuts go in as lists:
``setShortcut``'s other overloads take ``Qt.Key``, which checking them would
make PySide build. The printing dialogs (the payment slip, the day report)
load Qt's print support: they are imported when first opened, not with the
window.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from paydesk.core.book.reader import StoreError
from paydesk.ui.orders.csv_file import save_orders_csv
from paydesk.ui.shell.about_box import AboutBox
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.log_folder import open_log_folder
from paydesk.ui.shell.messages import book_error_text
from paydesk.ui.shell.save_dialog import ask_save_path

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime
    from pathlib import Path

    from PySide6.QtWidgets import QMainWindow

    from paydesk.core.book.reader import OrderBookReader, OrderQuery
    from paydesk.core.runtime import Runtime
    from paydesk.domain.orders import Order
    from paydesk.ui.shell.save_dialog import SaveFolder

log = logging.getLogger(__name__)

Shortcut = str | QKeySequence.StandardKey | None


@dataclass(frozen=True)
class MenuCommands:
    """What the menus ask of the window and its parts (the rest they run themselves)."""

    new_payment: Callable[[], None]
    show_to_buyer: Callable[[], None]
    back_to_sale: Callable[[], None]
    check_selected: Callable[[], None]
    check_all: Callable[[], None]
    find: Callable[[], None]
    open_settings: Callable[[], None]
    set_sound: Callable[[bool], None]
    toggle_customer_display: Callable[[bool], None]


@dataclass(frozen=True)
class WindowActions:
    """The menus' actions that the window enables, ticks or triggers."""

    export: QAction
    report: QAction
    new_payment: QAction
    show_to_buyer: QAction
    back_to_sale: QAction
    check_selected: QAction
    check_all: QAction
    find: QAction
    print_slip: QAction
    save_slip: QAction
    sound: QAction
    display: QAction


@dataclass(frozen=True)
class MenuSources:
    """What File, Help and the slips read. The parts behind the callables (the counter,
    the list, the chime) are built after the menus: asked when an action runs."""

    runtime: Runtime  # the settings in force (the shop's name), About's facts
    log_dir: Path
    save_folder: SaveFolder
    book: Callable[[], OrderBookReader]
    shown_query: Callable[[], OrderQuery]  # what the orders list shows
    viewed: Callable[[], Order | None]  # the order on the cashier's panel
    pay_before: Callable[[Order], datetime]  # the time printed on a slip
    #: Connects a listener to every change of the book the window hears of (what
    #: another program writes, what this window's own checks record).
    follow_book: Callable[[Callable[[], None]], None]
    sound_backend: Callable[[], str]  # what plays the chime, for About
    #: Prints the order's slip on the receipt printer, off the GUI thread; False when
    #: none is set (then Ctrl+P prints it the page printer's way).
    receipt_slip: Callable[[Order], bool]


class MenuActions(QObject):
    """Fills the window's menus (its :attr:`actions`) and runs File, Help and slips."""

    def __init__(self, window: QMainWindow, titles: Sequence[QMenu], commands: MenuCommands,
                 sources: MenuSources) -> None:
        super().__init__(window)
        self._window = window
        self._sources = sources
        file_menu, orders, settings, view, help_menu = titles
        action = self._action
        export = action(tr("&Export shown orders as CSV…"), "Ctrl+E", self.export_csv)
        report = action(tr("Day &report…"), "Ctrl+Shift+R", self.open_report)
        self._add(file_menu, export, report, None,
                  action(tr("&Quit"), QKeySequence.StandardKey.Quit, window.close))

        new_payment = action(tr("&New payment"), "Esc", commands.new_payment)
        show_to_buyer = action(tr("Show to &buyer"), "Ctrl+Shift+D", commands.show_to_buyer)
        back_to_sale = action(tr("Back to the &sale"), QKeySequence.StandardKey.Back,
                              commands.back_to_sale)
        show_to_buyer.setEnabled(False)
        back_to_sale.setEnabled(False)
        check_selected = action(tr("&Check selected now"), "Ctrl+R", commands.check_selected)
        check_all = action(tr("Check &all pending now"), "F5", commands.check_all)
        find = action(tr("&Find…"), QKeySequence.StandardKey.Find, commands.find)
        print_slip = action(tr("&Print payment slip…"), QKeySequence.StandardKey.Print,
                            self.print_slip)
        save_slip = action(tr("Save payment slip as P&DF…"), None, self.save_slip_pdf)
        self._add(orders, new_payment, show_to_buyer, back_to_sale, None, check_selected,
                  check_all, find, None, print_slip, save_slip)

        sound = action(tr("Play &sounds"), None, commands.set_sound)
        sound.setCheckable(True)
        sound.setChecked(sources.runtime.settings.sound)
        self._add(settings, action(tr("&Settings…"), "Ctrl+,", commands.open_settings), sound)
        display = action(tr("&Customer display"), "Ctrl+D", commands.toggle_customer_display)
        display.setCheckable(True)
        self._add(view, display)
        self._add(help_menu, action(tr("Open &log folder"), None, self.open_log_folder),
                  action(tr("&About PayDesk"), None, self.about_box))
        self.actions = WindowActions(
            export=export, report=report, new_payment=new_payment, show_to_buyer=show_to_buyer,
            back_to_sale=back_to_sale, check_selected=check_selected, check_all=check_all,
            find=find, print_slip=print_slip, save_slip=save_slip, sound=sound, display=display)

    def _action(self, text: str, shortcut: Shortcut, slot: Callable[..., object]) -> QAction:
        """A window-wide action (QAction's default shortcut context) in the window's menus."""
        action = QAction(text, self._window)
        if isinstance(shortcut, str):
            action.setShortcuts([QKeySequence.fromString(shortcut)])
        elif shortcut is not None:
            action.setShortcuts(QKeySequence.keyBindings(shortcut))
        action.triggered.connect(slot)
        self._window.addAction(action)
        return action

    @staticmethod
    def _add(menu: QMenu, *actions: QAction | None) -> None:
        """The actions in this order; None is a separator."""
        for action in actions:
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)

    # -- File -----------------------------------------------------------------

    def export_csv(self) -> None:
        path, _ = ask_save_path(self._window, tr("Export orders"), "paydesk-orders.csv",
                                tr("CSV files (*.csv)"), self._sources.save_folder)
        if not path:
            return
        try:
            self.export_csv_to(path)
        except OSError as exc:  # a folder it may not write to, a full disk, a drive gone
            log.warning("The orders could not be exported to %s: %s", path, exc)
            QMessageBox.warning(self._window, tr("Could not save"),
                                f"{path}\n\n{exc.strerror or exc}")
        except StoreError as exc:  # the book could not be read: nothing was written
            log.warning("The orders could not be read for the export: %s", exc)
            QMessageBox.warning(self._window, tr("Could not save"), book_error_text(exc))

    def export_csv_to(self, path: str) -> int:
        """The orders the list shows, as a spreadsheet in this locale opens them."""
        sources = self._sources
        orders = sources.book().query(sources.shown_query())
        count = save_orders_csv(path, orders, QLocale())
        self._window.statusBar().showMessage(tr("Exported {0} orders to {1}").format(count, path))
        return count

    def open_report(self) -> None:
        from paydesk.ui.report.dialog import ReportDialog  # print support: see the module's doc

        sources = self._sources
        dialog = ReportDialog(sources.book(), sources.runtime.settings.merchant_name,
                              save_folder=sources.save_folder, parent=self._window)
        # The report follows the book as the list does (a late payment too).
        sources.follow_book(dialog.book_changed)
        dialog.exec()
        dialog.deleteLater()  # and with it, its connections

    # -- Help -----------------------------------------------------------------

    def about_box(self) -> QMessageBox:
        """Opened (window-modal), not exec()'d: orders go on being watched behind it."""
        sources = self._sources
        box = AboutBox(sources.runtime, sources.log_dir, sources.sound_backend(),
                       parent=self._window)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def open_log_folder(self) -> None:
        log_dir = self._sources.log_dir
        if not open_log_folder(log_dir):
            self._window.statusBar().showMessage(
                tr("Could not open {0}").format(str(log_dir)), 8000
            )

    # -- payment slips ----------------------------------------------------------

    def _slip_order(self) -> Order | None:
        order = self._sources.viewed()  # the sale's, or a looked-up order's
        if order is None:
            self._window.statusBar().showMessage(tr("Choose an order first."), 5000)
        return order

    def print_slip(self) -> None:
        from paydesk.ui.payment.slip import print_slip  # print support: see the module's doc

        order = self._slip_order()
        if order is None or self._sources.receipt_slip(order):
            return
        window, sources = self._window, self._sources
        try:
            print_slip(window, order, merchant_name=sources.runtime.settings.merchant_name,
                       expires_at=sources.pay_before(order))
        except (ValueError, OSError) as exc:
            QMessageBox.information(window, tr("Payment slip"), str(exc))

    def save_slip_pdf(self) -> None:
        from paydesk.ui.payment.slip import check_printable, save_slip_pdf  # as print_slip

        order = self._slip_order()
        if order is None:
            return
        window, sources = self._window, self._sources
        try:
            check_printable(order)
            path, _ = ask_save_path(window, tr("Save payment slip"),
                                    f"slip-{order.order_id}.pdf", tr("PDF (*.pdf)"),
                                    sources.save_folder)
            if path:
                save_slip_pdf(path, order, merchant_name=sources.runtime.settings.merchant_name,
                              expires_at=sources.pay_before(order))
        except (ValueError, OSError) as exc:
            QMessageBox.information(window, tr("Payment slip"), str(exc))
