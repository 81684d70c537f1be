from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from paydesk.sandbox import Fault, SandboxServer

from cli_process import RunPaydesk, paydesk_for, service_env
from payment_page import decide
from test_values import TEST_CLIENT_ID

LINK_RE = re.compile(r"^Link\s+(\S+)$", re.M)
ORDER_RE = re.compile(r"^Order\s+(\S+)$", re.M)


def created(out: str) -> tuple[str, str]:
    order = ORDER_RE.search(out)
    link = LINK_RE.search(out)
    assert order and link, out
    return order[1], link[1]


def test_version(paydesk: RunPaydesk) -> None:
    from paydesk import __version__

    run = paydesk("--version")
    assert run.code == 0 and run.out.strip() == f"PayDesk {__version__}"


def test_create_pay_status_list_export(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer, tmp_path: Path
) -> None:
    run = paydesk("create", "1 500,50", "--email", "buyer@example.com", "--note", "2 coffees",
                  env={**service_env, "LANG": "ru_RU.UTF-8"})
    assert run.code == 0, run.err
    order_id, link = created(run.out)
    remote = sandbox.order(order_id)
    assert remote is not None and remote.url == link and remote.amount == 150050
    assert "1 500,50 ₽" in run.out and "Waiting" in run.out

    decide(link, "approve").raise_for_status()
    status = paydesk("status", order_id, env=service_env)
    assert status.code == 0, status.err
    assert re.search(r"^Status\s+Paid$", status.out, re.M), status.out

    listing = paydesk("list", "--status", "paid", "--format", "json", env=service_env)
    [record] = json.loads(listing.out)
    assert (record["order_id"], record["amount"]) == (order_id, "1500.50")
    assert (record["status"], record["phase"]) == ("approve", "paid")
    assert record["note"] == "2 coffees" and record["paid_at"]

    export = tmp_path / "orders.csv"
    run = paydesk("export", str(export), env=service_env)
    assert run.code == 0, run.err
    with export.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["order_id"], r["amount"], r["status"]) for r in rows] == [
        (order_id, "1500.50", "approve")
    ]


def test_qr_is_printed(paydesk: RunPaydesk, service_env: dict[str, str]) -> None:
    run = paydesk("create", "10", "--qr", env=service_env)
    assert run.code == 0, run.err
    assert "▀" in run.out and "▄" in run.out


