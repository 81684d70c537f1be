"""Hostile typed values: amounts, e-mails, order ids and notes as people (or scanners, or
pastes) type them either come out as the contract wants them, exactly as the service
then stores them, or are refused with an InputError and nothing written or sent.
"""

from __future__ import annotations

import re
import string
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from paydesk.core.watch.desk import NOTE_MAX, OrderDesk
from paydesk.domain.errors import EmailError, InputError, OrderIdError
from paydesk.domain.money import MAX_AMOUNT, format_rubles, parse_amount
from paydesk.domain.orders import CreationState, OrderStatus, normalize_email, validate_order_id
from paydesk.gateway import GatewayClient, InvalidRequestError
from paydesk.sandbox import SandboxConfig, SandboxServer
from paydesk.store import OrderQuery, OrderStore

from hostile_text import typed_text
from test_values import TEST_CLIENT_ID, TEST_SECRET

ORDER_ID_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")
CONTRACT_ALPHABET = string.ascii_letters + string.digits + "._-"


@given(st.emails() | typed_text)
def test_an_email_is_refused_or_fits_the_contract(text: str) -> None:
    try:
        email = normalize_email(text)
    except EmailError:
        return
    if email is None:
        assert not text.strip()
        return
    assert email == email.strip() and len(email) <= 254
    assert email.count("@") == 1 and not any(ch.isspace() for ch in email)
    local, domain = email.split("@")
    assert local and "." in domain and all(domain.split("."))
    assert normalize_email(email) == email  # settled: checking again changes nothing


@given(typed_text | st.text(alphabet=CONTRACT_ALPHABET, min_size=1, max_size=70))
def test_an_order_id_is_refused_or_fits_the_contract(text: str) -> None:
    try:
        order_id = validate_order_id(text)
    except OrderIdError:
        assert not ORDER_ID_RE.fullmatch(text)
        return
    assert order_id == text and ORDER_ID_RE.fullmatch(order_id)


@given(st.integers(min_value=1, max_value=MAX_AMOUNT), st.sampled_from([" ", "\u00a0", ""]))
def test_an_amount_as_people_write_it_is_the_same_kopecks(kopecks: int, group: str) -> None:
    for text in (format_rubles(kopecks, group=group), format_rubles(kopecks, decimal=".")):
        assert parse_amount(f"  {text} ₽ ") == kopecks


@pytest.fixture(scope="module")
def book() -> Iterator[OrderDesk]:
    with tempfile.TemporaryDirectory() as folder, OrderStore.open(Path(folder) / "b.sqlite3") as s:
        yield OrderDesk(s, TEST_CLIENT_ID)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(amount=typed_text | st.decimals(0, 10**9, places=2).map(str), email=typed_text,
       note=typed_text)
def test_typed_values_write_an_order_only_when_all_are_good(
    book: OrderDesk, amount: str, email: str, note: str
) -> None:
    before = book.store.count(OrderQuery())
    try:
        order = book.start_order(amount, email, note)
    except InputError:
        assert book.store.count(OrderQuery()) == before  # nothing written
        return
    assert order.amount == parse_amount(amount)
    assert order.email == normalize_email(email)
    assert order.note == " ".join(note.split()) and len(order.note) <= NOTE_MAX
    assert order.creation is CreationState.UNCONFIRMED
    assert book.get(order.order_id) == order


@pytest.fixture(scope="module")
def service() -> Iterator[tuple[SandboxServer, GatewayClient]]:
    with (
        SandboxServer(SandboxConfig(client_id=TEST_CLIENT_ID, secret_key=TEST_SECRET)) as server,
        GatewayClient(server.base_url, TEST_CLIENT_ID, TEST_SECRET, max_attempts=1) as client,
    ):
        yield server, client


_used_ids: set[str] = set()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    order_id=st.text(alphabet=CONTRACT_ALPHABET, min_size=1, max_size=64) | typed_text,
    amount=st.integers(min_value=-5, max_value=MAX_AMOUNT + 5),
    email=st.none() | st.emails() | typed_text,
)
def test_what_the_client_sends_the_service_stores_exactly(
    service: tuple[SandboxServer, GatewayClient], order_id: str, amount: int, email: str | None
) -> None:
    server, client = service
    assume(order_id not in _used_ids)
    _used_ids.add(order_id)
    requests_before = server.request_count()
    try:
        clean_id = validate_order_id(order_id)
        clean_email = normalize_email(email)
        valid = 1 <= amount <= MAX_AMOUNT
    except InputError:
        valid = False
    if not valid:
        with pytest.raises(InvalidRequestError):
            client.create_order(order_id, amount, email)
        assert server.request_count() == requests_before  # refused before sending
        return
    url = client.create_order(clean_id, amount, email)
    stored = server.order(clean_id)
    assert stored is not None
    assert (stored.amount, stored.email, stored.url) == (amount, clean_email, url)
    assert client.get_order(clean_id) is OrderStatus.PENDING
