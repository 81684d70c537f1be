"""What a stranger may read: texts with the secret key, request signatures and e-mails masked.

Support asks a merchant for the log folder, and error texts reach the screen and
the terminal, so PayDesk masks before it writes:

- the secret key: the one this process signs with (:func:`register_secret`), and
  ``PAYDESK_SECRET_KEY`` while it is still in the environment;
- request signatures (``sign=...``: md5 of the order id and the secret, so anyone
  who reads one can brute-force a weak secret offline);
- a password in an address (``postgresql://till:pw@host``, ``password=pw``), and
  the shared order book's password wherever it appears (registered like the key);
- in logs and crash reports also buyers' e-mail addresses, kept as ``b***@mail.ru``:
  enough to tell two buyers apart, not enough to write to them.

One module for the log, the crash reports, the payment client and the shared
book's messages, so they all mask alike. :class:`RedactingFilter` masks a log
record once, after ``%`` formatting and with its traceback, so a value passed as
an argument or carried by an exception is caught too.
"""

from __future__ import annotations

import logging
import os
import re
import threading
from urllib.parse import quote

#: The environment variable the secret may come in (support/secret_store.py takes it from there).
SECRET_ENV = "PAYDESK_SECRET_KEY"
MASK = "***"

_SIGN_RE = re.compile(r"(?i)\b(sign=)[^&#\s\"',;)]+")
# The local part stops at "=" and "&", so "email=buyer@x.ru" in a query keeps its key;
# "%40" is "@" in a URL-encoded query string.
_EMAIL_RE = re.compile(r"(?<![\w.+-])([\w.+-])[\w.+-]*(@|%40)([\w-]+(?:\.[\w-]+)+)")

# A password in an address's user part ("://till:pw@host") or in its query ("password=pw").
_URL_PASSWORD_RE = re.compile(r"(://[^:/@\s]*):[^@/\s]*@")
_PASSWORD_PARAM_RE = re.compile(r"(?i)(password=)[^&\s]*")

_secrets: set[str] = set()
_secrets_lock = threading.Lock()


def register_secret(value: str | None) -> None:
    """Mask ``value`` in every text from now on (the secret this process signs with)."""
    if value:
        with _secrets_lock:
            _secrets.update(_forms(value))


def forget_secrets() -> None:
    """Drop the registered secrets (tests; a process never needs to)."""
    with _secrets_lock:
        _secrets.clear()


def _forms(value: str) -> set[str]:
    """``value`` as written and as it appears in a URL's query string."""
    return {value, quote(value, safe="")}


def hide_secrets(text: str, *needles: str) -> str:
    """``text`` without the known secrets, the ``needles`` (case-insensitively) or any
    ``sign=`` value: for error texts that a person reads."""
    with _secrets_lock:
        known = set(_secrets)
    from_env = os.environ.get(SECRET_ENV)
    if from_env:
        known |= _forms(from_env)
    known |= {needle for needle in needles if needle}
    # Longest first: a secret that contains another is masked whole.
    for needle in sorted(known, key=len, reverse=True):
        text = re.sub(re.escape(needle), MASK, text, flags=re.IGNORECASE)
    return _SIGN_RE.sub(lambda m: m.group(1) + MASK, text)


def hide_address_passwords(text: str) -> str:
    """``text`` with any password written into an address masked, even in one that is
    no usable address (to quote what a person typed)."""
    text = _URL_PASSWORD_RE.sub(rf"\1:{MASK}@", text)
    return _PASSWORD_PARAM_RE.sub(rf"\1{MASK}", text)


def redact(text: str) -> str:
    """``text`` without signatures, known secrets, passwords in addresses or full
    e-mail addresses: for logs."""
    text = hide_address_passwords(hide_secrets(text))
    return _EMAIL_RE.sub(lambda m: f"{m.group(1)}{MASK}{m.group(2)}{m.group(3)}", text)


_MASKED = "paydesk_masked"  # set on a record once RedactingFilter has masked it


class RedactingFilter(logging.Filter):
    """Masks the finished message, the traceback and the stack of every record.

    The record is changed in place (message formatted, args dropped, the
    traceback text cached), so every handler after this one sees it masked too,
    and it is masked once however many loggers and handlers carry this filter.
    """

    _formatter = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, _MASKED, False):
            return True
        try:
            message = record.getMessage()
        except Exception:  # a malformed log call must not raise in the caller's code
            message = f"{record.msg} (arguments not shown: they do not fit the message)"
        record.msg = redact(message)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = self._formatter.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        setattr(record, _MASKED, True)
        return True
