"""The database driver's errors as the shared book's, with a code a front end can say.

A failed connection or a broken one is ``book_unreachable`` (the caller connects
again later), a login with no password to give ``book_no_password``, a refused login
``book_auth``, a failed or unverified secure
connection ``book_tls``, and a statement the server refused ``book_refused``.
The detail is the server's (or libpq's) first line, with the password, should
it ever appear there, blotted out.
"""

from __future__ import annotations

import re

import psycopg

from paydesk.domain.failures import BookFailureCode, Failure
from paydesk.store.shared.errors import SharedBookError
from paydesk.support.redaction import hide_secrets

#: Words of libpq and the server that mean the secure connection failed.
_TLS_WORDS = ("ssl", "certificate", "tls", "root.crt", "sslmode")
#: libpq's words when the server asks for a password and it has none to give.
_NO_PASSWORD = "no password supplied"
#: The server's words for a login it refused (the role, its password, its rights).
_LOGIN_REFUSED = ("password", "authentication", "role", "permission denied for database",
                  "no pg_hba.conf entry")
#: What libpq says before the reason of a failed connection.
_PREFIX = re.compile(r"^(connection failed:\s*)?(connection to server (at|on) .*? failed:\s*)?"
                     r"((FATAL|ERROR):\s*)?")
#: SQLSTATE classes of a connection that is gone: connection exception, operator
#: intervention (the server shutting down, a backend terminated).
_GONE_CLASSES = ("08", "57")


def book_error(error: psycopg.Error, where: str, *, broken: bool = False,
               password: str | None = None) -> SharedBookError:
    """``error`` as a :class:`SharedBookError` for the book at ``where`` (masked).

    ``broken``: the connection can no longer be used (after a statement failed).
    """
    detail = _reason(str(error))
    detail = hide_secrets(detail, password or "")
    sqlstate = error.sqlstate or ""
    lowered = detail.lower()
    if not sqlstate and _NO_PASSWORD in lowered:
        # libpq's own "fe_sendauth: no password supplied" says nothing a person can act
        # on: the code's sentence says what is missing (and the runtime, how to give it).
        return SharedBookError(Failure(BookFailureCode.BOOK_NO_PASSWORD), where)
    if sqlstate.startswith("28") or (
            not sqlstate and any(words in lowered for words in _LOGIN_REFUSED)):
        code = BookFailureCode.BOOK_AUTH
    elif broken:
        code = BookFailureCode.BOOK_UNREACHABLE
    elif sqlstate == "3D000" or (lowered.startswith("database") and "does not exist" in lowered):
        code = BookFailureCode.BOOK_NOT_READY
    elif any(word in lowered for word in _TLS_WORDS) and not sqlstate:
        code = BookFailureCode.BOOK_TLS
    elif sqlstate[:2] in _GONE_CLASSES or (
            isinstance(error, psycopg.OperationalError) and not sqlstate):
        code = BookFailureCode.BOOK_UNREACHABLE
    else:
        code = BookFailureCode.BOOK_REFUSED
    return SharedBookError(Failure(code, detail or None), where)


def _reason(text: str) -> str:
    """The reason in libpq's or the server's words: the first line, without libpq's
    "connection failed: connection to server at ... failed:" and the "FATAL:" before it."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    return _PREFIX.sub("", lines[0]).strip().rstrip(".")
