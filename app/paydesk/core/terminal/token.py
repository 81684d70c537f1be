"""The till program's API token: made once, kept like the secret key, checked in constant time.

A till program sends it as ``Authorization: Bearer …`` (core/terminal/api.py). It is
kept where the secret key is (support/secret_store.py: the keychain, or the plaintext
file the merchant chose), one per data folder; made the first time it is asked for,
and replaced only on request (``paydesk terminal token --rotate``: the running API
reads it again every few seconds, and the old one stops working then). It is
registered as a secret as it is read, so no log line or message carries it.
"""

from __future__ import annotations

import hmac
import re
import secrets

from paydesk.support.redaction import register_secret
from paydesk.support.secret_store import SecretStore

#: What a token looks like (256 random bits, URL-safe): anything else is not compared.
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")


def api_token(store: SecretStore, *, rotate: bool = False) -> str:
    """This data folder's token, made (and kept) if there is none or ``rotate`` asks.

    SecretStoreError (NoKeychainError) when it cannot be read or kept."""
    token = None if rotate else store.get_api_token()
    if not token or not TOKEN_PATTERN.fullmatch(token):
        token = secrets.token_urlsafe(32)
        store.set_api_token(token)
    register_secret(token)
    return token


def bearer_matches(header: str, token: str) -> bool:
    """Whether an ``Authorization`` header carries ``token`` (compared in constant time)."""
    scheme, _, given = header.partition(" ")
    given = given.strip()
    if scheme.lower() != "bearer" or not TOKEN_PATTERN.fullmatch(given):
        return False
    return hmac.compare_digest(given.encode(), token.encode())
