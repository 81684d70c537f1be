"""The sandbox's settings: one merchant account plus the switches for a flaky service.

The checks live here (and are reused by the command line's argument types and the
running server's switches) so a bad value is refused the same way everywhere.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from paydesk.domain.money import MAX_AMOUNT

#: How long a STALL fault holds a request when nobody stops the server first.
DEFAULT_STALL_SECONDS = 30.0
DEFAULT_MERCHANT_NAME = "PayDesk demo shop"
#: Where the sandbox listens unless told otherwise (``paydesk sandbox``, the demo).
DEFAULT_PORT = 8765
#: How refusals are answered: with the contract's 4xx codes, or with HTTP 200 as the
#: real service is believed to (the body says ``status: false`` either way).
REFUSAL_STYLES = ("codes", "http200")
#: How a create_order for an order_id the sandbox already has, with the same terms, is
#: answered: with the same link (the contract's idempotent create), or refused as
#: "already exists" with HTTP 200, as the real service is believed to refuse it.
REPEAT_STYLES = ("idempotent", "refused")


def check_latency_ms(value: int) -> int:
    """Return ``value`` if it is a usable latency in milliseconds, else raise ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"latency must be a whole number of milliseconds >= 0, not {value!r}")
    return value


def check_fail_rate(value: float, what: str = "fail rate") -> float:
    """Return ``value`` if it is a probability (0..1), else raise ValueError."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise ValueError(f"{what} must be between 0 and 1, not {value!r}")
    return float(value)


def check_trickle_ms(value: int) -> int:
    """Return ``value`` if it is a usable pause between two bytes, else raise ValueError."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(
            f"the trickle pause must be a whole number of milliseconds >= 0, not {value!r}"
        )
    return value


def check_rates(fail_rate: float, timeout_rate: float, trickle_rate: float = 0.0) -> None:
    """The shares are drawn from one roll of the dice, so together at most 1."""
    check_fail_rate(fail_rate)
    check_fail_rate(timeout_rate, "timeout rate")
    check_fail_rate(trickle_rate, "trickle rate")
    total = fail_rate + timeout_rate + trickle_rate
    if total > 1.0:
        raise ValueError(
            f"fail rate + timeout rate + trickle rate must be at most 1, not {total!r}"
        )


def check_positive(value: float, name: str = "value") -> float:
    """Return ``value`` if it is a finite number > 0, else raise ValueError."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name} must be a number, not {value!r}")
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a finite number > 0, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class SandboxConfig:
    """What the sandbox pretends to be. Frozen: the live switches are on the server."""

    client_id: int = 1
    secret_key: str = "s3cr3t"
    ttl_seconds: float = 900.0
    latency_ms: int = 0
    #: Each /backend reply waits latency_ms plus a random 0..latency_jitter_ms more.
    latency_jitter_ms: int = 0
    fail_rate: float = 0.0
    #: Share of /backend requests held past the client's read timeout (stall_seconds):
    #: half of them are never carried out, half are carried out after the hold.
    timeout_rate: float = 0.0
    #: Share of /backend requests carried out, then answered a byte at a time (a
    #: TRICKLE or TRICKLE_BODY), trickle_ms between two bytes.
    trickle_rate: float = 0.0
    trickle_ms: int = 1000
    rate_limit_per_second: float | None = None
    db_path: str | os.PathLike[str] | None = None
    merchant_name: str = DEFAULT_MERCHANT_NAME
    max_amount: int = MAX_AMOUNT
    stall_seconds: float = DEFAULT_STALL_SECONDS
    #: One of REFUSAL_STYLES.
    refusals: str = "codes"
    #: One of REPEAT_STYLES.
    repeats: str = "idempotent"

    def __post_init__(self) -> None:
        if isinstance(self.client_id, bool) or not isinstance(self.client_id, int):
            raise ValueError(f"client_id must be an integer, not {self.client_id!r}")
        if not isinstance(self.secret_key, str) or not self.secret_key:
            raise ValueError("secret_key must be a non-empty string")
        check_positive(self.ttl_seconds, "ttl_seconds")
        check_latency_ms(self.latency_ms)
        check_latency_ms(self.latency_jitter_ms)
        check_rates(self.fail_rate, self.timeout_rate, self.trickle_rate)
        check_trickle_ms(self.trickle_ms)
        if self.rate_limit_per_second is not None:
            check_positive(self.rate_limit_per_second, "rate_limit_per_second")
        if (
            isinstance(self.max_amount, bool)
            or not isinstance(self.max_amount, int)
            or not 1 <= self.max_amount <= MAX_AMOUNT
        ):
            raise ValueError(f"max_amount must be an integer in 1..{MAX_AMOUNT}")
        if not isinstance(self.stall_seconds, int | float) or not self.stall_seconds >= 0:
            raise ValueError(f"stall_seconds must be >= 0, not {self.stall_seconds!r}")
        if self.refusals not in REFUSAL_STYLES:
            raise ValueError(f"refusals must be one of {REFUSAL_STYLES}, not {self.refusals!r}")
        if self.repeats not in REPEAT_STYLES:
            raise ValueError(f"repeats must be one of {REPEAT_STYLES}, not {self.repeats!r}")
