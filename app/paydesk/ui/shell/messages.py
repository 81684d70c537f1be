"""The core's errors in the cashier's words and language, chosen by code.

The core is Qt-free and speaks English to logs and the command line; its errors
carry a stable code and the details a window needs to say it again in its own
words: InputError's ``code``, a gateway error's or an order's stored
:class:`~paydesk.domain.failures.Failure`, the order book's
:class:`~paydesk.store.errors.StoreProblem`, the setting a NotConfiguredError
misses. The sentences here are marked for translation and chosen by those codes
alone, so a translator never reads the core and the core never needs Qt. Each
source text is the core's own English sentence, so the English window reads as
the command line does.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from paydesk.core.problems import (
    WITH_SERVICE_WORDS,
    Failure,
    StoreProblem,
    ceiling_of,
    failure_of,
    is_store_error,
    store_problem_of,
)
from paydesk.core.problems import FailureCode as Code
from paydesk.core.runtime import NotConfiguredError
from paydesk.core.watch_events import Problem, ProblemCode
from paydesk.domain.errors import AmountError, EmailError, InputError, OrderIdError
from paydesk.domain.orders import EMAIL_MAX, ORDER_ID_MAX
from paydesk.support.secret_store import NoKeychainError, SecretStoreError
from paydesk.ui.shell.formatting import money, tr

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
    "not_a_number": QT_TRANSLATE_NOOP(
        "PayDesk", "The amount must be a number of rubles, such as 150 or 150,50."
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
#: The window's words for each failure code (the source texts are the core's
#: English sentences, so the English window reads as the command line does).
_FAILURES: dict[str, _Marked] = {
    Code.CREDENTIALS_REFUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service did not accept the shop's credentials. Check the "
        "client ID and the secret key in settings."),
    Code.ORDER_NOT_FOUND: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service has no order with this number."),
    Code.ORDER_CONFLICT: QT_TRANSLATE_NOOP(
        "PayDesk", "This order number is already used at the payment service with a "
        "different amount or e-mail."),
    Code.PARAMETER_REFUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service refused a value in the request."),
    Code.REFUSED: QT_TRANSLATE_NOOP("PayDesk", "The payment service refused the request."),
    Code.TIMEOUT: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service did not answer in time. Try again in a moment."),
    Code.UNREACHABLE: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service could not be reached. Check the internet "
        "connection and try again."),
    Code.TLS: QT_TRANSLATE_NOOP(
        "PayDesk", "The secure connection to the payment service could not be verified. "
        "Check the computer's date and time and the service address, or contact support."),
    Code.RATE_LIMITED: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service is busy. Wait a moment and try again."),
    Code.SERVICE_FAULT: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service is having a problem right now. Try again in a few "
        "minutes."),
    Code.BAD_REPLY: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service sent a reply PayDesk could not understand. Try "
        "again; if it keeps happening, contact support."),
    Code.CONFIG: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service settings are not valid. Check them in settings."),
    Code.FAILED: QT_TRANSLATE_NOOP(
        "PayDesk", "The request to the payment service failed. Try again; if it keeps "
        "failing, contact support."),
    Code.ADDRESS_EMPTY: QT_TRANSLATE_NOOP("PayDesk", "The payment service address is empty."),
    Code.ADDRESS_SPACES: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address cannot contain spaces."),
    Code.ADDRESS_NOT_URL: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address is not a valid URL."),
    Code.ADDRESS_SCHEME: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address must start with https://."),
    Code.ADDRESS_NO_HOST: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address has no host name."),
    Code.ADDRESS_USER_INFO: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address cannot contain a user name or password."),
    Code.ADDRESS_QUERY: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address cannot contain '?' or '#'."),
    Code.ADDRESS_NOT_HTTPS: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address must use https:// (plain http:// is allowed "
        "only for a service on this computer)."),
    Code.CLIENT_ID_NOT_NUMBER: QT_TRANSLATE_NOOP(
        "PayDesk", "The client ID must be a whole number."),
    Code.CLIENT_ID_NOT_POSITIVE: QT_TRANSLATE_NOOP(
        "PayDesk", "The client ID must be a number greater than zero."),
    Code.SECRET_EMPTY: QT_TRANSLATE_NOOP("PayDesk", "The secret key is empty."),
    Code.FAULT_REPLY: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service had a fault. Try again in a few minutes."),
    Code.REDIRECT: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service answered with a redirect. Check the service address "
        "in settings."),
    Code.INSECURE_LINK: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service sent a payment link that is not secure (not https), "
        "so it is not shown to the buyer. Contact the payment service's support."),
    Code.OTHER_ORDER: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service answered about a different order. Nothing was "
        "recorded; try again, and contact support if it happens again."),
    Code.NEVER_SENT: QT_TRANSLATE_NOOP(
        "PayDesk", "The order never reached the payment service and its time ran out."),
    Code.LINK_UNKNOWN: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service already had this order (an earlier attempt reached "
        "it) and did not send its payment link again, so it cannot be shown to a buyer. "
        "PayDesk keeps checking its status."),
    Code.UNKNOWN: QT_TRANSLATE_NOOP("PayDesk", "Unknown error."),
}
#: The service's own reason, after our sentence (it is in the service's language).
_REFUSED_WITH_REASON = QT_TRANSLATE_NOOP("PayDesk", "The payment service refused the request: {0}")

#: By NotConfiguredError.missing.
_NOT_CONFIGURED: dict[str, _Marked] = {
    "base_url": QT_TRANSLATE_NOOP(
        "PayDesk", "PayDesk is not set up yet: enter the payment service address in settings."),
    "client_id": QT_TRANSLATE_NOOP(
        "PayDesk", "PayDesk is not set up yet: enter the client ID in settings."),
    "secret_key": QT_TRANSLATE_NOOP(
        "PayDesk", "PayDesk is not set up yet: enter the secret key in settings."),
}


def input_error_text(error: InputError) -> str:
    """What to show next to the field: chosen by the error's field and code."""
    ceiling = error.ceiling if isinstance(error, AmountError) else None
    return _input_text(error.field, error.code, ceiling)


