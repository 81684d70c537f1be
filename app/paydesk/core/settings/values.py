"""Typed settings, kept as JSON in the data directory.

Only what is safe to write down lives here: the secret key is in the OS
keychain (see :mod:`paydesk.support.secret_store`). Each setting is declared once,
as a field of :class:`Settings` (core/settings/declared.py says what a declaration holds);
the environment variables declared (``PAYDESK_BASE_URL``...) override the file for
scripts and CI without changing it. :class:`SettingsKeeper` owns the settings in
force in one process: it saves them, reads them again, and announces them.
"""

from __future__ import annotations

import codecs
import dataclasses
import json
import os
import socket
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from paydesk.core.settings.declared import (
    Applies,
    SettingsError,
    SettingsProblem,
    SettingVar,
    declared_in,
    setting,
)
from paydesk.domain.money import MAX_AMOUNT
from paydesk.support.held_lock import wait_for_lock
from paydesk.support.private_files import make_private_folder, write_private_file

#: The buyer's web screen's port unless set: not the sandbox's 8765 nor the API's 8766.
WEB_DISPLAY_PORT = 8767
#: Where the buyer's web screen listens (nowhere, this computer, the shop's network) and
#: the till program's API (core/terminal/api.py: nowhere, this computer).
WEB_DISPLAY_CHOICES, TERMINAL_API_CHOICES = ("off", "local", "network"), ("off", "local")
#: A till's name is shown in a column and typed in filters: short, one line.
TILL_MAX = 40
#: How long a save waits for another program's save of the same settings (which takes
#: milliseconds) before it says so.
SAVE_WAIT_SECONDS = 5.0


