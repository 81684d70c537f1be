"""Typed settings, kept as JSON in the data directory.

Only what is safe to write down lives here: the secret key is in the OS
keychain (see :mod:`paydesk.support.secret_store`). ``PAYDESK_BASE_URL``,
``PAYDESK_CLIENT_ID`` and ``PAYDESK_ORDER_BOOK`` override the file for scripts and
CI without changing it.
"""

from __future__ import annotations

import codecs
import dataclasses
import enum
import json
import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from paydesk.domain.money import MAX_AMOUNT
from paydesk.support.held_lock import wait_for_lock
from paydesk.support.private_files import make_private_folder, write_private_file

BASE_URL_ENV = "PAYDESK_BASE_URL"
CLIENT_ID_ENV = "PAYDESK_CLIENT_ID"
ORDER_BOOK_ENV = "PAYDESK_ORDER_BOOK"
#: A till's name is shown in a column and typed in filters: short, one line.
TILL_MAX = 40
#: How long a save waits for another program's save of the same settings (which takes
#: milliseconds) before it says so.
SAVE_WAIT_SECONDS = 5.0


class SettingsProblem(enum.StrEnum):
    """What is wrong, stable for a front end to choose (and translate) its words by."""

    OUT_OF_RANGE = "out_of_range"  # ``setting``, ``bounds``, ``value``
    BACKOFF_ORDER = "backoff_order"  # the slowest check is faster than the first (``bounds``)
    CLIENT_ID_NOT_POSITIVE = "client_id_not_positive"
    SECRET_STORAGE_CHOICE = "secret_storage_choice"
    BASE_URL_SCHEME = "base_url_scheme"
    NOT_WHOLE_NUMBER = "not_whole_number"  # ``setting``, ``value``
    NOT_NUMBER = "not_number"
    NOT_ON_OFF = "not_on_off"
    NOT_TEXT = "not_text"
    UNKNOWN_SETTING = "unknown_setting"  # ``setting``
    UNREADABLE_FILE = "unreadable_file"  # ``path``, ``reason``
    NOT_AN_OBJECT = "not_an_object"  # ``path``
    CANNOT_SAVE = "cannot_save"  # ``path`` (the folder), ``reason``
    #: Another program's save held the settings past SAVE_WAIT_SECONDS (``path``: the folder).
    SAVE_BUSY = "save_busy"
    ORDER_BOOK_ADDRESS = "order_book_address"  # ``value`` (masked), ``reason`` (a code)
    TILL_NAME = "till_name"  # ``value``
    PRINTER_ADDRESS = "printer_address"  # ``value``, ``reason`` (a PrinterAddressProblem)
    PRINTER_PAPER = "printer_paper"  # ``value``
    PRINTER_CODE_PAGE = "printer_code_page"  # ``value``


