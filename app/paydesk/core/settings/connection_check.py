"""The "Test connection" check: can PayDesk reach the service, and does it take these keys?

One signed, harmless request with the values a person typed (not yet saved),
made with the same gateway the counter uses, so settings and the counter can
never disagree about an address or a key. The answer is a verdict and a code,
never a sentence: each front end says it in its own words. It waits on the
network, so a window runs it in a worker.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from paydesk.domain.failures import Failure
from paydesk.domain.failures import FailureCode as Code
from paydesk.gateway import GatewayClient, GatewayConfigError, GatewayError, InvalidRequestError
from paydesk.gateway.endpoint import parse_base_url

#: A person waits for this button: one short try, not the counter's patient retries.
CONNECT_TIMEOUT = 5.0
READ_TIMEOUT = 5.0
DEADLINE = 8.0


class Outcome(enum.StrEnum):
    ACCEPTED = "accepted"
    REFUSED = "refused"
    UNREACHABLE = "unreachable"
    INVALID = "invalid"
    #: Reached, but no usable answer (TLS failure, a reply we cannot read, busy...).
    FAILED = "failed"


class Missing(enum.StrEnum):
    """A value the check needs and was not given (by its configuration key)."""

    BASE_URL = "base_url"
    CLIENT_ID = "client_id"
    SECRET_KEY = "secret_key"


@dataclass(frozen=True, slots=True)
class ConnectionCheck:
    """What the check found: the verdict, and what it rests on."""

    outcome: Outcome
    #: The gateway's failure (None when accepted, or when a value was missing).
    failure: Failure | None = None
    missing: Missing | None = None
    #: The address as the gateway reads it (None if it could not read it).
    address: str | None = None

    @property
    def ok(self) -> bool:
        return self.outcome is Outcome.ACCEPTED


#: Where each failure puts the check; anything else is FAILED.
_OUTCOMES: dict[str, Outcome] = {
    Code.CREDENTIALS_REFUSED: Outcome.REFUSED,
    Code.TIMEOUT: Outcome.UNREACHABLE,
    Code.UNREACHABLE: Outcome.UNREACHABLE,
    Code.SERVICE_FAULT: Outcome.UNREACHABLE,
}


def address_failure(base_url: str) -> Failure | None:
    """Why the gateway would refuse this address (https unless loopback...), or None.

    The rule lives in the gateway; nothing is sent.
    """
    try:
        parse_base_url(base_url)
    except GatewayConfigError as error:
        return error.failure
    return None


def check_connection(base_url: str, client_id: int | None, secret: str | None) -> ConnectionCheck:
    """One signed, harmless request (a get_order) with these values."""
    if not base_url.strip():
        return ConnectionCheck(Outcome.INVALID, missing=Missing.BASE_URL)
    if client_id is None:
        return ConnectionCheck(Outcome.INVALID, missing=Missing.CLIENT_ID)
    if not secret:
        return ConnectionCheck(Outcome.INVALID, missing=Missing.SECRET_KEY)
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
        return ConnectionCheck(Outcome.INVALID, error.failure)
    with client:
        address = client.base_url
        try:
            client.verify_credentials()
        except (GatewayConfigError, InvalidRequestError) as error:
            return ConnectionCheck(Outcome.INVALID, error.failure, address=address)
        except GatewayError as error:
            outcome = _OUTCOMES.get(error.code, Outcome.FAILED)
            return ConnectionCheck(outcome, error.failure, address=address)
    return ConnectionCheck(Outcome.ACCEPTED, address=address)
