"""The shifts' refusals in the window's words, from the one catalogue (domain/catalogue.py)."""

from __future__ import annotations

from paydesk.domain.shift_errors import ShiftError
from paydesk.ui.shell.messages import failure_text


def refusal_text(error: ShiftError) -> str:
    """What the cashier reads where they typed: never the PIN (no error carries it)."""
    return failure_text(error.failure)
