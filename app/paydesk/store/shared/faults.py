"""The database driver's errors as the shared book's, with a code a front end can say.

A failed connection or a broken one is ``book_unreachable`` (the caller connects
again later), a refused login ``book_auth``, a failed or unverified secure
connection ``book_tls``, and a statement the server refused ``book_refused``.
The detail is the server's (or libpq's) first line, with the password, should
it ever appear there, blotted out.
"""

from __future__ import annotations

import psycopg

from paydesk.domain.failures import BookFailureCode, Failure
from paydesk.store.shared.errors import SharedBookError

#: Words of libpq and the server that mean the secure connection failed.
_TLS_WORDS = ("ssl", "certificate", "tls", "root.crt", "sslmode")
#: SQLSTATE classes of a connection that is gone: connection exception, operator
#: intervention (the server shutting down, a backend terminated).
_GONE_CLASSES = ("08", "57")


def book_error(error: psycopg.Error, where: str, *, broken: bool = False,
               password: str | None = None) -> SharedBookError:
    """``error`` as a :class:`SharedBookError` for the book at ``where`` (masked).

    ``broken``: the connection can no longer be used (after a statement failed).
    """
    detail = _first_line(str(error))
    if password:
        detail = detail.replace(password, "***")
    sqlstate = error.sqlstate or ""
    lowered = detail.lower()
    if sqlstate.startswith("28") or "password" in lowered or "authentication" in lowered:
        code = BookFailureCode.BOOK_AUTH
    elif broken:
        code = BookFailureCode.BOOK_UNREACHABLE
    elif any(word in lowered for word in _TLS_WORDS) and not sqlstate:
        code = BookFailureCode.BOOK_TLS
    elif sqlstate[:2] in _GONE_CLASSES or (
            isinstance(error, psycopg.OperationalError) and not sqlstate):
        code = BookFailureCode.BOOK_UNREACHABLE
    else:
        code = BookFailureCode.BOOK_REFUSED
    return SharedBookError(Failure(code, detail or None), where)


def _first_line(text: str) -> str:
    """The first line that says something (libpq's start "connection failed:" and
    put the reason on the next one)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    return lines[0].rstrip(".")
