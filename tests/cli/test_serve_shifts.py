"""The till program drives its cash register's shifts through ``paydesk serve``'s API.

A real ``paydesk serve`` with the shifts on, the real sandbox behind it, over loopback:
the shift opened by a cashier named with their PIN, a payment paid on the sandbox's page
naming its cashier and shift, the close with an order still pending that the buyer pays
after it ("paid after the close of shift N" in the next shift's report), the same open
and close asked again (also across a restart), payments refused outside a shift, the
event stream's shift events; and the PIN in no answer, event, log line or output.
"""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from paydesk.core.shifts import Cashiers
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore

from cli_process import Paydesk, Spawned
from payment_page import decide
from terminal_client import Checked, EventReader, TillProgram

#: Whole processes and an X server: a scenario, run by .ci/run after the quick set.
pytestmark = pytest.mark.scenario

SERVING = "serves the till program's API at"
_ADDRESS = re.compile("(" + re.escape("http://127.0.0.1") + r":\d+)/v1")
#: The cashiers' PINs: six digits no id, amount or time of these tests holds.
ANNA_PIN, BORIS_PIN = "739164", "580327"


@pytest.fixture
def shop(back_office: Paydesk) -> Paydesk:
    """The back office with the shifts on and two cashiers: Anna (the owner) and Boris."""
    assert back_office.run("config", "set", "shifts", "on").code == 0
    store = OrderStore.open(back_office.book)
    try:
        cashiers = Cashiers(store)
        anna = cashiers.add("Anna", ANNA_PIN, owner=True)
        cashiers.add("Boris", BORIS_PIN, by=anna)
    finally:
        store.close()
    return back_office


