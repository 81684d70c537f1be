"""Keychain doubles: this machine has no OS keychain (no D-Bus session).

``MemoryKeyring`` serves tests in this process; ``FileKeyring`` serves the
``paydesk`` subprocesses of the command-line tests (a separate process cannot
see our memory). Select it with ``PYTHON_KEYRING_BACKEND=memory_keyring.FileKeyring``
and ``PAYDESK_TEST_KEYRING_FILE``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.errors import NoKeyringError, PasswordDeleteError


class MemoryKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}
        self.reads = 0  # a real keychain may ask to be unlocked at each read

    def get_password(self, service: str, username: str) -> str | None:
        self.reads += 1
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.passwords.pop((service, username), None) is None:
            raise PasswordDeleteError(username)


class FileKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    @property
    def _path(self) -> Path:
        return Path(os.environ["PAYDESK_TEST_KEYRING_FILE"])

    def _load(self) -> dict[str, str]:
        try:
            return dict(json.loads(self._path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return {}

    def get_password(self, service: str, username: str) -> str | None:
        return self._load().get(f"{service}/{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        data = self._load()
        data[f"{service}/{username}"] = password
        self._path.write_text(json.dumps(data), encoding="utf-8")

    def delete_password(self, service: str, username: str) -> None:
        data = self._load()
        if data.pop(f"{service}/{username}", None) is None:
            raise PasswordDeleteError(username)
        self._path.write_text(json.dumps(data), encoding="utf-8")


class NoKeychain(KeyringBackend):
    """A computer with no keychain at all: every call fails as keyring's own "no
    backend" does, which PayDesk's secret store reports as NoKeychainError."""

    priority = 1  # type: ignore[assignment]

    def get_password(self, service: str, username: str) -> str | None:
        raise NoKeyringError("no keychain")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise NoKeyringError("no keychain")

    def delete_password(self, service: str, username: str) -> None:
        raise NoKeyringError("no keychain")
