"""Leases: one till at a time asks the payment service about an open order."""

from __future__ import annotations

import threading
from datetime import datetime
from typing import TYPE_CHECKING

import psycopg

from paydesk.domain.orders import CreationState
from paydesk.store import BookEntry
from paydesk.store.shared.book import SharedBook

if TYPE_CHECKING:
    from conftest import Connect
from merge_cases import PAID, base_order


def _order(order_id: str, till: str, **changes: object) -> BookEntry:
    return BookEntry(base_order(order_id=order_id, till=till, **changes))


def _leases(url: str) -> dict[str, tuple[str, datetime]]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT order_id, till, expires_at FROM leases").fetchall()
    return {str(order_id): (str(till), expires) for order_id, till, expires in rows}


def test_a_till_takes_the_leases_of_its_own_watched_orders_on_upload(
        book: SharedBook, book_url: str, connect: Connect) -> None:
    # Open orders and those not confirmed yet are watched (a till that goes quiet
    # leaves its unsent ones to another, which sends them again with the same id);
    # final and abandoned ones are not.
    book.upload([_order("A-1", "A"), _order("B-1", "B"),
                 _order("A-PAID", "A", **PAID),
                 _order("A-NEW", "A", creation=CreationState.UNCONFIRMED, url=None),
                 _order("A-GONE", "A", creation=CreationState.ABANDONED, url=None)], till="A")
    assert {order_id: till for order_id, (till, _) in _leases(book_url).items()} == {
        "A-1": "A", "A-NEW": "A"}
    other = connect()
    # B's order, uploaded by A, has no lease yet: B takes it; A's are held.
    assert other.claim_leases(1, "B") == {"B-1"}
    assert book.claim_leases(1, "A") == {"A-1", "A-NEW"}


def test_a_till_renews_its_leases(book: SharedBook, book_url: str) -> None:
    book.upload([_order("A-1", "A")], till="A", lease_seconds=0)
    expired = _leases(book_url)["A-1"][1]
    assert book.claim_leases(1, "A", lease_seconds=20) == {"A-1"}
    till, renewed = _leases(book_url)["A-1"]
    assert till == "A" and (renewed - expired).total_seconds() >= 19


def test_an_expired_lease_is_taken_and_the_own_till_takes_it_back(
        book: SharedBook, connect: Connect) -> None:
    till_b = connect()
    book.upload([_order("A-1", "A"), _order("C-1", "C")], till="A", lease_seconds=0)
    # A's lease ran out (A went away): B takes A's order and the one nobody held.
    assert till_b.claim_leases(1, "B") == {"A-1", "C-1"}
    assert till_b.claim_leases(1, "B") == {"A-1", "C-1"}  # renewed, still B's
    # A comes back: it takes its own order back, not C's, which B holds.
    assert book.claim_leases(1, "A") == {"A-1"}
    assert till_b.claim_leases(1, "B") == {"C-1"}
    # Held leases are not taken by a third till while they last.
    assert connect().claim_leases(1, "D") == set()


def test_released_leases_are_taken_at_once(book: SharedBook, connect: Connect) -> None:
    till_b = connect()
    book.upload([_order("A-1", "A"), _order("A-2", "A")], till="A")
    assert till_b.claim_leases(1, "B") == set()
    book.release_leases(1, "A")
    assert till_b.claim_leases(1, "B") == {"A-1", "A-2"}
    assert book.claim_leases(1, "A") == {"A-1", "A-2"}


def test_leases_of_closed_orders_are_let_go(book: SharedBook, book_url: str) -> None:
    book.upload([_order("A-1", "A"), _order("A-2", "A")], till="A")
    book.upload([_order("A-1", "A", **PAID)], till="A")
    assert book.claim_leases(1, "A") == {"A-2"}
    assert set(_leases(book_url)) == {"A-2"}
    # Another account's orders are another matter.
    book.upload([_order("A-3", "A", client_id=2)], till="A")
    assert book.claim_leases(1, "A") == {"A-2"}
    assert book.claim_leases(2, "A") == {"A-3"}


def test_an_unnamed_till_holds_no_order_as_its_own(book: SharedBook, connect: Connect) -> None:
    book.upload([_order("OLD-1", "")], till="", lease_seconds=20)
    assert connect().claim_leases(1, "B") == {"OLD-1"}
    assert book.claim_leases(1, "") == set()


def _race(url: str, tills: tuple[str, ...]) -> dict[str, set[str]]:
    """Each till claims from its own thread and connection, all at the same moment."""
    start = threading.Barrier(len(tills))
    held: dict[str, set[str]] = {}
    failures: list[BaseException] = []

    def claim(till: str) -> None:
        try:
            with SharedBook.connect(url) as own:
                start.wait()
                held[till] = own.claim_leases(1, till)
        except BaseException as error:  # reported below
            failures.append(error)

    racers = [threading.Thread(target=claim, args=(till,)) for till in tills]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(timeout=30)
    assert failures == []
    return held


def test_two_tills_racing_for_the_same_orders_hold_each_once(
        book: SharedBook, book_url: str) -> None:
    ids = {f"C-{n:03}" for n in range(60)}
    book.upload([_order(order_id, "C") for order_id in sorted(ids)], till="C", lease_seconds=0)
    for _round in range(3):
        # Every lease has run out: both tills go for all of them at once.
        with psycopg.connect(book_url) as conn:
            conn.execute("UPDATE leases SET expires_at = now() - interval '1 second'")
        held = _race(book_url, ("A", "B"))
        assert held["A"].isdisjoint(held["B"])
        assert held["A"] | held["B"] == ids
        assert {order_id: till for order_id, (till, _) in _leases(book_url).items()} == {
            **dict.fromkeys(held["A"], "A"), **dict.fromkeys(held["B"], "B")}
