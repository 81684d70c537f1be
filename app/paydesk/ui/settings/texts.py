"""The window's words for a SettingsError, chosen by its code and translated here.

The core's English sentence is for the command line; the window says the same
thing in the person's language, under the field it concerns when there is one
(``field_text``), or as a whole sentence naming the setting (``settings_error_text``).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from paydesk.core.settings.values import SettingsError, SettingsProblem
from paydesk.domain.catalogue import SERVICE
from paydesk.domain.failures import FailureCode
from paydesk.ui.shell.formatting import tr

# QT_TRANSLATE_NOOP is typed as returning object; the texts are str at run time.
_Marked = object

#: Whole sentences: {name} is the setting, {value} what it was given, {low}/{high}
#: its bounds, {path} the file or folder, {reason} the system's own words.
_SENTENCES: dict[SettingsProblem, _Marked] = {
    SettingsProblem.OUT_OF_RANGE: QT_TRANSLATE_NOOP(
        "PayDesk", "The setting {name} must be between {low} and {high} (it is {value})."),
    SettingsProblem.BACKOFF_ORDER: QT_TRANSLATE_NOOP(
        "PayDesk", "The setting backoff_max_seconds cannot be less than "
        "backoff_start_seconds ({low} s)."),
    SettingsProblem.CLIENT_ID_NOT_POSITIVE: SERVICE[FailureCode.CLIENT_ID_NOT_POSITIVE],
    SettingsProblem.SECRET_STORAGE_CHOICE: QT_TRANSLATE_NOOP(
        "PayDesk", "The setting secret_storage must be \"keychain\" or \"file\"."),
    SettingsProblem.BASE_URL_SCHEME: QT_TRANSLATE_NOOP(
        "PayDesk", "The service address must start with https:// "
        "(or http:// for a sandbox on this computer)."),
    SettingsProblem.NOT_WHOLE_NUMBER: QT_TRANSLATE_NOOP(
        "PayDesk", "The setting {name} must be a whole number (it is {value})."),
    SettingsProblem.NOT_NUMBER: QT_TRANSLATE_NOOP(
        "PayDesk", "The setting {name} must be a number (it is {value})."),
    SettingsProblem.NOT_ON_OFF: QT_TRANSLATE_NOOP(
        "PayDesk", "The setting {name} must be on or off (it is {value})."),
    SettingsProblem.NOT_TEXT: QT_TRANSLATE_NOOP(
        "PayDesk", "The setting {name} must be text (it is {value})."),
    SettingsProblem.UNKNOWN_SETTING: QT_TRANSLATE_NOOP(
        "PayDesk", "There is no setting called {name}."),
    SettingsProblem.UNREADABLE_FILE: QT_TRANSLATE_NOOP(
        "PayDesk", "The settings file {path} cannot be read: {reason}"),
    SettingsProblem.NOT_AN_OBJECT: QT_TRANSLATE_NOOP(
        "PayDesk", "The settings file {path} does not hold settings (a JSON object)."),
    SettingsProblem.CANNOT_SAVE: QT_TRANSLATE_NOOP(
        "PayDesk", "The settings cannot be saved in {path}: {reason}."),
    SettingsProblem.SAVE_BUSY: QT_TRANSLATE_NOOP(
        "PayDesk", "The settings in {path} are being saved by another PayDesk program; "
        "try again in a moment."),
    SettingsProblem.ORDER_BOOK_ADDRESS: QT_TRANSLATE_NOOP(
        "PayDesk", "The shared order book's address must be a PostgreSQL address such as "
        "postgresql://till@backoffice:5432/shop."),
    SettingsProblem.TILL_NAME: QT_TRANSLATE_NOOP(
        "PayDesk", "The till's name must be one line of at most 40 characters."),
    SettingsProblem.PRINTER_ADDRESS: QT_TRANSLATE_NOOP(
        "PayDesk", "The receipt printer's address must be tcp://HOST:9100, "
        "usb://VENDOR:PRODUCT, serial:///dev/ttyUSB0, cups://QUEUE or file:///dev/usb/lp0."),
    SettingsProblem.PRINTER_PAPER: QT_TRANSLATE_NOOP(
        "PayDesk", "The receipt printer's paper is 58 or 80 mm wide."),
    SettingsProblem.PRINTER_CODE_PAGE: QT_TRANSLATE_NOOP(
        "PayDesk", "{value} is not a code page; CP866 is the usual one for Cyrillic."),
    SettingsProblem.WEB_DISPLAY_CHOICE: QT_TRANSLATE_NOOP(
        "PayDesk", "The buyer's web screen is off, on this computer only, or on the "
        "shop's network."),
    SettingsProblem.TERMINAL_API_CHOICE: QT_TRANSLATE_NOOP(
        "PayDesk", "The till program's API is off or on this computer only."),
}

#: What is wrong with a receipt printer's address, by the address's own code.
_PRINTER_ADDRESS: dict[str, _Marked] = {
    "bad_port": QT_TRANSLATE_NOOP(
        "PayDesk", "The port must be a number from 1 to 65535 (printers listen on 9100)."),
    "bad_usb_id": QT_TRANSLATE_NOOP(
        "PayDesk", "Write the vendor and product as lsusb shows them, as in usb://04b8:0202."),
    "no_path": QT_TRANSLATE_NOOP(
        "PayDesk", "Give the device's whole path, as in serial:///dev/ttyUSB0."),
    "bad_baudrate": QT_TRANSLATE_NOOP(
        "PayDesk", "The speed must be one a serial printer is set to, such as 9600 or 115200."),
    "unknown_profile": QT_TRANSLATE_NOOP(
        "PayDesk", "python-escpos knows no printer profile of that name; leave profile= out "
        "for a generic one."),
}

#: What is wrong with a shared order book's address, by the address's own code.
_BOOK_ADDRESS: dict[str, _Marked] = {
    "not_postgresql": QT_TRANSLATE_NOOP(
        "PayDesk", "The address must start with postgresql:// (a PostgreSQL server)."),
    "spaces": QT_TRANSLATE_NOOP("PayDesk", "An address has no spaces."),
    "several_hosts": QT_TRANSLATE_NOOP("PayDesk", "Give one server, not several."),
    "bad_port": QT_TRANSLATE_NOOP("PayDesk", "The port must be a number from 1 to 65535."),
    "bad_sslmode": QT_TRANSLATE_NOOP("PayDesk", "sslmode must be one of PostgreSQL's modes."),
    "tls_required": QT_TRANSLATE_NOOP(
        "PayDesk", "A server on another computer is reached only with TLS and a checked "
        "certificate: leave sslmode out, or write sslmode=verify-full."),
    "password_in_address": QT_TRANSLATE_NOOP(
        "PayDesk", "Leave the password out of the address: type it in the Password field "
        "below (or put it in ~/.pgpass)."),
}

#: Under the field itself, where the setting's name goes without saying.
_UNDER_FIELD: dict[SettingsProblem, _Marked] = {
    SettingsProblem.OUT_OF_RANGE: QT_TRANSLATE_NOOP(
        "PayDesk", "This must be between {low} and {high}."),
    SettingsProblem.BACKOFF_ORDER: QT_TRANSLATE_NOOP(
        "PayDesk", "This cannot be shorter than the first check of other orders ({low} s)."),
}


def _values(error: SettingsError) -> dict[str, str]:
    low, high = error.bounds if error.bounds is not None else (0.0, 0.0)
    value = error.value
    return {
        "name": error.setting,
        "value": f"{value:g}" if isinstance(value, float) else repr(value),
        "low": f"{low:g}",
        "high": f"{high:g}",
        "path": "" if error.path is None else str(error.path),
        "reason": error.reason,
    }


def settings_error_text(error: SettingsError) -> str:
    """The whole sentence, in the window's language."""
    return tr(str(_marked(error, _SENTENCES[error.code]))).format(**_values(error))


def field_text(error: SettingsError) -> str:
    """The words under the setting's own field."""
    marked = _UNDER_FIELD.get(error.code, _SENTENCES[error.code])
    return tr(str(_marked(error, marked))).format(**_values(error))


def _marked(error: SettingsError, general: _Marked) -> _Marked:
    """An address's own problem says more than the general sentence."""
    if error.code is SettingsProblem.ORDER_BOOK_ADDRESS:
        return _BOOK_ADDRESS.get(error.reason, general)
    if error.code is SettingsProblem.PRINTER_ADDRESS:
        return _PRINTER_ADDRESS.get(error.reason, general)
    return general