@dataclass(frozen=True, slots=True)
class Settings:
    """The settings, each declared once (core/settings/declared.py): its default, bounds,
    environment variable, when it is taken up, whether the demo holds it, and its help."""

    base_url: str = setting(
        "", env="PAYDESK_BASE_URL", fixed_in_demo=True, rebuilds_client=True,
        help="the payment service's address (https://; http:// only for a local sandbox)")
    client_id: int | None = setting(
        None, env="PAYDESK_CLIENT_ID", applies=Applies.WITH_BOOK, fixed_in_demo=True,
        rebuilds_client=True, help="the account number your payment service gave you")
    merchant_name: str = setting(
        "", help="the shop's name: in the window's title, on the buyer's screen and slips")
    #: The service's order lifetime as we expect it (the countdown, the last check).
    order_lifetime_seconds: int = setting(
        900, bounds=(30, 7 * 24 * 3600),
        help="how long an order can be paid, in seconds (the countdown)")
    #: The order in front of the cashier is checked this often.
    focus_interval_seconds: float = setting(
        2.0, bounds=(0.5, 60), help="the order on screen is checked this often, in seconds")
    #: Other pending orders back off from this interval ...
    backoff_start_seconds: float = setting(
        5.0, bounds=(1, 3600), help="other pending orders are checked after this many seconds")
    #: ... up to this one.
    backoff_max_seconds: float = setting(
        300.0, bounds=(1, 24 * 3600),
        help="... slowing down to at most every this many seconds")
    #: Status requests in flight at once, and per second, at most.
    max_in_flight: int = setting(
        8, bounds=(1, 64), help="status requests in flight at once, at most")
    max_requests_per_second: float = setting(
        200.0, bounds=(0.1, 1000), help="requests to the service per second, at most")
    #: One call to the service (with its retries) ends after this long, however
    #: slowly its reply comes: the cashier then sees "try again".
    request_deadline_seconds: float = setting(
        20.0, bounds=(1, 300), rebuilds_client=True,
        help="one call to the service, with its retries, gives up after this many seconds")
    #: A merchant's own ceiling for one payment, in kopecks.
    max_amount: int = setting(
        MAX_AMOUNT, bounds=(1, MAX_AMOUNT), help="the largest amount of one payment, in kopecks")
    #: "keychain" (the default) or "file": a plaintext file, only on explicit choice.
    secret_storage: str = setting(
        "keychain", fixed_in_demo=True,
        help='where the secret key is kept: "keychain", or "file" (plaintext, mode 0600)')
    sound: bool = setting(True, help="play a sound when an order is paid (on or off)")
    language: str = setting(
        "system", applies=Applies.AT_START,
        help='the window\'s language: "en", "ru", or "system" (the locale\'s)')
    display_screen: str = setting(
        "", help="the monitor of the buyer's screen (empty: a window on this screen)")
    #: Empty: this computer's own order book (SQLite). A PostgreSQL URL
    #: (``postgresql://till@backoffice:5432/shop``): the shop's shared book, which this
    #: till's own book journals and mirrors. Never with a password in it.
    order_book: str = setting(
        "", env="PAYDESK_ORDER_BOOK", applies=Applies.WITH_BOOK, fixed_in_demo=True,
        help="empty: this computer's own; a shop's shared book: postgresql://till@host/shop")
    #: This counter's name, stored with every order it takes (empty: the computer's name).
    till: str = setting(
        "", applies=Applies.WITH_BOOK,
        help="this counter's name, stored with its orders (empty: the computer's name)")
    #: Off: no cashiers, no shifts, nothing new anywhere. On: every sale is taken in an
    #: open shift by a signed-in cashier (paydesk.core.shifts; paydesk cashier, shift).
    shifts: bool = setting(
        False, help="cashiers and shifts: on, no sale is taken outside an open shift "
        "(paydesk shift open); off, none")
    #: With shifts on: the window locks the counter after this many idle minutes (0: never).
    lock_after_minutes: int = setting(
        0, bounds=(0, 240),
        help="with shifts on, lock the counter after this many idle minutes (0: never)")
    # -- the receipt printer (paydesk.core.receipts.printer) --
    #: Empty: none. tcp://HOST:9100, usb://VENDOR:PRODUCT, serial:///dev/ttyUSB0?baudrate=9600,
    #: cups://QUEUE or file:///dev/usb/lp0 (paydesk.support.printer_address).
    printer: str = setting(
        "", help="the receipt printer: tcp://HOST:9100, usb://VENDOR:PRODUCT, "
        "serial:///dev/ttyUSB0, cups://QUEUE, file:///dev/usb/lp0 (empty: none)")
    printer_paper_mm: int = setting(80, help="the receipt printer's roll: 58 or 80 (mm)")
    printer_code_page: str = setting(
        "CP866", help="the receipt printer's code page for the words (CP866 has Cyrillic)")
    printer_receipts: bool = setting(
        False, help="print a receipt by itself when a sale this till took is paid (once)")
    # -- the buyer's screen on a tablet or phone (paydesk.core.buyer_devices.web_server) --
    web_display: str = setting(
        "off", help='the buyer\'s screen on a paired tablet or phone: "off", "local" '
        '(this computer only) or "network" (the shop\'s network)')
    #: Fixed by default, so paired devices find the till again after a restart.
    web_display_port: int = setting(
        WEB_DISPLAY_PORT, bounds=(0, 65535), help="the port of the buyer's web screen "
        "(0: any free port)")
    # -- the till program's API (paydesk.core.terminal.api; its token: paydesk terminal) --
    terminal_api: str = setting("off", help='the API a till program takes payments '
                                'through: "off" or "local" (this computer only)')
    terminal_api_port: int = setting(
        8766, bounds=(0, 65535), help="the port of the till program's API (0: any free port)")

    @property
    def is_configured(self) -> bool:
        return bool(self.base_url) and self.client_id is not None

    @property
    def till_name(self) -> str:
        """The till's name as stored with its orders: the setting, else the computer's."""
        return self.till or default_till_name()

    def with_changes(self, **changes: Any) -> Settings:
        return validate(dataclasses.replace(self, **changes))


#: Every setting's declaration, by name, in the order of the fields.
DECLARED: dict[str, SettingVar] = declared_in(Settings)


def validate(settings: Settings) -> Settings:
    """Raise :class:`SettingsError` naming the first value out of range."""
    for name, declared in DECLARED.items():
        if declared.bounds is None:
            continue
        low, high = declared.bounds
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
            bounds=(settings.backoff_start_seconds, _highest("backoff_max_seconds")),
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
    for name, (choices, problem) in {
            "web_display": (WEB_DISPLAY_CHOICES, SettingsProblem.WEB_DISPLAY_CHOICE),
            "terminal_api": (TERMINAL_API_CHOICES, SettingsProblem.TERMINAL_API_CHOICE)}.items():
        if getattr(settings, name) not in choices:  # one of a few words
            words = ", ".join(f'"{choice}"' for choice in choices).rpartition(", ")
            raise SettingsError(problem, f"{name} must be {words[0]} or {words[2]}.",
                                setting=name, value=getattr(settings, name))
    return settings


def _highest(name: str) -> float:
    bounds = DECLARED[name].bounds
    assert bounds is not None
    return bounds[1]


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


FIELD_TYPES: dict[str, str] = {name: declared.kind for name, declared in DECLARED.items()}


