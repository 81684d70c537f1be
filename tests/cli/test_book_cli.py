"""``paydesk book init | copy | status`` and the shared book's settings, as a person or a
script runs them: real ``paydesk`` processes, the real PostgreSQL server the tests
start, the real sandbox, and the file keychain double."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore
from paydesk.store.shared.book import SharedBook
from paydesk.store.shared.schema import LATEST_SHARED_VERSION

from book_rows import book_marks, shared_orders
from bulk_orders import bulk_insert
from cli_process import Paydesk, Run, RunPaydesk, paydesk_for, service_env
from postgres import PASSWORD_ROLE, ROLE_PASSWORD, PostgresServer
from test_values import TEST_CLIENT_ID

#: Every key of ``book status --json``, whichever book and state (docs/command-line.md).
STATUS_KEYS = {"kind", "order_book", "local_book", "till", "reachable", "problem",
               "schema_version", "orders", "open", "tills", "waiting"}


def _ok(run: Run) -> Run:
    assert run.code == 0, run.text
    return run


def _json(run: Run) -> Any:
    return json.loads(_ok(run).out)


def _init(book_url: str) -> None:
    with SharedBook.connect(book_url) as book:
        book.init_schema()


def _till(root: Path, name: str, sandbox: SandboxServer, book_url: str) -> Paydesk:
    """A till's ``paydesk``: its own data folder and keychain, on the shared book."""
    till = paydesk_for(root / name)
    till.env.update(service_env(sandbox))
    _ok(till.run("config", "set", "order_book", book_url))
    _ok(till.run("config", "set", "till", name))
    return till


def _created(run: Run) -> str:
    order_id: str = _json(run)["order_id"]
    return order_id


# -- book init --------------------------------------------------------------------------

def test_init_makes_a_new_book_and_again_changes_nothing(
    paydesk: RunPaydesk, book_url: str, postgres_server: PostgresServer, book_database: str
) -> None:
    first = _ok(paydesk("book", "init", book_url))
    assert first.out.strip() == (f"Shared order book ready at {book_url} "
                                 f"(schema {LATEST_SHARED_VERSION}).")
    assert book_marks(postgres_server, book_database).orders == 0  # the tables are there
    again = _ok(paydesk("book", "init", book_url))
    assert "nothing changed" in again.out
    record = _json(paydesk("book", "init", book_url, "--json"))
    assert record["schema_version"] == record["schema_version_before"] == LATEST_SHARED_VERSION
    assert record["order_book"] == book_url and record["book_id"]


def test_init_refuses_a_book_of_a_newer_paydesk(
    paydesk: RunPaydesk, book_url: str, postgres_server: PostgresServer, book_database: str
) -> None:
    _init(book_url)
    with postgres_server.admin(book_database) as admin:
        admin.execute("UPDATE book_meta SET version = %s", (LATEST_SHARED_VERSION + 1,))
    run = paydesk("book", "init", book_url)
    assert run.code == 5, run.text
    assert run.out == "" and len(run.err.splitlines()) == 1
    assert "newer version of PayDesk" in run.err
    with postgres_server.admin(book_database) as admin:
        row = admin.execute("SELECT version FROM book_meta").fetchone()
    assert row is not None and row[0] == LATEST_SHARED_VERSION + 1


@pytest.mark.parametrize(("url", "reason"), [
    ("http://backoffice.example/shop", "must start with postgresql://"),
    ("mysql://till@backoffice/shop", "must start with postgresql://"),
    ("postgresql://till@backoffice.example/shop?sslmode=require", "verify-full"),
])
def test_init_refuses_an_address_it_could_not_use(
    paydesk: RunPaydesk, url: str, reason: str
) -> None:
    run = paydesk("book", "init", url)
    assert run.code == 2, run.text
    assert run.out == ""
    assert len(run.err.splitlines()) == 1 and reason in run.err
    assert "Traceback" not in run.err


# -- book status ------------------------------------------------------------------------

def test_status_of_this_computers_book(paydesk: RunPaydesk, tmp_path: Path) -> None:
    _ok(paydesk("config", "set", "till", "Counter 1"))
    run = _ok(paydesk("book", "status"))
    assert run.out.splitlines() == [
        f"Order book: this computer's, {tmp_path / 'data' / 'paydesk.sqlite3'}",
        "Till: Counter 1",
    ]
    record = _json(paydesk("book", "status", "--json"))
    assert set(record) == STATUS_KEYS
    assert record["kind"] == "local" and record["order_book"] == ""
    assert record["reachable"] is None and record["waiting"] is None


