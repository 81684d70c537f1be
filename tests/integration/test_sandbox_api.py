"""The /backend endpoints against service-contract.md section 2, over real HTTP."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import requests

from paydesk.domain.money import MAX_AMOUNT
from paydesk.domain.signing import create_order_sign, get_order_sign
from paydesk.sandbox import SandboxServer

if TYPE_CHECKING:
    from conftest import SandboxCalls

JSON_TYPE = "application/json; charset=utf-8"
_SHARED_VECTORS = Path(__file__).resolve().parents[3] / "shared" / "signature-vectors.json"
# The shared folder is authoritative; tests/data holds a copy for a lone checkout.
VECTORS = (
    _SHARED_VECTORS
    if _SHARED_VECTORS.exists()
    else Path(__file__).resolve().parents[1] / "data" / "signature-vectors.json"
)


def assert_failure(reply: requests.Response, status: int, *words: str) -> str:
    """The contract's failure shape with ``status``; the message mentions ``words``."""
    assert reply.status_code == status, reply.text
    assert reply.headers["Content-Type"] == JSON_TYPE
    body = reply.json()
    assert set(body) == {"status", "message"}
    assert body["status"] is False
    message = body["message"]
    assert isinstance(message, str)
    assert message
    for word in words:
        assert word in message
    return message


def query(**params: str) -> str:
    from urllib.parse import urlencode

    return urlencode(params)


def test_create_order_replies_exactly_status_and_url(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    reply = calls.create("A-1001", 15000)

    assert reply.status_code == 200
    assert reply.headers["Content-Type"] == JSON_TYPE
    assert int(reply.headers["Content-Length"]) == len(reply.content)
    body = reply.json()
    assert set(body) == {"status", "url"}
    assert body["status"] is True
    assert body["url"].startswith(f"{sandbox.pay_url}/pay/")
    assert reply.content == json.dumps(body).encode()  # {"status": true, "url": "..."}


def test_get_order_replies_exactly_status_and_pending(calls: SandboxCalls) -> None:
    calls.create("A-1", 100)

    reply = calls.get("A-1")

    assert reply.status_code == 200
    assert reply.headers["Content-Type"] == JSON_TYPE
    assert reply.content == b'{"status": true, "order_status": "pending"}'


def test_pay_url_shares_host_and_port_with_base_url(sandbox: SandboxServer) -> None:
    assert sandbox.base_url.startswith("http://127.0.0.1:")
    assert sandbox.pay_url == sandbox.base_url


@pytest.mark.skipif(not VECTORS.exists(), reason="shared/signature-vectors.json not found")
def test_signature_vectors_are_accepted(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    for vector in json.loads(VECTORS.read_text(encoding="utf-8")):
        server = start_sandbox(secret_key=vector["secret_key"])
        client = make_calls(server, vector["secret_key"])

        created = client.create(
            vector["order_id"], vector["amount"], sign=vector["create_order_sign"]
        )
        status = client.get(vector["order_id"], sign=vector["get_order_sign"])

        assert created.status_code == 200, created.text
        assert status.json() == {"status": True, "order_status": "pending"}


def test_uppercase_sign_is_accepted(calls: SandboxCalls) -> None:
    sign = create_order_sign("A-1", 100, calls.secret).upper()

    assert calls.create("A-1", 100, sign=sign).status_code == 200
    assert calls.get("A-1", sign=get_order_sign("A-1", calls.secret).upper()).status_code == 200


GOOD_CREATE = {"client_id": "1", "order_id": "A-1", "amount": "100"}


def signed_create(**params: str) -> dict[str, str]:
    merged = {**GOOD_CREATE, **params}
    merged.setdefault(
        "sign", create_order_sign(merged["order_id"], merged["amount"], "test-secret-key")
    )
    return merged


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"client_id": "abc"}, "client_id"),
        ({"client_id": "1.0"}, "client_id"),
        ({"client_id": ""}, "client_id"),
        ({"order_id": ""}, "order_id"),
        ({"order_id": "x" * 65}, "order_id"),
        ({"order_id": "A:1"}, "order_id"),
        ({"order_id": "заказ"}, "order_id"),
        ({"order_id": "A 1"}, "order_id"),
        ({"amount": "-1"}, "amount"),
        ({"amount": "+1"}, "amount"),
        ({"amount": "0100"}, "amount"),
        ({"amount": "1.5"}, "amount"),
        ({"amount": "1e3"}, "amount"),
        ({"amount": ""}, "amount"),
        ({"amount": "0"}, "amount"),
        ({"amount": str(MAX_AMOUNT + 1)}, "amount"),
        ({"amount": "9" * 40}, "amount"),
        ({"email": "no-at-sign"}, "email"),
        ({"email": "a@b@c.ru"}, "email"),
        ({"email": "a b@c.ru"}, "email"),
        ({"email": "a@localhost"}, "email"),
        ({"sign": "not-a-digest"}, "sign"),
    ],
)
def test_malformed_create_parameter_is_400_naming_it(
    sandbox: SandboxServer, params: dict[str, str], named: str
) -> None:
    reply = requests.get(
        f"{sandbox.base_url}/backend/create_order?{query(**signed_create(**params))}", timeout=5
    )

    assert_failure(reply, 400, named)
    assert sandbox.orders() == []


