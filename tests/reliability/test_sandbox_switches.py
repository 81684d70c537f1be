"""The sandbox's switches for the soak: timeouts, latency jitter, and the count of faults."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest
import requests

from paydesk.gateway import GatewayClient, GatewayTimeout
from paydesk.sandbox import Fault, SandboxConfig, SandboxServer
from paydesk.sandbox.cli import add_arguments, run
from paydesk.sandbox.faults import FaultInjector

from test_values import TEST_CLIENT_ID, TEST_SECRET


def test_timeout_rate_holds_requests_past_the_clients_patience(
    start_sandbox: Callable[..., SandboxServer], wait_until: Callable[..., None]
) -> None:
    sandbox = start_sandbox(timeout_rate=1.0, stall_seconds=0.5)
    with GatewayClient(sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET, read_timeout=0.2,
                       deadline=0.3, max_attempts=1) as client, pytest.raises(GatewayTimeout):
        client.create_order("A-1", 100)
    [held] = sandbox.faults_injected().items()
    assert held[0] in ("stall", "timeout") and held[1] == 1
    if held[0] == "timeout":  # carried out after the hold, with nobody listening
        wait_until(lambda: sandbox.order("A-1") is not None)
    else:  # never carried out
        assert sandbox.order("A-1") is None


def test_a_timeout_fault_is_carried_out_after_the_hold(
    start_sandbox: Callable[..., SandboxServer], wait_until: Callable[..., None]
) -> None:
    sandbox = start_sandbox(stall_seconds=0.4)
    sandbox.inject(Fault.TIMEOUT, endpoint="create_order")
    assert Fault.TIMEOUT.processes_request
    with GatewayClient(sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET, read_timeout=0.2,
                       deadline=0.3, max_attempts=1) as client, pytest.raises(GatewayTimeout):
        client.create_order("A-1", 100)
    wait_until(lambda: sandbox.order("A-1") is not None)  # done, though nobody heard
    assert sandbox.faults_injected() == {"timeout": 1}


def test_trickle_rate_slows_replies_past_the_clients_deadline(
    start_sandbox: Callable[..., SandboxServer],
) -> None:
    sandbox = start_sandbox(trickle_rate=1.0, trickle_ms=20)
    with GatewayClient(sandbox.base_url, TEST_CLIENT_ID, TEST_SECRET, read_timeout=2.0,
                       deadline=0.3, max_attempts=1) as client, pytest.raises(GatewayTimeout):
        client.get_order("A-1")
    [(fault, count)] = sandbox.faults_injected().items()
    assert fault in ("trickle", "trickle_body") and count == 1


def test_every_fault_handed_out_is_counted(sandbox: SandboxServer) -> None:
    sandbox.inject(Fault.SERVER_ERROR, times=2)
    sandbox.inject(Fault.HTML_ERROR, endpoint="get_order")
    for _ in range(4):
        requests.get(f"{sandbox.base_url}/backend/get_order", timeout=5)
    assert sandbox.faults_injected() == {"server_error": 2, "html_error": 1}


def test_jitter_draws_within_its_range() -> None:
    faults = FaultInjector(latency_ms=200, latency_jitter_ms=600, seed=7)
    draws = [faults.draw_latency() for _ in range(500)]
    assert all(0.2 <= d <= 0.8 for d in draws)
    assert max(draws) - min(draws) > 0.3  # it does vary
    assert FaultInjector(latency_ms=50).draw_latency() == 0.05


def test_random_fault_rates_are_roughly_as_asked() -> None:
    faults = FaultInjector(fail_rate=0.2, timeout_rate=0.1, trickle_rate=0.1, seed=11)
    drawn = [faults.take("get_order") for _ in range(5000)]
    counts = faults.injected()
    assert sum(counts.values()) == sum(f is not None for f in drawn)
    five_xx = counts.get("server_error", 0) + counts.get("unavailable", 0)
    held = counts.get("stall", 0) + counts.get("timeout", 0)
    trickled = counts.get("trickle", 0) + counts.get("trickle_body", 0)
    assert 800 < five_xx < 1200 and 350 < held < 650 and 350 < trickled < 650
    assert all(faults.take("pay_page") is None for _ in range(100))  # the buyer's page is spared


@pytest.mark.parametrize(
    "settings",
    [{"timeout_rate": 1.5}, {"timeout_rate": -0.1}, {"fail_rate": 0.7, "timeout_rate": 0.4},
     {"latency_jitter_ms": -1}, {"trickle_rate": 1.5},
     {"fail_rate": 0.5, "timeout_rate": 0.3, "trickle_rate": 0.3}, {"trickle_ms": -1},
     {"refusals": "http500"}, {"refusals": "HTTP200"}, {"repeats": "sometimes"}],
)
def test_config_refuses_bad_switches(settings: dict[str, float]) -> None:
    with pytest.raises(ValueError, match=r"rate|latency|trickle|refusals|repeats"):
        SandboxConfig(**settings)  # type: ignore[arg-type]


def test_command_line_switches(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--latency-ms", "200", "--latency-jitter-ms", "600",
                              "--fail-rate", "0.2", "--timeout-rate", "0.1",
                              "--stall-seconds", "2.5", "--trickle-rate", "0.3",
                              "--trickle-ms", "500"])
    assert (args.latency_jitter_ms, args.timeout_rate, args.stall_seconds) == (600, 0.1, 2.5)
    assert (args.trickle_rate, args.trickle_ms) == (0.3, 500)
    assert parser.parse_args([]).refusals == "codes"
    assert parser.parse_args(["--refusals", "http200"]).refusals == "http200"
    with pytest.raises(SystemExit):
        parser.parse_args(["--refusals", "sometimes"])
    assert parser.parse_args([]).repeats == "idempotent"
    assert parser.parse_args(["--repeats", "refused"]).repeats == "refused"
    too_much = parser.parse_args(["--fail-rate", "0.8", "--timeout-rate", "0.5", "--port", "0"])
    assert run(too_much) == 2
    assert "at most 1" in capsys.readouterr().err
    too_much = parser.parse_args(["--fail-rate", "0.8", "--trickle-rate", "0.5", "--port", "0"])
    assert run(too_much) == 2
    assert "at most 1" in capsys.readouterr().err
