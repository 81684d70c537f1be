"""The core's failures in the cashier's words and language, chosen by code.

The core is Qt-free; what goes wrong reaches the window as a
:class:`~paydesk.domain.failures.Failure` (a code and its details: an event's, an
order's last one, or core.problems.failure_of of an error a call raised). The
words for every code are the one table of paydesk.domain.catalogue, which the
command line says in English and this module in the window's language (``tr``).
Here are only the window's own words: the form's for a mistake typed into a
field, and how the counter puts a watch problem.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from paydesk.core.problems import Failure, failure_of, is_store_failure
from paydesk.core.watch.events import Problem, ProblemCode
from paydesk.domain.catalogue import say, store_fact
from paydesk.domain.errors import AmountError, EmailError, InputError, OrderIdError
from paydesk.domain.failures import StoreProblem
from paydesk.domain.orders import EMAIL_MAX, ORDER_ID_MAX
from paydesk.domain.writing import amount_text
from paydesk.ui.shell.formatting import money, tr, writing_language

# QT_TRANSLATE_NOOP is typed as returning object; the texts are str at run time.
_Marked = object

_AMOUNT: dict[str, _Marked] = {
    "empty": QT_TRANSLATE_NOOP("PayDesk", "Enter an amount."),
    "negative": QT_TRANSLATE_NOOP("PayDesk", "The amount cannot be negative."),
    "zero": QT_TRANSLATE_NOOP("PayDesk", "The amount must be more than zero."),
    "exponent": QT_TRANSLATE_NOOP(
        "PayDesk", "Write the amount in plain digits, without an exponent."
    ),
    "two_separators": QT_TRANSLATE_NOOP(
        "PayDesk", "Use one decimal separator (a comma or a point), not both."
    ),
    "not_integer": QT_TRANSLATE_NOOP("PayDesk", "The amount must be a whole number of kopecks."),
    "too_many_decimals": QT_TRANSLATE_NOOP(
        "PayDesk", "Kopecks have at most two digits after the decimal separator."
    ),
    "too_large": QT_TRANSLATE_NOOP("PayDesk", "The amount is more than the service allows."),
}
_EMAIL: dict[str, _Marked] = {
    "spaces": QT_TRANSLATE_NOOP("PayDesk", "An e-mail address cannot contain spaces."),
    "control_characters": QT_TRANSLATE_NOOP(
        "PayDesk", "An e-mail address cannot contain control characters."
    ),
    "at_sign": QT_TRANSLATE_NOOP("PayDesk", "An e-mail address has exactly one '@'."),
    "no_local_part": QT_TRANSLATE_NOOP("PayDesk", "Write the name before the '@'."),
    "bad_domain": QT_TRANSLATE_NOOP(
        "PayDesk", "The part after '@' must be a domain such as mail.ru."
    ),
    "not_text": QT_TRANSLATE_NOOP("PayDesk", "The e-mail address must be text."),
}
_ORDER_ID: dict[str, _Marked] = {
    "empty": QT_TRANSLATE_NOOP("PayDesk", "The order id is empty."),
    "colon": QT_TRANSLATE_NOOP("PayDesk", "An order id cannot contain a colon."),
    "bad_characters": QT_TRANSLATE_NOOP(
        "PayDesk", "An order id may use only Latin letters, digits, '.', '_' and '-'."
    ),
}
#: Input errors by field: (texts by code, text for a code this module does not know).
_INPUT: dict[str, tuple[dict[str, _Marked], _Marked]] = {
    AmountError.field: (_AMOUNT, QT_TRANSLATE_NOOP("PayDesk", "Check the amount.")),
    EmailError.field: (_EMAIL, QT_TRANSLATE_NOOP("PayDesk", "Check the e-mail address.")),
    OrderIdError.field: (_ORDER_ID, QT_TRANSLATE_NOOP("PayDesk", "Check the order id.")),
}
def input_error_text(error: InputError) -> str:
    """What to show next to the field: chosen by the error's field and code."""
    ceiling = error.ceiling if isinstance(error, AmountError) else None
    return _input_text(error.field, error.code, ceiling)


def _input_text(field: str, code: str, ceiling: int | None) -> str:
    if field == AmountError.field and code == "too_large" and ceiling is not None:
        return tr("The amount cannot be more than {0}.").format(money(ceiling))
    if field == AmountError.field and code == "not_a_number":  # the example as typed here
        return tr("The amount must be a number of rubles, such as {0} or {1}.").format(
            "150", amount_text(15050, writing_language()))
    if field == EmailError.field and code == "too_long":
        return tr("An e-mail address has at most {0} characters.").format(EMAIL_MAX)
    if field == OrderIdError.field and code == "too_long":
        return tr("An order id has at most {0} characters.").format(ORDER_ID_MAX)
    if field in _INPUT:
        table, fallback = _INPUT[field]
        return tr(str(table.get(code, fallback)))
    return tr("Check what you typed.")


def failure_text(failure: Failure) -> str:
    """A failure (an event's, an order's last one from the book), by its code."""
    return say(failure, _translate, _input_text)


def _translate(text: str) -> str:
    return tr(str(text))  # a text marked in paydesk.domain.catalogue


def problem_text(error: BaseException) -> str:
    """An error a call into the core raised (a setting, the keychain, the service)."""
    return failure_text(failure_of(error))


def book_error_text(error: BaseException) -> str:
    """The order book's failure (a StoreError a call raised), in the window's words."""
    return failure_text(failure_of(error))


def unsaved_order_text(order_id: str, failure: Failure) -> str:
    """A sent order whose answer could not be saved (the order book's failure). The
    service may have it, so the words never invite taking the payment again (that
    would be a second sale)."""
    problem = StoreProblem(failure.code) if failure.code in _STORE_PROBLEMS else None
    why = store_fact(problem, _translate) or failure.detail or failure.code
    return tr("The order {0} was sent to the payment service, but it could not be saved "
              "here: {1}. PayDesk sends it again by itself, as the same order. Do not take "
              "this payment again.").format(order_id, why)


_STORE_PROBLEMS = frozenset(StoreProblem)


def watch_problem_text(problem: Problem) -> str:
    """What the watching ran into, for the banner: chosen by the problem's code."""
    failure, order_id = problem.failure, problem.order_id or ""
    if problem.code is ProblemCode.NOT_CONFIRMED:
        return tr("The order {0} is saved but the payment service has not "
                  "confirmed it: {1}").format(order_id, failure_text(failure))
    if problem.code is ProblemCode.NOT_SAVED and is_store_failure(failure):
        return unsaved_order_text(order_id, failure)
    if problem.code is ProblemCode.CHECKS_FAILING:
        return tr("Status checks are failing: {0} PayDesk keeps trying.").format(
            failure_text(failure)
        )
    if problem.code is ProblemCode.SALE_NOT_WRITTEN:
        return tr("This sale was not taken: nothing of it was saved or sent. {0}").format(
            failure_text(failure))
    if problem.code is ProblemCode.CRASHED:
        return tr("Something unexpected went wrong: {0}").format(failure.detail or "")
    return failure_text(failure)  # no client, a refused creation, the book's refusal