@pytest.mark.parametrize("missing", ["client_id", "order_id", "amount", "sign"])
def test_missing_create_parameter_is_400_naming_it(sandbox: SandboxServer, missing: str) -> None:
    params = signed_create()
    del params[missing]

    reply = requests.get(f"{sandbox.base_url}/backend/create_order?{query(**params)}", timeout=5)

    assert_failure(reply, 400, "Missing", missing)


@pytest.mark.parametrize("missing", ["client_id", "order_id", "sign"])
def test_missing_get_parameter_is_400_naming_it(sandbox: SandboxServer, missing: str) -> None:
    params = {"client_id": "1", "order_id": "A-1", "sign": get_order_sign("A-1", "x")}
    del params[missing]

    reply = requests.get(f"{sandbox.base_url}/backend/get_order?{query(**params)}", timeout=5)

    assert_failure(reply, 400, "Missing", missing)


@pytest.mark.parametrize("twice", ["client_id", "order_id", "amount", "sign", "email"])
def test_duplicated_parameter_is_400(sandbox: SandboxServer, twice: str) -> None:
    params = signed_create(email="a@b.ru")
    text = f"{query(**params)}&{query(**{twice: params[twice]})}"

    reply = requests.get(f"{sandbox.base_url}/backend/create_order?{text}", timeout=5)

    assert_failure(reply, 400, twice, "more than once")


