"""The core's errors in the cashier's words and language.

The core is Qt-free and speaks English to logs and the command line; its errors
carry what a window needs to say it again in its own words: a stable ``code``
(InputError) or a class (GatewayError). The sentences here are marked for
translation and chosen by code and class, so a translator never reads the core
and the core never needs Qt. Each source text is the core's own English
sentence, so the English window reads exactly as before and a text the core
stored (an order's last error) can be recognised and translated too.
"""

from __future__ import annotations

import functools
import re
import sys
from typing import TYPE_CHECKING, TypeGuard

from PySide6.QtCore import QT_TRANSLATE_NOOP

from paydesk.core.runtime import NotConfiguredError
from paydesk.core.watch_events import Problem, ProblemCode
from paydesk.domain.errors import AmountError, EmailError, InputError, OrderIdError
from paydesk.domain.money import parse_amount
from paydesk.domain.orders import EMAIL_MAX, ORDER_ID_MAX
from paydesk.store.errors import StoreError, StoreProblem
from paydesk.support.secret_store import NoKeychainError, SecretStoreError
from paydesk.ui.shell.formatting import money, tr

if TYPE_CHECKING:
    # paydesk.gateway brings requests, which the window's first frame does not
    # need: the classes are looked up when an error is shown (_gateway_texts),
    # and by then a request has loaded them.
    from paydesk.gateway.errors import GatewayError

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
#: Input errors by class: (texts by code, text for a code this module does not know).
_INPUT: dict[type[InputError], tuple[dict[str, _Marked], _Marked]] = {
    AmountError: (_AMOUNT, QT_TRANSLATE_NOOP("PayDesk", "Check the amount.")),
    EmailError: (_EMAIL, QT_TRANSLATE_NOOP("PayDesk", "Check the e-mail address.")),
    OrderIdError: (_ORDER_ID, QT_TRANSLATE_NOOP("PayDesk", "Check the order id.")),
}
#: The core's ceiling message carries the amount: "... more than 1 000 000 000,00 ₽."
_CEILING_RE = re.compile(r"more than ([0-9][0-9\s.,]*)\s*₽")

#: By class name (in paydesk.gateway.errors), most specific first (a subclass
#: must come before its base).
_GATEWAY: tuple[tuple[str, _Marked], ...] = (
    ("CredentialsRefused", QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service did not accept the shop's credentials. Check the "
        "client ID and the secret key in settings.")),
    ("OrderNotFound", QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service has no order with this number.")),
    ("OrderConflict", QT_TRANSLATE_NOOP(
        "PayDesk", "This order number is already used at the payment service with a "
        "different amount or e-mail.")),
    ("ParameterRefused", QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service refused a value in the request.")),
    ("ServiceRefused", QT_TRANSLATE_NOOP("PayDesk", "The payment service refused the request.")),
    ("GatewayTimeout", QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service did not answer in time. Try again in a moment.")),
    ("GatewayConnectionError", QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service could not be reached. Check the internet "
        "connection and try again.")),
    ("TlsError", QT_TRANSLATE_NOOP(
        "PayDesk", "The secure connection to the payment service could not be verified. "
        "Check the computer's date and time and the service address, or contact support.")),
    ("RateLimited", QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service is busy. Wait a moment and try again.")),
    ("ServiceUnavailable", QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service is having a problem right now. Try again in a few "
        "minutes.")),
    ("ProtocolError", QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service sent a reply PayDesk could not understand. Try "
        "again; if it keeps happening, contact support.")),
    ("GatewayConfigError", QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service settings are not valid. Check them in settings.")),
    ("GatewayError", QT_TRANSLATE_NOOP(
        "PayDesk", "The request to the payment service failed. Try again; if it keeps "
        "failing, contact support.")),
)
#: The service's own reason, after our sentence (it is in the service's language).
_REFUSED_WITH_REASON = QT_TRANSLATE_NOOP("PayDesk", "The payment service refused the request: {0}")
_REFUSED_PREFIX = "The payment service refused the request: "

#: Sentences the core gives some errors instead of their class's (the address
#: checks, a fault or redirect reply): the source text is the core's sentence.
_SPECIFIC: tuple[_Marked, ...] = (
    QT_TRANSLATE_NOOP("PayDesk", "The payment service address is empty."),
    QT_TRANSLATE_NOOP("PayDesk", "The payment service address cannot contain spaces."),
    QT_TRANSLATE_NOOP("PayDesk", "The payment service address is not a valid URL."),
    QT_TRANSLATE_NOOP("PayDesk", "The payment service address must start with https://."),
    QT_TRANSLATE_NOOP("PayDesk", "The payment service address has no host name."),
    QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address cannot contain a user name or password."
    ),
    QT_TRANSLATE_NOOP("PayDesk", "The payment service address cannot contain '?' or '#'."),
    QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address must use https:// (plain http:// is allowed "
        "only for a service on this computer)."
    ),
    QT_TRANSLATE_NOOP("PayDesk", "The client ID must be a whole number."),
    QT_TRANSLATE_NOOP("PayDesk", "The client ID must be a number greater than zero."),
    QT_TRANSLATE_NOOP("PayDesk", "The secret key is empty."),
    QT_TRANSLATE_NOOP("PayDesk", "The payment service had a fault. Try again in a few minutes."),
    QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service answered with a redirect. Check the service address "
        "in settings."
    ),
    QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service sent a payment link that is not secure (not https), "
        "so it is not shown to the buyer. Contact the payment service's support."
    ),
    QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service answered about a different order. Nothing was "
        "recorded; try again, and contact support if it happens again."
    ),
)

