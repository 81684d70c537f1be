from __future__ import annotations

import string
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paydesk.domain.errors import EmailError, OrderIdError
from paydesk.domain.order_ids import OrderIdGenerator
from paydesk.domain.orders import OrderStatus, normalize_email, validate_order_id


def test_known_statuses() -> None:
    assert OrderStatus("approve") is OrderStatus.APPROVE
    assert OrderStatus.APPROVE == "approve"
    assert OrderStatus.APPROVE.is_final and OrderStatus.EXPIRED.is_final
    assert not OrderStatus.PENDING.is_final


def test_unknown_status_is_kept_not_raised() -> None:
    status = OrderStatus("refunded")
    assert status.value == "refunded" and status == "refunded"
    assert not status.is_known
    assert not status.is_final
    assert status.name == "UNKNOWN"
    with pytest.raises(ValueError, match="is not a valid"):
        OrderStatus("")


@pytest.mark.parametrize("order_id", ["A-1001", "x.y_z-9", "a" * 64, "20261121-153012847-K3QX9A"])
def test_valid_order_ids(order_id: str) -> None:
    assert validate_order_id(order_id) == order_id


@pytest.mark.parametrize(
    ("order_id", "code"),
    [("", "empty"), ("a" * 65, "too_long"), ("a:b", "colon"), ("a b", "bad_characters"),
     ("заказ", "bad_characters"), ("a/b", "bad_characters")],
)
def test_invalid_order_ids(order_id: str, code: str) -> None:
    with pytest.raises(OrderIdError) as info:
        validate_order_id(order_id)
    assert info.value.code == code


@given(st.text(alphabet=string.ascii_letters + string.digits + "._-", min_size=1, max_size=64))
def test_contract_alphabet_always_accepted(order_id: str) -> None:
    assert validate_order_id(order_id) == order_id


@given(st.text(max_size=40), st.text(max_size=40))
def test_colon_never_accepted(before: str, after: str) -> None:
    order_id = f"{before}:{after}"
    with pytest.raises(OrderIdError):
        validate_order_id(order_id)


def test_emails() -> None:
    assert normalize_email("  buyer@mail.ru ") == "buyer@mail.ru"
    assert normalize_email("   ") is None
    assert normalize_email(None) is None
    for bad, code in [("a@b", "bad_domain"), ("a@@b.ru", "at_sign"), ("ab.ru", "at_sign"),
                      ("a b@c.ru", "spaces"), ("@b.ru", "no_local_part"),
                      ("a@b..ru", "bad_domain"), ("a@" + "b" * 250 + ".ru", "too_long")]:
        with pytest.raises(EmailError) as info:
            normalize_email(bad)
        assert info.value.code == code, bad


def test_order_ids_sort_by_time_and_are_valid() -> None:
    start = datetime(2026, 11, 21, 15, 30, 12, 847000, tzinfo=UTC)
    ticks = iter([start, start, start + timedelta(milliseconds=1), start + timedelta(seconds=1)])
    generator = OrderIdGenerator(lambda: next(ticks))
    ids = [generator.new_id() for _ in range(4)]
    assert ids[0].startswith("20261121-153012847-")
    assert ids == sorted(ids) and len(set(ids)) == 4
    for order_id in ids:
        validate_order_id(order_id)


def test_two_counters_do_not_collide() -> None:
    moment = datetime(2026, 11, 21, tzinfo=UTC)
    first, second = OrderIdGenerator(lambda: moment), OrderIdGenerator(lambda: moment)
    ids = {g.new_id() for g in (first, second) for _ in range(500)}
    assert len(ids) == 1000


def test_the_short_id_is_the_random_tag_and_a_short_id_stays_whole() -> None:
    from paydesk.domain.order_ids import OrderIdGenerator, short_id

    assert short_id("20261121-153012847-K3QX9A") == "K3QX9A"
    assert short_id("A-1001") == "A-1001" and short_id("ABCDEFGH") == "ABCDEFGH"
    assert short_id("ABCDEFGHI") == "DEFGHI"
    made = OrderIdGenerator().new_id()
    assert made.endswith("-" + short_id(made))
