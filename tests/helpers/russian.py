"""PayDesk in Russian for the tests: a translator that hears untranslated texts, and a
Russian window that always puts English back (translators removed, the default locale
restored), so the other tests, which read English, are unaffected whatever the order."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import shiboken6
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.ui.shell import i18n

NOW = datetime(2026, 3, 1, 15, 0, tzinfo=UTC)
NBSP = "\u00a0"
ORDERS_CLIENT = 1001  # make_order's default client (tests/ui/conftest.py)


class MissRecorder(QTranslator):
    """Installed before the real translators, so Qt asks it last: it hears only the
    PayDesk texts that no translation had (a text shown through ``tr(str(...))``
    that was never marked, which no reading of the code can find)."""

    def __init__(self) -> None:
        super().__init__()
        self.misses: set[str] = set()

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        if context == "PayDesk" and source.strip():
            self.misses.add(source)
        return None  # a null string: "not here", so Qt shows the source text


@contextmanager
def russian_ui(app: QCoreApplication, cache_dir: Path) -> Iterator[MissRecorder]:
    saved = QLocale()
    recorder = MissRecorder()
    app.installTranslator(recorder)
    try:
        assert i18n.install_translation(app, "ru", cache_dir=cache_dir) == "ru"
        yield recorder
    finally:
        i18n.remove_translation(app)
        app.removeTranslator(recorder)
        # Deleted now, not whenever Python's collector gets to it: a QTranslator's
        # destructor takes the translators' write lock, and a collection run from inside
        # QCoreApplication.translate (which holds its read lock while it calls a Python
        # translator) deadlocked a whole run in a later test.
        shiboken6.delete(recorder)
        QLocale.setDefault(saved)


def an_order(status: str = "approve", **changes: object) -> Order:
    values: dict[str, object] = {
        "client_id": ORDERS_CLIENT,
        "order_id": "20260301-150000000-K3QX9A",
        "amount": 125_050,
        "email": None,
        "note": "2 кофе и круассан",
        "url": "https://pay.example.com/pay/Zx8kQ2mN4pR7sT1vW3yA5bC6dE9fG0hJ",
        "status": OrderStatus(status),
        "creation": CreationState.CONFIRMED,
        "created_at": NOW,
        "paid_at": NOW + timedelta(minutes=1) if status == "approve" else None,
        "next_check_at": NOW + timedelta(seconds=2) if status == "pending" else None,
        "confirmed_at": NOW,
        # Seen unpaid half a minute before it was seen paid: an exact paid time.
        "last_pending_at": NOW + timedelta(seconds=30),
    }
    values.update(changes)
    return Order(**values)  # type: ignore[arg-type]


# -- the .ts covers the code ------------------------------------------------------