def test_status_of_a_shared_book_online_then_offline(
    tmp_path: Path, sandbox: SandboxServer, book_url: str, postgres_server: PostgresServer
) -> None:
    _init(book_url)
    till = _till(tmp_path, "Till 1", sandbox, book_url)
    _created(till.run("create", "150", "--json"))
    online = _ok(till.run("book", "status"))
    assert f"Order book: shared, {book_url}" in online.out
    assert (f"Shared book: online, schema {LATEST_SHARED_VERSION}, 1 order(s), 1 open"
            in online.out)
    assert "Waiting to upload: 0 order(s)" in online.out
    record = _json(till.run("book", "status", "--json"))
    assert set(record) == STATUS_KEYS
    assert (record["kind"], record["reachable"], record["schema_version"], record["orders"],
            record["waiting"], record["tills"]) == (
        "shared", True, LATEST_SHARED_VERSION, 1, 0, ["Till 1"])

    with postgres_server.stopped():
        _created(till.run("create", "151", "--json"))
        offline = till.run("book", "status")
        assert offline.code == 5, offline.text
        assert "Shared book: offline (" in offline.out
        assert "could not be reached" in offline.out
        assert "Waiting to upload: 1 order(s)" in offline.out
        scripted = till.run("book", "status", "--json")
        assert scripted.code == 5, scripted.text
        record = json.loads(scripted.out)
        assert set(record) == STATUS_KEYS
        assert (record["reachable"], record["waiting"], record["orders"]) == (False, 1, None)
        assert "could not be reached" in record["problem"]


# -- the shared book down while selling -------------------------------------------------

def test_create_with_the_book_down_sells_and_the_order_goes_up_once_later(
    tmp_path: Path, sandbox: SandboxServer, book_url: str,
    postgres_server: PostgresServer, book_database: str,
) -> None:
    _init(book_url)
    till = _till(tmp_path, "Till 1", sandbox, book_url)
    with postgres_server.stopped():
        run = till.run("create", "99,90", "--json")
        assert run.code == 0, run.text
        order = json.loads(run.out)
        assert order["creation"] == "confirmed" and order["url"]  # the service has it
        warnings = [line for line in run.err.splitlines() if "shared order book offline" in line]
        assert len(warnings) == 1, run.err  # said once, with the count after the sale
        assert "1 order(s) waiting to upload" in warnings[0]
        listed = _json(till.run("list", "--json"))
        assert [o["order_id"] for o in listed] == [order["order_id"]]
    assert shared_orders(postgres_server, book_database) == {}
    record = _json(till.run("book", "status", "--json"))
    assert (record["reachable"], record["waiting"], record["orders"]) == (True, 0, 1)
    assert shared_orders(postgres_server, book_database) == {
        order["order_id"]: ("Till 1", "pending")}
    _json(till.run("book", "status", "--json"))  # once more: still one
    assert book_marks(postgres_server, book_database).orders == 1


def test_list_till_shows_another_tills_orders_through_the_shared_book(
    tmp_path: Path, sandbox: SandboxServer, book_url: str
) -> None:
    _init(book_url)
    a = _till(tmp_path, "Till A", sandbox, book_url)
    b = _till(tmp_path, "Till B", sandbox, book_url)
    at_a = _created(a.run("create", "10", "--json"))
    at_b = _created(b.run("create", "20", "--json"))
    # B's list reads B's own copy, brought in step with the shared book first.
    of_a = _json(b.run("list", "--till", "Till A", "--json"))
    assert [(o["order_id"], o["till"]) for o in of_a] == [(at_a, "Till A")]
    every = _json(b.run("list", "--json"))
    assert {o["order_id"]: o["till"] for o in every} == {at_a: "Till A", at_b: "Till B"}
    none = _ok(a.run("list", "--till", "Till C"))
    assert none.out.strip() == "No orders."


# -- book copy --------------------------------------------------------------------------

def _old_order(order_id: str, hour: int, till: str) -> Order:
    created = datetime(2026, 3, 1, hour, tzinfo=UTC)
    return Order(TEST_CLIENT_ID, order_id, 1000 + hour, None, "", f"https://pay.example/{order_id}",
                 OrderStatus.APPROVE, CreationState.CONFIRMED, created, created, till=till)


def test_copy_sends_this_computers_history_and_twice_changes_nothing(
    tmp_path: Path, sandbox: SandboxServer, book_url: str,
    postgres_server: PostgresServer, book_database: str,
) -> None:
    _init(book_url)
    till = paydesk_for(tmp_path)
    till.env.update(service_env(sandbox))
    _ok(till.run("config", "set", "till", "Till 1"))
    made_here = _created(till.run("create", "150", "--json"))  # with history and an attempt
    with OrderStore.open(till.book) as store:  # orders from before tills had names
        bulk_insert(store, [_old_order("old-1", 9, ""), _old_order("old-2", 10, "")])

    run = _ok(till.run("book", "copy", "--to", book_url))
    assert run.out.strip() == (f"3 order(s) of this computer are in the shared book at "
                               f"{book_url} (till Till 1).")
    assert shared_orders(postgres_server, book_database) == {
        made_here: ("Till 1", "pending"), "old-1": ("Till 1", "approve"),
        "old-2": ("Till 1", "approve")}
    marks = book_marks(postgres_server, book_database)
    assert marks.history >= 1 and marks.attempts >= 1

    again = _json(till.run("book", "copy", "--to", book_url, "--json"))
    assert again == {"order_book": book_url, "copied": 3, "till": "Till 1"}
    assert book_marks(postgres_server, book_database) == marks


