"""``--format json`` / ``--json`` on every command that prints a result, and ``export -``.

Each order in JSON carries the service's word (``status``) and PayDesk's
(``phase``), and its phase reads as the table's word, so the two never disagree.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from paydesk.cli.output import WORDS
from paydesk.domain.phase import OrderPhase
from paydesk.sandbox import SandboxServer

from cli_process import RunPaydesk, paydesk_for

#: The keys of an order in every command's JSON (``list --format json``'s records).
ORDER_KEYS = {
    "created_at", "order_id", "amount", "amount_kopecks", "email", "note", "status", "phase",
    "creation", "paid_at", "paid_time_approximate", "paid_after", "last_checked_at", "url",
    "till", "cashier", "shift",
}
SECRET = "Recognisable-Secret-7f3a"


def text_status(out: str) -> str:
    found = re.search(r"^Status\s+(.+)$", out, re.M)
    assert found, out
    return found[1]


def create_json(paydesk: RunPaydesk, env: dict[str, str], *args: str) -> dict[str, Any]:
    run = paydesk("create", *args, "--json", env=env)
    assert run.code == 0, run.err
    record: dict[str, Any] = json.loads(run.out)
    return record


def test_create_and_status_print_one_order_with_status_and_phase(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    order = create_json(paydesk, service_env, "150,5", "--email", "b@example.com")
    assert set(order) == ORDER_KEYS
    assert (order["amount"], order["amount_kopecks"]) == ("150.50", 15050)
    assert (order["status"], order["phase"], order["creation"]) == (
        "pending", "pending", "confirmed")
    [remote] = sandbox.orders()
    assert (remote.order_id, remote.url) == (order["order_id"], order["url"])

    sandbox.approve(order["order_id"])
    run = paydesk("status", order["order_id"], "--format", "json", env=service_env)
    assert run.code == 0, run.err
    record = json.loads(run.out)
    assert set(record) == ORDER_KEYS | {"in_order_book"} and record["in_order_book"]
    assert (record["status"], record["phase"]) == ("approve", "paid")
    [listed] = json.loads(paydesk("list", "--json").out)
    assert {k: listed[k] for k in ORDER_KEYS} == {k: record[k] for k in ORDER_KEYS}
    text = paydesk("status", order["order_id"], env=service_env)
    assert text_status(text.out) == WORDS[OrderPhase(record["phase"])] == "paid"


def test_status_of_an_order_this_book_does_not_have(
    tmp_path: Path, paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    other_till = paydesk_for(tmp_path / "other").run
    order = create_json(other_till, service_env, "5")
    sandbox.approve(order["order_id"])

    run = paydesk("status", order["order_id"], "--json", env=service_env)

    assert run.code == 0, run.err
    record = json.loads(run.out)
    assert set(record) == ORDER_KEYS | {"in_order_book"}
    assert (record["order_id"], record["status"], record["phase"]) == (
        order["order_id"], "approve", "paid")
    assert record["in_order_book"] is False and record["amount"] is None
    text = paydesk("status", order["order_id"], env=service_env)
    assert text_status(text.out) == "paid (not in this order book)"


def test_create_wait_json_prints_the_final_order_only(
    tmp_path: Path, service_env: dict[str, str], sandbox: SandboxServer,
    wait_until: Callable[..., None],
) -> None:
    create = paydesk_for(tmp_path).spawn("create", "150", "--wait", "--json", env=service_env)
    try:
        wait_until(lambda: [o.url is not None for o in sandbox.orders()] == [True], timeout=30)
        [remote] = sandbox.orders()
        sandbox.approve(remote.order_id)
        out, err = create.finish()
    finally:
        create.close()
    assert create.process.returncode == 0, err
    first, final = _json_objects(out)  # as created, then as it ended
    assert (first["phase"], final["phase"], final["status"]) == ("pending", "paid", "approve")
    assert final["paid_at"] and "Waiting for the payment" in err


def _json_objects(text: str) -> list[dict[str, Any]]:
    decoder, found, at = json.JSONDecoder(), [], 0
    while at < len(text.rstrip()):
        value, at = decoder.raw_decode(text, at)
        found.append(value)
        while at < len(text) and text[at].isspace():
            at += 1
    return found


def test_qr_with_json_is_a_usage_error(paydesk: RunPaydesk, service_env: dict[str, str],
                                       sandbox: SandboxServer) -> None:
    run = paydesk("create", "5", "--qr", "--json", env=service_env)
    assert run.code == 2 and "--qr" in run.err and run.out == ""
    assert sandbox.orders() == []


def test_refresh_json(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    ids = [create_json(paydesk, service_env, str(n))["order_id"] for n in (1, 2)]
    sandbox.approve(ids[0])

    run = paydesk("refresh", "--json", env=service_env)

    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert set(report) == {"checked", "sent_again", "given_up", "changed", "failed"}
    assert report["checked"] == 2 and report["failed"] == report["sent_again"] == []
    [changed] = report["changed"]
    assert set(changed) == ORDER_KEYS
    assert (changed["order_id"], changed["status"], changed["phase"]) == (ids[0], "approve",
                                                                           "paid")


def test_config_show_json_says_whether_the_secret_is_set_never_what(
    paydesk: RunPaydesk,
) -> None:
    paydesk("config", "set", "base_url", "https://pay.example.com")
    paydesk("config", "set", "client_id", "42")
    before = json.loads(paydesk("config", "show", "--json").out)
    assert before["secret_key"] == {"set": False, "stored_in": "OS keychain", "problem": None}
    assert paydesk("config", "set", "secret_key", "--stdin", stdin=SECRET + "\n").code == 0

    run = paydesk("config", "show", "--format", "json")

    assert run.code == 0, run.err
    shown = json.loads(run.out)
    assert set(shown) == {"data_dir", "settings", "secret_key", "terminal_api_served"}
    assert shown["terminal_api_served"] is None  # nothing serves the API now
    assert shown["settings"]["base_url"] == "https://pay.example.com"
    assert shown["settings"]["client_id"] == 42
    assert shown["secret_key"] == {"set": True, "stored_in": "OS keychain", "problem": None}
    assert SECRET not in run.out + run.err and "****" not in run.out


def test_about_json(paydesk: RunPaydesk) -> None:
    from paydesk import __version__

    run = paydesk("--demo", "about", "--json")

    assert run.code == 0, run.err
    about = json.loads(run.out)
    assert about["version"] == __version__
    assert set(about) == {"version", "python", "python_executable", "qt", "system", "data_dir",
                          "resources", "icon", "translation", "keychain"}
    assert about["icon"]["ok"] is True and about["translation"]["ok"] is True


def test_list_and_report_take_the_shorthand(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    create_json(paydesk, service_env, "5")
    for command in (("list",), ("report",)):
        long = paydesk(*command, "--format", "json", env=service_env)
        short = paydesk(*command, "--json", env=service_env)
        assert long.code == short.code == 0, long.err + short.err
        if command == ("list",):
            assert short.out == long.out
        else:  # generated_at may differ by a second
            assert json.loads(short.out)["created"] == json.loads(long.out)["created"]


def test_export_to_standard_output(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    order = create_json(paydesk, service_env, "1 500,50", "--note", "2 coffees")

    run = paydesk("export", "-", env=service_env)
    assert (run.code, run.err) == (0, "")
    [row] = list(csv.DictReader(io.StringIO(run.out)))
    assert (row["order_id"], row["amount"], row["note"]) == (order["order_id"], "1500.50",
                                                            "2 coffees")

    run = paydesk("export", "-", "--json", env=service_env)
    assert (run.code, run.err) == (0, "")
    [record] = json.loads(run.out)
    assert {k: record[k] for k in ORDER_KEYS} == {k: order[k] for k in ORDER_KEYS}


def test_export_format_overrides_the_file_suffix(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer, tmp_path: Path
) -> None:
    order = create_json(paydesk, service_env, "5")
    target = tmp_path / "orders.txt"

    run = paydesk("export", str(target), "--format", "json", env=service_env)

    assert run.code == 0, run.err
    assert run.out.strip() == f"Exported 1 orders to {target}"
    [record] = json.loads(target.read_text(encoding="utf-8"))
    assert record["order_id"] == order["order_id"]