def parse_value(name: str, raw: Any) -> Any:
    """The typed value of setting ``name`` from text or JSON; :class:`SettingsError` if bad."""
    if name not in FIELD_TYPES:
        known = ", ".join(sorted(FIELD_TYPES))
        raise SettingsError(SettingsProblem.UNKNOWN_SETTING,
                            f"There is no setting called {name!r}. Known settings: {known}.",
                            setting=name)
    if name == "client_id" and (raw is None or raw == ""):
        return None
    return DECLARED[name].parse(raw)


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
    values = {name: parse_value(name, environ[declared.env])
              for name, declared in DECLARED.items()
              if declared.env and environ.get(declared.env)}
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


class SettingsKeeper:
    """Owns the settings in force and the file they are saved in, and says when they
    change (``announce``: the events name Settings, so this module does not import them
    back)."""

    def __init__(
        self, path: Path, settings: Settings, announce: Callable[[Settings], None], *,
        over_file: Callable[[Settings], Settings] | None = None,
        unsaved: Settings | None = None,
        close_client: Callable[[], None] = lambda: None,
    ) -> None:
        """``over_file`` makes the settings in force from the file's, as saved: the
        environment's overrides laid over them, or the demo sandbox's address and
        account (DemoSandbox.settings); None: the file's are in force as they are.
        ``unsaved`` is what a save starts from while there is no settings file: the
        defaults, for a runtime open_runtime opened; None: ``settings``, for one built
        by hand (the tests'), whose settings stand for its file's until it writes one.
        ``announce`` tells the process of the settings in force after a save or a change
        found by a reload (the runtime publishes SettingsChanged on its hub: the one place
        that tells what must follow them). ``close_client``: a setting the payment client
        is built with changed (or its secret key): the next request builds a new one."""
        self.path = path
        #: The settings in force.
        self.settings = settings
        self._announce = announce
        self._over_file = over_file
        self._unsaved = unsaved
        self._close_client = close_client
        self._held_client_id: int | None = None

    @property
    def held_client_id(self) -> int | None:
        """The account of the order book opened (None before one is opened)."""
        return self._held_client_id

    def hold_client_id(self, client_id: int) -> None:
        """An order book was opened for ``client_id``: it stays the account in force
        until the next start, whatever is saved (the file has the new one)."""
        self._held_client_id = client_id

    def save(self, changes: Mapping[str, Any], *, new_secret: bool = False) -> Settings:
        """Save ``changes`` (setting name → value), put them in force and announce
        them; SettingsError when they are not valid or cannot be written
        (nothing changes then).

        Only the settings named change. The file is read again first, so what another
        process wrote into it meanwhile (``paydesk config set`` beside the open window)
        is kept, and comes into force here with these changes; the file is replaced at
        once (a temp file renamed), never half written. The read and the write hold the
        settings' lock between them, so two processes saving at once cannot both read
        the old file and the second write over the first's change.

        Returns the settings in force: the file's, with what this process lays over it.
        The account held (:meth:`hold_client_id`) stays. A new value of a setting
        declared to rebuild the payment client, or a new secret key (``new_secret``),
        closes the client.
        """
        with saving(self.path):
            saved = self._on_file().with_changes(**changes)
            save(saved, self.path)
        return self._put_in_force(saved, new_secret=new_secret)

    def reload(self) -> Settings:
        """Put in force what the settings file holds now, with what another process
        saved in it; SettingsError when it cannot be read (nothing changes then).
        They are announced only when something did change."""
        on_file = self._on_file()
        if self._in_force_of(on_file) == self.settings:
            return self.settings
        return self._put_in_force(on_file)

    def _on_file(self) -> Settings:
        if self.path.exists():
            return load(self.path, environ={})
        return self.settings if self._unsaved is None else self._unsaved

    def _in_force_of(self, saved: Settings) -> Settings:
        in_force = saved if self._over_file is None else self._over_file(saved)
        held = self._held_client_id
        if held is not None and in_force.client_id != held:
            in_force = dataclasses.replace(in_force, client_id=held)
        return in_force

    def _put_in_force(self, saved: Settings, *, new_secret: bool = False) -> Settings:
        in_force = self._in_force_of(saved)
        before, self.settings = self.settings, in_force
        if new_secret or client_settings(before) != client_settings(in_force):
            self._close_client()
        self._announce(in_force)
        return in_force


def client_settings(settings: Settings) -> tuple[object, ...]:
    """What the payment client is built with (the secret aside): the settings declared so."""
    return tuple(getattr(settings, name) for name, declared in DECLARED.items()
                 if declared.rebuilds_client)
