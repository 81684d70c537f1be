"""The buyer's screen on a real monitor: placed full screen, closed only by the merchant,
never taking the keyboard; every text fits and the fonts follow the window's size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QCloseEvent, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from paydesk.ui.payment.customer_display import CustomerDisplay
from paydesk.ui.payment.monitors import available_screens, find_screen, place_beside, screen_label

from display_orders import EXPIRES, LINK, OnDisplay, an_order, finished, on_display
from fake_time import FakeClock
from qt_images import decode_qimage


def test_place_on_the_primary_screen_goes_full_screen_there(
    display: CustomerDisplay, qtbot: QtBot
) -> None:
    primary = QGuiApplication.primaryScreen()
    display.place_on(primary)
    qtbot.waitUntil(display.isFullScreen)
    assert display.screen() is primary

    display.place_on(None)
    qtbot.waitUntil(lambda: not display.isFullScreen())
    assert display.size().width() <= 900 and display.size().height() <= 700
    assert display.isVisible()


def test_screens_are_listed_and_found_by_label_or_name(qtbot: QtBot) -> None:
    screens = available_screens()
    primary = QGuiApplication.primaryScreen()
    assert [screen for _, screen in screens] == QGuiApplication.screens()
    label = screen_label(primary)
    size = primary.size()
    assert f"{size.width()}×{size.height()}" in label and "(primary)" in label
    assert find_screen(label) is primary
    assert find_screen(f"  {label} ") is primary
    if primary.name():
        assert find_screen(primary.name()) is primary
    assert find_screen("") is None
    assert find_screen("no-such-monitor — 1×1") is None


class FromTheWindowSystem(QCloseEvent):
    """Alt+F4 or a title bar's close button: a spontaneous close, which Python
    cannot send, so the display's closeEvent is handed one directly."""

    def spontaneous(self) -> bool:
        return True


def test_escape_and_the_window_system_do_not_close_the_full_screen_display(
    display: CustomerDisplay, qtbot: QtBot
) -> None:
    display.place_on(QGuiApplication.primaryScreen())
    qtbot.waitUntil(display.isFullScreen)
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    assert display.isVisible() and display.isFullScreen()

    closes: list[bool] = []
    display.closed.connect(lambda: closes.append(True))
    alt_f4 = FromTheWindowSystem()
    display.closeEvent(alt_f4)
    assert not alt_f4.isAccepted() and closes == []

    with qtbot.waitSignal(display.closed, timeout=1000):
        display.close()  # the merchant's action in the main window
    assert not display.isVisible()
    assert not display.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)


def fits(label: QLabel) -> bool:
    """Every line of the label is inside it, across and down (give or take the
    pixel that whole-pixel metrics round up)."""
    metrics = QFontMetrics(label.font())
    needed = metrics.boundingRect(QRect(0, 0, label.width(), 10_000),
                                  int(Qt.AlignmentFlag.AlignCenter), label.text())
    return needed.width() <= label.width() + 2 and needed.height() <= label.height() + 2


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800), (800, 600), (1080, 1920)])
def test_every_text_fits_and_fonts_follow_the_window(
    make_display: Callable[..., CustomerDisplay], size: tuple[int, int], screenshot: Any,
    clock: FakeClock,
) -> None:
    display = make_display("Coffee Corner and Pastry Shop at the Central Station", size=size)
    on = OnDisplay(display, clock)
    big = an_order(amount=99_999_999)
    for order in (None, big, finished(big, "approve"), an_order(order_id="o2"),
                  finished(an_order(order_id="o2"), "decline")):
        on.show(order, EXPIRES)
        if order is big:
            screenshot(display, f"fit-{size[0]}x{size[1]}")
        for label in display.findChildren(QLabel):
            if label.isVisible():
                assert fits(label), (size, label.objectName(), label.text())
                assert display.rect().contains(on_display(display, label))


def test_fonts_grow_with_the_screen(
    make_display: Callable[..., CustomerDisplay], clock: FakeClock
) -> None:
    small = make_display(size=(800, 600))
    large = make_display(size=(1920, 1080))
    for display in (small, large):
        OnDisplay(display, clock).show(an_order(), EXPIRES)
    assert large.amount_label.font().pixelSize() > small.amount_label.font().pixelSize()
    # Readable from 2 m on a 1080p monitor: the amount is over 100 px tall.
    assert large.amount_label.font().pixelSize() >= 100


def test_screenshots_at_800x600(
    make_display: Callable[..., CustomerDisplay], screenshot: Any, clock: FakeClock
) -> None:
    display = make_display(size=(800, 600))
    on = OnDisplay(display, clock)
    screenshot(display, "small-idle")
    on.show(an_order(), EXPIRES)
    screenshot(display, "small-pending")
    assert decode_qimage(display.qr.grab().toImage()) == [LINK]
    on.show(finished(an_order(), "approve"), EXPIRES)
    screenshot(display, "small-paid")




def test_the_display_never_asks_for_the_keyboard(display: CustomerDisplay) -> None:
    # The cashier types the next amount while the display changes. (The offscreen
    # platform activates every window it shows, so the hints are what can be checked.)
    assert display.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    assert display.windowFlags() & Qt.WindowType.WindowDoesNotAcceptFocus
    assert display.focusPolicy() is Qt.FocusPolicy.NoFocus


#: The cashier's form (amount, e-mail, note, Create) on a counter's screen, as the window
#: first opens there: global coordinates.
COUNTER_FORMS = {(1280, 800): QRect(24, 66, 508, 162), (1366, 768): QRect(24, 66, 544, 162)}


@pytest.mark.parametrize("screen", COUNTER_FORMS, ids=lambda size: "x".join(map(str, size)))
def test_a_window_on_the_cashier_s_screen_goes_beside_the_form(screen: tuple[int, int]) -> None:
    area, form = QRect(0, 0, *screen), COUNTER_FORMS[screen]
    placed = place_beside(area, QSize(900, 700), form, title_bar=24)
    assert area.contains(placed) and not placed.adjusted(0, -24, 0, 0).intersects(form)
    assert placed.width() >= 700 and placed.height() >= 450  # as large as the room allows
    elsewhere = place_beside(area, QSize(900, 700), form.translated(screen[0], 0))
    assert elsewhere == QRect(QPoint(0, 0), QSize(900, 700)).translated(
        (screen[0] - 900) // 2, (screen[1] - 700) // 2)  # the form on another screen: centred