def _input_text(field: str, code: str, ceiling: int | None) -> str:
    if field == AmountError.field and code == "too_large" and ceiling is not None:
        return tr("The amount cannot be more than {0}.").format(money(ceiling))
    if field == EmailError.field and code == "too_long":
        return tr("An e-mail address has at most {0} characters.").format(EMAIL_MAX)
    if field == OrderIdError.field and code == "too_long":
        return tr("An order id has at most {0} characters.").format(ORDER_ID_MAX)
    if field in _INPUT:
        table, fallback = _INPUT[field]
        return tr(str(table.get(code, fallback)))
    return tr("Check what you typed.")


def failure_text(failure: Failure) -> str:
    """A failure (from the service, or an order's last one from the book), by its code."""
    if failure.field is not None and failure.input_code is not None:
        return _input_text(failure.field, failure.input_code, ceiling_of(failure))
    if failure.code in WITH_SERVICE_WORDS and failure.detail:
        return tr(str(_REFUSED_WITH_REASON)).format(failure.detail.strip())
    if failure.code == Code.LEGACY:
        # A sentence an older PayDesk stored that names no code: shown as it was.
        return failure.detail or tr(str(_FAILURES[Code.UNKNOWN]))
    return tr(str(_FAILURES.get(failure.code, _FAILURES[Code.FAILED])))


def gateway_error_text(error: BaseException) -> str:
    """One sentence for the cashier about an error from the payment service."""
    failure = failure_of(error)
    return failure_text(failure) if failure is not None else str(error)


def problem_text(error: BaseException) -> str:
    """Any error the core raises at the counter; English only for one nobody expected."""
    failure = failure_of(error)
    if failure is not None:
        return failure_text(failure)
    if isinstance(error, InputError):
        return input_error_text(error)
    if isinstance(error, NotConfiguredError):
        sentence = _NOT_CONFIGURED.get(error.missing)
        if sentence is not None:
            return tr(str(sentence))
        return tr("PayDesk is not set up yet: check the settings.")
    if isinstance(error, NoKeychainError):
        return tr("This computer has no keychain, so the secret key cannot be read. Start a "
                  "keychain service (such as GNOME Keyring or KWallet) and restart PayDesk.")
    if isinstance(error, SecretStoreError):
        return tr("The secret key could not be read or stored: the keychain refused.")
    if is_store_error(error):
        return book_error_text(error)
    return str(error)


_STORE_PROBLEMS: dict[StoreProblem, _Marked] = {
    StoreProblem.LOCKED: QT_TRANSLATE_NOOP(
        "PayDesk", "the order book is locked by another program"),
    StoreProblem.READ_ONLY: QT_TRANSLATE_NOOP("PayDesk", "the order book is read-only"),
    StoreProblem.FULL: QT_TRANSLATE_NOOP("PayDesk", "the disk is full"),
    StoreProblem.DISK: QT_TRANSLATE_NOOP(
        "PayDesk", "the disk refused to read or write the order book"),
    StoreProblem.CANNOT_OPEN: QT_TRANSLATE_NOOP(
        "PayDesk", "the order book file cannot be opened or created"),
    StoreProblem.DAMAGED: QT_TRANSLATE_NOOP("PayDesk", "the order book is damaged"),
    StoreProblem.NOT_A_BOOK: QT_TRANSLATE_NOOP("PayDesk", "the file is not a PayDesk order book"),
    StoreProblem.TOO_NEW: QT_TRANSLATE_NOOP(
        "PayDesk", "the order book was written by a newer version of PayDesk"),
}

