"""Any error the core meets, as a failure code with details, for the front ends.

The core's events carry :class:`Failure` values, never the exceptions themselves:
:func:`failure_of` reads a gateway's, the order book's, a setting's or the
keychain's error once, here, and every front end says the code in the words of
the one table, paydesk.domain.catalogue (the window translated, the command line
and the logs in English, :func:`english`).
"""

from __future__ import annotations

from paydesk.core.runtime import NotConfiguredError
from paydesk.domain.catalogue import ceiling_of, english
from paydesk.domain.errors import InputError
from paydesk.domain.failures import (
    WITH_SERVICE_WORDS,
    Failure,
    FailureCode,
    OtherFailureCode,
    SetupFailureCode,
    StoreProblem,
)
from paydesk.domain.shift_errors import ShiftError
from paydesk.gateway.errors import GatewayError
from paydesk.store.errors import StoreError
from paydesk.store.shared.errors import SharedBookError
from paydesk.support.secret_store import NoKeychainError, SecretStoreError

__all__ = [
    "WITH_SERVICE_WORDS",
    "Failure",
    "FailureCode",
    "StoreProblem",
    "ceiling_of",
    "english",
    "failure_of",
    "is_store_error",
    "is_store_failure",
    "unexpected",
]

#: NotConfiguredError.missing -> its code.
_NOT_CONFIGURED = {
    "base_url": SetupFailureCode.NO_ADDRESS,
    "client_id": SetupFailureCode.NO_CLIENT_ID,
    "secret_key": SetupFailureCode.NO_SECRET_KEY,
}


def failure_of(error: BaseException) -> Failure:
    """``error`` as a code and its details; the English account is kept as detail
    where the code alone cannot say it all (the file, SQLite's words, the command
    that mends a setting, what an unexpected error said)."""
    if isinstance(error, GatewayError | InputError | SharedBookError | ShiftError):
        return error.failure
    if isinstance(error, StoreError):
        places = tuple(str(p) for p in (error.path, error.moved_to) if p is not None)
        return Failure(error.problem or OtherFailureCode.STORE_FAILED, str(error), places)
    if isinstance(error, NotConfiguredError):
        return Failure(_NOT_CONFIGURED.get(error.missing, SetupFailureCode.NOT_CONFIGURED),
                       error.message)
    if isinstance(error, NoKeychainError):
        return Failure(SetupFailureCode.NO_KEYCHAIN, str(error))
    if isinstance(error, SecretStoreError):
        return Failure(SetupFailureCode.KEYCHAIN_REFUSED, str(error))
    return unexpected(error)


def unexpected(error: BaseException) -> Failure:
    """An error nobody expected (a bug), as what it said."""
    return Failure(OtherFailureCode.UNEXPECTED, str(error))


def is_store_failure(failure: Failure) -> bool:
    """Whether ``failure`` is this computer's order book's (locked, full, damaged...)."""
    return failure.code in _STORE_CODES


_STORE_CODES = frozenset({*StoreProblem, OtherFailureCode.STORE_FAILED})


def is_store_error(error: BaseException) -> bool:
    """Whether the order book raised ``error`` (this computer's, or the shared one)."""
    return isinstance(error, StoreError)
