"""Which paid receipts this till printed by itself: one per payment, whatever happens.

A receipt is claimed before it is sent: the claim is one INSERT (schema step 9),
so of two threads, two processes or a run before a restart, exactly one gets it,
and a receipt whose printing failed is never printed again by itself (the cashier
prints it again on purpose). Printing at most once is the rule: a second receipt
for one payment reads as a second payment.
"""

from __future__ import annotations

from datetime import datetime

from paydesk.domain.clock import to_ms
from paydesk.store.book_connection import BookConnection


class PrintedReceipts(BookConnection):
    def claim_receipt(self, client_id: int, order_id: str, at: datetime) -> bool:
        """True when this call is the first to claim the order's receipt; False when a
        receipt was claimed before (or the order is not in the book)."""
        with self._write("note the printed receipt") as db:
            inserted = db.execute(
                "INSERT INTO printed_receipts (order_row, printed_at)"
                " SELECT id, ? FROM orders WHERE client_id = ? AND order_id = ?"
                " ON CONFLICT (order_row) DO NOTHING",
                (to_ms(at), client_id, order_id),
            ).rowcount
        return inserted == 1

    def receipt_claimed(self, client_id: int, order_id: str) -> bool:
        with self._read("read the printed receipts"):
            row = self._db.execute(
                "SELECT 1 FROM printed_receipts JOIN orders ON orders.id = order_row"
                " WHERE client_id = ? AND order_id = ?", (client_id, order_id)).fetchone()
        return row is not None
