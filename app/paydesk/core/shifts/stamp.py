"""What the desk writes with each order while shifts are on: its shift and its cashier.

Apart from the rest of core/shifts/ so the desk can name it without importing the shifts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class ShiftStamp:
    """The open shift's number and the cashier at the counter (by name)."""

    shift: int
    cashier: str


class ShiftGate(Protocol):
    """Who says which shift and cashier a new sale is taken in (TillShifts)."""

    def stamp(self) -> ShiftStamp:
        """The stamp for a sale now; ShiftError(SHIFT_REQUIRED) when no shift is open."""
        ...
