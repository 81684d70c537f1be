"""python-escpos, loaded when a printer is used, without the logging it sets up.

Its capabilities module calls ``logging.basicConfig()`` as it loads, which would
put a handler on the root logger that writes every record of PayDesk's to stderr
(the command line's output, the window's terminal). Every use of python-escpos
loads it through :func:`load_escpos` first, which takes that handler off again.
It is loaded with the first printer, not with the program: it reads its printer
profiles and brings Pillow, which a till without a printer never needs.
"""

from __future__ import annotations

import logging
import threading

_lock = threading.Lock()
_loaded = False


def load_escpos() -> None:
    global _loaded  # once per process
    with _lock:
        if _loaded:
            return
        root = logging.getLogger()
        before = list(root.handlers)
        level = root.level
        import escpos.capabilities  # noqa: F401 (the module whose import configures logging)

        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
        root.setLevel(level)
        _loaded = True
