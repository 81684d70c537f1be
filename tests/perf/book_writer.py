"""Another process writing to the order book, for bench.py's ``external_change_ms``.

    python book_writer.py BOOK CLIENT_ID

Opens the book as a command does (the store, its own connection) and prints
``READY``; then, per line on stdin, ``add ID`` (a new order, as ``paydesk
create`` writes it before sending), ``confirm ID`` (its link stored) or ``pay
ID`` (its payment recorded, as ``paydesk refresh`` does). After each commit it
prints ``DONE <time.monotonic()>``: on Linux one clock for every process, so the
benchmark can time from the commit to the window's list, start-up not counted.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime, timedelta

from paydesk.domain.orders import OrderStatus
from paydesk.store import CheckResult, OrderStore


def main(book: str, client_id: int) -> None:
    with OrderStore.open(book, check_whole_file=False) as store:
        print("READY", flush=True)
        for line in sys.stdin:
            action, order_id = line.split()
            now = datetime.now(UTC)
            if action == "add":
                store.add_unconfirmed(client_id, order_id, 15000, None, "from a terminal", now)
            elif action == "confirm":
                store.confirm_creation(client_id, order_id, f"https://pay.example/{order_id}",
                                       now, now + timedelta(hours=1))
            elif action == "pay":
                store.record_checks(
                    [CheckResult(client_id, order_id, OrderStatus.APPROVE, now, None)])
            else:
                raise SystemExit(f"unknown action {action!r}")
            print(f"DONE {time.monotonic():.6f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
