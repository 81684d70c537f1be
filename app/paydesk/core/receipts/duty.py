"""A paid sale's receipt, printed by itself: only at the till that took it, only once.

When the watch announces a payment (:class:`~paydesk.core.watch.events.OrderPaid`),
the window hands the order to :meth:`ReceiptDuty.print_once` on a worker thread.
It prints when the ``printer_receipts`` setting is on, a printer is set, and the
order was taken at this till (``till``: another till of a shared book, which sees
the same payment, prints nothing). The order book claims the receipt before it is
sent (paydesk.store.printed_receipts), so a payment gets one receipt across two
announcements, two threads and a restart; a failed print is not tried again by
itself: the notice's "print again" does that, on purpose.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

from paydesk.core.receipts.printer import CounterPrinter, Printed
from paydesk.core.settings.values import Settings
from paydesk.domain.clock import Clock, utc_now
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of
from paydesk.store import OrderStore

#: This thread's own connection to the order book (a connection belongs to one thread).
OpenStore = Callable[[], AbstractContextManager[OrderStore]]


def receipt_is_due(order: Order, settings: Settings) -> bool:
    """Whether this till prints ``order``'s receipt by itself (before the book is asked)."""
    return (settings.printer_receipts and bool(settings.printer)
            and phase_of(order) is OrderPhase.PAID and order.till == settings.till_name)


class ReceiptDuty:
    def __init__(self, open_store: OpenStore, printer: CounterPrinter, settings: Settings,
                 *, clock: Clock = utc_now) -> None:
        self._open_store = open_store
        self._printer = printer
        self._settings = settings
        self._clock = clock

    def print_once(self, order: Order) -> Printed | None:
        """Print ``order``'s receipt if it is due and was never claimed; None if not.

        Blocks up to the printer's deadline: call it off the GUI thread.
        PrintError when the printer fails (the receipt stays claimed).
        """
        if not receipt_is_due(order, self._settings):
            return None
        with self._open_store() as store:
            if not store.claim_receipt(order.client_id, order.order_id, self._clock()):
                return None
        return self._printer.receipt(order)
