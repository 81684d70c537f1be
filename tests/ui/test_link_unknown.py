"""A sale the service already had when its creation was sent again (its first reply
lost, the repeat refused as "already exists", as the real service is believed to do):
the counter shows it as the service has it, watched, with no code and words that say
why; the order's details say its link is unknown. In English and Russian, at the
counter's two screen sizes.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from paydesk.domain.orders import CreationState, Order
from paydesk.domain.phase import OrderPhase
from paydesk.sandbox import Fault, SandboxServer
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS, screenshot, type_amount
from screenshots import save_screenshot
from test_values import TEST_CLIENT_ID

# The offscreen platform cannot raise a window or pass on size hints; it says so.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support")

#: What the card and the details say, by language.
CARD = {"en": "The payment service already has this order",
        "ru": "У платёжного сервиса этот заказ уже есть"}
LINK = {"en": "Unknown: the payment service did not send it",
        "ru": "Неизвестна: платёжный сервис её не прислал"}
FOUND = {"en": "Found at the payment service: The payment service already had this order",
         "ru": "Найден у платёжного сервиса: У платёжного сервиса этот заказ уже был"}


@pytest.fixture
def sandbox(start_sandbox: Callable[..., SandboxServer]) -> SandboxServer:
    """The window's service, as the real one is believed to be: a repeat of a create
    it carried out is refused as "already exists" (HTTP 200)."""
    return start_sandbox(client_id=TEST_CLIENT_ID, repeats="refused", refusals="http200")


def found_sale(window: MainWindow, qtbot: QtBot, sandbox: SandboxServer) -> Order:
    """150 + Enter; the first reply is lost, and the client's repeat is refused."""
    sandbox.inject(Fault.DROP_AFTER_PROCESSING, endpoint="create_order")
    type_amount(qtbot, window, "150")
    qtbot.waitUntil(lambda: window.parts.presenter.sale is not None
                    and window.parts.presenter.sale.creation is CreationState.CONFIRMED,
                    timeout=WAIT_MS)
    sale = window.parts.presenter.sale
    assert sale is not None
    return sale


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)], ids=["1280x800", "1366x768"])
def test_a_sale_the_service_already_had_is_watched_and_says_its_link_is_unknown(
    language: str, size: tuple[int, int], window: MainWindow, qtbot: QtBot,
    sandbox: SandboxServer,
) -> None:
    window.resize(*size)
    sale = found_sale(window, qtbot, sandbox)
    assert sale.url is None and sale.is_watched
    panel = window.parts.payment_panel
    assert panel.badge.phase() is OrderPhase.PENDING
    assert panel.qr.text() is None and not panel.open_button.isEnabled()
    assert CARD[language] in panel.countdown_label.text()
    assert window.width() <= size[0] and window.height() <= size[1]
    screenshot(window, f"link-unknown-{language}-{size[0]}x{size[1]}")

    orders = window.orders_panel
    qtbot.waitUntil(lambda: orders.model.row_of(sale.order_id) is not None, timeout=WAIT_MS)
    row = orders.model.row_of(sale.order_id)
    assert row is not None
    dialog = orders.open_details(row)
    assert dialog is not None
    qtbot.waitExposed(dialog)
    assert dialog.fields["link"].text() == LINK[language]
    assert dialog.fields["last_error"].text().startswith(FOUND[language].split(": ", 1)[1])
    assert [result for _when, result in dialog.rows(dialog.attempts)][-1].startswith(
        FOUND[language])
    save_screenshot(dialog, f"order-details-link-unknown-{language}")
    dialog.close()

    sandbox.approve(sale.order_id)  # still watched: the payment is seen
    qtbot.waitUntil(lambda: panel.badge.phase() is OrderPhase.PAID, timeout=WAIT_MS)
    assert [o.order_id for o in sandbox.orders()] == [sale.order_id]
