"""Input errors shared by the core, the window and the command line.

Each error carries a stable ``code`` besides its English text, so a front end
can show its own (translated) words for it and point at the field it belongs to.
"""

from __future__ import annotations

from paydesk.domain.failures import Failure


class InputError(ValueError):
    """Something a person typed is not acceptable; ``str()`` says why."""

    field = "input"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def failure(self) -> Failure:
        """``"<field>.<code>"``, with the English sentence as detail."""
        return Failure(f"{self.field}.{self.code}", self.message)


class AmountError(InputError):
    field = "amount"

    def __init__(self, code: str, message: str, *, ceiling: int | None = None) -> None:
        super().__init__(code, message)
        #: For ``too_large``: the ceiling in kopecks, for a front end to say in its format.
        self.ceiling = ceiling

    @property
    def failure(self) -> Failure:
        """As any input error's; an amount over the ceiling keeps the ceiling in kopecks
        as detail, for a front end to write in its own way."""
        if self.ceiling is None:
            return super().failure
        return Failure(f"{self.field}.{self.code}", str(self.ceiling))


class EmailError(InputError):
    field = "email"


class OrderIdError(InputError):
    field = "order_id"
