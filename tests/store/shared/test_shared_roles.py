"""The roles docs/shop-setup.md tells a shop to make: an owner that sets the book up, and
one login per till in the ``paydesk_till`` group, which may do what a till does and no
more."""

from __future__ import annotations

import psycopg
import pytest
from psycopg import sql

from paydesk.store import BookEntry
from paydesk.store.shared.book import SharedBook
from paydesk.store.shared.schema import TILL_ROLE

from merge_cases import base_order
from postgres import PostgresServer


def _role(admin: psycopg.Connection[tuple[object, ...]], name: str, *extra: str) -> None:
    exists = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone()
    if not exists:
        admin.execute(sql.SQL(f"CREATE ROLE {{}} {' '.join(extra)}").format(sql.Identifier(name)))


@pytest.fixture
def shop(postgres_server: PostgresServer) -> dict[str, str]:
    """As the setup guide says: the owner, the tills' group, one till login, the database."""
    with postgres_server.admin() as admin:
        _role(admin, "paydesk_owner", "LOGIN")
        _role(admin, TILL_ROLE, "NOLOGIN")
        _role(admin, "till_docs", "LOGIN")
        admin.execute(sql.SQL("GRANT {} TO till_docs").format(sql.Identifier(TILL_ROLE)))
    name = postgres_server.create_database(owner="paydesk_owner")
    return {"owner": postgres_server.url(name, user="paydesk_owner"),
            "till": postgres_server.url(name, user="till_docs")}


def test_a_till_role_does_a_tills_work_and_no_more(shop: dict[str, str]) -> None:
    with SharedBook.connect(shop["owner"]) as owner:
        owner.init_schema()
    with SharedBook.connect(shop["till"]) as till:
        till.check_schema()
        till.upload([BookEntry(base_order(order_id="ROLE-1", till="Till 1"))], till="Till 1")
        entries, _cursor = till.changes_since(1, 0)
        assert [entry.order.order_id for entry in entries] == ["ROLE-1"]
        assert till.claim_leases(1, "Till 1") == {"ROLE-1"}
        till.release_leases(1, "Till 1")
    with psycopg.connect(shop["till"]) as conn:
        for statement in ("DELETE FROM orders", "DROP TABLE leases",
                          "UPDATE book_meta SET version = 99"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
            conn.rollback()


def test_without_the_group_role_a_till_cannot_read_the_book(shop: dict[str, str],
                                                            postgres_server: PostgresServer,
                                                            ) -> None:
    with SharedBook.connect(shop["owner"]) as owner:
        owner.init_schema()
    with postgres_server.admin() as admin:
        _role(admin, "till_stranger", "LOGIN")
    stranger = shop["till"].replace("till_docs@", "till_stranger@")
    with psycopg.connect(stranger) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute("SELECT count(*) FROM orders")
