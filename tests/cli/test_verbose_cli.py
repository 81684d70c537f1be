"""``paydesk -v``: each request and reply on stderr, masked, as its help says."""

from __future__ import annotations

import re

from paydesk.sandbox import SandboxServer

from cli_process import RunPaydesk
from test_values import TEST_SECRET


def test_each_request_and_reply_is_logged_masked(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    run = paydesk("-v", "create", "5", "--email", "buyer@example.com", env=service_env)
    assert run.code == 0, run.err
    order_id = re.search(r"^Order\s+(\S+)$", run.out, re.M)
    assert order_id is not None
    status = paydesk("-v", "status", order_id[1], env=service_env)
    assert status.code == 0, status.err

    for err, endpoint in ((run.err, "create_order"), (status.err, "get_order")):
        [request] = [line for line in err.splitlines() if f" GET {sandbox.base_url}" in line]
        assert request.startswith(f"DEBUG paydesk.gateway: {endpoint} order_id={order_id[1]}")
        assert "sign=***" in request
        [reply] = [line for line in err.splitlines() if "http_status=200" in line]
        assert reply.startswith(f"DEBUG paydesk.gateway: {endpoint} ")
        assert 'reply={"status"' in reply
    assert "b***@example.com" in run.err or "b***%40example.com" in run.err
    for err in (run.err, status.err):
        assert TEST_SECRET not in err and "buyer@" not in err and "buyer%40" not in err
        assert not re.search(r"sign=(?!\*\*\*)", err)
        assert not re.search(r"\b[0-9a-f]{32}\b", err)  # no md5 signature anywhere


def test_without_v_nothing_is_logged(
    paydesk: RunPaydesk, service_env: dict[str, str], sandbox: SandboxServer
) -> None:
    run = paydesk("create", "5", env=service_env)
    assert run.code == 0 and run.err == ""
