"""Why a call to the payment service failed, as a stable code and a detail.

The gateway's errors carry a :class:`FailureCode`; the order book keeps an
order's last failure as a :class:`Failure` (the code and one detail, never a
sentence); the core's events carry a :class:`Failure` of any of the codes here.
The words for every code are in one table, paydesk.domain.catalogue, which the
window says translated and the command line in English.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class FailureCode(enum.StrEnum):
    """What went wrong; the values are stored in the order book, so they never change."""

    #: A GatewayError with nothing more specific to say.
    FAILED = "failed"
    # -- the client's settings: nothing was sent --------------------------------
    CONFIG = "config"
    ADDRESS_EMPTY = "address_empty"
    ADDRESS_SPACES = "address_spaces"
    ADDRESS_NOT_URL = "address_not_url"
    ADDRESS_SCHEME = "address_scheme"
    ADDRESS_NO_HOST = "address_no_host"
    ADDRESS_USER_INFO = "address_user_info"
    ADDRESS_QUERY = "address_query"
    ADDRESS_NOT_HTTPS = "address_not_https"
    CLIENT_ID_NOT_NUMBER = "client_id_not_number"
    CLIENT_ID_NOT_POSITIVE = "client_id_not_positive"
    SECRET_EMPTY = "secret_empty"
    # -- reaching the service ------------------------------------------------
    UNREACHABLE = "unreachable"
    TIMEOUT = "timeout"
    TLS = "tls"
    # -- the service said no (the detail: its own words, if any) ----------------
    REFUSED = "refused"
    CREDENTIALS_REFUSED = "credentials_refused"
    ORDER_NOT_FOUND = "order_not_found"
    ORDER_CONFLICT = "order_conflict"
    PARAMETER_REFUSED = "parameter_refused"
    RATE_LIMITED = "rate_limited"
    SERVICE_FAULT = "service_fault"
    # -- a reply PayDesk cannot use -------------------------------------------
    BAD_REPLY = "bad_reply"
    #: A 5xx reply that is not the contract's JSON.
    FAULT_REPLY = "fault_reply"
    REDIRECT = "redirect"
    INSECURE_LINK = "insecure_link"
    OTHER_ORDER = "other_order"
    # -- the order book's own ------------------------------------------------
    #: The service never heard of the order and its time ran out: given up.
    NEVER_SENT = "never_sent"
    #: The service already had the order (an earlier attempt reached it) and refused
    #: the repeat instead of sending its link again: watched, but its link is unknown.
    LINK_UNKNOWN = "link_unknown"
    #: A failure recorded without an error to say what it was.
    UNKNOWN = "unknown"
    #: Written by a PayDesk that stored sentences: the detail is that sentence.
    LEGACY = "legacy"


class Remedy(enum.Enum):
    """What trying again by hand does for a problem (a front end's Retry button).

    The core decides it for each problem (core/watch/events.py); the window's first
    frame already holds the banner that offers it.
    """

    #: Nothing a person can do here helps (the service refused for good, the book is lost).
    NONE = "none"
    #: Send the order's creation again, with its same order id.
    SEND_AGAIN = "send_again"
    #: Check the open orders now (and make the payment client again, if it failed).
    CHECK_AGAIN = "check_again"
    #: Create the sale again, as it was typed: nothing of it was written or sent.
    CREATE_AGAIN = "create_again"


class BookFailureCode(enum.StrEnum):
    """Why the shop's shared order book (PostgreSQL) could not be used.

    Failures of the connection to the book, not of an order: they are never an
    order's last error, so they are kept apart from :class:`FailureCode` (every
    one of whose codes the front ends say in words for an order's details). A
    :class:`Failure` carries one as its code, with the server's words as detail.
    """

    #: The book's server could not be reached, or the connection broke.
    BOOK_UNREACHABLE = "book_unreachable"
    #: The server refused the till's user name or password.
    BOOK_AUTH = "book_auth"
    #: The server asks for a password and none was given: PayDesk keeps none for the
    #: book's user, and libpq found none in its own places (~/.pgpass, PGPASSWORD).
    BOOK_NO_PASSWORD = "book_no_password"
    #: The secure connection to the book's server could not be made or verified.
    BOOK_TLS = "book_tls"
    #: The book was set up by a newer PayDesk; this one must not write to it.
    BOOK_SCHEMA_TOO_NEW = "book_schema_too_new"
    #: The database has no PayDesk book yet, or an older one (``paydesk book init``).
    BOOK_NOT_READY = "book_not_ready"
    #: The server refused a statement (rights missing, a constraint, a fault).
    BOOK_REFUSED = "book_refused"


class StoreProblem(enum.StrEnum):
    """What stood in this computer's order book's way (SQLite), as a code.

    The words (the fact, and what to do) are in paydesk.domain.catalogue: what to do
    depends on what was being done (after an order was sent, "try again" would make a
    second sale). A :class:`Failure` of one of these has the store's own English
    account (with SQLite's words, for support) as detail and the file in ``places``.
    """

    LOCKED = "locked"
    READ_ONLY = "read_only"
    FULL = "full"
    DISK = "disk"
    CANNOT_OPEN = "cannot_open"
    DAMAGED = "damaged"
    NOT_A_BOOK = "not_a_book"
    TOO_NEW = "too_new"


class SetupFailureCode(enum.StrEnum):
    """Why there is no payment client to send with: a setting, or the keychain."""

    #: The payment service address is not set.
    NO_ADDRESS = "no_address"
    #: The client ID is not set.
    NO_CLIENT_ID = "no_client_id"
    #: The secret key is not set.
    NO_SECRET_KEY = "no_secret_key"
    #: Another setting the service needs is missing (the detail names it).
    NOT_CONFIGURED = "not_configured"
    #: This computer has no keychain to read the secret key from.
    NO_KEYCHAIN = "no_keychain"
    #: The keychain refused to read or keep the secret key.
    KEYCHAIN_REFUSED = "keychain_refused"


class ApiFailureCode(enum.StrEnum):
    """Why the till program's API (core/terminal/api.py) refused a request itself."""

    #: No token, or not this till's (``Authorization: Bearer …``).
    UNAUTHORIZED = "api_unauthorized"
    #: The request names another host (a web page's trick to reach this computer).
    FOREIGN_HOST = "api_foreign_host"
    #: The body is larger than any payment's request.
    TOO_LARGE = "api_too_large"
    #: The body is not a JSON object.
    MALFORMED = "api_malformed"
    #: No such address, or no such payment.
    NOT_FOUND = "api_not_found"
    #: The address takes another method.
    METHOD = "api_method"
    #: The till is taking another sale (its creation is out): ask again in a moment.
    BUSY = "api_busy"
    #: The reference is the till program's id of another sale: its payment was asked
    #: for with another amount, e-mail or note (the detail: :func:`reference_reused`).
    REFERENCE_REUSED = "api_reference_reused"
    #: The shift's reference is the till program's id of a shift opened (or closed) by
    #: another cashier: never answered with that shift (the detail: that cashier).
    SHIFT_REFERENCE_REUSED = "api_shift_reference_reused"
    #: The till works without shifts (the setting ``shifts`` is off).
    SHIFTS_OFF = "api_shifts_off"


class ShiftFailureCode(enum.StrEnum):
    """Why the shifts and cashiers (core/shifts/) refused: the window, the command line
    and the till program's API each say it in their own words from the catalogue."""

    #: Shifts are on and this till has no open shift: no sale is taken outside one.
    SHIFT_REQUIRED = "shift_required"
    #: This till already has an open shift (the detail: its number).
    SHIFT_ALREADY_OPEN = "shift_already_open"
    #: There is no such shift on this till (the detail: the number asked for).
    NO_SUCH_SHIFT = "shift_not_found"
    #: The shift was opened by another cashier: only they or an owner may close it.
    NOT_YOUR_SHIFT = "shift_not_yours"
    #: The name and PIN do not match a cashier (one wording for both: no name is
    #: confirmed to a guesser).
    WRONG_PIN = "cashier_wrong_pin"
    #: Too many wrong PINs for this cashier: wait (the detail: whole seconds).
    PIN_LOCKED = "cashier_pin_locked"
    #: A PIN is 4 to 6 digits.
    BAD_PIN = "cashier_bad_pin"
    #: Only an owner may do this (manage cashiers, change settings, close another's shift).
    OWNER_ONLY = "cashier_owner_only"
    #: A cashier's name is one line of 1 to 40 characters.
    BAD_NAME = "cashier_bad_name"
    #: Another cashier has this name (the detail: the name).
    CASHIER_EXISTS = "cashier_exists"
    #: No cashier has this name (the detail: the name).
    NO_SUCH_CASHIER = "cashier_not_found"
    #: The last owner cannot be removed (nobody could manage the cashiers after).
    LAST_OWNER = "cashier_last_owner"
    #: There is no cashier yet: the first one added is the owner.
    NO_CASHIERS = "cashier_none"


class OtherFailureCode(enum.StrEnum):
    """A failure no code above says: the detail is its English account, shown as it is."""

    #: The order book failed in a way it gives no :class:`StoreProblem` for.
    STORE_FAILED = "store_failed"
    #: Something raised that nobody expected (a bug): the detail is what it said.
    UNEXPECTED = "unexpected"


#: The codes whose detail is the service's own words, said after the code's text.
WITH_SERVICE_WORDS = frozenset({FailureCode.REFUSED, FailureCode.PARAMETER_REFUSED})
#: The payment client's settings are unusable: nothing was sent (GatewayConfigError's).
SETTINGS_FAILURES = frozenset({
    FailureCode.CONFIG, FailureCode.ADDRESS_EMPTY, FailureCode.ADDRESS_SPACES,
    FailureCode.ADDRESS_NOT_URL, FailureCode.ADDRESS_SCHEME, FailureCode.ADDRESS_NO_HOST,
    FailureCode.ADDRESS_USER_INFO, FailureCode.ADDRESS_QUERY, FailureCode.ADDRESS_NOT_HTTPS,
    FailureCode.CLIENT_ID_NOT_NUMBER, FailureCode.CLIENT_ID_NOT_POSITIVE,
    FailureCode.SECRET_EMPTY,
})
#: The service understood the request and said no (ServiceRefused's).
REFUSALS = frozenset({
    FailureCode.REFUSED, FailureCode.CREDENTIALS_REFUSED, FailureCode.ORDER_NOT_FOUND,
    FailureCode.ORDER_CONFLICT, FailureCode.PARAMETER_REFUSED,
})


@dataclass(frozen=True, slots=True)
class Failure:
    """A failure as the front ends receive it, and an order's last one as the book keeps it.

    ``code`` is a :class:`FailureCode` value, or for an order field the service
    client refused, ``"<field>.<input code>"`` (``"amount.too_large"``).
    ``detail`` depends on the code: the service's words for a refusal, the
    ceiling in kopecks for ``amount.too_large``, the earlier and the asked amount for
    ``api_reference_reused`` (:func:`reference_reused`), the core's English sentence for
    other input codes, the old sentence for :attr:`FailureCode.LEGACY`.
    """

    code: str
    detail: str | None = None
    #: The files the failure is about, for the words that name them: the order book,
    #: and where a damaged one was moved (never stored with an order).
    places: tuple[str, ...] = ()

    @property
    def field(self) -> str | None:
        """The order field of an input code (``"amount"``), else None."""
        field, dot, _code = self.code.partition(".")
        return field if dot else None

    @property
    def input_code(self) -> str | None:
        """The InputError code of an input code (``"too_large"``), else None."""
        _field, dot, code = self.code.partition(".")
        return code if dot else None

    def __str__(self) -> str:
        return self.code if self.detail is None else f"{self.code}: {self.detail}"


def reference_reused(earlier_kopecks: int, asked_kopecks: int) -> Failure:
    """A reference reused for another sale: the detail keeps both amounts (kopecks), so
    the words name them, written the way of the language they are said in."""
    return Failure(ApiFailureCode.REFERENCE_REUSED, f"{earlier_kopecks}/{asked_kopecks}")


def reused_amounts(failure: Failure) -> tuple[int, int] | None:
    """The earlier payment's amount and the one asked for now, of a reference reused."""
    if failure.code != ApiFailureCode.REFERENCE_REUSED or failure.detail is None:
        return None
    earlier, _slash, asked = failure.detail.partition("/")
    if not all(part.isascii() and part.isdigit() for part in (earlier, asked)):
        return None
    return int(earlier), int(asked)
