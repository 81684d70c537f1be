"""The "Test connection" check: can PayDesk reach the service, and does it take these keys?

The check itself (:func:`check_connection`) is plain Python, so the command line
and the tests can use it; :class:`ConnectionChecker` is the thin Qt part that
runs it off the GUI thread. Nothing here ever puts the secret key in a message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from paydesk.gateway import (
    CredentialsRefused,
    GatewayClient,
    GatewayConfigError,
    GatewayConnectionError,
    GatewayError,
    GatewayTimeout,
    InvalidRequestError,
    ServiceUnavailable,
)
from paydesk.support.secret_store import SecretStore, SecretStoreError
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.messages import gateway_error_text, problem_text
from paydesk.ui.shell.tasks import Task, run_task

#: A person waits for this button: one short try, not the counter's patient retries.
CONNECT_TIMEOUT = 5.0
READ_TIMEOUT = 5.0
DEADLINE = 8.0


class Outcome(StrEnum):
    ACCEPTED = "accepted"
    REFUSED = "refused"
    UNREACHABLE = "unreachable"
    INVALID = "invalid"
    #: Reached, but no usable answer (TLS failure, a reply we cannot read, busy...).
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class ConnectionResult:
    outcome: Outcome
    message: str

    @property
    def ok(self) -> bool:
        return self.outcome is Outcome.ACCEPTED


def address_problem(base_url: str) -> str | None:
    """Why the gateway would refuse this address (https unless loopback...), or None.

    The rule lives in the gateway; building a client applies it without sending
    anything, so settings and the counter can never disagree about an address.
    """
    try:
        GatewayClient(base_url, 1, "address-check").close()
    except GatewayConfigError as error:
        return gateway_error_text(error)
    return None


def check_connection(base_url: str, client_id: int | None, secret: str | None) -> ConnectionResult:
    """One signed, harmless request with these values; the outcome in words for a person."""
    if not base_url.strip():
        return _invalid(tr("Enter the payment service address first."))
    if client_id is None:
        return _invalid(tr("Enter the client ID first."))
    if not secret:
        return _invalid(tr("Enter the secret key first."))
    try:
        client = GatewayClient(
            base_url,
            client_id,
            secret,
            connect_timeout=CONNECT_TIMEOUT,
            read_timeout=READ_TIMEOUT,
            deadline=DEADLINE,
            max_attempts=1,
        )
    except GatewayConfigError as error:
        return _invalid(gateway_error_text(error), secret)
    with client:
        address = client.base_url
        try:
            client.verify_credentials()
        except CredentialsRefused:
            return ConnectionResult(
                Outcome.REFUSED,
                tr("The service refused these credentials: check the client ID and secret key."),
            )
        except GatewayTimeout:
            return _unreachable(address, tr("it did not answer in time."), secret)
        except GatewayConnectionError:
            return _unreachable(address, tr("check the address and the network."), secret)
        except ServiceUnavailable:
            return _unreachable(
                address, tr("it reported a fault of its own; try again in a few minutes."), secret
            )
        except (GatewayConfigError, InvalidRequestError) as error:
            return _invalid(gateway_error_text(error), secret)
        except GatewayError as error:
            return ConnectionResult(Outcome.FAILED, _hide(gateway_error_text(error), secret))
    return ConnectionResult(
        Outcome.ACCEPTED, tr("Connected: the service accepted these credentials.")
    )


def check_with_store(
    base_url: str, client_id: int | None, typed_secret: str, store: SecretStore | None
) -> ConnectionResult:
    """The typed secret, else the stored one: reading the keychain may block, so this
    runs in the worker too."""
    secret: str | None = typed_secret or None
    if secret is None and store is not None and client_id is not None:
        try:
            secret = store.get(client_id)
        except SecretStoreError as error:
            return _invalid(problem_text(error))
    return check_connection(base_url, client_id, secret)


def _invalid(message: str, secret: str | None = None) -> ConnectionResult:
    return ConnectionResult(Outcome.INVALID, _hide(message, secret))


def _unreachable(address: str, reason: str, secret: str) -> ConnectionResult:
    text = tr("The service could not be reached at {address}: {reason}").format(
        address=address, reason=reason
    )
    return ConnectionResult(Outcome.UNREACHABLE, _hide(text, secret))


def _hide(text: str, secret: str | None) -> str:
    """Belt and braces: a secret typed into the address field must not come back out."""
    return text.replace(secret, "••••••••") if secret else text


class ConnectionChecker(QObject):
    """Runs one check at a time in a thread pool; ``finished`` arrives in the GUI thread."""

    started = Signal()
    finished = Signal(object)  # ConnectionResult

    def __init__(self, pool: QThreadPool | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = pool or QThreadPool.globalInstance()
        self._task: Task | None = None  # kept so its signals object outlives the run

    @property
    def busy(self) -> bool:
        return self._task is not None

    def start(self, call: Callable[[], ConnectionResult]) -> bool:
        """Start ``call`` (a ``check_*`` with its values bound); False if one is running."""
        if self._task is not None:
            return False
        self.started.emit()
        self._task = run_task(self._pool, call, self._on_done, self._on_error)
        return True

    def _on_done(self, result: Any) -> None:
        self._task = None
        self.finished.emit(result)

    def _on_error(self, error: BaseException) -> None:
        self._task = None
        self.finished.emit(
            ConnectionResult(
                Outcome.FAILED,
                tr("The check stopped on an unexpected error ({name}).").format(
                    name=type(error).__name__
                ),
            )
        )
