"""Where this data folder's till program's API runs, for the commands: read from the
folder, as ``paydesk display link`` finds the buyer's web screen.

The running API (core/terminal/api.py, in the window or ``paydesk serve``) holds
``terminal-api.lock`` and writes its address beside it; a free lock means nobody
serves it, whatever an old address file says.
"""

from __future__ import annotations

from pathlib import Path

from paydesk.support.held_lock import holder_address

LOCK_FILE = "terminal-api.lock"
ADDRESS_FILE = "terminal-api-address"


def running_api_address(data_dir: Path) -> str | None:
    """The base address (``http://127.0.0.1:PORT``) of the API serving ``data_dir``, or
    None when none does."""
    return holder_address(Path(data_dir) / LOCK_FILE, Path(data_dir) / ADDRESS_FILE)
