"""Paid and refused orders are announced: a sound always, a notification when the
cashier is not looking at PayDesk.

The sound player gets a recording runner (audio cannot be observed here; see
tests/support/test_sound_player.py), so "which sound" is the file it was asked to
play. Notifications are recorded through the injected ``notify`` callable; the
tray path uses a real QSystemTrayIcon subclass that records instead of showing,
because the offscreen platform has no system tray.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import QApplication, QSystemTrayIcon, QWidget
from pytestqt.qtbot import QtBot

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.support.sound_player import SoundPlayer
from paydesk.ui.payment.alerts import Alerts, fallback_icon
from paydesk.ui.shell.formatting import local_time, money

PAID_AT = datetime(2026, 11, 21, 12, 34, 56, tzinfo=UTC)


class Process:
    def poll(self) -> int | None:
        return 0


class Runner:
    """Records which sound file each play would start."""

    def __init__(self) -> None:
        self.sounds: list[str] = []

    def __call__(self, argv: list[str], **_: Any) -> Process:
        self.sounds.append(argv[-1].rsplit("/", 1)[-1].rsplit("\\", 1)[-1])
        return Process()


class Notes:
    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []

    def __call__(self, title: str, message: str) -> None:
        self.shown.append((title, message))


class RecordingTray(QSystemTrayIcon):
    """A real tray icon that records what it is asked to show instead of showing it."""

    def __init__(self) -> None:
        super().__init__()
        self.shows = 0
        self.messages: list[tuple[str, str]] = []

    def show(self) -> None:
        self.shows += 1

    def showMessage(self, title: str, message: str, *_: Any) -> None:
        self.messages.append((title, message))


def an_order(status: str = "approve", note: str = "2 coffees") -> Order:
    return Order(
        client_id=1, order_id="20261121-123400000-K3QX9A", amount=150_050, email=None,
        note=note, url="https://pay.example.com/pay/K3QX9A", status=OrderStatus(status),
        creation=CreationState.CONFIRMED, created_at=PAID_AT,
        paid_at=PAID_AT if status == "approve" else None,
    )


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[QWidget]:
    # No application icon, whatever an earlier test in this process set
    # (ui/app.py use_app_icon): the tray's fallback is what is tested here.
    app_icon = QApplication.windowIcon()
    QApplication.setWindowIcon(QIcon())
    widget = QWidget()
    widget.setWindowTitle("PayDesk")
    qtbot.addWidget(widget)
    yield widget
    QApplication.setWindowIcon(app_icon)


@pytest.fixture
def runner() -> Runner:
    return Runner()


@pytest.fixture
def player(runner: Runner) -> SoundPlayer:
    return SoundPlayer(runner=runner, platform="linux", which={"paplay": "/usr/bin/paplay"}.get)


@pytest.fixture
def russian() -> Iterator[None]:
    previous = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.Russian, QLocale.Country.Russia))
    yield
    QLocale.setDefault(previous)


@pytest.fixture
def tray_available(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QSystemTrayIcon, "isSystemTrayAvailable", staticmethod(lambda: True))


@pytest.fixture
def no_tray(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QSystemTrayIcon, "isSystemTrayAvailable", staticmethod(lambda: False))


def test_paid_plays_the_chime_and_notifies_when_the_window_is_not_active(
    window: QWidget, player: SoundPlayer, runner: Runner, russian: None
) -> None:
    notes = Notes()
    alerts = Alerts(window, player, notify=notes)

    alerts.on_paid(an_order())

    assert runner.sounds == ["paid.wav"]
    [(title, message)] = notes.shown
    assert title == f"Paid: {money(150_050)}"
    assert title.replace("\u00a0", " ").replace("\u202f", " ") == "Paid: 1 500,50 ₽"
    assert local_time(PAID_AT, with_date=False) in message
    assert "order K3QX9A" in message and "2 coffees" in message  # the short id, as shown


def test_paid_does_not_notify_while_the_cashier_is_looking_at_the_window(
    qtbot: QtBot, window: QWidget, player: SoundPlayer, runner: Runner
) -> None:
    notes = Notes()
    alerts = Alerts(window, player, notify=notes)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)

    alerts.on_paid(an_order())

    assert runner.sounds == ["paid.wav"]  # the sound is for the cashier's ears: always
    assert notes.shown == []


def test_refused_plays_its_own_sound_and_does_not_notify(
    window: QWidget, player: SoundPlayer, runner: Runner
) -> None:
    notes = Notes()
    alerts = Alerts(window, player, notify=notes)

    alerts.on_refused(an_order("decline"))

    assert runner.sounds == ["refused.wav"]
    assert notes.shown == []


def test_muted_alerts_still_notify_but_play_nothing(
    window: QWidget, player: SoundPlayer, runner: Runner
) -> None:
    notes = Notes()
    alerts = Alerts(window, player, notify=notes)

    alerts.set_muted(True)
    alerts.on_paid(an_order())
    alerts.on_refused(an_order("decline"))
    assert runner.sounds == []
    assert len(notes.shown) == 1

    alerts.set_muted(False)
    alerts.on_refused(an_order("decline"))
    assert runner.sounds == ["refused.wav"]


def test_slots_follow_the_controller_signals(
    window: QWidget, player: SoundPlayer, runner: Runner
) -> None:
    from PySide6.QtCore import QObject, Signal

    class Counter(QObject):  # the two signals of WatchDriver, nothing else
        order_paid = Signal(object)
        order_refused = Signal(object)

    counter, notes = Counter(), Notes()
    alerts = Alerts(window, player, notify=notes)
    counter.order_paid.connect(alerts.on_paid)
    counter.order_refused.connect(alerts.on_refused)

    counter.order_paid.emit(an_order())
    counter.order_refused.emit(an_order("decline"))

    assert runner.sounds == ["paid.wav", "refused.wav"]
    assert len(notes.shown) == 1


# -- the tray notification ---------------------------------------------------------


def test_tray_message_is_shown_through_the_tray_with_a_fallback_icon(
    window: QWidget, player: SoundPlayer, tray_available: None
) -> None:
    tray = RecordingTray()
    alerts = Alerts(window, player, tray=tray)

    alerts.on_paid(an_order(note=""))

    assert tray.shows == 1
    [(title, message)] = tray.messages
    assert title == f"Paid: {money(150_050)}"
    assert message == f"At {local_time(PAID_AT, with_date=False)}, order K3QX9A"
    assert window.windowIcon().isNull() and not tray.icon().isNull()


def test_tray_uses_the_window_icon_when_there_is_one(
    window: QWidget, player: SoundPlayer, tray_available: None
) -> None:
    pixmap = QPixmap(32, 32)
    pixmap.fill(QColor("#123456"))
    window.setWindowIcon(QIcon(pixmap))
    tray = RecordingTray()
    alerts = Alerts(window, player, tray=tray)

    alerts.on_paid(an_order())

    shown = tray.icon().pixmap(32, 32).toImage()
    assert shown.pixelColor(16, 16) == QColor("#123456")


def test_no_tray_means_no_message_and_no_error(
    window: QWidget, player: SoundPlayer, runner: Runner, no_tray: None
) -> None:
    tray = RecordingTray()
    alerts = Alerts(window, player, tray=tray)

    alerts.on_paid(an_order())

    assert runner.sounds == ["paid.wav"]
    assert tray.messages == [] and tray.shows == 0


def test_without_a_tray_alerts_make_no_tray_icon(
    window: QWidget, player: SoundPlayer, no_tray: None
) -> None:
    alerts = Alerts(window, player)

    alerts.on_paid(an_order())

    assert alerts.tray is None


@pytest.mark.qt_log_ignore("This plugin does not support raise()")  # offscreen only
def test_clicking_the_message_brings_the_window_back(
    qtbot: QtBot, window: QWidget, player: SoundPlayer, tray_available: None
) -> None:
    tray = RecordingTray()
    alerts = Alerts(window, player, tray=tray)
    window.showMinimized()
    qtbot.waitUntil(window.isMinimized)
    alerts.on_paid(an_order())

    tray.messageClicked.emit()

    qtbot.waitUntil(lambda: not window.isMinimized() and window.isVisible())


def test_fallback_icon_is_a_green_disc_with_a_white_tick() -> None:
    image = fallback_icon().pixmap(64, 64).toImage()

    assert image.pixelColor(1, 1).alpha() == 0  # round, not square
    assert image.pixelColor(32, 12) == QColor("#1e8e3e")
    assert image.pixelColor(37, 32) == QColor(Qt.GlobalColor.white)  # on the tick's stroke
