"""The service's md5 signatures against the shared test vectors (service-contract.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from paydesk.domain.signing import create_order_sign, get_order_sign, signatures_match

# The shared folder beside the checkout is authoritative; tests/data holds a copy
# so a checkout on its own still runs every vector.
_SHARED = Path(__file__).parents[2].parent / "shared" / "signature-vectors.json"
_COPY = Path(__file__).parents[1] / "data" / "signature-vectors.json"
VECTORS_PATH = _SHARED if _SHARED.is_file() else _COPY


# Committed with the tests: a missing file fails here, rather than skipping them all.
VECTORS: list[dict[str, Any]] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize("vector", VECTORS, ids=[v["order_id"] for v in VECTORS])
def test_create_order_sign_matches_vector(vector: dict[str, Any]) -> None:
    assert vector["create_order_text"] == (
        f"{vector['order_id']}:{vector['amount']}:{vector['secret_key']}"
    )
    sign = create_order_sign(vector["order_id"], vector["amount"], vector["secret_key"])
    assert sign == vector["create_order_sign"]
    # The amount is signed exactly as sent on the wire: int and its str agree.
    assert (
        create_order_sign(vector["order_id"], str(vector["amount"]), vector["secret_key"]) == sign
    )


@pytest.mark.parametrize("vector", VECTORS, ids=[v["order_id"] for v in VECTORS])
def test_get_order_sign_matches_vector(vector: dict[str, Any]) -> None:
    assert vector["get_order_text"] == f"{vector['order_id']}:{vector['secret_key']}"
    assert get_order_sign(vector["order_id"], vector["secret_key"]) == vector["get_order_sign"]


def test_vectors_cover_non_ascii_secret() -> None:
    assert any(not v["secret_key"].isascii() for v in VECTORS)


def test_sign_is_32_lowercase_hex() -> None:
    sign = create_order_sign("A-1", 100, "SECRET")
    assert len(sign) == 32
    assert sign == sign.lower()
    int(sign, 16)


def test_non_ascii_secret_is_encoded_as_utf8() -> None:
    # md5("ord_42:ключ") over UTF-8 bytes, not over a locale encoding.
    import hashlib

    expected = hashlib.md5("ord_42:ключ".encode()).hexdigest()
    assert get_order_sign("ord_42", "ключ") == expected
    assert (
        get_order_sign("ord_42", "ключ") != hashlib.md5("ord_42:ключ".encode("cp1251")).hexdigest()
    )


def test_amount_changes_the_sign() -> None:
    assert create_order_sign("A-1", 100, "s") != create_order_sign("A-1", 1000, "s")


def test_signatures_match_ignores_case() -> None:
    sign = get_order_sign("A-1001", "s3cr3t")
    assert signatures_match(sign, sign.upper())
    assert signatures_match(sign.upper(), sign)
    assert signatures_match(sign, sign)


def test_signatures_match_refuses_other_digests() -> None:
    sign = get_order_sign("A-1001", "s3cr3t")
    other = get_order_sign("A-1002", "s3cr3t")
    assert not signatures_match(sign, other)
    assert not signatures_match(sign, sign[:-1])
    assert not signatures_match(sign, "")


def test_signatures_match_refuses_non_ascii_input() -> None:
    sign = get_order_sign("A-1001", "s3cr3t")
    assert not signatures_match(sign, "ключ" + sign[4:])
    assert not signatures_match("ключ", "ключ")