def test_copy_without_an_address_says_how_to_give_one(paydesk: RunPaydesk) -> None:
    run = paydesk("book", "copy", env={"PAYDESK_CLIENT_ID": str(TEST_CLIENT_ID)})
    assert run.code == 2 and "--to postgresql://" in run.err


# -- the settings -----------------------------------------------------------------------

def _never_shown(paydesk: RunPaydesk, tmp_path: Path) -> None:
    settings = (tmp_path / "data" / "settings.json").read_text(encoding="utf-8")
    assert ROLE_PASSWORD not in settings
    for command in (("config", "show"), ("config", "show", "--json"),
                    ("book", "status"), ("book", "status", "--json")):
        run = paydesk(*command)
        assert ROLE_PASSWORD not in run.text, command


def test_a_password_in_the_address_moves_to_the_keychain(
    paydesk: RunPaydesk, tmp_path: Path, postgres_server: PostgresServer, password_book: str
) -> None:
    _ok(paydesk("config", "set", "client_id", str(TEST_CLIENT_ID)))
    with_password = password_book.replace(f"{PASSWORD_ROLE}@",
                                          f"{PASSWORD_ROLE}:{_quoted(ROLE_PASSWORD)}@")
    run = _ok(paydesk("config", "set", "order_book", with_password))
    assert ROLE_PASSWORD not in run.text
    assert f"order_book = {password_book}" in run.out
    keychain = json.loads((tmp_path / "keychain.json").read_text(encoding="utf-8"))
    assert list(keychain.values()) == [ROLE_PASSWORD]
    shown = _json(paydesk("config", "show", "--json"))
    assert shown["settings"]["order_book"] == password_book
    # The till connects with it, from the keychain.
    record = _json(paydesk("book", "status", "--json"))
    assert record["reachable"] is True, record["problem"]
    _never_shown(paydesk, tmp_path)


def test_the_password_typed_in_on_stdin(
    paydesk: RunPaydesk, tmp_path: Path, password_book: str
) -> None:
    _ok(paydesk("config", "set", "client_id", str(TEST_CLIENT_ID)))
    _ok(paydesk("config", "set", "order_book", password_book))
    refused = paydesk("book", "status", "--json")
    assert refused.code == 5 and json.loads(refused.out)["reachable"] is False
    on_the_line = paydesk("config", "set", "book_password", ROLE_PASSWORD)
    assert on_the_line.code == 2 and "command line" in on_the_line.err
    run = _ok(paydesk("config", "set", "book_password", "--stdin", stdin=ROLE_PASSWORD + "\n"))
    assert "keychain" in run.out and ROLE_PASSWORD not in run.text
    assert _json(paydesk("book", "status", "--json"))["reachable"] is True
    _never_shown(paydesk, tmp_path)


def test_the_password_needs_an_address_first(paydesk: RunPaydesk) -> None:
    run = paydesk("config", "set", "book_password", "--stdin", stdin="x\n")
    assert run.code == 2 and "order_book first" in run.err


def test_the_demo_keeps_its_own_book(paydesk: RunPaydesk, tmp_path: Path) -> None:
    run = paydesk("--demo", "config", "set", "order_book", "postgresql://till@127.0.0.1/shop")
    assert run.code == 2 and "fixed in the demo" in run.err
    shown = _json(paydesk("--demo", "config", "show", "--json"))
    assert shown["settings"]["order_book"] == ""


def test_the_environment_overrides_the_setting_for_one_command(
    paydesk: RunPaydesk, tmp_path: Path, book_url: str
) -> None:
    _init(book_url)
    env = {"PAYDESK_ORDER_BOOK": book_url, "PAYDESK_CLIENT_ID": str(TEST_CLIENT_ID)}
    record = _json(paydesk("book", "status", "--json", env=env))
    assert (record["kind"], record["order_book"], record["reachable"]) == (
        "shared", book_url, True)
    assert _json(paydesk("config", "show", "--json", env=env))["settings"]["order_book"] == (
        book_url)
    assert not (tmp_path / "data" / "settings.json").exists()  # the file is untouched
    assert _json(paydesk("book", "status", "--json"))["kind"] == "local"
    refused = paydesk("book", "status", env={"PAYDESK_ORDER_BOOK": "mysql://x/y"})
    assert refused.code == 2 and "postgresql://" in refused.err


def _quoted(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")
