"""Secret hygiene: run everything with a recognisable secret, then look for it everywhere.

The merchant's secret key signs every request (``sign`` = md5 of the order's
fields and the secret); it is never sent, and a ``sign`` is as good as the
secret to anyone who can brute-force md5 of a known order id. So after whole
flows (commands as separate processes, and the core in this process, with
faults, refusals and failures forced along the way) neither the secret, its
URL-encoded form, nor any ``sign`` computed from it may appear in the data
folder (order book, settings, logs, crash reports, exports), in any command's
output, in any log record, or in the text of any exception raised.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import signal
import subprocess
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from paydesk.core.watch.desk import OrderDesk
from paydesk.core.watch.refresh import refresh_all
from paydesk.core.watch.remote import fetch_status, send_creation
from paydesk.domain.catalogue import english
from paydesk.domain.failures import Failure
from paydesk.gateway import GatewayClient, GatewayError
from paydesk.launch import main
from paydesk.sandbox import Fault, SandboxServer
from paydesk.store import OrderQuery, OrderStore
from paydesk.support import crash_report
from paydesk.support.crash_report import uninstall_crash_handler
from paydesk.support.log_file import RotatingLogFile
from paydesk.support.logs import CLI_LOG_FILE, stop_logging
from paydesk.support.sound_player import SoundPlayer

from cli_process import PROCESS_TIMEOUT, Paydesk, Run, service_env
from payment_page import decide
from test_values import TEST_CLIENT_ID

CANARY = "SuperSecret-Leak-Canary-9f2c"
#: A second run signs with the wrong secret (403): that one must not leak either.
WRONG_CANARY = "WrongSecret-Leak-Canary-77ab"


def signs(secret: str, orders: Iterable[tuple[str, int]]) -> set[str]:
    """Every ``sign`` these orders' requests carried (create_order and get_order)."""
    found = set()
    for order_id, amount in orders:
        for text in (f"{order_id}:{amount}:{secret}", f"{order_id}:{secret}"):
            found.add(hashlib.md5(text.encode()).hexdigest())
    return found


def needles(secret: str, orders: Iterable[tuple[str, int]]) -> set[str]:
    signatures = signs(secret, orders)
    return {secret, quote(secret, safe=""), secret.lower(), *signatures,
            *(s.upper() for s in signatures)}


def leaks(texts: dict[str, str], searched: set[str]) -> list[str]:
    return [f"{needle!r} in {where}" for where, text in texts.items() for needle in searched
            if needle in text]


