"""The shifts' and cashiers' refusals, as a code the front ends say in their own words.

In the domain floor (not core/shifts/) so the desk, the watch and the failure reader
name it without loading the shifts' machinery; paydesk.core.shifts exports it.
"""

from __future__ import annotations

from paydesk.domain.catalogue import english
from paydesk.domain.failures import Failure, ShiftFailureCode


class ShiftError(Exception):
    """Refused by the shifts or the cashiers: ``failure`` says why (its code is a
    :class:`ShiftFailureCode`); ``str()`` is the English sentence. Never holds a PIN."""

    def __init__(self, code: ShiftFailureCode, detail: str | None = None) -> None:
        self.failure = Failure(code, detail)
        super().__init__(english(self.failure))

    @property
    def code(self) -> ShiftFailureCode:
        return ShiftFailureCode(self.failure.code)
