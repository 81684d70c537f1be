"""The window's menus' actions and shortcuts, and what the File, Help and slip actions do.

The menu bar and its titles are part of the window's first frame; the actions
are added right after it (ui/window_rest.py). Their shortcuts go in as lists:
``setShortcut``'s other overloads take ``Qt.Key``, which checking them would
make PySide build. The printing dialogs (the payment slip, the day report)
load Qt's print support: they are imported when first opened, not with the
window.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from paydesk.core.order_book import StoreError
from paydesk.ui.orders.csv_file import save_orders_csv
from paydesk.ui.shell.about_box import AboutBox
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.log_folder import open_log_folder
from paydesk.ui.shell.messages import book_error_text
from paydesk.ui.shell.save_dialog import ask_save_path

if TYPE_CHECKING:
    from paydesk.domain.orders import Order
    from paydesk.ui.main_window import MainWindow

log = logging.getLogger(__name__)

Shortcut = str | QKeySequence.StandardKey | None


class MenuActions(QObject):
    """Fills the window's menus (its ``*_action`` attributes) and runs File, Help and slips."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        w = window
        file_menu, orders, settings, view, help_menu = window.menu_titles
        w.export_action = self._action(tr("&Export shown orders as CSV…"), "Ctrl+E",
                                       self.export_csv)
        w.report_action = self._action(tr("Day &report…"), "Ctrl+Shift+R", self.open_report)
        self._add(file_menu, w.export_action, w.report_action, None,
                  self._action(tr("&Quit"), QKeySequence.StandardKey.Quit, w.close))

        w.new_payment_action = self._action(tr("&New payment"), "Esc", w.new_payment)
        w.show_to_buyer_action = self._action(tr("Show to &buyer"), "Ctrl+Shift+D",
                                              w.show_to_buyer)
        w.back_to_sale_action = self._action(tr("Back to the &sale"),
                                             QKeySequence.StandardKey.Back, w.back_to_sale)
        w.show_to_buyer_action.setEnabled(False)
        w.back_to_sale_action.setEnabled(False)
        w.check_selected_action = self._action(
            tr("&Check selected now"), "Ctrl+R",
            lambda: w.counter.check_now(w.orders_panel.selected_order_ids()),
        )
        w.check_all_action = self._action(tr("Check &all pending now"), "F5",
                                          lambda: w.counter.check_all_pending())
        w.find_action = self._action(tr("&Find…"), QKeySequence.StandardKey.Find,
                                     lambda: w.orders_panel.focus_search())
        w.print_slip_action = self._action(tr("&Print payment slip…"),
                                           QKeySequence.StandardKey.Print, self.print_slip)
        w.save_slip_action = self._action(tr("Save payment slip as P&DF…"), None,
                                          self.save_slip_pdf)
        self._add(orders, w.new_payment_action, w.show_to_buyer_action, w.back_to_sale_action,
                  None, w.check_selected_action, w.check_all_action, w.find_action,
                  None, w.print_slip_action, w.save_slip_action)

        w.sound_action = self._action(tr("Play &sounds"), None, w.settings_control.set_sound)
        w.sound_action.setCheckable(True)
        w.sound_action.setChecked(w.runtime.settings.sound)
        open_settings = self._action(tr("&Settings…"), "Ctrl+,", w.settings_control.open_dialog)
        self._add(settings, open_settings, w.sound_action)
        w.display_action = self._action(tr("&Customer display"), "Ctrl+D",
                                        w._toggle_customer_display)
        w.display_action.setCheckable(True)
        self._add(view, w.display_action)
        self._add(help_menu, self._action(tr("Open &log folder"), None, self.open_log_folder),
                  self._action(tr("&About PayDesk"), None, self.about_box))

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
                                tr("CSV files (*.csv)"), self._window.save_folder)
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
        window = self._window
        orders = window.counter.desk.book.query(window.orders_panel.current_query())
        count = save_orders_csv(path, orders, QLocale())
        window.statusBar().showMessage(tr("Exported {0} orders to {1}").format(count, path))
        return count

    def open_report(self) -> None:
        from paydesk.ui.report.dialog import ReportDialog  # print support: see the module's doc

        window = self._window
        dialog = ReportDialog(window.counter.desk.book, window.runtime.settings.merchant_name,
                              save_folder=window.save_folder, parent=window)
        # The report follows the book as the list does: what another program writes
        # (the watch) and what this window's own checks record (a late payment).
        if window.book_watch is not None:
            window.book_watch.changed.connect(dialog.book_changed)
        window.counter.order_updated.connect(dialog.book_changed)
        dialog.exec()
        dialog.deleteLater()  # and with it, its connections

    # -- Help -----------------------------------------------------------------

    def about_box(self) -> QMessageBox:
        """Opened (window-modal), not exec()'d: orders go on being watched behind it."""
        window = self._window
        box = AboutBox(window.runtime, window.log_dir, window.alerts.player.backend,
                       parent=window)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def open_log_folder(self) -> None:
        window = self._window
        if not open_log_folder(window.log_dir):
            window.statusBar().showMessage(
                tr("Could not open {0}").format(str(window.log_dir)), 8000
            )

    # -- payment slips ----------------------------------------------------------

    def _slip_order(self) -> Order | None:
        order = self._window.counter.viewed  # the sale's, or a looked-up order's
        if order is None:
            self._window.statusBar().showMessage(tr("Choose an order first."), 5000)
        return order

    def print_slip(self) -> None:
        from paydesk.ui.payment.slip import print_slip  # print support: see the module's doc

        order = self._slip_order()
        if order is None:
            return
        window = self._window
        try:
            print_slip(window, order, merchant_name=window.runtime.settings.merchant_name,
                       expires_at=window.counter.desk.pay_before(order))
        except (ValueError, OSError) as exc:
            QMessageBox.information(window, tr("Payment slip"), str(exc))

    def save_slip_pdf(self) -> None:
        from paydesk.ui.payment.slip import check_printable, save_slip_pdf  # as print_slip

        order = self._slip_order()
        if order is None:
            return
        window = self._window
        try:
            check_printable(order)
            path, _ = ask_save_path(window, tr("Save payment slip"),
                                    f"slip-{order.order_id}.pdf", tr("PDF (*.pdf)"),
                                    window.save_folder)
            if path:
                save_slip_pdf(path, order, merchant_name=window.runtime.settings.merchant_name,
                              expires_at=window.counter.desk.pay_before(order))
        except (ValueError, OSError) as exc:
            QMessageBox.information(window, tr("Payment slip"), str(exc))