def folder_texts(folder: Path) -> dict[str, str]:
    """Every file under ``folder``, whatever it is (SQLite pages, logs, crash reports)."""
    return {
        str(path): path.read_bytes().decode("latin-1")  # every byte kept, nothing fails
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture
def canary_sandbox(start_sandbox: Callable[..., SandboxServer]) -> SandboxServer:
    return start_sandbox(client_id=TEST_CLIENT_ID, secret_key=CANARY)


@pytest.fixture
def all_logs(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Every record of every logger, urllib3's request lines included."""
    with caplog.at_level(logging.DEBUG):
        yield caplog


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="the keychain double is a POSIX file")
@pytest.mark.scenario
def test_the_secret_is_nowhere_after_whole_flows(
    paydesk: Paydesk,
    canary_sandbox: SandboxServer,
    all_logs: pytest.LogCaptureFixture,
    tmp_path: Path,
) -> None:
    sandbox = canary_sandbox
    outputs: dict[str, str] = {}
    failures: list[GatewayError] = []
    kept: list[Failure] = []  # the same failures as the core keeps and announces them

    def cli(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> Run:
        run = paydesk.run("-v", *args, env=env, stdin=stdin)
        outputs[f"paydesk {' '.join(args)} (exit {run.code})"] = run.out + run.err
        return run

    # -- the commands, as a merchant sets up and works (secret in the keychain) --------
    assert cli("config", "set", "base_url", sandbox.base_url).code == 0
    assert cli("config", "set", "client_id", str(TEST_CLIENT_ID)).code == 0
    assert cli("config", "set", "secret_key", "--stdin", stdin=CANARY + "\n").code == 0
    show = cli("config", "show")
    assert "secret_key = ******** (set) in OS keychain" in show.out

    first = cli("create", "150", "--email", "buyer@example.com", "--note", "2 coffees", "--qr")
    assert first.code == 0, first.text
    order_id = next(line.split()[1] for line in first.out.splitlines()
                    if line.startswith("Order "))
    link = next(line.split()[1] for line in first.out.splitlines() if line.startswith("Link "))
    decide(link, "approve").raise_for_status()
    assert cli("status", order_id).code == 0
    sandbox.inject(Fault.HTML_ERROR, endpoint="create_order")
    sandbox.inject(Fault.SERVER_ERROR, endpoint="create_order")
    assert cli("create", "20").code == 0  # retried through both faults
    sandbox.inject(Fault.TRUNCATED_JSON, endpoint="create_order")
    assert cli("create", "25").code == 4  # made, but the reply unreadable: not confirmed
    sandbox.inject(Fault.WRONG_TYPES, endpoint="create_order")
    assert cli("create", "30").code == 4
    sandbox.inject(Fault.REFUSED_WITH_200, endpoint="get_order")
    assert cli("status", order_id).code == 3
    assert cli("status", "No-Such-Order").code == 3
    assert cli("refresh").code == 0
    for args in (("list",), ("list", "--format", "json"), ("list", "--format", "csv"),
                 ("report",), ("export", str(tmp_path / "orders.csv")),
                 ("export", str(tmp_path / "orders.json"))):
        assert cli(*args).code == 0, outputs
    unreachable = cli("create", "40", env={"PAYDESK_BASE_URL": "http://127.0.0.1:9"})
    assert unreachable.code == 4

    # -- the same secret through the environment, as a script would pass it ------------
    env = {"PAYDESK_SECRET_KEY": CANARY}
    assert cli("create", "50", env=env).code == 0
    assert cli("config", "show", env=env).code == 0

    # -- the core in this process, every exception kept ---------------------------------
    with (
        GatewayClient(sandbox.base_url, TEST_CLIENT_ID, CANARY, backoff_base=0.0,
                      read_timeout=0.3, deadline=1.0) as client,
        OrderStore.open(paydesk.book) as store,
    ):
        desk = OrderDesk(store, TEST_CLIENT_ID)
        for fault in (Fault.SERVER_ERROR, Fault.HTML_ERROR, Fault.TRUNCATED_JSON,
                      Fault.WRONG_TYPES, Fault.REFUSED_WITH_200, Fault.STALL,
                      Fault.DROP_AFTER_PROCESSING, Fault.RATE_LIMITED):
            order = desk.start_order("60")
            sandbox.inject(fault, times=4)
            try:  # the exception itself, as the gateway raises it
                client.create_order(order.order_id, order.amount, email=order.email)
            except GatewayError as error:
                failures.append(error)
            sandbox.inject(fault, times=4)
            outcome = send_creation(client, order)  # the same, as the core keeps it
            desk.record_creation(outcome)
            check = fetch_status(client, outcome.order_id)
            kept.extend(f for f in (outcome.failure, check.failure) if f is not None)
        sandbox.clear_faults()
        refresh_all(desk, client)
        for call in (lambda: client.get_order("No-Such-Order"), client.verify_credentials):
            try:
                call()
            except GatewayError as error:
                failures.append(error)
        book_orders = [(o.order_id, o.amount) for o in store.query(OrderQuery())]

    # -- and an unexpected failure, as a crash report would keep it ------------------
    try:
        raise RuntimeError(f"unexpected, while asking {link} ?order_id={order_id}"
                           f"&sign={next(iter(signs(CANARY, [(order_id, 15000)])))}")
    except RuntimeError as crash:
        crash_report.write_crash_report(paydesk.data_dir / "logs", RuntimeError, crash,
                                        crash.__traceback__)

    # -- now look ---------------------------------------------------------------------------
    remote = [(o.order_id, o.amount) for o in sandbox.orders()]
    searched = needles(CANARY, {*book_orders, *remote, ("No-Such-Order", 0)})
    texts = {
        **folder_texts(paydesk.data_dir),
        **{str(p): p.read_text(encoding="utf-8-sig") for p in tmp_path.glob("orders.*")},
        **outputs,
        "log records": "\n".join(
            f"{r.getMessage()} {r.exc_text or ''}" for r in all_logs.records
        ),
        **{f"exception {n}": "\n".join([str(e), repr(e), e.user_message, e.body or "",
                                        *traceback.format_exception(e)])
           for n, e in enumerate(failures)},
        **{f"failure {n}": f"{failure} {failure!r} {english(failure)}"
           for n, failure in enumerate(kept)},
    }
    # The run did go through it all.
    assert len(failures) >= 6 and len(kept) >= 6 and len(book_orders) >= 10
    assert any("crash-" in where for where in texts)  # the report is among the files
    assert leaks(texts, searched) == []
    # The keychain (here a test double outside the data folder) is where it lives.
    assert CANARY in (tmp_path / "keychain.json").read_text()


@pytest.mark.slow
def test_a_wrong_secret_does_not_leak_either(
    paydesk: Paydesk, canary_sandbox: SandboxServer, all_logs: pytest.LogCaptureFixture
) -> None:
    env = {"PAYDESK_BASE_URL": canary_sandbox.base_url,
           "PAYDESK_CLIENT_ID": str(TEST_CLIENT_ID), "PAYDESK_SECRET_KEY": WRONG_CANARY}
    create = paydesk.run("-v", "create", "150", env=env)
    status = paydesk.run("-v", "status", "A-1", env=env)
    assert create.code == 3 and status.code == 3  # refused: the credentials
    assert "credentials" in create.err

    failures: list[GatewayError] = []
    with GatewayClient(canary_sandbox.base_url, TEST_CLIENT_ID, WRONG_CANARY) as client:
        for call in (lambda: client.create_order("A-2", 100), client.verify_credentials):
            try:
                call()
            except GatewayError as error:
                failures.append(error)
    [record] = json.loads(paydesk.run("list", "--format", "json", env=env).out)
    searched = needles(WRONG_CANARY, [(record["order_id"], 15000), ("A-1", 0), ("A-2", 100)])
    texts = {
        **folder_texts(paydesk.data_dir),
        "create": create.text,
        "status": status.text,
        "log records": "\n".join(r.getMessage() for r in all_logs.records),
        **{f"exception {n}": "\n".join([str(e), repr(e), e.user_message, e.body or "",
                                        *traceback.format_exception(e)])
           for n, e in enumerate(failures)},
    }
    assert len(failures) == 2
    assert leaks(texts, searched) == []


class Everything(logging.Handler):
    """Records as the logger made them, before any handler's filter could mask them."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def test_the_sandbox_never_logs_a_sign(canary_sandbox: SandboxServer) -> None:
    logger = logging.getLogger("paydesk.sandbox")
    handler = Everything()
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        with GatewayClient(canary_sandbox.base_url, TEST_CLIENT_ID, CANARY) as client:
            client.create_order("A-1", 100)
            client.get_order("A-1")
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    records = "\n".join(handler.messages)
    assert "/backend/create_order" in records  # the requests were logged ...
    assert leaks({"logs": records}, needles(CANARY, [("A-1", 100)])) == []  # ... but not signs


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
@pytest.mark.scenario
def test_the_plaintext_file_exists_only_while_chosen(paydesk: Paydesk) -> None:
    secret_file = paydesk.data_dir / "secret-key.txt"
    assert paydesk.run("config", "set", "client_id", "1").code == 0
    assert paydesk.run("config", "set", "secret_key", "--stdin", stdin=CANARY + "\n").code == 0
    assert not secret_file.exists()  # the keychain by default, never a file

    assert paydesk.run("config", "set", "secret_storage", "file").code == 0
    assert paydesk.run("config", "set", "secret_key", "--stdin", stdin=CANARY + "\n").code == 0
    assert secret_file.read_text().strip() == CANARY
    assert secret_file.stat().st_mode & 0o777 == 0o600
    show = paydesk.run("config", "show")
    assert "******** (set) in plaintext file" in show.out and CANARY not in show.text

    back = paydesk.run("config", "set", "secret_storage", "keychain")
    assert back.code == 0, back.text
    assert not secret_file.exists()  # gone with the choice ...
    show = paydesk.run("config", "show")
    assert "******** (set) in OS keychain" in show.out  # ... and the key is in the keychain
    assert CANARY not in show.text
    assert leaks(folder_texts(paydesk.data_dir), {CANARY}) == []


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script stands in for the player")
def test_no_child_process_inherits_the_secret_from_the_environment(
    canary_sandbox: SandboxServer,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    wait_until: Callable[..., None],
) -> None:
    """Every child inherits the environment: the sound player, the browser that "Open in
    browser" starts (QDesktopServices runs xdg-open), anything. PayDesk reads
    PAYDESK_SECRET_KEY once, at its start, and takes it out of the environment."""
    monkeypatch.setenv("PAYDESK_BASE_URL", canary_sandbox.base_url)
    monkeypatch.setenv("PAYDESK_CLIENT_ID", str(TEST_CLIENT_ID))
    monkeypatch.setenv("PAYDESK_SECRET_KEY", CANARY)
    try:
        assert main(["create", "10"]) == 0  # signed with the secret from the environment
        assert main(["config", "show"]) == 0
    finally:
        uninstall_crash_handler()
        stop_logging()
    assert "in environment (PAYDESK_SECRET_KEY)" in capsys.readouterr().out
    assert "PAYDESK_SECRET_KEY" not in os.environ

    seen = tmp_path / "player-environment.txt"
    player = tmp_path / "aplay"
    player.write_text(f"#!/bin/sh\nenv > '{seen}.part' && mv '{seen}.part' '{seen}'\n")
    player.chmod(0o755)
    started: list[subprocess.Popen[bytes]] = []

    def run(*args: object, **kwargs: object) -> subprocess.Popen[bytes]:
        started.append(subprocess.Popen(*args, **kwargs))  # type: ignore[call-overload]
        return started[-1]

    sounds = SoundPlayer(runner=run, platform="linux",
                         which=lambda name: str(player) if name == "aplay" else None)
    sounds.play("paid")
    wait_until(seen.exists)
    [process] = started
    assert process.wait(timeout=30) == 0
    environment = seen.read_text()
    assert f"PAYDESK_CLIENT_ID={TEST_CLIENT_ID}" in environment  # the child got the rest
    assert CANARY not in environment


def open_to_others(folder: Path) -> list[str]:
    """``folder`` and everything under it that is not 0700 (a folder) or 0600 (a file)."""
    return [
        f"{path.relative_to(folder.parent)} {oct(mode)}"
        for path in [folder, *sorted(folder.rglob("*"))]
        if (mode := path.stat().st_mode & 0o777) != (0o700 if path.is_dir() else 0o600)
    ]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
@pytest.mark.scenario
def test_only_the_owner_may_read_what_paydesk_keeps(
    paydesk: Paydesk, sandbox: SandboxServer, tmp_path: Path
) -> None:
    """Buyers' e-mails are in the book, masked ones in the logs: the data folder (and the
    demo's, and the logs') is 0700, every file PayDesk writes in it 0600, the book's -wal
    and -shm too. An export is the person's own file, where they chose: left alone."""
    env = service_env(sandbox)
    commands = [("config", "set", "merchant_name", "Corner shop"),
                ("create", "150", "--email", "buyer@example.com"),
                ("--demo", "create", "10", "--email", "buyer@example.com"),
                ("list",), ("export", str(tmp_path / "orders.csv"))]
    for command in commands:
        run = paydesk.run(*command, env=env)
        assert run.code == 0, run.text
    with OrderStore.open(paydesk.book) as store:  # open: its -wal and -shm are there
        store.query(OrderQuery())
        wal = paydesk.book.with_name("paydesk.sqlite3-wal")
        assert wal.stat().st_mode & 0o777 == 0o600
        assert open_to_others(paydesk.data_dir) == []
    logs = paydesk.data_dir / "logs"
    rotating = RotatingLogFile(logs / CLI_LOG_FILE, maxBytes=100, backupCount=2, delay=True)
    for n in range(3):
        rotating.emit(logging.makeLogRecord({"msg": f"line {n} " + "x" * 80}))
    rotating.close()
    try:
        raise RuntimeError("a crash")
    except RuntimeError as crash:
        crash_report.write_crash_report(logs, RuntimeError, crash, crash.__traceback__)

    assert open_to_others(paydesk.data_dir) == []
    kept = {str(p.relative_to(paydesk.data_dir)) for p in paydesk.data_dir.rglob("*")}
    assert {"settings.json", "demo/paydesk.sqlite3", "demo/sandbox.sqlite3",
            f"logs/{CLI_LOG_FILE}.1"} <= kept
    assert any(name.startswith("logs/crash-") for name in kept)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_the_window_s_own_file_is_private_in_a_folder_a_command_set_up(
    paydesk: Paydesk, sandbox: SandboxServer
) -> None:
    """The folder first made by a command, then the window opened and closed on it: its
    window.ini (the window's size and place) is 0600 like the rest, not Qt's 0644."""
    env = service_env(sandbox)
    run = paydesk.run("create", "150", env=env)
    assert run.code == 0, run.text
    window = paydesk.spawn("-v", env={**env, "QT_QPA_PLATFORM": "offscreen"})
    window.wait_for_line("Alert sounds")  # built after the first frame: the window is up
    window.process.send_signal(signal.SIGTERM)  # closed as its close button closes it
    window.wait_for_line("The window closed")
    assert window.process.wait(timeout=PROCESS_TIMEOUT) == 0
    window.finish()

    assert "geometry" in (paydesk.data_dir / "window.ini").read_text()
    assert open_to_others(paydesk.data_dir) == []


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
@pytest.mark.scenario
def test_what_an_older_paydesk_left_open_is_closed_at_start(
    paydesk: Paydesk, sandbox: SandboxServer
) -> None:
    env = service_env(sandbox)
    for command in (("create", "150"), ("--demo", "create", "10")):
        assert paydesk.run(*command, env=env).code == 0
    (paydesk.data_dir / "settings.json").write_text("{}\n")
    (paydesk.data_dir / "logs" / "crash-20260101-090000.txt").write_text("old\n")
    for path in [paydesk.data_dir, *paydesk.data_dir.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)  # as an older PayDesk made them

    assert paydesk.run("list", env=env).code == 0
    assert paydesk.run("--demo", "list").code == 0

    assert open_to_others(paydesk.data_dir) == []
