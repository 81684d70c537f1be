"""``paydesk cashier`` and ``paydesk shift`` as a script runs them, against the sandbox: the
owner sets up a cashier, no sale is taken outside a shift, the close asks the service and
freezes the report, and a PIN appears in no output and no log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paydesk.sandbox import SandboxServer

from cli_process import RunPaydesk

OWNER_PIN = "739164"
ANNA_PIN = "582031"
ENV = {"TZ": "UTC"}


@pytest.fixture
def env(service_env: dict[str, str]) -> dict[str, str]:
    return {**service_env, **ENV}


def _ok(paydesk: RunPaydesk, *args: str, env: dict[str, str], stdin: str = "") -> str:
    run = paydesk(*args, env=env, stdin=stdin)
    assert run.code == 0, run.text
    for pin in (OWNER_PIN, ANNA_PIN):
        assert pin not in run.out and pin not in run.err
    return run.out


def _set_up(paydesk: RunPaydesk, env: dict[str, str]) -> None:
    _ok(paydesk, "config", "set", "shifts", "on", env=env)
    _ok(paydesk, "config", "set", "till", "Касса 1", env=env)
    _ok(paydesk, "cashier", "add", "Olga", "--owner", "--stdin", env=env,
        stdin=f"{OWNER_PIN}\n")
    _ok(paydesk, "cashier", "add", "Anna", "--by", "Olga", "--stdin", env=env,
        stdin=f"{OWNER_PIN}\n{ANNA_PIN}\n")


def test_a_shift_from_open_to_its_frozen_report(
    paydesk: RunPaydesk, env: dict[str, str], sandbox: SandboxServer, tmp_path: Path,
) -> None:
    _set_up(paydesk, env)
    assert json.loads(_ok(paydesk, "cashier", "list", "--json", env=env)) == [
        {"name": "Anna", "role": "cashier"}, {"name": "Olga", "role": "owner"}]

    refused = paydesk("create", "150", env=env)
    assert refused.code == 9 and "No shift is open" in refused.err

    wrong = paydesk("shift", "open", "--cashier", "Anna", "--stdin", env=env, stdin="000000\n")
    assert wrong.code == 9 and "wrong" in wrong.err
    opened = json.loads(_ok(paydesk, "shift", "open", "--cashier", "Anna", "--stdin", "--json",
                            env=env, stdin=f"{ANNA_PIN}\n"))
    assert (opened["number"], opened["till"], opened["cashier"]) == (1, "Касса 1", "Anna")

    paid = json.loads(_ok(paydesk, "create", "150", "--json", env=env))
    waiting = json.loads(_ok(paydesk, "create", "2.50", "--json", env=env))
    sandbox.approve(paid["order_id"])
    assert (paid["cashier"], paid["shift"]) == ("Anna", 1)
    listed = json.loads(_ok(paydesk, "list", "--json", env=env))
    assert {(o["cashier"], o["shift"]) for o in listed} == {("Anna", 1)}
    shown = _ok(paydesk, "status", paid["order_id"], env=env)
    assert "Anna" in shown and "shift 1" in shown

    so_far = json.loads(_ok(paydesk, "shift", "report", "--json", env=env))
    assert not so_far["frozen"] and so_far["orders"] == {"count": 2, "amount_kopecks": 15250}

    csv_file = tmp_path / "shift-1.csv"
    run = paydesk("shift", "close", "--cashier", "Anna", "--stdin", "--json", "--csv",
                  str(csv_file), env=env, stdin=f"{ANNA_PIN}\n")
    assert run.code == 0, run.text
    report = json.loads(run.out)
    assert report["frozen"] and report["closed_by"] == "Anna"
    assert report["paid"] == {"count": 1, "amount_kopecks": 15000}
    assert report["unanswered"] == {"count": 1, "amount_kopecks": 250}
    assert [o["order_id"] for o in report["still_open"]] == [waiting["order_id"]]
    assert "asking the service: 1 of 1" in run.err  # the paid one was seen paid (status)
    assert "150.00" in csv_file.read_text(encoding="utf-8-sig")

    assert json.loads(_ok(paydesk, "report", "--shift", "1", "--json", env=env)) == report
    text = _ok(paydesk, "shift", "report", "1", env=env)
    assert "Shift 1 report" in text and "Not a fiscal document" in text
    assert paydesk("create", "1", env=env).code == 9  # closed: no sale outside a shift
    assert paydesk("shift", "report", "7", env=env).code == 9


def test_no_pin_is_in_the_log_or_the_book(
    paydesk: RunPaydesk, env: dict[str, str], tmp_path: Path,
) -> None:
    _set_up(paydesk, env)
    paydesk("-v", "shift", "open", "--cashier", "Anna", "--stdin", env=env, stdin="650194\n")
    _ok(paydesk, "-v", "shift", "open", "--cashier", "Anna", "--stdin", env=env,
        stdin=f"{ANNA_PIN}\n")
    _ok(paydesk, "cashier", "pin", "Anna", "--stdin", env=env,
        stdin=f"{ANNA_PIN}\n918273\n")
    written = b"".join(path.read_bytes() for path in tmp_path.rglob("*") if path.is_file())
    for pin in (OWNER_PIN, ANNA_PIN, "650194", "918273"):
        assert pin.encode() not in written


def test_only_an_owner_manages_cashiers(paydesk: RunPaydesk, env: dict[str, str]) -> None:
    _set_up(paydesk, env)
    not_owner = paydesk("cashier", "add", "Boris", "--by", "Anna", "--stdin", env=env,
                        stdin=f"{ANNA_PIN}\n1234\n")
    assert not_owner.code == 9 and "Only an owner" in not_owner.err
    last = paydesk("cashier", "remove", "Olga", "--by", "Olga", "--stdin", env=env,
                   stdin=f"{OWNER_PIN}\n")
    assert last.code == 9 and "last owner" in last.err
    _ok(paydesk, "cashier", "remove", "Anna", "--by", "Olga", "--stdin", env=env,
        stdin=f"{OWNER_PIN}\n")
    assert json.loads(_ok(paydesk, "cashier", "list", "--json", env=env)) == [
        {"name": "Olga", "role": "owner"}]


def test_with_shifts_on_only_an_owner_changes_a_setting(
    paydesk: RunPaydesk, env: dict[str, str],
) -> None:
    _set_up(paydesk, env)
    _ok(paydesk, "cashier", "add", "Anna2", "--by", "Olga", "--stdin", env=env,
        stdin=f"{OWNER_PIN}\n{ANNA_PIN}\n")
    unsigned = paydesk("config", "set", "merchant_name", "Кофейня", env=env)
    assert unsigned.code == 9 and "Only an owner" in unsigned.err
    cashier = paydesk("config", "set", "merchant_name", "Кофейня", "--by", "Anna2",
                      "--stdin", env=env, stdin=f"{ANNA_PIN}\n")
    assert cashier.code == 9
    _ok(paydesk, "config", "set", "merchant_name", "Кофейня", "--by", "Olga", "--stdin",
        env=env, stdin=f"{OWNER_PIN}\n")
    _ok(paydesk, "config", "set", "shifts", "off", "--by", "Olga", "--stdin", env=env,
        stdin=f"{OWNER_PIN}\n")
    _ok(paydesk, "config", "set", "merchant_name", "Shop", env=env)  # shifts off: anyone
