"""The buyer's screen in every state a payment goes through, and what it never shows."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QWidget

from paydesk.core.counter.buyer_memory import RESULT_SECONDS
from paydesk.core.counter.views import BuyerState
from paydesk.domain.orders import CreationState
from paydesk.ui.payment.customer_display import CustomerDisplay
from paydesk.ui.shell.formatting import money

from display_orders import EMAIL, EXPIRES, LINK, NOTE, OnDisplay, an_order, finished, on_display
from fake_time import FakeClock
from qt_images import decode_qimage


def visible_texts(display: CustomerDisplay) -> list[str]:
    return [label.text() for label in display.findChildren(QLabel) if label.isVisible()]


def everything_said(widget: QWidget) -> list[str]:
    """Every text a widget or its children carry: shown, tooltips, accessibility."""
    said = []
    for item in [widget, *widget.findChildren(QWidget)]:
        said += [item.windowTitle(), item.toolTip(), item.accessibleName(),
                 item.accessibleDescription(), item.statusTip(), item.whatsThis()]
        if isinstance(item, QLabel):
            said.append(item.text())
    return said


def test_idle_greets_with_the_merchant_name(display: CustomerDisplay, screenshot: Any) -> None:
    assert display.state() is BuyerState.IDLE
    assert visible_texts(display) == ["Coffee Corner", "Ready"]
    assert display.qr.text() is None
    screenshot(display, "idle")


def test_idle_without_a_merchant_name_says_welcome(
    make_display: Callable[..., CustomerDisplay],
) -> None:
    display = make_display("  ")
    assert visible_texts(display) == ["Welcome", "Ready"]
    display.set_merchant_name("Bakery No. 5")
    assert display.title_label.text() == "Bakery No. 5"


def test_pending_shows_amount_qr_and_countdown(
    display: CustomerDisplay, on: OnDisplay, clock: FakeClock, screenshot: Any
) -> None:
    on.show(an_order(), EXPIRES)

    assert display.state() is BuyerState.PENDING
    assert display.amount_label.text() == money(125_050)
    assert display.scan_label.text() == "Scan to pay"
    assert display.countdown_label.text() == "12:34"
    assert on.countdown_running()
    # The counter's tick moves the countdown on.
    clock.now += timedelta(minutes=2)
    on.tick()
    assert display.countdown_label.text() == "10:34"
    screenshot(display, "pending")


def test_qr_on_the_display_decodes_to_the_link(display: CustomerDisplay, on: OnDisplay) -> None:
    on.show(an_order(), EXPIRES)
    assert decode_qimage(display.qr.grab().toImage()) == [LINK]
    assert display.qr.is_active()


def test_qr_is_as_large_as_the_screen_allows_and_square(
    make_display: Callable[..., CustomerDisplay], clock: FakeClock,
) -> None:
    for size in ((1920, 1080), (1280, 800), (800, 600), (1080, 1920)):
        display = make_display(size=size)
        OnDisplay(display, clock).show(an_order(), EXPIRES)
        qr = display.qr
        assert qr.width() == qr.height()
        assert qr.width() >= 0.5 * min(size)
        assert display.rect().contains(on_display(display, qr))


def test_a_poll_of_the_same_order_keeps_the_countdown_going(
    display: CustomerDisplay, on: OnDisplay, clock: FakeClock
) -> None:
    on.show(an_order(), EXPIRES)
    clock.now += timedelta(seconds=30)
    on.show(an_order(last_checked_at=clock.now), EXPIRES)
    assert display.countdown_label.text() == "12:04"
    assert on.countdown_running()


def test_last_minute_is_urgent_and_at_zero_the_code_goes_until_the_service_answers(
    display: CustomerDisplay, on: OnDisplay, clock: FakeClock, screenshot: Any
) -> None:
    on.show(an_order(), EXPIRES)
    clock.now = EXPIRES - timedelta(seconds=45)
    on.tick()
    assert display.countdown_label.text() == "0:45"
    assert "#b06000" in display.countdown_label.styleSheet()

    clock.now = EXPIRES
    on.tick()
    # Not "Time is up" over a code titled "Scan to pay": the service has not said.
    assert display.state() is BuyerState.CHECKING
    assert not on.countdown_running()
    assert display.qr.is_concealed()  # no new scans
    assert visible_texts(display)[1:3] == [money(125_050), "Checking the payment…"]
    screenshot(display, "checking")
    # A poll's update of the same order while the service has not answered keeps it so.
    on.show(an_order(), EXPIRES)
    assert display.state() is BuyerState.CHECKING and display.qr.is_concealed()
    # Paid at the last moment: the service's word, on this screen as on the cashier's.
    on.show(finished(an_order(), "approve"), EXPIRES)
    assert display.state() is BuyerState.PAID


def test_checking_ends_as_expired_when_the_service_says_so(
    display: CustomerDisplay, on: OnDisplay, clock: FakeClock
) -> None:
    on.show(an_order(), EXPIRES)
    clock.now = EXPIRES + timedelta(seconds=3)
    on.tick()
    assert display.state() is BuyerState.CHECKING
    on.show(finished(an_order(), "expired"), EXPIRES)
    assert display.state() is BuyerState.EXPIRED


def test_pending_without_an_expiry_has_no_countdown(
    display: CustomerDisplay, on: OnDisplay
) -> None:
    on.show(an_order(), None)
    assert display.state() is BuyerState.PENDING
    assert not display.countdown_label.isVisible()
    assert not on.countdown_running()


def test_unconfirmed_order_shows_the_amount_while_preparing(
    display: CustomerDisplay, on: OnDisplay, screenshot: Any
) -> None:
    on.show(an_order(creation=CreationState.UNCONFIRMED), None)
    assert display.state() is BuyerState.PREPARING
    assert visible_texts(display) == [money(125_050), "Preparing payment…"]
    assert display.qr.text() is None
    screenshot(display, "preparing")


RESULTS = [
    ("approve", BuyerState.PAID, "✓", "Paid", "Thank you!", "#188038"),
    ("decline", BuyerState.REFUSED, "✗", "Payment refused", "Please ask the cashier.", "#c5221f"),
    ("expired", BuyerState.EXPIRED, "⊘", "Time is up", "Please ask the cashier.", "#5f6368"),
]


@pytest.mark.parametrize(("status", "state", "symbol", "words", "more", "colour"), RESULTS)
def test_final_result_in_colour_and_symbol(
    display: CustomerDisplay, on: OnDisplay, screenshot: Any,
    status: str, state: BuyerState, symbol: str, words: str, more: str, colour: str,
) -> None:
    on.show(an_order(), EXPIRES)
    on.show(finished(an_order(), status), EXPIRES)

    assert display.state() is state
    # The tablet's page says the same (core/buyer_devices/page.py: one table of looks).
    assert visible_texts(display) == [symbol, words, more, money(125_050)]
    assert display.result_label.accessibleName() == f"{symbol} {words}"
    page = display.result_label.parentWidget()
    assert page is not None
    assert page.grab().toImage().pixelColor(5, 5) == QColor(colour)
    assert display.qr.text() is None and not on.countdown_running()
    assert on.returning_to_idle()
    screenshot(display, str(state))


def test_result_returns_to_idle_by_itself(
    display: CustomerDisplay, on: OnDisplay, clock: FakeClock
) -> None:
    on.show(an_order(), EXPIRES)
    on.show(finished(an_order(), "approve"), EXPIRES)
    assert display.state() is BuyerState.PAID

    clock.now += timedelta(seconds=RESULT_SECONDS)
    on.tick()
    assert display.is_idle()
    assert visible_texts(display) == ["Coffee Corner", "Ready"]
    # A late repeat of the finished order does not bring its result back.
    on.show(finished(an_order(), "approve"), EXPIRES)
    assert display.is_idle()


def test_a_new_order_cancels_the_return_to_idle(display: CustomerDisplay, on: OnDisplay) -> None:
    on.show(an_order(), EXPIRES)
    on.show(finished(an_order(), "approve"), EXPIRES)
    assert on.returning_to_idle()

    second = an_order(order_id="second-order", amount=9_900, url=LINK + "2")
    on.show(dataclasses.replace(second, creation=CreationState.UNCONFIRMED, url=None), None)
    assert not on.returning_to_idle()
    on.show(second, EXPIRES)
    assert not on.returning_to_idle()
    assert display.state() is BuyerState.PENDING
    assert display.amount_label.text() == money(9_900)


def test_cashier_leaving_the_order_keeps_the_thank_you_for_its_time(
    display: CustomerDisplay, on: OnDisplay, clock: FakeClock
) -> None:
    on.show(an_order(), EXPIRES)
    on.show(finished(an_order(), "approve"), EXPIRES)
    on.show(None, None)  # Esc: new payment, right after "Paid"
    assert display.state() is BuyerState.PAID
    clock.now += timedelta(seconds=RESULT_SECONDS - 0.1)
    on.tick()
    assert display.state() is BuyerState.PAID
    clock.now += timedelta(seconds=0.1)
    on.tick()
    assert display.is_idle()


def test_another_buyers_finished_order_is_never_shown(
    display: CustomerDisplay, on: OnDisplay
) -> None:
    # A finished order this buyer never watched (the window sends only the sale; this
    # holds even if it did not): not for this buyer's eyes.
    on.show(finished(an_order(order_id="yesterday"), "approve"), None)
    assert display.is_idle()
    assert money(125_050) not in visible_texts(display)
    assert not on.returning_to_idle()


def test_abandoned_and_none_return_to_idle(display: CustomerDisplay, on: OnDisplay) -> None:
    on.show(an_order(creation=CreationState.UNCONFIRMED), None)
    on.show(an_order(creation=CreationState.ABANDONED), None)
    assert display.is_idle()
    on.show(an_order(), EXPIRES)
    on.show(None, None)
    assert display.is_idle()
    assert not on.countdown_running() and display.qr.text() is None


def test_an_unknown_status_shows_nothing_to_the_buyer(
    display: CustomerDisplay, on: OnDisplay
) -> None:
    on.show(an_order(), EXPIRES)
    on.show(an_order("refunded"), EXPIRES)
    assert display.is_idle()


def test_never_shows_email_note_or_order_id(display: CustomerDisplay, on: OnDisplay) -> None:
    orders = [
        (an_order(creation=CreationState.UNCONFIRMED), None),
        (an_order(), EXPIRES),
        (finished(an_order(), "approve"), EXPIRES),
        (an_order(order_id="next-1"), EXPIRES),
        (finished(an_order(order_id="next-1"), "decline"), EXPIRES),
        (an_order(order_id="next-2"), EXPIRES),
        (finished(an_order(order_id="next-2"), "expired"), EXPIRES),
    ]
    for order, expires_at in orders:
        on.show(order, expires_at)
        said = "\n".join(everything_said(display))
        for secret in (EMAIL, NOTE, order.order_id, "private.buyer"):
            assert secret not in said, (display.state(), secret)