class Heard:
    """Every answer the till program got, each one as the API's document describes it,
    kept for the PIN's search at the end."""

    def __init__(self, till: TillProgram) -> None:
        self.checked = Checked(till)
        self.texts: list[str] = []

    def talk_to(self, till: TillProgram) -> None:
        self.checked.till = till

    def __call__(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        reply = self.checked.call(method, path, **kwargs)
        self.texts.append(f"{reply.status_code} {reply.headers} {reply.text}")
        return reply


@pytest.fixture
def served(shop: Paydesk) -> Iterator[tuple[Spawned, TillProgram]]:
    running, till = serve(shop)
    yield running, till
    till.close()
    running.process.send_signal(signal.SIGTERM)
    running.finish()


def serve(office: Paydesk) -> tuple[Spawned, TillProgram]:
    """``paydesk serve`` started, and a till program talking to it once it listens."""
    running = office.spawn("serve")
    running.wait_for_line(SERVING)
    address = _ADDRESS.search(running.seen[-1])
    assert address is not None, running.seen
    token = office.run("terminal", "token")
    assert token.code == 0, token.text
    return running, TillProgram(None, address[1], token.out.strip())


def opening(reference: str, cashier: str = "Anna", pin: str = ANNA_PIN) -> dict[str, str]:
    return {"reference": reference, "cashier": cashier, "pin": pin}


def sale(reference: str, kopecks: int) -> dict[str, object]:
    return {"amount_kopecks": kopecks, "reference": reference}


def test_a_shift_opened_paid_in_closed_with_an_order_pending_paid_after_the_close(
    shop: Paydesk, served: tuple[Spawned, TillProgram], sandbox: SandboxServer,
) -> None:
    running, till = served
    call = Heard(till)
    events = EventReader(till)
    try:
        none = call("GET", "/v1/shift")
        assert none.status_code == 200 and none.json() == {"shifts": "on", "shift": None}
        refused = call("POST", "/v1/payments", json=sale("before", 10_000))
        assert refused.status_code == 409, refused.text
        assert refused.json()["code"] == "shift_required"

        opened = call("POST", "/v1/shift/open", json=opening("Z-1"))
        assert opened.status_code == 201, opened.text
        shift = opened.json()
        number = shift["number"]
        assert (shift["state"], shift["cashier"], shift["reference"], shift["replayed"]) == (
            "open", "Anna", "Z-1", False)
        assert opened.headers["Location"] == f"/v1/shifts/{number}"
        _id, kind, said = events.next()
        assert (kind, said["number"], said["state"]) == ("shift_opened", number, "open")
        call.checked.fits_schema(said, "Shift")
        # The same request again: the same shift; the reference with another cashier,
        # or another shift while this one is open: refused.
        again = call("POST", "/v1/shift/open", json=opening("Z-1"))
        assert again.status_code == 200 and again.json()["replayed"] is True
        assert again.json()["number"] == number
        reused = call("POST", "/v1/shift/open", json=opening("Z-1", "Boris", BORIS_PIN))
        assert reused.status_code == 409
        assert reused.json()["code"] == "api_shift_reference_reused"
        other = call("POST", "/v1/shift/open", json=opening("Z-2", "Boris", BORIS_PIN))
        assert other.status_code == 409 and other.json()["code"] == "shift_already_open"

        paid = call("POST", "/v1/payments", json=sale("p-1", 15_000)).json()
        assert (paid["cashier"], paid["shift"]) == ("Anna", number)
        assert decide(paid["link"], "approve", "buyer@example.com").ok
        events.until("paid", paid["order_id"])
        late = call("POST", "/v1/payments", json=sale("p-2", 30_000)).json()
        assert (late["cashier"], late["shift"], late["phase"]) == ("Anna", number, "pending")
        events.until("created", late["order_id"])
        recorded(call, late["order_id"])  # "created" may be said before the book has it

        so_far = call("GET", "/v1/shift").json()["shift"]["report"]
        assert so_far["frozen"] is False
        assert so_far["orders"] == {"count": 2, "amount_kopecks": 45_000}
        assert so_far["paid"] == {"count": 1, "amount_kopecks": 15_000}
        assert so_far["unanswered"] == {"count": 1, "amount_kopecks": 30_000}

        closing = call("POST", "/v1/shift/close", json=opening("Z-1"))
        assert closing.status_code == 202, closing.text
        assert closing.headers["Location"] == f"/v1/shifts/{number}"
        assert closing.json()["state"] in {"closing", "closed"}
        while True:  # the close's events come after the payments' still said
            _id, kind, said = events.next()
            if kind == "shift_closed":
                break
        call.checked.fits_schema(said, "Shift")
        frozen = said["report"]
        assert (said["number"], said["state"], said["closed_by"]) == (number, "closed", "Anna")
        assert frozen["frozen"] is True
        assert frozen["paid"] == {"count": 1, "amount_kopecks": 15_000}
        assert frozen["unanswered"] == {"count": 1, "amount_kopecks": 30_000}
        assert [o["order_id"] for o in frozen["still_open"]] == [late["order_id"]]
        assert frozen["still_open"][0]["last_checked_at"] is not None
        # Asked again once closed: its frozen report, nothing closed twice.
        repeat = call("POST", "/v1/shift/close", json=opening("Z-1"))
        assert repeat.status_code == 200 and repeat.json()["replayed"] is True
        assert repeat.json()["report"] == frozen
        assert call("GET", "/v1/shift").json() == {"shifts": "on", "shift": None}
        outside = call("POST", "/v1/payments", json=sale("after", 10_000))
        assert outside.status_code == 409 and outside.json()["code"] == "shift_required"

        # The buyer pays after the close: kept with its shift, in the next one's report.
        assert decide(late["link"], "approve", "buyer@example.com").ok
        _id, _kind, paid_late = events.until("paid", late["order_id"])
        assert paid_late["shift"] == number
        call.checked.fits_schema(paid_late, "Payment")
        following = call("POST", "/v1/shift/open", json=opening("Z-2", "Boris", BORIS_PIN))
        assert following.status_code == 201, following.text
        next_number = following.json()["number"]
        report = call("GET", f"/v1/shifts/{next_number}").json()["report"]
        assert [(p["order_id"], p["shift"], p["amount_kopecks"])
                for p in report["late_payments"]] == [(late["order_id"], number, 30_000)]
        assert report["late_total"] == {"count": 1, "amount_kopecks": 30_000}
        kept = call("GET", f"/v1/shifts/{number}").json()
        assert kept["state"] == "closed" and kept["report"] == frozen
    finally:
        events.close()
    stream = [str(event) for event in list(events.events.queue)]
    never_the_pin(shop, running, call.texts + stream)


def test_a_pin_is_checked_throttled_and_never_said_and_a_restart_keeps_the_reference(
    shop: Paydesk, sandbox: SandboxServer,
) -> None:
    running, till = serve(shop)
    call = Heard(till)
    try:
        wrong = call("POST", "/v1/shift/open", json=opening("Z-7", "Anna", BORIS_PIN))
        assert wrong.status_code == 403 and wrong.json()["code"] == "cashier_wrong_pin"
        nobody = call("POST", "/v1/shift/open", json=opening("Z-7", "Nobody", BORIS_PIN))
        assert nobody.status_code == 403 and nobody.json()["code"] == "cashier_wrong_pin"
        shape = call("POST", "/v1/shift/open", json=opening("Z-7", "Anna", "12ab"))
        assert shape.status_code == 422 and shape.json()["code"] == "pin.not_a_pin"
        assert call("POST", "/v1/shift/open",
                    json=opening("Z-7", "Anna", "000000")).status_code == 403
        locked = call("POST", "/v1/shift/open", json=opening("Z-7", "Anna", "111111"))
        assert locked.status_code == 403  # the third wrong PIN: from now on, a wait
        waits = call("POST", "/v1/shift/open", json=opening("Z-7"))
        assert waits.status_code == 429 and waits.json()["code"] == "cashier_pin_locked"
        assert int(waits.headers["Retry-After"]) >= 1
        opened = call("POST", "/v1/shift/open", json=opening("Z-8", "Boris", BORIS_PIN))
        assert opened.status_code == 201, opened.text
        closing = call("POST", "/v1/shift/close", json=opening("Z-8", "Boris", "222222"))
        assert closing.status_code == 403 and closing.json()["code"] == "cashier_wrong_pin"
        unknown = call("POST", "/v1/shift/close", json=opening("Z-9", "Boris", BORIS_PIN))
        assert unknown.status_code == 404 and unknown.json()["code"] == "shift_not_found"
    finally:
        till.close()
    running.kill()  # SIGKILL: the reference is in the book, not in the server's memory

    again, till = serve(shop)
    call.talk_to(till)
    try:
        repeat = call("POST", "/v1/shift/open", json=opening("Z-8", "Boris", BORIS_PIN))
        assert repeat.status_code == 200 and repeat.json()["replayed"] is True
        assert repeat.json()["number"] == opened.json()["number"]
    finally:
        till.close()
        again.process.send_signal(signal.SIGTERM)
        again.finish()
    never_the_pin(shop, again, call.texts)


def test_with_shifts_off_the_api_says_so(back_office: Paydesk) -> None:
    running, till = serve(back_office)
    try:
        current = till.call("GET", "/v1/shift")
        assert current.status_code == 200 and current.json() == {"shifts": "off",
                                                                  "shift": None}
        opened = till.call("POST", "/v1/shift/open", json=opening("Z-1"))
        assert opened.status_code == 409 and opened.json()["code"] == "api_shifts_off"
        taken = till.call("POST", "/v1/payments", json=sale("no-shift", 10_000))
        assert taken.status_code == 201, taken.text
        assert (taken.json()["cashier"], taken.json()["shift"]) == (None, None)
    finally:
        till.close()
        running.process.send_signal(signal.SIGTERM)
        running.finish()


def recorded(call: Heard, order_id: str) -> None:
    """Until the order book has the service's answer for the order (its link recorded):
    each read goes through the server's courier, the condition asked, never slept on."""
    deadline = time.monotonic() + 30
    while not call("GET", f"/v1/payments/{order_id}").json()["confirmed"]:
        assert time.monotonic() < deadline, f"{order_id} was never recorded"


def never_the_pin(shop: Paydesk, running: Spawned, answers: list[str]) -> None:
    """Neither PIN in an answer, an event, the server's output or a file of its folder
    but the order book (which keeps only their hashes)."""
    written = [path.read_text(encoding="utf-8", errors="replace")
               for path in Path(shop.data_dir).rglob("*")
               if path.is_file() and ".sqlite3" not in path.name]
    assert written, "no log was written"
    for text in (*answers, *running.seen, *written):
        assert ANNA_PIN not in text and BORIS_PIN not in text, text
