"""The service's md5 request signatures (service-contract.md, "Signature").

md5 is the service's choice, not ours: it authenticates requests with a shared
secret; nothing here relies on md5 for anything else.
"""

from __future__ import annotations

import hashlib
import hmac


def _md5_hex(text: str) -> str:
    return hashlib.md5(text.encode("utf-8"), usedforsecurity=False).hexdigest()


def create_order_sign(order_id: str, amount: int | str, secret_key: str) -> str:
    """``md5("{order_id}:{amount}:{secret_key}")``; ``amount`` as sent on the wire."""
    return _md5_hex(f"{order_id}:{amount}:{secret_key}")


def get_order_sign(order_id: str, secret_key: str) -> str:
    """``md5("{order_id}:{secret_key}")``."""
    return _md5_hex(f"{order_id}:{secret_key}")


def signatures_match(expected: str, given: str) -> bool:
    """Compare two hex digests case-insensitively in constant time."""
    try:
        return hmac.compare_digest(expected.lower().encode("ascii"), given.lower().encode("ascii"))
    except UnicodeEncodeError:
        return False
