"""``paydesk serve``: PayDesk without a window, as a till program's back office runs it.

Real ``paydesk`` processes, the real sandbox on loopback behind them, the API over real
HTTP: a payment asked for, paid on the sandbox's page, heard on the event stream; one
order per reference, also when two requests race and when the server is killed
(SIGKILL) between two asks; one PayDesk per data folder; SIGTERM stops it cleanly.
"""

from __future__ import annotations

import json
import re
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from paydesk.sandbox import SandboxServer
from paydesk.store.shared.book import SharedBook

from cli_process import Paydesk, Spawned, paydesk_for, service_env
from payment_page import decide
from terminal_client import EventReader, TillProgram
from test_values import TEST_CLIENT_ID

SERVING = "serves the till program's API at"
_ADDRESS = re.compile("(" + re.escape("http://127.0.0.1") + r":\d+)/v1")




def serve(office: Paydesk) -> tuple[Spawned, TillProgram]:
    """``paydesk serve`` started, and a till program talking to it once it listens."""
    served = office.spawn("serve")
    served.wait_for_line(SERVING)
    address = _ADDRESS.search(served.seen[-1])
    assert address is not None, served.seen
    token = office.run("terminal", "token")
    assert token.code == 0, token.text
    return served, TillProgram(None, address[1], token.out.strip())


def arrives_in_the_shared_book(book_url: str, order_id: str, timeout: float = 30.0) -> bool:
    """Whether ``order_id`` is in the shared book within ``timeout``: read at each ring of
    the book's doorbell (its NOTIFY on every change), never on a timer."""
    deadline = time.monotonic() + timeout
    with SharedBook.connect(book_url) as book:
        book.listen()
        while True:
            entries, _cursor = book.changes_since(TEST_CLIENT_ID, 0)
            if any(entry.order.order_id == order_id for entry in entries):
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            book.doorbell(timeout=left)


def ask(till: TillProgram, reference: str, kopecks: int = 123_450) -> requests.Response:
    return till.call("POST", "/v1/payments",
                     json={"amount_kopecks": kopecks, "reference": reference})


@pytest.mark.scenario
def test_a_payment_asked_for_is_paid_on_the_page_and_heard_and_sigterm_stops_it(
    back_office: Paydesk, sandbox: SandboxServer,
) -> None:
    served, till = serve(back_office)
    try:
        url = back_office.run("terminal", "url")
        assert url.code == 0 and url.out.strip() == till.base_url + "/v1"
        health = till.call("GET", "/v1/health")
        assert health.status_code == 200 and health.json()["order_book"] == "ok"
        events = EventReader(till)
        try:
            created = ask(till, "till-1")
            assert created.status_code == 201, created.text
            payment = created.json()
            assert payment["phase"] == "pending" and payment["link"]
            # The buyer pays on the page.
            assert decide(payment["link"], "approve", "buyer@example.com").ok
            _id, kind, paid = events.until("paid", payment["order_id"])
            assert kind == "paid" and paid["phase"] == "paid" and paid["paid_by"]
        finally:
            events.close()
        found = till.call("GET", "/v1/payments", params={"reference": "till-1"})
        assert [p["order_id"] for p in found.json()["payments"]] == [payment["order_id"]]
    finally:
        till.close()
    served.process.send_signal(signal.SIGTERM)
    _out, err = served.finish()
    assert served.process.returncode == 0, err
    assert "Traceback" not in err
    # Stopped: nothing serves the folder any more, and the commands say so.
    gone = back_office.run("terminal", "url")
    assert gone.code == 5 and "nothing serves" in gone.err
    [remote] = sandbox.orders()
    assert remote.order_id == payment["order_id"]


@pytest.mark.scenario
def test_one_order_per_reference_in_a_race_and_across_a_kill(
    back_office: Paydesk, sandbox: SandboxServer,
) -> None:
    served, till = serve(back_office)
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            racing = list(pool.map(lambda _n: ask(till, "till-9"), range(4)))
        assert sorted(r.status_code for r in racing) == [200, 200, 200, 201]
        assert len({r.json()["order_id"] for r in racing}) == 1
        first = ask(till, "till-10")
        assert first.status_code == 201, first.text
    finally:
        till.close()
    served.kill()  # SIGKILL: nothing of PayDesk's own ending runs

    again, till = serve(back_office)
    try:
        repeat = ask(till, "till-10")
        assert repeat.status_code == 200, repeat.text
        assert repeat.json()["replayed"] is True
        assert repeat.json()["order_id"] == first.json()["order_id"]
    finally:
        till.close()
        again.process.send_signal(signal.SIGTERM)
        again.finish()
    assert sorted(o.order_id for o in sandbox.orders()) == sorted(
        {racing[0].json()["order_id"], first.json()["order_id"]})


