"""The doorbell: a NOTIFY after every change of an order, none after an upload that
changed nothing."""

from __future__ import annotations

import select
from dataclasses import replace
from typing import TYPE_CHECKING

import psycopg

from paydesk.store import BookEntry
from paydesk.store.shared.book import SharedBook
from paydesk.store.shared.schema import CHANNEL

if TYPE_CHECKING:
    from conftest import Connect
from merge_cases import PAID, base_order


def test_a_listening_till_hears_another_tills_upload(book: SharedBook, connect: Connect) -> None:
    listener = connect()
    listener.listen()
    assert listener.doorbell(0) is False
    book.upload([BookEntry(base_order(order_id="ONE")), BookEntry(base_order(order_id="TWO"))],
                till="A")
    assert listener.doorbell(30) is True
    # Several changes ring once; then it is quiet until the next change.
    assert listener.doorbell(0) is False
    book.upload([BookEntry(base_order(order_id="ONE", **PAID))], till="A")
    readable, _, _ = select.select([listener.fileno()], [], [], 30)
    assert readable == [listener.fileno()]
    assert listener.doorbell(0) is True


def test_a_ring_heard_during_another_call_is_kept(book: SharedBook, connect: Connect) -> None:
    listener = connect()
    listener.listen()
    book.upload([BookEntry(base_order(order_id="ONE"))], till="A")
    # The listener's own next call may read the notification before doorbell() does.
    select.select([listener.fileno()], [], [], 30)
    listener.counts(1)
    assert listener.doorbell(0) is True


def test_an_upload_that_changes_nothing_rings_no_bell(book: SharedBook, book_url: str) -> None:
    entry = BookEntry(base_order(order_id="SAME"))
    book.upload([entry], till="A")
    with psycopg.connect(book_url, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        book.upload([entry], till="A")  # nothing new: no ring
        book.upload([BookEntry(replace(base_order(order_id="OTHER"), client_id=2))], till="A")
        # Notifications come in commit order: the first one heard is the second upload's.
        heard = [note.payload for note in listener.notifies(timeout=30, stop_after=1)]
    assert heard == ["2"]
