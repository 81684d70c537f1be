"""The till program's API's OpenAPI document (docs/terminal-api.openapi.json) against
the running window's server: every operation it names is called, every answer's status
is one it documents, and every answer's body fits the schema it gives."""

from __future__ import annotations

import json

import pytest

from paydesk.core.terminal import api as terminal_api
from paydesk.core.terminal.till import PaymentAsk
from paydesk.core.watch.desk import NOTE_MAX
from paydesk.domain.failures import Failure
from paydesk.domain.money import MAX_AMOUNT
from paydesk.domain.orders import EMAIL_MAX
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow

from terminal_client import DOCUMENT, Checked, EventReader, TillProgram


def test_the_document_says_what_the_server_answers(
        window: MainWindow, till: TillProgram, sandbox: SandboxServer) -> None:
    checked = Checked(till)
    ask = {"amount_kopecks": 1500, "reference": "doc-1", "email": "b@example.com"}
    made = checked.call("POST", "/v1/payments", json=ask)
    assert made.status_code == 201
    order_id = made.json()["order_id"]
    assert checked.call("POST", "/v1/payments", json=ask).status_code == 200
    assert checked.call("POST", "/v1/payments", json={"amount_kopecks": -1,
                                                      "reference": "x"}).status_code == 422
    assert checked.call("POST", "/v1/payments", data=b"{").status_code == 400
    assert checked.call("POST", "/v1/payments", json=ask, token="").status_code == 401
    assert checked.call("POST", "/v1/payments", json=ask,
                        headers={"Host": "evil.example"}).status_code == 421
    assert checked.call("GET", "/v1/payments?reference=doc-1").status_code == 200
    assert checked.call("GET", f"/v1/payments/{order_id}").status_code == 200
    assert checked.call("GET", "/v1/payments/nothing").status_code == 404
    assert checked.call("POST", f"/v1/payments/{order_id}/dismiss").status_code == 200
    assert checked.call("GET", "/v1/health").status_code == 200
    # The shifts, off on this till: said so, and every step refused with the same code.
    assert checked.call("GET", "/v1/shift").json() == {"shifts": "off", "shift": None}
    shift = {"reference": "Z-1", "cashier": "Anna", "pin": "1234"}
    for step in ("open", "close"):
        refused = checked.call("POST", f"/v1/shift/{step}", json=shift)
        assert (refused.status_code, refused.json()["code"]) == (409, "api_shifts_off")
        assert checked.call("POST", f"/v1/shift/{step}",
                            json={**shift, "pin": "12"}).status_code == 422
    assert checked.call("GET", "/v1/shifts/1").status_code == 409
    assert checked.call("GET", "/v1/shifts/x").status_code == 404
    checked.operation("GET", "/v1/events")
    EventReader(till).close()  # answers 200, text/event-stream
    assert checked.called == {(path, method) for path, item in checked.doc["paths"].items()
                              for method in item}


def test_the_document_states_the_rules_the_server_keeps() -> None:
    """The patterns, lengths and maximum the server checks a request by are the ones the
    document gives (schemathesis then holds the server to them)."""
    doc = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    assert doc["openapi"].startswith("3.") and doc["info"]["license"]["identifier"] == "MIT"
    asked = doc["components"]["schemas"]["PaymentRequest"]["properties"]
    assert asked["amount_kopecks"]["type"] == "integer"
    assert asked["amount_kopecks"]["maximum"] == MAX_AMOUNT
    assert asked["reference"]["pattern"] == terminal_api.REFERENCE_PATTERN
    assert asked["reference"]["maxLength"] == terminal_api.REFERENCE_MAX
    assert (asked["email"]["pattern"], asked["email"]["maxLength"]) == (
        terminal_api.EMAIL_PATTERN, EMAIL_MAX)
    assert (asked["note"]["pattern"], asked["note"]["maxLength"]) == (
        terminal_api.NOTE_PATTERN, NOTE_MAX)
    [found] = doc["paths"]["/v1/payments"]["get"]["parameters"]
    assert found["schema"]["pattern"] == terminal_api.REFERENCE_PATTERN
    order_id = doc["components"]["parameters"]["OrderId"]["schema"]
    assert order_id["pattern"] == terminal_api.ORDER_ID_PATTERN
    busy = doc["paths"]["/v1/payments"]["post"]["responses"]["409"]
    assert "Retry-After" in busy["headers"] and "api_reference_reused" in busy["description"]
    stream = doc["paths"]["/v1/events"]["get"]
    assert "heartbeat" in stream["description"]
    assert "itemSchema" in stream["responses"]["200"]["content"]["text/event-stream"]


@pytest.mark.parametrize(("amount", "kopecks"), [("15000.0", 15000), ("1.5e4", 15000),
                                                  ("15000", 15000)])
def test_an_integral_json_number_is_the_integer(amount: str, kopecks: int) -> None:
    ask = terminal_api.payment_ask(
        terminal_api.read_json(f'{{"amount_kopecks": {amount}, "reference": "r"}}'.encode()))
    assert isinstance(ask, PaymentAsk) and ask.amount_kopecks == kopecks
    assert type(ask.amount_kopecks) is int


@pytest.mark.parametrize(("amount", "code"), [
    ("150.5", "amount_kopecks.not_integer"), ("1e999999", "amount_kopecks.too_large"),
    ("-1e999999", "amount_kopecks.negative"), ("100000000001", "amount_kopecks.too_large"),
    ("true", "amount_kopecks.not_integer"), ('"150"', "amount_kopecks.not_integer")])
def test_what_is_no_integer_or_over_the_maximum_is_refused(amount: str, code: str) -> None:
    ask = terminal_api.payment_ask(
        terminal_api.read_json(f'{{"amount_kopecks": {amount}, "reference": "r"}}'.encode()))
    assert isinstance(ask, Failure) and ask.code == code


@pytest.mark.parametrize(("body", "said"), [
    (b'{"amount_kopecks": NaN, "reference": "r"}', "NaN is not JSON"),
    (b'{"amount_kopecks": 1, "reference": "\\ud800"}', "surrogates not allowed")])
def test_what_is_no_json_text_is_malformed(body: bytes, said: str) -> None:
    with pytest.raises(ValueError, match=said):  # answered 400 api_malformed
        terminal_api.read_json(body)