@pytest.mark.scenario
def test_one_paydesk_per_data_folder(back_office: Paydesk) -> None:
    served, till = serve(back_office)
    try:
        second = back_office.run("serve")
        assert second.code == 2
        assert "already runs on this data folder" in second.err
        # The window on that folder does not open, and says who has it.
        window = back_office.run(env={"QT_QPA_PLATFORM": "offscreen"})
        assert window.code == 0, window.text
        assert "already runs on this data folder ('paydesk serve'" in window.err
    finally:
        till.close()
        served.process.send_signal(signal.SIGTERM)
        served.finish()


@pytest.mark.scenario
def test_with_a_shared_book_a_payment_taken_here_reaches_the_other_tills(
    tmp_path: Path, sandbox: SandboxServer, book_url: str,
) -> None:
    """The back office serves the API on the shop's shared order book (PostgreSQL, started
    by the test): the payment it takes is in the book another till reads."""
    with SharedBook.connect(book_url) as book:
        book.init_schema()
    tills: list[Paydesk] = []
    for name in ("office", "counter"):
        till = paydesk_for(tmp_path / name)
        till.env.update(service_env(sandbox))
        for setting, value in (("order_book", book_url), ("till", name),
                               ("terminal_api_port", "0")):
            assert till.run("config", "set", setting, value).code == 0
        tills.append(till)
    office, counter = tills
    served, till = serve(office)
    try:
        created = ask(till, "office-1")
        assert created.status_code == 201, created.text
        order_id = created.json()["order_id"]

        assert arrives_in_the_shared_book(book_url, order_id)
        listed = counter.run("list", "--format", "json")  # another till, its own copy
        assert listed.code == 0 and order_id in listed.out, listed.text
    finally:
        till.close()
        served.process.send_signal(signal.SIGTERM)
        served.finish()
        for each in tills:
            each.close()


@pytest.mark.scenario
def test_the_demo_served_says_its_own_commands_and_config_show_says_it_is_served(
    tmp_path: Path,
) -> None:
    """``paydesk --demo serve`` names the demo's token command (the plain one would make a
    token for the person's own data folder, which this API refuses), and that command is
    the API's token; ``paydesk --demo config show`` says the API is served, and where,
    though the setting terminal_api is off (serve serves it always)."""
    shop = paydesk_for(tmp_path)
    assert shop.run("--demo", "config", "set", "terminal_api_port", "0").code == 0
    served = shop.spawn("--demo", "serve")
    try:
        served.wait_for_line(SERVING)
        line = served.seen[-1]
        served.wait_for_line("Stop with Ctrl+C.")
        assert "(its token: paydesk --demo terminal token)" in line, line
        address = _ADDRESS.search(line)
        assert address is not None, line
        token = shop.run("--demo", "terminal", "token").out.strip()
        health = requests.get(f"{address[1]}/v1/health", timeout=30,
                              headers={"Authorization": f"Bearer {token}"})
        assert health.status_code == 200, health.text
        url = shop.run("--demo", "terminal", "url", "--wait", "5")
        assert url.code == 0 and url.out.strip() == f"{address[1]}/v1"
        shown = shop.run("--demo", "config", "show")
        assert shown.code == 0 and "terminal_api = off" in shown.out
        assert (f"The till program's API is served at {address[1]}/v1 (by a window or "
                "paydesk serve of this data folder).") in shown.out
        as_json = json.loads(shop.run("--demo", "config", "show", "--format", "json").out)
        assert as_json["terminal_api_served"] == f"{address[1]}/v1"
    finally:
        served.process.send_signal(signal.SIGTERM)
        served.finish()
    assert served.process.returncode == 0
    after = shop.run("--demo", "config", "show")
    assert "The till program's API is not served for this data folder now." in after.out
    assert json.loads(shop.run("--demo", "config", "show", "--format", "json").out)[
        "terminal_api_served"] is None
    gone = shop.run("--demo", "terminal", "url", "--wait", "0.5")
    assert gone.code == 5 and "nothing serves" in gone.err


def test_serve_with_a_data_folder_named_says_the_commands_for_it(
    back_office: Paydesk, tmp_path: Path,
) -> None:
    folder = str(tmp_path / "office folder")
    office = Paydesk(Path(folder), {**back_office.env})
    office.env.pop("PAYDESK_DATA_DIR")
    assert office.run("--data-dir", folder, "config", "set", "terminal_api_port", "0").code == 0
    served = office.spawn("--data-dir", folder, "serve")
    try:
        served.wait_for_line(SERVING)
        said = f"(its token: paydesk --data-dir '{folder}' terminal token)"
        assert said in served.seen[-1], served.seen
        served.wait_for_line("Stop with Ctrl+C.")  # it stops cleanly from now on
    finally:
        served.process.send_signal(signal.SIGTERM)
        served.finish()
    assert served.process.returncode == 0