def test_amount_above_merchant_ceiling_is_400(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    client = make_calls(start_sandbox(max_amount=10_000))

    assert client.create("A-1", 10_000).status_code == 200
    assert_failure(client.create("A-2", 10_001), 400, "amount", "10000")


def test_amount_at_contract_ceiling_is_accepted(calls: SandboxCalls) -> None:
    assert calls.create("A-1", MAX_AMOUNT).status_code == 200


def test_unknown_client_is_403(calls: SandboxCalls) -> None:
    assert_failure(calls.create("A-1", 100, client_id=2), 403, "client_id")
    assert_failure(calls.get("A-1", client_id=2), 403, "client_id")


def test_wrong_sign_is_403(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    # Signed with another secret, and signed for another amount.
    assert_failure(calls.create("A-1", 100, sign=create_order_sign("A-1", 100, "x")), 403, "sign")
    assert_failure(
        calls.create("A-1", 100, sign=create_order_sign("A-1", 101, calls.secret)), 403, "sign"
    )
    assert_failure(calls.get("A-1", sign=get_order_sign("A-1", "x")), 403, "sign")
    assert sandbox.orders() == []


def test_checks_run_in_contract_order(calls: SandboxCalls) -> None:
    # Well-formedness before the client, the client before the sign.
    bad_sign = "0" * 32
    assert_failure(calls.create("A-1", "01", client_id=2, sign=bad_sign), 400, "amount")
    assert_failure(calls.create("A-1", 100, client_id=2, sign=bad_sign), 403, "client_id")
    # The sign before business rules: an unknown order with a bad sign is 403, not 404.
    assert_failure(calls.get("nope", sign=bad_sign), 403, "sign")


def test_unknown_order_is_404(calls: SandboxCalls) -> None:
    assert_failure(calls.get("never-created"), 404, "never-created")


def test_refusals_http200_answers_every_refusal_as_the_real_service_does(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    """``--refusals http200``: the same refusals, with HTTP 200 instead of 4xx."""
    server = start_sandbox(refusals="http200", max_amount=10_000)
    client = make_calls(server)
    assert client.create("A-2", 100).status_code == 200

    assert_failure(client.create("A-1", "01"), 200, "amount")  # bad parameter
    assert_failure(client.create("A-1", 10_001), 200, "amount", "10000")
    assert_failure(client.get("A-1", sign="x"), 200, "sign")
    assert_failure(client.create("A-1", 100, client_id=2), 200, "client_id")
    assert_failure(client.get("A-1", sign=get_order_sign("A-1", "x")), 200, "sign")
    assert_failure(client.get("never-created"), 200, "never-created")
    assert_failure(client.create("A-2", 101), 200, "A-2", "amount")
    # What is not a refusal keeps its code: a success, an unknown path.
    assert client.get("A-2").json() == {"status": True, "order_status": "pending"}
    assert requests.get(f"{server.base_url}/backend/nope", timeout=5).status_code == 404
    assert [o.order_id for o in server.orders()] == ["A-2"]


def test_refusals_http200_leaves_too_many_requests_a_429(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    client = make_calls(start_sandbox(refusals="http200", rate_limit_per_second=1))

    replies = [client.get("A-1") for _ in range(5)]

    assert replies[0].status_code == 200  # the unknown order, refused the real way
    assert any(r.status_code == 429 and "Retry-After" in r.headers for r in replies)


def test_repeated_create_is_idempotent(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    first = calls.create("A-1", 100, email="buyer@example.com")
    again = calls.create("A-1", 100, email="  buyer@example.com ")  # trimmed before comparing

    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert len(sandbox.orders()) == 1
    assert sandbox.orders()[0].email == "buyer@example.com"


def test_repeated_create_without_email_is_idempotent(calls: SandboxCalls) -> None:
    assert calls.create("A-1", 100).json() == calls.create("A-1", 100).json()


@pytest.mark.parametrize("refusals", ["codes", "http200"])
def test_repeats_refused_answers_a_repeat_already_exists_as_the_real_service(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls],
    refusals: str,
) -> None:
    """``--repeats refused``: the same create again is refused as existing, with HTTP 200
    and the contract's failure shape (never the contract's 409, which means other terms);
    the order is made once and get_order still finds it."""
    server = start_sandbox(repeats="refused", refusals=refusals)
    client = make_calls(server)
    first = client.create("A-1", 100, email="buyer@example.com")
    assert first.status_code == 200 and first.json()["status"] is True

    again = client.create("A-1", 100, email="buyer@example.com")

    assert_failure(again, 200, "A-1", "already exists")
    assert_failure(client.create("A-1", 101), 409 if refusals == "codes" else 200, "amount")
    assert [o.order_id for o in server.orders()] == ["A-1"]
    assert client.get("A-1").json() == {"status": True, "order_status": "pending"}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"amount": 101}, "amount"),
        ({"email": "other@example.com"}, "email"),
        ({"email": None}, "email"),
    ],
)
def test_reused_order_id_with_other_terms_is_409(
    sandbox: SandboxServer, calls: SandboxCalls, changes: dict[str, Any], field: str
) -> None:
    calls.create("A-1", 100, email="buyer@example.com")
    terms: dict[str, Any] = {"amount": 100, "email": "buyer@example.com", **changes}

    reply = calls.create("A-1", terms["amount"], email=terms["email"])

    assert_failure(reply, 409, "A-1", field)
    (order,) = sandbox.orders()
    assert (order.amount, order.email) == (100, "buyer@example.com")


def test_same_order_id_for_another_client_is_separate(
    start_sandbox: Callable[..., SandboxServer],
    make_calls: Callable[..., SandboxCalls],
    tmp_path: Path,
) -> None:
    db = tmp_path / "shared.sqlite3"
    one = start_sandbox(client_id=1, db_path=db)
    make_calls(one).create("A-1", 100)
    one.stop()
    two = start_sandbox(client_id=2, db_path=db)

    assert make_calls(two).create("A-1", 999, client_id=2).status_code == 200
    assert [order.amount for order in two.orders()] == [999]


def test_unknown_backend_path_is_404_json(sandbox: SandboxServer) -> None:
    assert_failure(requests.get(f"{sandbox.base_url}/backend/delete_order", timeout=5), 404)
    assert_failure(requests.get(f"{sandbox.base_url}/nothing/here", timeout=5), 404)


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_other_methods_on_backend_are_405(sandbox: SandboxServer, method: str) -> None:
    reply = requests.request(method, f"{sandbox.base_url}/backend/get_order", timeout=5)

    assert_failure(reply, 405, "GET")
    assert reply.headers["Allow"] == "GET"


def test_head_on_backend_is_405_without_body(sandbox: SandboxServer) -> None:
    with requests.Session() as session:
        reply = session.head(f"{sandbox.base_url}/backend/create_order", timeout=5)
        after = session.get(f"{sandbox.base_url}/backend/get_order", timeout=5)

    assert reply.status_code == 405
    assert reply.content == b""
    assert_failure(after, 400)  # the connection was still in step


def test_unknown_parameters_are_ignored(sandbox: SandboxServer) -> None:
    params = {**signed_create(), "utm_source": "x"}

    reply = requests.get(f"{sandbox.base_url}/backend/create_order?{query(**params)}", timeout=5)

    assert reply.status_code == 200
