"""The window's event bridge: what a worker thread publishes is heard in the GUI thread."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QObject, QThread
from pytestqt.qtbot import QtBot

from paydesk.core.events import EventHub
from paydesk.ui.shell.event_bridge import EventBridge


@dataclass(frozen=True, slots=True)
class Ping:
    n: int


def _publish_in_a_worker(hub: EventHub, *events: object) -> None:
    def publish() -> None:
        for event in events:
            hub.publish(event)

    worker = threading.Thread(target=publish, name="worker")
    worker.start()
    worker.join()


def test_an_event_from_a_worker_thread_is_delivered_in_the_gui_thread(qtbot: QtBot) -> None:
    hub = EventHub()
    bridge = EventBridge(hub)
    gui = QThread.currentThread()
    heard: list[tuple[int, bool]] = []
    bridge.subscribe(Ping, lambda e: heard.append((e.n, QThread.currentThread() is gui)))

    _publish_in_a_worker(hub, Ping(1), Ping(2))

    qtbot.waitUntil(lambda: len(heard) == 2)
    assert heard == [(1, True), (2, True)]


def test_an_event_from_the_gui_thread_is_delivered_at_once(qtbot: QtBot) -> None:
    hub = EventHub()
    bridge = EventBridge(hub)
    heard: list[int] = []
    bridge.subscribe(Ping, lambda e: heard.append(e.n))

    hub.publish(Ping(3))

    assert heard == [3]  # in the same pass, as a direct call was


def test_nothing_queued_reaches_a_handler_unsubscribed_or_whose_owner_is_gone(
    qtbot: QtBot,
) -> None:
    hub = EventHub()
    bridge = EventBridge(hub)
    owner = QObject()
    gone: list[Ping] = []
    stopped: list[Ping] = []
    still: list[int] = []
    bridge.subscribe(Ping, gone.append, owner=owner)
    stop = bridge.subscribe(Ping, stopped.append)
    bridge.subscribe(Ping, lambda e: still.append(e.n))

    _publish_in_a_worker(hub, Ping(4))  # queued for all three
    shiboken6.delete(owner)  # destroyed now, with its event still queued
    stop()
    qtbot.waitUntil(lambda: still == [4])
    _publish_in_a_worker(hub, Ping(5))
    qtbot.waitUntil(lambda: still == [4, 5])

    assert gone == []
    assert stopped == []