#: Every core sentence this module can translate back from its English text.
_KNOWN: frozenset[str] = frozenset(
    str(text)
    for text in (
        *_SPECIFIC,
        *(text for _cls, text in _GATEWAY),
        *(text for table, _fallback in _INPUT.values() for text in table.values()),
    )
)

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
    """What to show next to the field: chosen by the error's class and code."""
    if isinstance(error, AmountError) and error.code == "too_large":
        ceiling = _ceiling(error.message)
        if ceiling is not None:
            return tr("The amount cannot be more than {0}.").format(money(ceiling))
    if isinstance(error, EmailError) and error.code == "too_long":
        return tr("An e-mail address has at most {0} characters.").format(EMAIL_MAX)
    if isinstance(error, OrderIdError) and error.code == "too_long":
        return tr("An order id has at most {0} characters.").format(ORDER_ID_MAX)
    for kind, (table, fallback) in _INPUT.items():
        if isinstance(error, kind):
            return tr(str(table.get(error.code, fallback)))
    return tr("Check what you typed.")


@functools.cache
def _gateway_texts() -> tuple[tuple[type[GatewayError], _Marked], ...]:
    """:data:`_GATEWAY` with the classes themselves (imported on first use, see above)."""
    from paydesk.gateway import errors

    return tuple((getattr(errors, name), text) for name, text in _GATEWAY)


def _is_gateway_error(error: BaseException) -> TypeGuard[GatewayError]:
    # Not loaded means no gateway error can exist yet.
    module = sys.modules.get("paydesk.gateway.errors")
    return module is not None and isinstance(error, module.GatewayError)


def gateway_error_text(error: GatewayError) -> str:
    """One sentence for the cashier: by class, or the core's specific sentence."""
    from paydesk.gateway.errors import InvalidRequestError, ParameterRefused, ServiceRefused

    if isinstance(error, InvalidRequestError):
        return input_error_text(error.input_error)
    if type(error) in (ServiceRefused, ParameterRefused) and error.service_message:
        return tr(str(_REFUSED_WITH_REASON)).format(error.service_message.strip())
    if error.user_message in _KNOWN:
        return tr(str(error.user_message))
    return tr(str(next(text for kind, text in _gateway_texts() if isinstance(error, kind))))


def problem_text(error: BaseException) -> str:
    """Any error the core raises at the counter; English only for one nobody expected."""
    if _is_gateway_error(error):
        return gateway_error_text(error)
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
}


def unsaved_order_text(order_id: str, error: StoreError) -> str:
    """A sent order whose answer could not be saved. The service may have it, so the
    words never invite taking the payment again (that would be a second sale)."""
    problem = _STORE_PROBLEMS.get(error.problem) if error.problem is not None else None
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
    if problem.code is ProblemCode.NOT_SAVED and isinstance(error, StoreError):
        return unsaved_order_text(order_id, error)
    if problem.code is ProblemCode.CHECKS_FAILING:
        return tr("Status checks are failing: {0} PayDesk keeps trying.").format(
            problem_text(error)
        )
    if problem.code is ProblemCode.CRASHED:
        return tr("Something unexpected went wrong: {0}").format(error)
    return problem_text(error)  # no client, a refused creation, the book's refusal


def stored_error_text(text: str) -> str:
    """An order's last error as the core stored it (English), translated when known."""
    if text in _KNOWN:
        return tr(str(text))
    if text.startswith(_REFUSED_PREFIX):
        return tr(str(_REFUSED_WITH_REASON)).format(text.removeprefix(_REFUSED_PREFIX))
    return text


def _ceiling(message: str) -> int | None:
    """The ceiling in kopecks, read back from the core's sentence (its only carrier)."""
    match = _CEILING_RE.search(message)
    if match is None:
        return None
    try:
        return parse_amount(match.group(1).strip())
    except AmountError:
        return None
