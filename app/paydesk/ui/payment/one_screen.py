"""The customer display asked for on a computer with one screen.

Full screen there, it would cover the cashier's own window (the form, the list, the
demo's banner); as a window, half of it. So the cashier is told there is one screen,
and offered the buyer's screen on a tablet or phone (Settings pairs it), or this
screen all the same (someone trying the demo plays both cashier and buyer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QMessageBox, QWidget

from paydesk.ui.shell.formatting import tr


def offer_the_tablet(parent: QWidget, *, pair: Callable[[], Any],
                     show_here: Callable[[], Any]) -> QMessageBox:
    """Ask, without holding up the window (the box is window-modal, not a nested loop):
    ``pair`` or ``show_here`` is called with the cashier's answer; Cancel does nothing."""
    box = QMessageBox(parent)
    box.setObjectName("one_screen_box")
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle(tr("Customer display"))
    box.setText(tr("This computer has only one screen: the customer display would "
                   "cover this window."))
    box.setInformativeText(tr("Pair the buyer's tablet or phone as their screen instead "
                              "(Settings → Buyer's screen), or connect a second monitor "
                              "and choose it in Settings."))
    pair_button = box.addButton(tr("Pair a tablet or phone…"), QMessageBox.ButtonRole.AcceptRole)
    pair_button.setObjectName("pair_tablet_button")
    here_button = box.addButton(tr("Show it here anyway"), QMessageBox.ButtonRole.ActionRole)
    here_button.setObjectName("show_here_button")
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(pair_button)

    def answered(_result: int) -> None:
        clicked = box.clickedButton()
        box.deleteLater()
        if clicked is pair_button:
            pair()
        elif clicked is here_button:
            show_here()

    box.finished.connect(answered)
    box.open()
    return box