def test_bad_amount_says_what_is_wrong_and_writes_nothing(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    for typed, words in [("-5", "negative"), ("1.005", "two digits"), ("abc", "number")]:
        run = paydesk("create", typed, env=service_env)
        assert run.code == 2, run
        assert "amount" in run.err and words in run.err
    run = paydesk("create", "5", "--email", "nobody", env=service_env)
    assert run.code == 2 and "email" in run.err
    assert paydesk("list", env=service_env).out.strip() == "No orders."
    assert sandbox.request_count() == 0


def test_an_amount_is_read_as_the_terminals_language_writes_it(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    """``1,234`` is 1 234 rubles to an English terminal, three kopeck digits (refused) to a
    Russian one; ``1,234.50`` and ``1 234,50`` read the same in both."""
    english = {**service_env, "LANG": "en_US.UTF-8", "LC_ALL": ""}
    russian = {**service_env, "LANG": "ru_RU.UTF-8", "LC_ALL": ""}
    run = paydesk("create", "1,234", "--json", env=english)
    assert run.code == 0, run
    assert json.loads(run.out)["amount_kopecks"] == 123400
    refused = paydesk("create", "1,234", env=russian)
    assert refused.code == 2 and "two digits" in refused.err
    for typed in ("1,234.50", "1 234,50"):
        for env in (english, russian):
            run = paydesk("create", typed, "--json", env=env)
            assert run.code == 0, run
            assert json.loads(run.out)["amount_kopecks"] == 123450
    assert len(sandbox.orders()) == 5


def test_the_language_setting_reads_amounts_as_the_window_does(paydesk: RunPaydesk) -> None:
    """With the language Russian (the setting, in a terminal whose locale is C), ``12,345``
    is a slip for 12,35 or 123,45: refused as the Russian window refuses it, never a sale
    of 12 345 rubles; with English, ``1,234`` is thousands in a Russian terminal, as in
    the English window. Nothing refused reaches the order book."""
    terminal = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    assert paydesk("--demo", "config", "set", "language", "ru", env=terminal).code == 0
    for typed in ("12,345", "1.234", "1 234,567"):
        refused = paydesk("--demo", "create", typed, env=terminal)
        assert refused.code == 2, refused
        assert "amount: Kopecks have at most two digits after the decimal separator." in \
            refused.err, refused
    run = paydesk("--demo", "create", "1,5", env=terminal)
    assert run.code == 0, run
    assert re.search(r"^Amount\s+1,50 ₽$", run.out, re.M), run.out  # written as it was read
    listed = json.loads(paydesk("--demo", "list", "--json", env=terminal).out)
    assert [record["amount"] for record in listed] == ["1.50"]

    russian_terminal = {"LANG": "ru_RU.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    assert paydesk("--demo", "config", "set", "language", "en", env=terminal).code == 0
    run = paydesk("--demo", "create", "1,234", "--json", env=russian_terminal)
    assert run.code == 0, run
    assert json.loads(run.out)["amount_kopecks"] == 123400


def test_an_amount_over_the_ceiling_is_said_the_english_way(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    """The command line's messages are English: the ceiling in them too (not
    1 000 000 000,00 ₽)."""
    run = paydesk("create", "1000000001", env={**service_env, "LANG": "C.UTF-8"})
    assert run.code == 2, run
    assert "The amount cannot be more than 1,000,000,000.00\u00a0₽." in run.err
    assert sandbox.request_count() == 0


def test_wrong_secret_is_a_refusal(paydesk: RunPaydesk, service_env: dict[str, str]) -> None:
    env = {**service_env, "PAYDESK_SECRET_KEY": "not-the-secret"}
    run = paydesk("create", "10", env=env)
    assert run.code == 3, run
    assert "not-the-secret" not in run.out + run.err


def test_unreachable_service_keeps_the_order_and_refresh_sends_it(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="create_order")
    run = paydesk("create", "42", env=service_env)
    assert run.code == 4, run
    assert "not confirmed" in run.err and "paydesk refresh" in run.err
    assert sandbox.orders() == []
    [record] = json.loads(paydesk("list", "--format", "json", env=service_env).out)
    assert record["creation"] == "unconfirmed"
    assert (record["status"], record["phase"]) == ("pending", "not_sent")

    sandbox.clear_faults()
    run = paydesk("refresh", env=service_env)
    assert run.code == 0, run.err
    assert f"sent again  {record['order_id']}" in run.out
    [remote] = sandbox.orders()
    assert remote.order_id == record["order_id"]


def test_create_wait_follows_the_order_until_it_is_paid(
    tmp_path: Path, service_env: dict[str, str], sandbox: SandboxServer,
    wait_until: Callable[..., None],
) -> None:
    create = paydesk_for(tmp_path).spawn("create", "150", "--wait", env=service_env)
    try:
        wait_until(lambda: [o.url is not None for o in sandbox.orders()] == [True], timeout=30)
        [remote] = sandbox.orders()
        sandbox.approve(remote.order_id)
        out, err = create.finish()
    finally:
        create.close()
    assert create.process.returncode == 0, err
    assert "Waiting for the payment" in out and out.rstrip().endswith("  Paid"), out


def test_a_create_whose_reply_is_lost_and_answered_already_exists_is_kept_and_watched(
    paydesk: RunPaydesk, start_sandbox: Callable[..., SandboxServer]
) -> None:
    """A service that refuses a repeat as "already exists", as the real one is believed
    to: create's first reply is lost, and its own retry is refused so. The order is
    kept, confirmed and watched, its link said to be unknown (exit 3, not 0); refresh
    then follows it to paid. The service made it once."""
    sandbox = start_sandbox(client_id=TEST_CLIENT_ID, repeats="refused", refusals="http200")
    env = service_env(sandbox)
    sandbox.inject(Fault.DROP_AFTER_PROCESSING, endpoint="create_order")

    run = paydesk("create", "150", "--qr", env=env)

    assert run.code == 3, run.text
    assert "already had this order" in run.err and "cannot be shown to a buyer" in run.err
    assert "Link    unknown: the payment service already had this order" in run.out
    assert "http" not in run.out and "█" not in run.out
    [remote] = sandbox.orders()
    [record] = json.loads(paydesk("list", "--format", "json", env=env).out)
    assert record["order_id"] == remote.order_id
    assert (record["creation"], record["phase"], record["url"]) == ("confirmed", "pending", "")
    history = paydesk("status", remote.order_id, "--history", env=env)
    assert history.code == 0, history.text
    assert "found at the service: The payment service already had this order" in history.out

    sandbox.approve(remote.order_id)
    run = paydesk("refresh", env=env)
    assert run.code == 0, run.text
    assert f"changed     {remote.order_id}  Paid" in run.out
    assert [o.order_id for o in sandbox.orders()] == [remote.order_id]


def test_refresh_resending_an_order_the_service_already_has_says_its_link_is_unknown(
    paydesk: RunPaydesk, start_sandbox: Callable[..., SandboxServer]
) -> None:
    """Every reply of create lost (the first attempt made the order): refresh sends it
    again, is told "already exists", and finds it with get_order."""
    sandbox = start_sandbox(client_id=TEST_CLIENT_ID, repeats="refused")
    env = service_env(sandbox)
    sandbox.inject(Fault.DROP_AFTER_PROCESSING, times=4, endpoint="create_order")
    run = paydesk("create", "42", env=env)
    assert run.code == 4, run.text  # unreachable, as far as it knows
    [remote] = sandbox.orders()

    run = paydesk("refresh", env=env)

    assert run.code == 0, run.text
    assert (f"sent again  {remote.order_id}  Waiting  (link unknown: the payment service "
            "already had this order") in run.out
    [record] = json.loads(paydesk("list", "--format", "json", env=env).out)
    assert (record["creation"], record["phase"]) == ("confirmed", "pending")
    assert [o.order_id for o in sandbox.orders()] == [remote.order_id]


def test_refresh_reports_changes(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    ids = [created(paydesk("create", str(n), env=service_env).out)[0] for n in (1, 2, 3)]
    sandbox.approve(ids[0])
    sandbox.expire(ids[2])
    run = paydesk("refresh", env=service_env)
    assert run.code == 0, run.err
    assert f"changed     {ids[0]}  Paid" in run.out
    assert f"changed     {ids[2]}  Expired" in run.out
    assert "Checked 3 pending orders; 2 changed; 0 failed." in run.out


def test_refresh_says_each_failed_check_once(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    ids = [created(paydesk("create", str(n), env=service_env).out)[0] for n in (1, 2)]
    sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="get_order")
    run = paydesk("refresh", env=service_env)
    assert run.code == 4, run
    assert sorted(run.err.splitlines()) == sorted(
        f"failed      {order_id}  The payment service is having a problem right now. "
        "Try again in a few minutes." for order_id in ids)
    assert "Checked 2 pending orders; 0 changed; 2 failed." in run.out


def test_service_down_exit_code(paydesk: RunPaydesk, service_env: dict[str, str],
                                sandbox: SandboxServer) -> None:
    sandbox.stop()
    run = paydesk("status", "A-1", env=service_env)
    assert run.code == 4
    assert "could not be reached" in run.err.lower() or "connect" in run.err.lower()


def test_not_configured_points_the_way(paydesk: RunPaydesk) -> None:
    run = paydesk("create", "10")
    assert run.code == 2
    assert "paydesk config set" in run.err and "--demo" in run.err


def test_demo_mode_runs_out_of_the_box_with_its_own_database(
    paydesk: RunPaydesk, tmp_path: Path
) -> None:
    run = paydesk("--demo", "create", "150")
    assert run.code == 0, run.err
    order_id, link = created(run.out)
    assert link.startswith("http://127.0.0.1:")
    assert (tmp_path / "data" / "demo" / "paydesk.sqlite3").exists()
    assert not (tmp_path / "data" / "paydesk.sqlite3").exists()  # the real book is untouched
    # A later demo run still knows the order, and so does its sandbox.
    again = paydesk("--demo", "status", order_id)
    assert again.code == 0, again.err
    assert re.search(r"^Status\s+Waiting$", again.out, re.M)


def test_a_reader_that_stops_early_is_no_crash(tmp_path: Path) -> None:
    """`paydesk --demo create 150 --qr | head -0`: the reader is gone before any output."""
    env = {**os.environ, "PAYDESK_DATA_DIR": str(tmp_path / "data"), "PYTHONIOENCODING": "utf-8"}
    process = subprocess.Popen(
        [sys.executable, "-m", "paydesk", "--demo", "create", "150", "--qr"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # long before the order is written and its code printed
    err = process.stderr.read().decode("utf-8")
    process.stderr.close()
    assert process.wait(timeout=60) == 1
    assert "Traceback" not in err
    assert not list((tmp_path / "data").rglob("crash-*.txt"))


def test_an_order_no_longer_watched_says_so_until_it_is_checked_again(
    tmp_path: Path, service_env: dict[str, str]
) -> None:
    """A day past its expected expiry PayDesk stops checking an open order by itself:
    the list says "Check status" (the window's list's word), never "Waiting"; `refresh`
    checks it."""
    from paydesk.store import OrderStore

    from cli_process import paydesk_for

    paydesk = paydesk_for(tmp_path)
    run = paydesk.run("create", "12", env=service_env)
    assert run.code == 0, run.err
    order_id, _link = created(run.out)
    with OrderStore.open(paydesk.book) as store:  # as it stands a day past its expiry
        store.schedule(int(service_env["PAYDESK_CLIENT_ID"]), order_id, None)

    listing = paydesk.run("list", env=service_env)
    assert "Check status" in listing.out and "Waiting" not in listing.out, listing.out
    # A script reads both: the service's word, and what PayDesk makes of it.
    [record] = json.loads(paydesk.run("list", "--format", "json", env=service_env).out)
    assert (record["status"], record["phase"]) == ("pending", "unchecked")
    refreshed = paydesk.run("refresh", env=service_env)
    assert refreshed.code == 0, refreshed.err
    listing = paydesk.run("list", env=service_env)
    assert "Check status" not in listing.out and "Waiting" in listing.out, listing.out


HISTORY_LINE_RE = re.compile(r"^  (\S+ \S+)  (.+)$")


def _section(out: str, title: str) -> list[str]:
    """The indented lines under ``title`` in ``status --history``'s output."""
    lines = out.splitlines()
    start = lines.index(title) + 1
    section = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        section.append(line)
    return section


def test_status_history_shows_pending_then_paid_and_the_creation(
    paydesk: RunPaydesk, service_env: dict[str, str]
) -> None:
    run = paydesk("create", "250", "--note", "history", env=service_env)
    assert run.code == 0, run.err
    order_id, link = created(run.out)
    first = paydesk("status", order_id, env=service_env)
    assert first.code == 0 and "History" not in first.out  # only with --history
    decide(link, "approve", "b@example.com").raise_for_status()

    run = paydesk("status", order_id, "--history", env=service_env)
    assert run.code == 0, run.err
    assert re.search(rf"^Order\s+{order_id}$", run.out, re.M), run.out
    assert re.search(r"^Confirmed \S+ \S+$", run.out, re.M), run.out
    history = _section(run.out, "History")
    matched = [HISTORY_LINE_RE.match(line) for line in history]
    assert all(matched), history
    assert [m[2] for m in matched if m] == ["Waiting", "Paid"], run.out
    times = [m[1] for m in matched if m]
    assert times == sorted(times)
    attempts = _section(run.out, "Creation attempts")
    assert len(attempts) == 1 and attempts[0].endswith("  link received"), run.out

    as_json = paydesk("status", order_id, "--history", "--json", env=service_env)
    assert as_json.code == 0, as_json.err
    record = json.loads(as_json.out)
    assert record["order_id"] == order_id and record["in_order_book"] is True
    assert [(h["status"], h["phase"]) for h in record["history"]] == [
        ("pending", "pending"), ("approve", "paid")
    ]
    assert all(h["observed_at"].endswith("+00:00") for h in record["history"])
    assert record["history"][-1]["observed_at"] == record["paid_at"]
    assert [(a["outcome"], a["error"]) for a in record["creation_attempts"]] == [
        ("confirmed", None)
    ]
    assert record["confirmed_at"] and record["last_error"] is None
    plain = json.loads(paydesk("status", order_id, "--json", env=service_env).out)
    assert "history" not in plain
