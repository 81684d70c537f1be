"""Exit codes a shell and a script rely on, through the real ``paydesk``: a bad address
refused when it is set (2), Ctrl+C (130, one line, no traceback), a meaningless count (2)."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from paydesk.sandbox import SandboxServer

from cli_process import RunPaydesk, paydesk_for, service_env
from test_values import TEST_CLIENT_ID


def said(err: str) -> list[str]:
    """What paydesk itself said on stderr: not the log lines -v adds."""
    return [line for line in err.splitlines() if not line.startswith(("DEBUG ", "INFO "))]


@pytest.mark.parametrize("address", ["http://example.com", "http://till.example.net:8080", "ftp://till.example.org"])
def test_an_address_the_client_would_refuse_is_refused_when_set(
    paydesk: RunPaydesk, tmp_path: Path, address: str
) -> None:
    run = paydesk("config", "set", "base_url", address)

    assert run.code == 2, run
    assert run.err.startswith("paydesk: base_url") and "https://" in run.err
    assert "Traceback" not in run.err
    assert not (tmp_path / "data" / "settings.json").exists()  # nothing was saved


@pytest.mark.parametrize("address", ["https://pay.example.com", "http://127.0.0.1:8765"])
def test_https_or_this_computer_is_accepted(paydesk: RunPaydesk, address: str) -> None:
    run = paydesk("config", "set", "base_url", address)
    assert (run.code, run.out.strip()) == (0, f"base_url = {address}")


def test_an_address_from_the_environment_is_a_configuration_error_at_create(
    paydesk: RunPaydesk,
) -> None:
    env = {"PAYDESK_BASE_URL": "http://example.com", "PAYDESK_CLIENT_ID": str(TEST_CLIENT_ID),
           "PAYDESK_SECRET_KEY": "anything"}
    run = paydesk("create", "5", env=env)

    assert run.code == 2, run
    assert "https://" in run.err and "Traceback" not in run.err


@pytest.mark.parametrize("limit", ["-1", "0", "many"])
def test_a_limit_below_one_is_a_usage_error(paydesk: RunPaydesk, limit: str) -> None:
    run = paydesk("list", "--limit", limit)

    assert run.code == 2, run
    assert "--limit" in run.err and "Traceback" not in run.err
    assert run.out == ""


@pytest.fixture
def slow_sandbox(start_sandbox: Callable[..., SandboxServer]) -> SandboxServer:
    """Answers a minute late: a request is surely out when Ctrl+C comes."""
    return start_sandbox(client_id=TEST_CLIENT_ID, latency_ms=60_000)


def test_ctrl_c_while_create_sends_says_the_order_is_saved(
    tmp_path: Path, slow_sandbox: SandboxServer
) -> None:
    paydesk = paydesk_for(tmp_path)
    spawned = paydesk.spawn("-v", "create", "5", env=service_env(slow_sandbox))
    spawned.wait_for_line("create_order order_id=")  # written, and on its way
    spawned.process.send_signal(signal.SIGINT)
    out, err = spawned.finish()

    assert spawned.process.returncode == 130
    [line] = said(err)
    assert line.startswith("paydesk: Interrupted. Order ")
    assert "saved but not confirmed: 'paydesk refresh' sends it again" in line
    assert out == ""
    [order] = json.loads(paydesk.run("list", "--format", "json").out)
    assert (order["phase"], order["creation"]) == ("not_sent", "unconfirmed")
    assert order["order_id"] in line


def test_ctrl_c_while_create_waits_says_the_order_stays(
    tmp_path: Path, sandbox: SandboxServer
) -> None:
    paydesk = paydesk_for(tmp_path)
    spawned = paydesk.spawn("-v", "create", "5", "--wait", env=service_env(sandbox))
    spawned.wait_for_line("get_order order_id=")  # confirmed, and being watched
    spawned.process.send_signal(signal.SIGINT)
    out, err = spawned.finish()

    assert spawned.process.returncode == 130
    lines = said(err)
    assert len(lines) == 1, err  # all of it, to see what else was said (once, on a busy run)
    line = lines[0]
    assert line.startswith("paydesk: Interrupted. Order ") and "stays in the order book" in line
    assert "Waiting for the payment" in out


def test_ctrl_c_in_any_command_is_130_and_one_line(
    tmp_path: Path, slow_sandbox: SandboxServer
) -> None:
    paydesk = paydesk_for(tmp_path)
    spawned = paydesk.spawn("-v", "status", "20260101-000000000-ABCDEF",
                            env=service_env(slow_sandbox))
    spawned.wait_for_line("get_order order_id=")
    spawned.process.send_signal(signal.SIGINT)
    _out, err = spawned.finish()

    assert spawned.process.returncode == 130
    assert said(err) == ["paydesk: Interrupted."]
