"""Keeping the secret key and request signatures out of texts meant for people and logs.

A ``sign`` is md5 of ``"order_id:secret"``; with the order id known, anyone who
reads it can brute-force a weak secret offline. So it is treated like the secret.
"""

from __future__ import annotations

import logging
import re

REDACTED = "<redacted>"

_SIGN_PARAM_RE = re.compile(r"(?i)([?&;]sign=)[^&#\s\"']*")


def scrub(text: str, *needles: str) -> str:
    """``text`` with every ``needle`` (case-insensitively) and any ``sign=`` value masked."""
    for needle in needles:
        if needle:
            text = re.sub(re.escape(needle), REDACTED, text, flags=re.IGNORECASE)
    return _SIGN_PARAM_RE.sub(lambda m: m.group(1) + REDACTED, text)


class SignRedactingFilter(logging.Filter):
    """Masks ``sign=`` in urllib3's lines that carry the full request path (the pool's
    debug lines, the connection's "Failed to parse headers" warning)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple) and record.args:
            record.args = tuple(scrub(arg) if isinstance(arg, str) else arg for arg in record.args)
        if isinstance(record.msg, str) and "sign=" in record.msg.lower():
            record.msg = scrub(record.msg)
        return True


_FILTER = SignRedactingFilter()


def install_log_filter() -> None:
    """Attach the filter to urllib3's loggers (idempotent: one shared instance)."""
    for name in ("urllib3.connectionpool", "urllib3.connection"):
        logging.getLogger(name).addFilter(_FILTER)
