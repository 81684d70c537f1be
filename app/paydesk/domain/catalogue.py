"""The words for every failure code: one table that every front end says.

A failure crosses the layers as a :class:`~paydesk.domain.failures.Failure` (a
code and its details); its words are chosen here, by the code, where it is shown.
The texts are the English source texts of the translation catalogue, marked with
:func:`QT_TRANSLATE_NOOP` so tools/update_translations.py files them in
resources/translations/paydesk_ru.ts: the window passes its ``tr`` as
``translate`` and says them in the cashier's language; the command line, the logs
and the gateway's and the store's ``str()`` say them in English. Plain Python, so
the gateway, the store, the core and the command line read it without Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import PurePath

from paydesk.domain.failures import (
    WITH_SERVICE_WORDS,
    ApiFailureCode,
    BookFailureCode,
    Failure,
    FailureCode,
    OtherFailureCode,
    SetupFailureCode,
    ShiftFailureCode,
    StoreProblem,
    reused_amounts,
)
from paydesk.domain.money import ceiling_error
from paydesk.domain.writing import Language, money_text

#: Says a source text in a language (the window's ``tr``); English is the text itself.
Translate = Callable[[str], str]
#: The words for an order field the service client refused: (field, input code,
#: ceiling in kopecks or None), in the front end's language.
InputWords = Callable[[str, str, "int | None"], str]


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (Qt's marker's name)
    """Marks ``text`` for the catalogue where Qt is not loaded, as Qt's own marker does
    in the window: tools/update_translations.py collects both by this name. The text
    is translated where it is shown; ``context`` is always "PayDesk"."""
    del context
    return text


def _english(text: str) -> str:
    return text


#: What the cashier is told for each failure of the payment service, or of an order.
SERVICE: Mapping[str, str] = {
    FailureCode.FAILED: QT_TRANSLATE_NOOP(
        "PayDesk", "The request to the payment service failed. Try again; if it keeps "
        "failing, contact support."),
    FailureCode.CONFIG: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service settings are not valid. Check them in settings."),
    FailureCode.ADDRESS_EMPTY: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address is empty."),
    FailureCode.ADDRESS_SPACES: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address cannot contain spaces."),
    FailureCode.ADDRESS_NOT_URL: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address is not a valid URL."),
    FailureCode.ADDRESS_SCHEME: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address must start with https://."),
    FailureCode.ADDRESS_NO_HOST: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address has no host name."),
    FailureCode.ADDRESS_USER_INFO: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address cannot contain a user name or password."),
    FailureCode.ADDRESS_QUERY: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address cannot contain '?' or '#'."),
    FailureCode.ADDRESS_NOT_HTTPS: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service address must use https:// (plain http:// is allowed "
        "only for a service on this computer)."),
    FailureCode.CLIENT_ID_NOT_NUMBER: QT_TRANSLATE_NOOP(
        "PayDesk", "The client ID must be a whole number."),
    FailureCode.CLIENT_ID_NOT_POSITIVE: QT_TRANSLATE_NOOP(
        "PayDesk", "The client ID must be a number greater than zero."),
    FailureCode.SECRET_EMPTY: QT_TRANSLATE_NOOP("PayDesk", "The secret key is empty."),
    FailureCode.UNREACHABLE: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service could not be reached. Check the internet "
        "connection and try again."),
    FailureCode.TIMEOUT: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service did not answer in time. Try again in a moment."),
    FailureCode.TLS: QT_TRANSLATE_NOOP(
        "PayDesk", "The secure connection to the payment service could not be verified. "
        "Check the computer's date and time and the service address, or contact support."),
    FailureCode.REFUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service refused the request."),
    FailureCode.CREDENTIALS_REFUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service did not accept the shop's credentials. Check the "
        "client ID and the secret key in settings."),
    FailureCode.ORDER_NOT_FOUND: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service has no order with this number."),
    FailureCode.ORDER_CONFLICT: QT_TRANSLATE_NOOP(
        "PayDesk", "This order number is already used at the payment service with a "
        "different amount or e-mail."),
    FailureCode.PARAMETER_REFUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service refused a value in the request."),
    FailureCode.RATE_LIMITED: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service is busy. Wait a moment and try again."),
    FailureCode.SERVICE_FAULT: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service is having a problem right now. Try again in a few "
        "minutes."),
    FailureCode.BAD_REPLY: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service sent a reply PayDesk could not understand. Try "
        "again; if it keeps happening, contact support."),
    FailureCode.FAULT_REPLY: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service had a fault. Try again in a few minutes."),
    FailureCode.REDIRECT: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service answered with a redirect. Check the service address "
        "in settings."),
    FailureCode.INSECURE_LINK: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service sent a payment link that is not secure (not https), "
        "so it is not shown to the buyer. Contact the payment service's support."),
    FailureCode.OTHER_ORDER: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service answered about a different order. Nothing was "
        "recorded; try again, and contact support if it happens again."),
    FailureCode.NEVER_SENT: QT_TRANSLATE_NOOP(
        "PayDesk", "The order never reached the payment service and its time ran out."),
    FailureCode.LINK_UNKNOWN: QT_TRANSLATE_NOOP(
        "PayDesk", "The payment service already had this order (an earlier attempt reached "
        "it) and did not send its payment link again, so it cannot be shown to a buyer. "
        "PayDesk keeps checking its status."),
    FailureCode.UNKNOWN: QT_TRANSLATE_NOOP("PayDesk", "Unknown error."),
}
#: A refusal with the service's own reason after it (in the service's language).
REFUSED_WITH_REASON = QT_TRANSLATE_NOOP(
    "PayDesk", "The payment service refused the request: {0}")
#: The codes whose words are their detail (a sentence kept or said as it was).
AS_SAID = frozenset({FailureCode.LEGACY, *OtherFailureCode})

#: Why there is no payment client: a setting to enter, or the keychain.
SETUP: Mapping[str, str] = {
    SetupFailureCode.NO_ADDRESS: QT_TRANSLATE_NOOP(
        "PayDesk", "PayDesk is not set up yet: enter the payment service address in settings."),
    SetupFailureCode.NO_CLIENT_ID: QT_TRANSLATE_NOOP(
        "PayDesk", "PayDesk is not set up yet: enter the client ID in settings."),
    SetupFailureCode.NO_SECRET_KEY: QT_TRANSLATE_NOOP(
        "PayDesk", "PayDesk is not set up yet: enter the secret key in settings."),
    SetupFailureCode.NOT_CONFIGURED: QT_TRANSLATE_NOOP(
        "PayDesk", "PayDesk is not set up yet: check the settings."),
    SetupFailureCode.NO_KEYCHAIN: QT_TRANSLATE_NOOP(
        "PayDesk", "This computer has no keychain, so the secret key cannot be read. Start a "
        "keychain service (such as GNOME Keyring or KWallet) and restart PayDesk."),
    SetupFailureCode.KEYCHAIN_REFUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "The secret key could not be read or stored: the keychain refused."),
}

#: What stood in the order book's way, as a fact without advice (said after what
#: was being done: "the order was sent, but it could not be saved here: ...").
STORE_FACTS: Mapping[str, str] = {
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
#: The order book's trouble and what to do; {0} is the book's file.
STORE_TROUBLE: Mapping[str, str] = {
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
#: A damaged book moved aside: {0} the book, {1} where it went, {2} that file's name,
#: {3} the book's folder.
SET_ASIDE = QT_TRANSLATE_NOOP(
    "PayDesk", "The order book {0} is damaged and cannot be read. It has been moved to {1}; "
    "nothing was deleted. It may hold orders that are not confirmed or not yet seen paid, so "
    "PayDesk will not start a new, empty order book in its place: give that file to support, "
    "who can recover what it holds. To start a new order book anyway, move {2} out of {3} and "
    "start PayDesk again.")

#: Why the shop's shared order book cannot be used, and what to do (after "not usable — ").
SHARED_BOOK: Mapping[str, str] = {
    BookFailureCode.BOOK_UNREACHABLE: QT_TRANSLATE_NOOP("PayDesk", "it cannot be reached"),
    BookFailureCode.BOOK_AUTH: QT_TRANSLATE_NOOP(
        "PayDesk", "it refused this till's login; check the password (Settings → Order book)"),
    BookFailureCode.BOOK_NO_PASSWORD: QT_TRANSLATE_NOOP(
        "PayDesk", "it asks for this till's password: type it in Settings → Order book"),
    BookFailureCode.BOOK_TLS: QT_TRANSLATE_NOOP(
        "PayDesk", "its certificate could not be checked (docs/shop-setup.md)"),
    BookFailureCode.BOOK_SCHEMA_TOO_NEW: QT_TRANSLATE_NOOP(
        "PayDesk", "it is newer than this PayDesk; upgrade PayDesk"),
    BookFailureCode.BOOK_NOT_READY: QT_TRANSLATE_NOOP(
        "PayDesk", "it is not set up yet (paydesk book init)"),
    BookFailureCode.BOOK_REFUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "it refused a request; ask whoever runs its server"),
}
#: The shared book's failure as a fact, for the logs and the command line ({place}:
#: " at <its masked address>", or nothing).
_SHARED_BOOK_FACTS: Mapping[str, str] = {
    BookFailureCode.BOOK_UNREACHABLE: "The shared order book{place} could not be reached",
    BookFailureCode.BOOK_AUTH: "The shared order book{place} refused the user name or password",
    BookFailureCode.BOOK_NO_PASSWORD: "The shared order book{place} asks for a password, and"
                                      " none was given",
    BookFailureCode.BOOK_TLS: "The secure connection to the shared order book{place} could not"
                              " be made or verified",
    BookFailureCode.BOOK_REFUSED: "The shared order book{place} refused the request",
    BookFailureCode.BOOK_NOT_READY: "The shared order book{place} is not set up",
    BookFailureCode.BOOK_SCHEMA_TOO_NEW: "The shared order book{place} was set up by a newer"
                                         " version of PayDesk",
}

#: Why the receipt printer did not print, and what to do ({address}: the printer's
#: address as set; {detail}: the system's own words), by the code the printing gives
#: (paydesk.support.receipt_printer.PrintProblem, whose values these are).
PRINTER: Mapping[str, str] = {
    "no_printer": QT_TRANSLATE_NOOP(
        "PayDesk", "No receipt printer is set. Set one in Settings → Printer "
        "(or: paydesk config set printer tcp://192.0.2.10:9100)."),
    "no_device": QT_TRANSLATE_NOOP(
        "PayDesk", "The receipt printer was not found at {address}. Check that it is "
        "switched on and plugged in, and that the address in Settings → Printer is its own."),
    "refused": QT_TRANSLATE_NOOP(
        "PayDesk", "The receipt printer at {address} refused the connection. It may be "
        "starting up or busy with another computer: wait a moment and print again."),
    "timed_out": QT_TRANSLATE_NOOP(
        "PayDesk", "The receipt printer at {address} did not take the slip in time. Check "
        "its paper and cover, then print again."),
    "closed": QT_TRANSLATE_NOOP(
        "PayDesk", "The receipt printer at {address} stopped in the middle of the slip. "
        "Check its paper, then print again."),
    "permission": QT_TRANSLATE_NOOP(
        "PayDesk", "This user may not use the receipt printer at {address}. On Linux, add "
        "the udev rule in docs/receipt-printer.md (USB) or join the dialout group (serial), "
        "then plug the printer in again."),
    "failed": QT_TRANSLATE_NOOP(
        "PayDesk", "The receipt printer at {address} could not print: {detail}"),
}
PRINTER_CODE_PAGE = QT_TRANSLATE_NOOP(
    "PayDesk", "The receipt printer's profile has no code page {code_page}: choose "
    "another in Settings → Printer.")

#: What the till program's API says of a request it refused itself (problem details).
API: Mapping[str, str] = {
    ApiFailureCode.UNAUTHORIZED: QT_TRANSLATE_NOOP(
        "PayDesk", "The request has no API token, or not this till's. Send "
        "'Authorization: Bearer TOKEN' (paydesk terminal token)."),
    ApiFailureCode.FOREIGN_HOST: QT_TRANSLATE_NOOP(
        "PayDesk", "The request names another host; address this till by 127.0.0.1."),
    ApiFailureCode.TOO_LARGE: QT_TRANSLATE_NOOP(
        "PayDesk", "The request's body is larger than a payment's request can be."),
    ApiFailureCode.MALFORMED: QT_TRANSLATE_NOOP(
        "PayDesk", "The request's body is not a JSON object."),
    ApiFailureCode.NOT_FOUND: QT_TRANSLATE_NOOP(
        "PayDesk", "There is no such address or payment."),
    ApiFailureCode.METHOD: QT_TRANSLATE_NOOP(
        "PayDesk", "This address does not take that method."),
    ApiFailureCode.BUSY: QT_TRANSLATE_NOOP(
        "PayDesk", "The till is sending another sale to the payment service. Ask again "
        "in a moment."),
    ApiFailureCode.REFERENCE_REUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "This reference was already used for another sale. A new sale needs a "
        "reference of its own."),
    ApiFailureCode.SHIFT_REFERENCE_REUSED: QT_TRANSLATE_NOOP(
        "PayDesk", "This shift reference was already used by another cashier. A new shift "
        "needs a reference of its own."),
    ApiFailureCode.SHIFTS_OFF: QT_TRANSLATE_NOOP(
        "PayDesk", "This till works without shifts (paydesk config set shifts on)."),
}
#: A reference reused: {0} the earlier payment's amount, {1} the one asked for now.
REFERENCE_REUSED_AMOUNTS = QT_TRANSLATE_NOOP(
    "PayDesk", "This reference was already used for a payment of {0}; this request asks "
    "for {1}. A new sale needs a reference of its own.")
#: A reference reused with the same amount but another e-mail or note; {0}: the amount.
REFERENCE_REUSED_SAME_AMOUNT = QT_TRANSLATE_NOOP(
    "PayDesk", "This reference was already used for a payment of {0} with another e-mail "
    "or note. A new sale needs a reference of its own.")

#: What the shifts and cashiers refused ({0}: the failure's detail, where it has one).
SHIFTS: Mapping[str, str] = {
    ShiftFailureCode.SHIFT_REQUIRED: QT_TRANSLATE_NOOP(
        "PayDesk", "No shift is open on this till. Open a shift to take payments "
        "(paydesk shift open)."),
    ShiftFailureCode.SHIFT_ALREADY_OPEN: QT_TRANSLATE_NOOP(
        "PayDesk", "Shift {0} is already open on this till. Close it before opening another."),
    ShiftFailureCode.NO_SUCH_SHIFT: QT_TRANSLATE_NOOP(
        "PayDesk", "This till has no shift {0}."),
    ShiftFailureCode.NOT_YOUR_SHIFT: QT_TRANSLATE_NOOP(
        "PayDesk", "This shift was opened by another cashier: they or an owner may close it."),
    ShiftFailureCode.WRONG_PIN: QT_TRANSLATE_NOOP(
        "PayDesk", "The name or the PIN is wrong."),
    ShiftFailureCode.PIN_LOCKED: QT_TRANSLATE_NOOP(
        "PayDesk", "Too many wrong PINs. Try again in {0} s."),
    ShiftFailureCode.BAD_PIN: QT_TRANSLATE_NOOP(
        "PayDesk", "A PIN is 4 to 6 digits."),
    ShiftFailureCode.OWNER_ONLY: QT_TRANSLATE_NOOP(
        "PayDesk", "Only an owner may do this."),
    ShiftFailureCode.BAD_NAME: QT_TRANSLATE_NOOP(
        "PayDesk", "A cashier's name is one line of 1 to 40 characters."),
    ShiftFailureCode.CASHIER_EXISTS: QT_TRANSLATE_NOOP(
        "PayDesk", "There is already a cashier named {0}."),
    ShiftFailureCode.NO_SUCH_CASHIER: QT_TRANSLATE_NOOP(
        "PayDesk", "There is no cashier named {0}."),
    ShiftFailureCode.LAST_OWNER: QT_TRANSLATE_NOOP(
        "PayDesk", "The last owner cannot be removed: add another owner first."),
    ShiftFailureCode.NO_CASHIERS: QT_TRANSLATE_NOOP(
        "PayDesk", "There are no cashiers yet. Add the owner first "
        "(paydesk cashier add NAME --owner)."),
}

#: The words of every code, whichever kind: a code nobody gave words fails a test.
TABLES: tuple[Mapping[str, str], ...] = (
    SERVICE, SETUP, STORE_TROUBLE, SHARED_BOOK, API, SHIFTS)
_CEILING = "amount.too_large"


def ceiling_of(failure: Failure) -> int | None:
    """The ceiling in kopecks of an amount refused as too large, if the failure has one."""
    if failure.code != _CEILING or failure.detail is None or not failure.detail.isdigit():
        return None
    return int(failure.detail)


def say(failure: Failure, translate: Translate = _english,
        input_words: InputWords | None = None, *, language: Language = "en") -> str:
    """The words for ``failure``, in ``translate``'s language (English by default;
    ``language``: how the amounts in them are written).

    An order field the service client refused is said by ``input_words`` (the
    front end's words for the same mistake typed into a form).
    """
    code = failure.code
    reused = reused_amounts(failure)
    if reused is not None:
        earlier, asked = (money_text(kopecks, language) for kopecks in reused)
        if reused[0] == reused[1]:
            return translate(REFERENCE_REUSED_SAME_AMOUNT).format(earlier)
        return translate(REFERENCE_REUSED_AMOUNTS).format(earlier, asked)
    if failure.field is not None and failure.input_code is not None:
        ceiling = ceiling_of(failure)
        if input_words is not None:
            return input_words(failure.field, failure.input_code, ceiling)
        if ceiling is not None:
            return ceiling_error(ceiling).message
        return failure.detail or code  # the detail is the core's English sentence
    if code in WITH_SERVICE_WORDS and failure.detail:
        return translate(REFUSED_WITH_REASON).format(failure.detail.strip())
    if code in AS_SAID:
        return failure.detail or translate(SERVICE[FailureCode.UNKNOWN])
    if code in STORE_TROUBLE:
        return _store_words(StoreProblem(code), failure.places, translate)
    if code in SHIFTS:
        return translate(SHIFTS[code]).format(failure.detail or "")
    for table in (SERVICE, SETUP, SHARED_BOOK, API):
        if code in table:
            return translate(table[code])
    return translate(SERVICE[FailureCode.FAILED])


def _store_words(problem: StoreProblem, places: tuple[str, ...], translate: Translate) -> str:
    if problem is StoreProblem.DAMAGED and len(places) == 2:
        book, moved_to = places
        return translate(SET_ASIDE).format(book, moved_to, PurePath(moved_to).name,
                                           PurePath(book).parent)
    return translate(STORE_TROUBLE[problem]).format(places[0] if places else "")


def english(failure: Failure) -> str:
    """What the command line and the logs say: the order book's and the settings' own
    English account when the failure has one (it names the file, SQLite's words and the
    command that mends it), else the table's words."""
    code, detail = failure.code, failure.detail
    if detail and (code in STORE_TROUBLE or code in SETUP):
        return detail
    if code in SHARED_BOOK:
        fact = shared_book_fact(code, "")
        return f"{fact}: {detail}." if detail else f"{fact}."
    return say(failure)


def store_fact(problem: StoreProblem | None, translate: Translate = _english) -> str | None:
    """What stood in the order book's way, in a few words (None: nothing the store names)."""
    return None if problem is None else translate(STORE_FACTS[problem])


def shared_book_fact(code: str, where: str) -> str:
    """The shared book's failure as a fact naming the book, in English (logs, commands)."""
    place = f" at {where}" if where else ""
    text = _SHARED_BOOK_FACTS.get(code, "The shared order book{place} failed")
    return text.format(place=place)
