"""Where PayDesk keeps its files.

One data directory holds the order database, the settings file and (only on
the merchant's explicit choice) the plaintext secret file, so one override
(``--data-dir`` or ``PAYDESK_DATA_DIR``) isolates everything: tests, a second
till on one computer, support looking at a copy. Demo mode lives in its own
``demo/`` folder inside it and never touches the real database.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from paydesk.support.private_files import make_private_folder, tighten

APP_NAME = "PayDesk"
DATA_DIR_ENV = "PAYDESK_DATA_DIR"


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resolve_data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """``--data-dir`` first, then ``PAYDESK_DATA_DIR``, then the platform's place."""
    if override:
        return Path(override).expanduser()
    from_env = os.environ.get(DATA_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return default_data_dir()


@dataclass(frozen=True, slots=True)
class AppPaths:
    """The files inside one data directory."""

    data_dir: Path

    @property
    def database(self) -> Path:
        return self.data_dir / "paydesk.sqlite3"

    @property
    def settings_file(self) -> Path:
        return self.data_dir / "settings.json"

    @property
    def secret_file(self) -> Path:
        return self.data_dir / "secret-key.txt"

    @property
    def log_dir(self) -> Path:
        return self.data_dir / "logs"

    def demo(self) -> AppPaths:
        """The demo's own paths: a separate database, never the real one."""
        return AppPaths(self.data_dir / "demo")

    @property
    def sandbox_database(self) -> Path:
        """The embedded sandbox's state (demo mode), so old demo orders still resolve."""
        return self.data_dir / "sandbox.sqlite3"

    def ensure(self) -> AppPaths:
        """The folder made if missing, and private: what an older PayDesk left open to
        other users of the computer (support/private_files.py) is closed."""
        make_private_folder(self.data_dir)
        tighten(self._kept_files())
        return self

    def _kept_files(self) -> Iterator[Path]:
        """PayDesk's own files here (not everything: a --data-dir may hold others)."""
        yield from (self.settings_file, self.secret_file)
        yield from (self.data_dir / name for name in ("window.ini", "window.lock", "sandbox-port",
                                                     "sandbox.lock"))
        for book in (self.database, self.sandbox_database):
            # With its -wal, -shm, backups and damaged copies set aside.
            yield from self.data_dir.glob(f"{book.name}*")
