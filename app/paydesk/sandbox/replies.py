"""A finished HTTP reply as plain data, so the service logic never touches sockets."""

from __future__ import annotations

import json
from dataclasses import dataclass

JSON_TYPE = "application/json; charset=utf-8"
HTML_TYPE = "text/html; charset=utf-8"


@dataclass(frozen=True, slots=True)
class Reply:
    status: int
    body: bytes
    content_type: str
    headers: tuple[tuple[str, str], ...] = ()
    #: When set, the reply is sent a byte at a time, this many seconds apart (a trickle
    #: fault): the body only, or with ``trickle_head`` the status line and headers too.
    trickle_seconds: float | None = None
    trickle_head: bool = False


#: Every reply: a browser must not guess a JSON reply is a page (some echo the request).
NOSNIFF = (("X-Content-Type-Options", "nosniff"),)
# "<", ">" and "&" as JSON escapes: the same value to any JSON reader, and no markup
# for anything that would read a reply as HTML anyway.
_MARKUP = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})


def json_reply(
    status: int, payload: dict[str, object], headers: tuple[tuple[str, str], ...] = ()
) -> Reply:
    # json.dumps' default separators give exactly the contract's {"status": true, ...}.
    text = json.dumps(payload).translate(_MARKUP)
    return Reply(status, text.encode("utf-8"), JSON_TYPE, NOSNIFF + headers)


def failure(status: int, message: str, headers: tuple[tuple[str, str], ...] = ()) -> Reply:
    """The contract's only failure shape: ``{"status": false, "message": ...}``."""
    return json_reply(status, {"status": False, "message": message}, headers)


# Pages carry the payment token in their URL: keep it out of referrers and caches,
# and allow nothing but inline CSS and posting the form back to ourselves.
PAGE_HEADERS: tuple[tuple[str, str], ...] = (
    ("Cache-Control", "no-store"),
    ("Referrer-Policy", "no-referrer"),
    *NOSNIFF,
    (
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
        "base-uri 'none'; frame-ancestors 'none'",
    ),
)


def html_reply(status: int, page: str, headers: tuple[tuple[str, str], ...] = ()) -> Reply:
    return Reply(status, page.encode("utf-8"), HTML_TYPE, PAGE_HEADERS + headers)