#: What stood in the order book's way, and what to do, as the store says it in English.
_BOOK_TROUBLE: dict[StoreProblem, _Marked] = {
    StoreProblem.LOCKED: QT_TRANSLATE_NOOP(
        "PayDesk", "The order book is locked by another program (another PayDesk window or "
        "command, or a backup tool). Nothing was changed; close the other program or wait, "
        "then try again."),
    StoreProblem.READ_ONLY: QT_TRANSLATE_NOOP(
        "PayDesk", "The order book is read-only, so nothing can be saved in it. Check that "
        "the file and its folder may be written by this user."),
    StoreProblem.FULL: QT_TRANSLATE_NOOP(
        "PayDesk", "The disk is full, so nothing was saved. Free some space and try again; "
        "the orders already saved are safe."),
    StoreProblem.DISK: QT_TRANSLATE_NOOP(
        "PayDesk", "The disk refused to read or write the order book (it may be full, removed "
        "or failing), so nothing was saved. Check the disk and try again."),
    StoreProblem.CANNOT_OPEN: QT_TRANSLATE_NOOP(
        "PayDesk", "The order book file {0} cannot be opened or created. Check that its "
        "folder exists and may be written by this user."),
    StoreProblem.DAMAGED: QT_TRANSLATE_NOOP(
        "PayDesk", "The order book {0} is damaged. Stop taking payments with it and contact "
        "support with the file; it has not been changed."),
    StoreProblem.NOT_A_BOOK: QT_TRANSLATE_NOOP(
        "PayDesk", "{0} is not a PayDesk order book; it has been left as it is. Start PayDesk "
        "with another data folder."),
    StoreProblem.TOO_NEW: QT_TRANSLATE_NOOP(
        "PayDesk", "The order book {0} was written by a newer version of PayDesk. Update "
        "PayDesk to open it; the file has not been changed."),
}
_SET_ASIDE: _Marked = QT_TRANSLATE_NOOP(
    "PayDesk", "The order book {0} is damaged and cannot be read. It has been moved to {1}; "
    "nothing was deleted. It may hold orders that are not confirmed or not yet seen paid, so "
    "PayDesk will not start a new, empty order book in its place: give that file to support, "
    "who can recover what it holds. To start a new order book anyway, move {2} out of {3} and "
    "start PayDesk again.")


def book_error_text(error: BaseException) -> str:
    """The order book's failure (a StoreError), in the window's words, by its problem.

    One the store gives no problem for (rare: an SQLite too old, a backup that
    failed) keeps the store's English sentence, which names the file and the cause.
    """
    problem = store_problem_of(error)
    path = getattr(error, "path", None)
    moved_to = getattr(error, "moved_to", None)
    if problem is StoreProblem.DAMAGED and path is not None and moved_to is not None:
        return tr(str(_SET_ASIDE)).format(path, moved_to, moved_to.name, path.parent)
    text = _BOOK_TROUBLE.get(problem) if problem is not None else None
    if text is None:
        return str(error)
    return tr(str(text)).format(path)


def unsaved_order_text(order_id: str, error: BaseException) -> str:
    """A sent order whose answer could not be saved (the order book's error). The
    service may have it, so the words never invite taking the payment again (that
    would be a second sale)."""
    code = store_problem_of(error)
    problem = _STORE_PROBLEMS.get(code) if code is not None else None
    why = tr(str(problem)) if problem is not None else str(error)
    return tr("The order {0} was sent to the payment service, but it could not be saved "
              "here: {1}. PayDesk sends it again by itself, as the same order. Do not take "
              "this payment again.").format(order_id, why)


def watch_problem_text(problem: Problem) -> str:
    """What the watching ran into, for the banner: chosen by the problem's code."""
    error, order_id = problem.error, problem.order_id or ""
    if problem.code is ProblemCode.NOT_CONFIRMED:
        return tr("The order {0} is saved but the payment service has not "
                  "confirmed it: {1}").format(order_id, problem_text(error))
    if problem.code is ProblemCode.NOT_SAVED and is_store_error(error):
        return unsaved_order_text(order_id, error)
    if problem.code is ProblemCode.CHECKS_FAILING:
        return tr("Status checks are failing: {0} PayDesk keeps trying.").format(
            problem_text(error)
        )
    if problem.code is ProblemCode.SALE_NOT_WRITTEN:
        return tr("This sale was not taken: nothing of it was saved or sent. {0}").format(
            problem_text(error))
    if problem.code is ProblemCode.CRASHED:
        return tr("Something unexpected went wrong: {0}").format(error)
    return problem_text(error)  # no client, a refused creation, the book's refusal
