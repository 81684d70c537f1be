"""The merchant's secret key and the shared order book's password: in the OS keychain,
never in the database, the settings or a log.

``PAYDESK_SECRET_KEY`` overrides the keychain for scripts and CI. PayDesk takes it
out of its environment as it starts (:func:`take_environment_secret`), because
every child process inherits the environment: the sound player, the browser
"Open in browser" starts, anything. Where no keychain exists (a server with no
D-Bus session, say), we say so plainly, naming the secret that could not be kept;
a plaintext file (mode 0600) is used only when the merchant chose it explicitly
(``secret_storage = "file"``), and then for both secrets: one private file, which
holds only the key as long as there is no book password (as it always did).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, MutableMapping
from pathlib import Path
from types import ModuleType

from paydesk.support.private_files import write_private_file
from paydesk.support.redaction import SECRET_ENV, register_secret

KEYRING_SERVICE = "PayDesk"


class SecretStoreError(Exception):
    """The secret cannot be read or kept; the text says what to do (never the secret)."""


#: What a plaintext file chosen with ``secret_storage = "file"`` warns of, after its name.
FILE_WARNING = "readable only by you"


class NoKeychainError(SecretStoreError):
    """No keychain to keep a secret in; ``which`` says which: "key" (the merchant's
    secret key), "book_password" (the shared order book's password) or "api_token"
    (the till program's API token)."""

    def __init__(self, which: str = "key") -> None:
        self.which = which
        if which == "book_password":
            ways = "put the password in ~/.pgpass (docs/shop-setup.md)"
            what = "the shared order book's password"
        elif which == "api_token":
            ways = "leave terminal_api off"
            what = "the till program's API token"
        else:
            ways = f"set {SECRET_ENV} for this session"
            what = "the secret key"
        super().__init__(
            "This computer has no keychain (secret service) that PayDesk can use, so "
            f"{what} cannot be stored safely. Start a keychain service, or {ways}, or "
            "explicitly choose a plaintext file with 'paydesk config set secret_storage "
            f"file' ({FILE_WARNING})."
        )


#: PAYDESK_SECRET_KEY as this process was started with it, once taken out of os.environ.
_from_environment: str | None = None


def take_environment_secret(environ: MutableMapping[str, str] = os.environ) -> None:
    """Move PAYDESK_SECRET_KEY out of the environment, into this process alone.

    Called first thing at start, before anything can start a child. Removing it
    from ``os.environ`` unsets it in the C environment too, which is what Qt
    hands to the programs it starts. It is masked in every log line from now on.
    """
    global _from_environment
    value = environ.pop(SECRET_ENV, None)
    if value:
        _from_environment = value
        register_secret(value)


def environment_secret(environ: Mapping[str, str] | None = None) -> str | None:
    """The secret given in PAYDESK_SECRET_KEY: taken at start, or (a process that
    never took it, such as a test) still in ``environ``, by default os.environ."""
    if environ is None:
        environ = os.environ
        if _from_environment:
            return _from_environment
    return environ.get(SECRET_ENV) or None


def mask(secret: str | None) -> str:
    """What may be shown of a secret: whether it is set, never any of its characters."""
    return "(not set)" if not secret else "******** (set)"


def _account(client_id: int) -> str:
    return f"client-{client_id}"


def _book_account(book: str) -> str:
    return f"order-book {book}"


#: The secret key's entry in the plaintext file (the book passwords' are _book_account's).
_KEY_ENTRY = "secret_key"
#: The till program's API token's entry in the file, and its keychain account's start.
_API_ENTRY = "terminal_api_token"


class SecretStore:
    """Reads and writes the secret key for one data directory's settings."""

    def __init__(self, secret_file: Path, *, use_file: bool = False,
                 environ: Mapping[str, str] | None = None) -> None:
        self._secret_file = secret_file
        self._use_file = use_file
        self._environ = environ  # None: this process's (environment_secret)

    @property
    def uses_file(self) -> bool:
        return self._use_file

    @property
    def secret_file(self) -> Path:
        return self._secret_file

    def in_file(self) -> SecretStore:
        """The same store keeping the key in the plaintext file (``secret_storage = "file"``),
        for a person who chose it where there is no keychain."""
        return SecretStore(self._secret_file, use_file=True, environ=self._environ)

    def has_keychain(self) -> bool:
        """False when this computer has no keychain PayDesk can use (NoKeychainError);
        True when it has one, or the key does not come from it. May wait for the
        keychain (it may ask to be unlocked): call it off the window's thread."""
        if self._use_file or environment_secret(self._environ):
            return True
        keyring, errors = _keyring()
        try:
            keyring.get_password(KEYRING_SERVICE, "client-0")  # no account has id 0
        except errors.NoKeyringError:
            return False
        except errors.KeyringError:
            return True  # there is one; it refused (said when the key is read or stored)
        return True

    def get(self, client_id: int) -> str | None:
        from_env = environment_secret(self._environ)
        if from_env:
            return from_env
        if self._use_file:
            return self._read_file().get(_KEY_ENTRY)
        return _keychain_get(_account(client_id))

    def set(self, client_id: int, secret: str) -> None:
        if not secret or secret != secret.strip():
            raise SecretStoreError("The secret key is empty or starts or ends with a space.")
        if self._use_file:
            self._write_file({**self._read_file(), _KEY_ENTRY: secret})
            return
        _keychain_set(_account(client_id), secret, "key")

    def delete(self, client_id: int) -> None:
        if self._use_file:
            entries = self._read_file()
            entries.pop(_KEY_ENTRY, None)
            self._write_file(entries)
            return
        keyring, errors = _keyring()
        try:
            keyring.delete_password(KEYRING_SERVICE, _account(client_id))
        except errors.PasswordDeleteError:
            pass
        except errors.NoKeyringError:
            raise NoKeychainError() from None

    # -- the till program's API token (core/terminal/token.py) --------------------

    def get_api_token(self) -> str | None:
        """The till program's API token of this data folder, or None when none is kept."""
        if self._use_file:
            return self._read_file().get(_API_ENTRY)
        return _keychain_get(self._api_account(), "api_token")

    def set_api_token(self, token: str) -> None:
        if self._use_file:
            self._write_file({**self._read_file(), _API_ENTRY: token})
            return
        _keychain_set(self._api_account(), token, "api_token")

    def _api_account(self) -> str:
        """One token per data folder (the keychain is the person's, shared by folders)."""
        return f"{_API_ENTRY} {self._secret_file.parent}"

    # -- the shared order book's password ----------------------------------------

    def get_book_password(self, book: str) -> str | None:
        """The password of the shared order book's role ``book`` (user@host:port/db) from
        the keychain, or the plaintext file when it was chosen; None when none is kept
        there (libpq then looks in its own places)."""
        if self._use_file:
            return self._read_file().get(_book_account(book))
        try:
            return _keychain_get(_book_account(book), "book_password")
        except NoKeychainError:
            return None  # no keychain: ~/.pgpass, a service file or PGPASSWORD

    def set_book_password(self, book: str, password: str) -> None:
        if not password:
            raise SecretStoreError("The password is empty.")
        if self._use_file:
            self._write_file({**self._read_file(), _book_account(book): password})
            return
        _keychain_set(_book_account(book), password, "book_password")

    def move_file_to_keychain(self, client_id: int | None) -> list[str]:
        """Back from the plaintext file to the keychain: every secret the file holds goes
        to the keychain, then the file goes. What moved ("secret_key", "book_password").

        If the keychain refuses one (there is none), the file stays as it was.
        """
        entries = self._read_file()
        if entries.get(_KEY_ENTRY) and client_id is None:
            raise SecretStoreError(
                "Set client_id first, so that the secret key can move to the keychain; "
                "nothing was changed."
            )
        moved = []
        for entry, value in entries.items():
            if entry == _KEY_ENTRY:
                assert client_id is not None
                _keychain_set(_account(client_id), value, "key")
                moved.append("secret_key")
            elif entry.startswith(_book_account("")):
                _keychain_set(entry, value, "book_password")
                moved.append("book_password")
            elif entry == _API_ENTRY:
                _keychain_set(self._api_account(), value, "api_token")
                moved.append("terminal_api_token")
        self._secret_file.unlink(missing_ok=True)
        return moved

    @property
    def source(self) -> str:
        """Where the secret is read from, as a code for a front end to put in its words:
        ``"environment"`` (SECRET_ENV), ``"file"`` (:attr:`secret_file`) or ``"keychain"``."""
        if environment_secret(self._environ):
            return "environment"
        return "file" if self._use_file else "keychain"

    def describe(self) -> str:
        """Where the secret comes from, in English, for ``config show``."""
        source = self.source
        if source == "environment":
            return f"environment ({SECRET_ENV})"
        if source == "file":
            return f"plaintext file {self._secret_file}"
        return "OS keychain"

    def _read_file(self) -> dict[str, str]:
        """The plaintext file's secrets by entry: the key alone as it always was (its
        text), or, once it keeps a book's password too, a JSON object of them."""
        try:
            text = self._secret_file.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise SecretStoreError(
                f"The secret key file {self._secret_file} cannot be read ({exc.strerror})."
            ) from None
        self._keep_private()
        text = text.strip()
        if text.startswith("{"):
            try:
                entries = json.loads(text)
            except ValueError:
                entries = None
            if isinstance(entries, dict) and all(
                    isinstance(value, str) for value in entries.values()):
                return {str(entry): value for entry, value in entries.items() if value}
        return {_KEY_ENTRY: text} if text else {}

    def _keep_private(self) -> None:
        """A copy or a restore may have left the file readable by others: close it again."""
        if os.name != "posix":
            return
        try:
            if self._secret_file.stat().st_mode & 0o077:
                os.chmod(self._secret_file, 0o600)
        except OSError:
            pass  # not ours to change; reading it still works

    def _write_file(self, entries: Mapping[str, str]) -> None:
        """Keep ``entries``: the key alone as its text (what older PayDesks read), more
        as a JSON object; no entry, no file."""
        if not entries:
            self._secret_file.unlink(missing_ok=True)
        elif set(entries) == {_KEY_ENTRY}:
            write_private_file(self._secret_file, entries[_KEY_ENTRY] + "\n")
        else:
            write_private_file(self._secret_file,
                               json.dumps(dict(entries), indent=1, ensure_ascii=False) + "\n")


def _keychain_get(account: str, which: str = "key") -> str | None:
    keyring, errors = _keyring()
    try:
        found: str | None = keyring.get_password(KEYRING_SERVICE, account)
    except errors.NoKeyringError:
        raise NoKeychainError(which) from None
    except errors.KeyringError as exc:
        raise SecretStoreError(
            f"The keychain could not be read ({type(exc).__name__})."
        ) from None
    return found


def _keychain_set(account: str, value: str, which: str) -> None:
    """Keep ``value`` under ``account``; ``which`` secret it is ("key" or
    "book_password"), for the refusal's words."""
    keyring, errors = _keyring()
    try:
        keyring.set_password(KEYRING_SERVICE, account, value)
    except errors.NoKeyringError:
        raise NoKeychainError(which) from None
    except errors.KeyringError as exc:
        what = {"book_password": "password", "api_token": "API token"}.get(which, "key")
        raise SecretStoreError(
            f"The keychain refused the {what} ({type(exc).__name__})."
        ) from None


def _keyring() -> tuple[ModuleType, ModuleType]:
    """keyring, imported when a secret is really needed: it looks for a keychain
    service as it loads, which the demo and commands that sign nothing never need."""
    import keyring
    import keyring.errors

    return keyring, keyring.errors