class SettingsError(Exception):
    """The settings file or a value given for it is not usable; says which and why.

    ``str()`` is the English sentence the command line prints; ``code`` and the
    details (``setting``, ``bounds``, ``value``, ``path``, ``reason``) let the window
    say it in its own, translated, words and under the field it concerns.
    """

    def __init__(
        self,
        code: SettingsProblem,
        message: str,
        *,
        setting: str = "",
        bounds: tuple[float, float] | None = None,
        value: object = None,
        path: Path | None = None,
        reason: str = "",
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.setting = setting
        self.bounds = bounds
        self.value = value
        self.path = path
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Settings:
    base_url: str = ""
    client_id: int | None = None
    merchant_name: str = ""
    #: The service's order lifetime as we expect it (the countdown, the last check).
    order_lifetime_seconds: int = 900
    #: The order in front of the cashier is checked this often.
    focus_interval_seconds: float = 2.0
    #: Other pending orders back off from this interval ...
    backoff_start_seconds: float = 5.0
    #: ... up to this one.
    backoff_max_seconds: float = 300.0
    #: Status requests in flight at once, and per second, at most.
    max_in_flight: int = 8
    max_requests_per_second: float = 200.0
    #: One call to the service (with its retries) ends after this long, however
    #: slowly its reply comes: the cashier then sees "try again".
    request_deadline_seconds: float = 20.0
    #: A merchant's own ceiling for one payment, in kopecks.
    max_amount: int = MAX_AMOUNT
    #: "keychain" (the default) or "file": a plaintext file, only on explicit choice.
    secret_storage: str = "keychain"
    sound: bool = True
    language: str = "system"
    display_screen: str = ""
    #: Empty: this computer's own order book (SQLite). A PostgreSQL URL
    #: (``postgresql://till@backoffice:5432/shop``): the shop's shared book, which this
    #: till's own book journals and mirrors. Never with a password in it.
    order_book: str = ""
    #: This counter's name, stored with every order it takes (empty: the computer's name).
    till: str = ""
    # -- the receipt printer (paydesk.core.printing) --
    #: Empty: none. tcp://HOST:9100, usb://VENDOR:PRODUCT, serial:///dev/ttyUSB0?baudrate=9600,
    #: cups://QUEUE or file:///dev/usb/lp0 (paydesk.support.printer_address).
    printer: str = ""
    #: The roll's width: 58 or 80 mm.
    printer_paper_mm: int = 80
    #: The printer's code page for the words (CP866 has Cyrillic).
    printer_code_page: str = "CP866"
    #: A receipt printed by itself when a sale this till took is paid (once).
    printer_receipts: bool = False

    @property
    def is_configured(self) -> bool:
        return bool(self.base_url) and self.client_id is not None

    @property
    def till_name(self) -> str:
        """The till's name as stored with its orders: the setting, else the computer's."""
        return self.till or default_till_name()

    def with_changes(self, **changes: Any) -> Settings:
        return validate(dataclasses.replace(self, **changes))


_BOUNDS: dict[str, tuple[float, float]] = {
    "order_lifetime_seconds": (30, 7 * 24 * 3600),
    "focus_interval_seconds": (0.5, 60),
    "backoff_start_seconds": (1, 3600),
    "backoff_max_seconds": (1, 24 * 3600),
    "max_in_flight": (1, 64),
    "max_requests_per_second": (0.1, 1000),
    "request_deadline_seconds": (1, 300),
    "max_amount": (1, MAX_AMOUNT),
}


def validate(settings: Settings) -> Settings:
    """Raise :class:`SettingsError` naming the first value out of range."""
    for name, (low, high) in _BOUNDS.items():
        value = getattr(settings, name)
        if not low <= value <= high:
            raise SettingsError(
                SettingsProblem.OUT_OF_RANGE,
                f"{name} must be between {low:g} and {high:g} (got {value!r}).",
                setting=name, bounds=(low, high), value=value,
            )
    if settings.backoff_max_seconds < settings.backoff_start_seconds:
        raise SettingsError(
            SettingsProblem.BACKOFF_ORDER,
            "backoff_max_seconds cannot be less than backoff_start_seconds.",
            setting="backoff_max_seconds",
            bounds=(settings.backoff_start_seconds, _BOUNDS["backoff_max_seconds"][1]),
            value=settings.backoff_max_seconds,
        )
    if settings.client_id is not None and settings.client_id <= 0:
        raise SettingsError(SettingsProblem.CLIENT_ID_NOT_POSITIVE,
                            "client_id must be a positive whole number.",
                            setting="client_id", value=settings.client_id)
    if settings.secret_storage not in ("keychain", "file"):
        raise SettingsError(SettingsProblem.SECRET_STORAGE_CHOICE,
                            'secret_storage must be "keychain" or "file".',
                            setting="secret_storage", value=settings.secret_storage)
    if settings.base_url and not settings.base_url.startswith(("http://", "https://")):
        raise SettingsError(SettingsProblem.BASE_URL_SCHEME,
                            "base_url must start with https:// (or http:// for a local sandbox).",
                            setting="base_url", value=settings.base_url)
    if settings.order_book:
        _check_order_book(settings.order_book)
    if len(settings.till) > TILL_MAX or not settings.till.isprintable():
        raise SettingsError(SettingsProblem.TILL_NAME,
                            f"till must be one line of at most {TILL_MAX} characters.",
                            setting="till", value=settings.till)
    _check_printer(settings)
    return settings


def _check_printer(settings: Settings) -> None:
    """The receipt printer's address, roll and code page must be ones it can print with."""
    if settings.printer:
        # The address rules live with the printer's transport; only a till with a
        # printer reads them.
        from paydesk.support.printer_address import PrinterAddress, PrinterAddressError

        try:
            PrinterAddress.parse(settings.printer)
        except PrinterAddressError as exc:
            raise SettingsError(SettingsProblem.PRINTER_ADDRESS, str(exc), setting="printer",
                                value=settings.printer, reason=exc.code) from None
    if settings.printer_paper_mm not in (58, 80):
        raise SettingsError(SettingsProblem.PRINTER_PAPER,
                            "printer_paper_mm must be 58 or 80 (the roll's width).",
                            setting="printer_paper_mm", value=settings.printer_paper_mm)
    try:
        codecs.lookup(settings.printer_code_page)
    except LookupError:
        raise SettingsError(SettingsProblem.PRINTER_CODE_PAGE,
                            f"printer_code_page {settings.printer_code_page!r} is not a code "
                            "page (CP866 is the usual one for Cyrillic).",
                            setting="printer_code_page",
                            value=settings.printer_code_page) from None


def _check_order_book(text: str) -> None:
    """The shared book's address must be one PayDesk can use, with no password in it."""
    # The address rules live with the shared book (no database driver is loaded here);
    # only a till with a shared book reads them: the first frame loads no store module.
    from paydesk.store.shared.address import BookAddress, BookAddressError

    try:
        address = BookAddress.parse(text)
    except BookAddressError as exc:
        raise SettingsError(SettingsProblem.ORDER_BOOK_ADDRESS,
                            f"order_book: {exc}", setting="order_book",
                            value=BookAddress.mask_text(text), reason=exc.code) from None
    if address.password:
        raise SettingsError(
            SettingsProblem.ORDER_BOOK_ADDRESS,
            "order_book: the address holds a password, which the settings file must not "
            "keep. Give the address without it; the password goes in the keychain "
            "('paydesk config set book_password') or in ~/.pgpass.",
            setting="order_book", value=address.masked, reason="password_in_address")


def default_till_name() -> str:
    """The computer's name (the host name, without its domain), as a till's default name."""
    name = socket.gethostname().split(".")[0].strip()
    return name[:TILL_MAX] or "till"


def _coerce(name: str, kind: str, raw: Any) -> Any:
    """Turn a JSON or command-line value into the field's type, or say why not.

    ``kind`` is the annotation as text (this module uses postponed annotations).
    """
    if kind in ("int", "int | None"):
        if isinstance(raw, bool) or not str(raw).strip().isdigit():
            raise SettingsError(SettingsProblem.NOT_WHOLE_NUMBER,
                                f"{name} must be a whole number (got {raw!r}).",
                                setting=name, value=raw)
        return int(str(raw).strip())
    if kind == "float":
        try:
            if isinstance(raw, bool):
                raise ValueError
            return float(raw)
        except (TypeError, ValueError):
            raise SettingsError(SettingsProblem.NOT_NUMBER,
                                f"{name} must be a number (got {raw!r}).",
                                setting=name, value=raw) from None
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise SettingsError(SettingsProblem.NOT_ON_OFF,
                            f"{name} must be on or off (got {raw!r}).", setting=name, value=raw)
    if not isinstance(raw, str):
        raise SettingsError(SettingsProblem.NOT_TEXT,
                            f"{name} must be text (got {raw!r}).", setting=name, value=raw)
    return raw.strip()


FIELD_TYPES: dict[str, str] = {f.name: str(f.type) for f in fields(Settings)}


def parse_value(name: str, raw: Any) -> Any:
    """The typed value of setting ``name`` from text or JSON; :class:`SettingsError` if bad."""
    if name not in FIELD_TYPES:
        known = ", ".join(sorted(FIELD_TYPES))
        raise SettingsError(SettingsProblem.UNKNOWN_SETTING,
                            f"There is no setting called {name!r}. Known settings: {known}.",
                            setting=name)
    if name == "client_id" and (raw is None or raw == ""):
        return None
    return _coerce(name, FIELD_TYPES[name], raw)


def load(path: Path, *, environ: dict[str, str] | None = None) -> Settings:
    """Read the settings file (missing means defaults) and apply the environment overrides."""
    return with_environment(Settings(**_file_values(path)), environ)


def _file_values(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SettingsError(SettingsProblem.UNREADABLE_FILE,
                            f"The settings file {path} cannot be read: {exc}",
                            path=path, reason=str(exc)) from None
    if not isinstance(data, dict):
        raise SettingsError(SettingsProblem.NOT_AN_OBJECT,
                            f"The settings file {path} does not hold a JSON object.",
                            path=path)
    return {k: parse_value(k, v) for k, v in data.items() if k in FIELD_TYPES}


def with_environment(settings: Settings, environ: dict[str, str] | None = None) -> Settings:
    """``settings`` (the file's) with the environment's overrides laid over them, checked."""
    environ = dict(os.environ) if environ is None else environ
    values: dict[str, Any] = {}
    if environ.get(BASE_URL_ENV):
        values["base_url"] = environ[BASE_URL_ENV].strip()
    if environ.get(CLIENT_ID_ENV):
        values["client_id"] = parse_value("client_id", environ[CLIENT_ID_ENV])
    if environ.get(ORDER_BOOK_ENV):
        values["order_book"] = environ[ORDER_BOOK_ENV].strip()
    return validate(dataclasses.replace(settings, **values))


def changes_between(before: Settings, after: Settings) -> dict[str, Any]:
    """The settings ``after`` sets otherwise than ``before``, by name: what a person changed
    in a copy (the dialog's), and all that a save of it should write."""
    return {name: getattr(after, name) for name in FIELD_TYPES
            if getattr(after, name) != getattr(before, name)}


def save(settings: Settings, path: Path) -> None:
    """Write atomically (temp file + rename), so a crash never leaves half a file."""
    try:
        write_private_file(path, json.dumps(dataclasses.asdict(settings), indent=2) + "\n")
    except OSError as exc:
        raise _cannot_save(path, exc) from None


@contextmanager
def saving(path: Path) -> Iterator[None]:
    """Hold the settings file's lock (``settings.lock`` beside it) for one read, change
    and write of it, so two programs saving at once (the window and ``paydesk config
    set``, two commands) each keep the other's change instead of writing over it.

    SettingsError when the lock cannot be had: the folder cannot be written
    (CANNOT_SAVE), or another save held it past :data:`SAVE_WAIT_SECONDS` (SAVE_BUSY).
    """
    try:
        make_private_folder(path.parent)
        lock = wait_for_lock(path.with_suffix(".lock"), SAVE_WAIT_SECONDS)
    except OSError as exc:
        raise _cannot_save(path, exc) from None
    if lock is None:
        raise SettingsError(
            SettingsProblem.SAVE_BUSY,
            f"The settings in {path.parent} are being saved by another PayDesk program; "
            "try again in a moment.",
            path=path.parent,
        )
    try:
        yield
    finally:
        lock.release()


def _cannot_save(path: Path, exc: OSError) -> SettingsError:
    reason = str(exc.strerror or exc)
    return SettingsError(
        SettingsProblem.CANNOT_SAVE,
        f"The settings cannot be saved in {path.parent}: {reason}.",
        path=path.parent, reason=reason,
    )
