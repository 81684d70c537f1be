"""Fixtures for the window tests: order books to show, from a handful to 100 000."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.domain.failures import Failure
from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.store import OrderStore
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow

from bulk_orders import bulk_insert
from test_values import TEST_CLIENT_ID, TEST_SECRET

ORDERS_CLIENT = 1001
ORDERS_T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

#: ``make_order("o-1", 15050, minutes=3, status="approve", ...)`` -> Order (not stored).
MakeOrder = Callable[..., Order]


def _make_order(
    order_id: str,
    amount: int = 15050,
    *,
    minutes: float = 0,
    status: str = "pending",
    creation: CreationState = CreationState.CONFIRMED,
    email: str | None = None,
    note: str = "",
    paid_minutes: float | None = None,
    checked_minutes: float | None = None,
    client_id: int = ORDERS_CLIENT,
    error: Failure | None = None,
) -> Order:
    """An order created ``minutes`` after ORDERS_T0; paid orders get a paid time."""

    def moment(offset: float | None) -> datetime | None:
        return None if offset is None else ORDERS_T0 + timedelta(minutes=offset)

    if status == OrderStatus.APPROVE and paid_minutes is None:
        paid_minutes = minutes + 1
    if checked_minutes is None and creation is CreationState.CONFIRMED:
        checked_minutes = paid_minutes if paid_minutes is not None else minutes + 0.5
    created = moment(minutes)
    assert created is not None
    return Order(
        client_id=client_id,
        order_id=order_id,
        amount=amount,
        email=email,
        note=note,
        url=(f"https://pay.example.com/pay/{order_id}"
             if creation is CreationState.CONFIRMED else None),
        status=OrderStatus(status),
        creation=creation,
        created_at=created,
        paid_at=moment(paid_minutes),
        last_checked_at=moment(checked_minutes),
        # A confirmed pending order is watched (without a next check it reads
        # "status unknown — check").
        next_check_at=(moment(minutes + 1) if status == OrderStatus.PENDING
                       and creation is CreationState.CONFIRMED else None),
        last_error=error,
        confirmed_at=created if creation is CreationState.CONFIRMED else None,
        # Seen unpaid by a check half a minute before it was seen paid, as the
        # window's polling does: an exact paid time.
        last_pending_at=(moment(paid_minutes - 0.5) if paid_minutes is not None
                         else created if creation is CreationState.CONFIRMED else None),
    )


@pytest.fixture
def make_order() -> MakeOrder:
    return _make_order


@pytest.fixture
def orders_store(tmp_path: Path) -> Iterator[OrderStore]:
    """An empty order book in the test's folder, owned by the GUI (test) thread."""
    with OrderStore.open(tmp_path / "ui-data" / "orders.sqlite3") as store:
        yield store


_NOTES = ("2 coffees", "Кофе с собой", "cake", "100% juice", "tea_time", "", "Latte", "сок")
_STATUSES = ("approve", "approve", "approve", "pending", "decline", "expired")


def big_book_orders(count: int) -> list[Order]:
    """``count`` varied orders, one every ~5 minutes, in insertion (row id) order."""
    rng = random.Random(20260301)
    orders = []
    for number in range(count):
        status = rng.choice(_STATUSES)
        creation = CreationState.CONFIRMED
        if number % 97 == 0:
            creation = CreationState.UNCONFIRMED
            status = "pending"
        orders.append(
            _make_order(
                f"B{number:06d}-{rng.randrange(36**4):05d}",
                rng.randrange(100, 5_000_00, 50),
                minutes=number * 5 + rng.random(),
                status=status,
                creation=creation,
                email=f"buyer{rng.randrange(500)}@Mail.ru" if rng.random() < 0.6 else None,
                note=f"{rng.choice(_NOTES)} #{rng.randrange(50)}",
            )
        )
    return orders


@pytest.fixture(scope="session")
def big_order_book(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[OrderStore, list[Order]]]:
    """100 000 orders (read-only: tests must not change it) and the same orders as values."""
    orders = big_book_orders(100_000)
    path = tmp_path_factory.mktemp("big-book") / "orders.sqlite3"
    with OrderStore.open(path) as store:
        assert bulk_insert(store, orders) == len(orders)
        yield store, orders


@pytest.fixture
def run_window(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., int]]:
    """``paydesk.ui.app.run_window`` in this process, and everything it installs
    undone after: its crash hooks (not faulthandler, which pytest keeps), its log
    file, its translation, and the start's objects left out of collections (settle)."""
    from PySide6.QtWidgets import QApplication

    from paydesk.support import logs
    from paydesk.support.crash_report import uninstall_crash_handler
    from paydesk.ui import app as app_module
    from paydesk.ui.shell.i18n import remove_translation

    install = app_module.install_crash_handler
    monkeypatch.setattr(app_module, "install_crash_handler",
                        lambda log_dir, **kw: install(log_dir, **{**kw, "native": False}))
    yield app_module.run_window
    gc.unfreeze()
    uninstall_crash_handler()
    logs.stop_logging()
    app = QApplication.instance()
    assert app is not None
    remove_translation(app)


@pytest.fixture
def runtime(
    sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Runtime]:
    """The window's runtime on the test's sandbox (127.0.0.1), its secret in the environment."""
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(
        base_url=sandbox.base_url, client_id=TEST_CLIENT_ID, merchant_name="Test shop",
        focus_interval_seconds=0.5,
    )
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings)
    yield runtime
    runtime.close()


@pytest.fixture
def window(runtime: Runtime, qtbot: QtBot) -> Iterator[MainWindow]:
    """The counter window on ``runtime``, shown and watching."""
    window = build_window(runtime)
    qtbot.addWidget(window)
    window.resize(1280, 820)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    yield window
    window.shutdown()


@pytest.fixture
def language(request: pytest.FixtureRequest, qapp: QApplication,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The window's language for a test parametrized with it indirectly ("en", "ru"):
    the translation installed for the test, removed after."""
    from PySide6.QtCore import QLocale

    from paydesk.ui.shell import i18n

    saved = QLocale()
    chosen = getattr(request, "param", "en")
    if chosen == "ru":
        assert i18n.install_translation(qapp, "ru", cache_dir=tmp_path_factory.mktemp("qm")) == "ru"
    try:
        yield chosen
    finally:
        i18n.remove_translation(qapp)
        QLocale.setDefault(saved)
