"""A payment's receipt prints by itself once: at the till that took the sale, never
twice, also after a restart; and an order book from before learns the claims table."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from paydesk.cli.words import words_in
from paydesk.core.receipts.duty import ReceiptDuty
from paydesk.core.receipts.printer import CounterPrinter
from paydesk.core.settings.values import Settings
from paydesk.domain.orders import Order, OrderStatus
from paydesk.store import CheckResult, OrderStore
from paydesk.store.database import migrate
from paydesk.support.receipt_printer import PrintError, PrintProblem
from paydesk.ui.shell.qt_checks import read_catalogue

from escpos_reader import read_printout
from loopback_printer import LoopbackPrinter
from panel_orders import LINK

CLIENT = 1001
T0 = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def _paid_order(store: OrderStore, order_id: str, till: str) -> Order:
    store.add_unconfirmed(CLIENT, order_id, 25_000, None, "", T0, till=till)
    store.confirm_creation(CLIENT, order_id, LINK, T0, T0 + timedelta(seconds=2))
    [(order, _)] = store.record_checks([CheckResult(CLIENT, order_id, OrderStatus.APPROVE,
                                                    T0 + timedelta(seconds=30), None)])
    return order


def _duty(path: Path, address: str, *, receipts: bool = True) -> ReceiptDuty:
    settings = Settings(printer=address, printer_receipts=receipts, till="till-1",
                        merchant_name="Coffee & Co").with_changes()
    words = words_in("en", read_catalogue)
    printer = CounterPrinter(settings, words, "en", deadline_seconds=2.0)
    return ReceiptDuty(lambda: OrderStore.open(path), printer, settings)


def test_one_receipt_per_payment_across_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite3"
    with OrderStore.open(path) as store:
        mine = _paid_order(store, "ORDER-MINE-000001", "till-1")
        theirs = _paid_order(store, "ORDER-THEIRS-00001", "till-2")
    with LoopbackPrinter() as device:
        duty = _duty(path, device.address)
        assert duty.print_once(mine) is not None
        assert duty.print_once(mine) is None  # announced again: already printed
        assert duty.print_once(theirs) is None  # another till's sale: that till prints it
        # PayDesk restarts: a new duty on the same book.
        assert _duty(path, device.address).print_once(mine) is None
        [job] = device.wait_for_jobs(1)
    assert "Order 000001" in read_printout(job).lines
    assert device.connections == 1


def test_off_by_default_and_a_failed_print_is_not_retried_by_itself(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite3"
    with OrderStore.open(path) as store:
        order = _paid_order(store, "ORDER-MINE-000002", "till-1")
    assert Settings().printer_receipts is False
    with LoopbackPrinter("refuse") as device:
        assert _duty(path, device.address, receipts=False).print_once(order) is None
        with pytest.raises(PrintError) as raised:
            _duty(path, device.address).print_once(order)
        assert raised.value.code is PrintProblem.REFUSED
        assert _duty(path, device.address).print_once(order) is None
    with OrderStore.open(path) as store:
        assert store.receipt_claimed(CLIENT, "ORDER-MINE-000002")


def test_a_book_from_before_gets_the_receipts_table(tmp_path: Path) -> None:
    path = tmp_path / "book.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.create_function("paydesk_lower", 1, str.lower)  # as the store's connection has it
    migrate(conn, path, target_version=8)
    assert conn.execute("SELECT count(*) FROM sqlite_schema WHERE name = 'printed_receipts'"
                        ).fetchone() == (0,)
    conn.close()
    with OrderStore.open(path) as store:
        order = _paid_order(store, "ORDER-OLD-0000003", "till-1")
        assert store.claim_receipt(CLIENT, order.order_id, T0)
        assert not store.claim_receipt(CLIENT, order.order_id, T0)
        assert not store.receipt_claimed(CLIENT, "NOT-IN-THE-BOOK")
