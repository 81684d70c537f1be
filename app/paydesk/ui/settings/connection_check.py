"""The "Test connection" check in the window's words, run off the GUI thread.

The check itself is the core's (:func:`paydesk.core.settings.connection_check.check_connection`:
plain Python, the gateway the counter uses); this module says its verdict in
words for a person, and :class:`ConnectionChecker` runs it in a worker. Nothing
here ever puts the secret key in a message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from paydesk.core.problems import Failure
from paydesk.core.problems import FailureCode as Code
from paydesk.core.settings import connection_check as core_check
from paydesk.core.settings.connection_check import ConnectionCheck, Missing, Outcome
from paydesk.support.redaction import hide_secrets
from paydesk.support.secret_store import SecretStore, SecretStoreError
from paydesk.ui.shell.formatting import tr
from paydesk.ui.shell.messages import failure_text, problem_text
from paydesk.ui.shell.tasks import Task, run_task

__all__ = [
    "ConnectionChecker",
    "ConnectionResult",
    "Outcome",
    "address_problem",
    "check_connection",
    "check_with_store",
]


@dataclass(frozen=True, slots=True)
class ConnectionResult:
    outcome: Outcome
    message: str

    @property
    def ok(self) -> bool:
        return self.outcome is Outcome.ACCEPTED


def address_problem(base_url: str) -> str | None:
    """Why the gateway would refuse this address (https unless loopback...), or None."""
    failure = core_check.address_failure(base_url)
    return failure_text(failure) if failure is not None else None


def check_connection(base_url: str, client_id: int | None, secret: str | None) -> ConnectionResult:
    """The core's check with these values; the outcome in words for a person."""
    return _words(core_check.check_connection(base_url, client_id, secret), secret)


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
            return ConnectionResult(Outcome.INVALID, problem_text(error))
    return check_connection(base_url, client_id, secret)


def _words(check: ConnectionCheck, secret: str | None) -> ConnectionResult:
    outcome, failure = check.outcome, check.failure
    if check.missing is Missing.BASE_URL:
        text = tr("Enter the payment service address first.")
    elif check.missing is Missing.CLIENT_ID:
        text = tr("Enter the client ID first.")
    elif check.missing is Missing.SECRET_KEY:
        text = tr("Enter the secret key first.")
    elif outcome is Outcome.ACCEPTED:
        text = tr("Connected: the service accepted these credentials.")
    elif outcome is Outcome.REFUSED:
        text = tr("The service refused these credentials: check the client ID and secret key.")
    elif outcome is Outcome.UNREACHABLE and failure is not None:
        if failure.code == Code.TIMEOUT:
            reason = tr("it did not answer in time.")
        elif failure.code == Code.SERVICE_FAULT:
            reason = tr("it reported a fault of its own; try again in a few minutes.")
        else:
            reason = tr("check the address and the network.")
        text = tr("The service could not be reached at {address}: {reason}").format(
            address=check.address, reason=reason
        )
    else:
        text = failure_text(failure or Failure(Code.UNKNOWN))
    return ConnectionResult(outcome, _hide(text, secret))


def _hide(text: str, secret: str | None) -> str:
    """Belt and braces: a secret typed into the address field must not come back out."""
    return hide_secrets(text, secret or "")


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
