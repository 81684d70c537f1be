"""``--till NAME`` on ``list``, ``export`` and ``report``, and the till in every JSON order,
as a script runs them: a separate process on a book where three tills took orders."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from paydesk.cli.output import describe
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import OrderStore

from bulk_orders import bulk_insert
from cli_process import RunPaydesk

DAY = date(2026, 3, 1)
CLIENT = 1
ENV = {"PAYDESK_CLIENT_ID": str(CLIENT), "TZ": "UTC"}


def made(order_id: str, amount: int, hour: int, till: str, status: str = "approve") -> Order:
    created = datetime(DAY.year, DAY.month, DAY.day, hour, tzinfo=UTC)
    paid = created + timedelta(minutes=2) if status == "approve" else None
    return Order(CLIENT, order_id, amount, None, "", f"https://pay.example/{order_id}",
                 OrderStatus(status), CreationState.CONFIRMED, created, paid, till=till)


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """The ``paydesk`` fixture's order book: orders of "Касса 1", "Till 2" and an old one."""
    path = tmp_path / "data" / "paydesk.sqlite3"
    with OrderStore.open(path) as store:
        bulk_insert(store, [
            made("a-1", 10000, 9, "Касса 1"),
            made("a-2", 20000, 10, "Касса 1", "pending"),
            made("b-1", 30000, 11, "Till 2"),
            made("old", 500, 12, ""),
        ])
    return path


def _json(paydesk: RunPaydesk, *args: str) -> object:
    run = paydesk(*args, env=ENV)
    assert run.code == 0, run.err
    return json.loads(run.out)


@pytest.mark.scenario
def test_list_shows_every_till_unless_asked_for_one(paydesk: RunPaydesk, book: Path) -> None:
    everything = _json(paydesk, "list", "--json")
    assert isinstance(everything, list)
    assert {o["order_id"]: o["till"] for o in everything} == {
        "a-1": "Касса 1", "a-2": "Касса 1", "b-1": "Till 2", "old": ""}
    one = _json(paydesk, "list", "--till", "Касса 1", "--format", "json")
    assert isinstance(one, list)
    assert [o["order_id"] for o in one] == ["a-2", "a-1"]
    unnamed = _json(paydesk, "list", "--till", "", "--json")
    assert isinstance(unnamed, list) and [o["order_id"] for o in unnamed] == ["old"]
    run = paydesk("list", "--till", "Till 9", env=ENV)
    assert (run.code, run.out.strip()) == (0, "No orders.")


def test_export_writes_one_tills_orders_with_the_till_column(
    paydesk: RunPaydesk, book: Path
) -> None:
    run = paydesk("export", "-", "--till", "Till 2", env=ENV)
    assert run.code == 0, run.err
    header, *rows = list(csv.reader(io.StringIO(run.out.lstrip("\ufeff"))))
    column = header.index("till")
    # Before the newer columns: the status in PayDesk's words, the cashier and the shift.
    assert header[column:] == ["till", "phase", "cashier", "shift"]
    assert [(row[1], row[column]) for row in rows] == [("b-1", "Till 2")]
    run = paydesk("export", "-", env=ENV)
    assert len(list(csv.reader(io.StringIO(run.out)))) == 5  # every till's


def test_report_of_one_till_and_of_the_whole_shop(paydesk: RunPaydesk, book: Path) -> None:
    shop = _json(paydesk, "report", "--date", DAY.isoformat(), "--json")
    assert isinstance(shop, dict)
    assert shop["till"] is None
    assert shop["paid"] == {"count": 3, "amount_kopecks": 40500}
    till = _json(paydesk, "report", "--date", DAY.isoformat(), "--till", "Касса 1", "--json")
    assert isinstance(till, dict)
    assert till["till"] == "Касса 1"
    assert till["paid"] == {"count": 1, "amount_kopecks": 10000}
    assert till["pending"] == {"count": 1, "amount_kopecks": 20000}

    run = paydesk("report", "--date", DAY.isoformat(), "--till", "Касса 1", env=ENV)
    assert run.code == 0, run.err
    assert run.out.splitlines()[0] == "Report for 2026-03-01, till Касса 1 (local time)"


def test_the_table_names_the_till_when_orders_come_from_several(
    paydesk: RunPaydesk, book: Path
) -> None:
    everything = paydesk("list", env=ENV)
    header = everything.out.splitlines()[0].split()
    assert header[-1] == "Till"
    assert "Касса 1" in everything.out and "Till 2" in everything.out
    one_till = paydesk("list", "--till", "Till 2", env=ENV)
    assert one_till.code == 0 and "Till" not in one_till.out.splitlines()[0]


def test_an_orders_description_names_its_till() -> None:
    assert "Till    Till 2" in describe(made("b-1", 30000, 11, "Till 2")).splitlines()
    assert not any(line.startswith("Till") for line in describe(made("o-1", 100, 9, ""))
                   .splitlines())
