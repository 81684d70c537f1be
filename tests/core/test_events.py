"""The event hub: typed delivery, unsubscribing, a failing handler, another thread."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

import pytest

from paydesk.core.events import EventHub


@dataclass(frozen=True, slots=True)
class Base:
    n: int


@dataclass(frozen=True, slots=True)
class Child(Base):
    pass


@dataclass(frozen=True, slots=True)
class Other:
    n: int


def test_a_handler_hears_only_its_type_and_its_subclasses_in_order() -> None:
    hub = EventHub()
    heard: list[tuple[str, object]] = []
    hub.subscribe(Base, lambda e: heard.append(("base", e)))
    hub.subscribe(Child, lambda e: heard.append(("child", e)))
    hub.subscribe(Other, lambda e: heard.append(("other", e)))

    hub.publish(Base(1))
    hub.publish(Child(2))
    hub.publish(Other(3))

    assert heard == [("base", Base(1)), ("child", Child(2)), ("base", Child(2)),
                     ("other", Other(3))]


def test_unsubscribing_stops_only_that_handler() -> None:
    hub = EventHub()
    heard: list[str] = []
    stop = hub.subscribe(Other, lambda e: heard.append("first"))
    hub.subscribe(Other, lambda e: heard.append("second"))

    hub.publish(Other(1))
    stop()
    stop()  # twice is harmless
    hub.publish(Other(2))

    assert heard == ["first", "second", "second"]


def test_a_raising_handler_is_logged_and_the_others_still_hear(
    caplog: pytest.LogCaptureFixture,
) -> None:
    hub = EventHub()
    heard: list[int] = []

    def broken(event: Other) -> None:
        raise RuntimeError("broken handler")

    hub.subscribe(Other, lambda e: heard.append(e.n))
    hub.subscribe(Other, broken)
    hub.subscribe(Other, lambda e: heard.append(e.n * 10))

    with caplog.at_level(logging.ERROR, logger="paydesk.core.events"):
        hub.publish(Other(4))

    assert heard == [4, 40]
    assert "a handler of Other failed" in caplog.text
    assert "broken handler" in caplog.text


def test_an_event_published_in_another_thread_is_heard_in_that_thread() -> None:
    hub = EventHub()
    heard: list[tuple[int, str]] = []
    hub.subscribe(Other, lambda e: heard.append((e.n, threading.current_thread().name)))

    def publish() -> None:
        for i in range(100):
            hub.publish(Other(i))

    publisher = threading.Thread(target=publish, name="publisher")
    publisher.start()
    for _ in range(100):  # subscribing meanwhile is safe
        hub.subscribe(Base, lambda e: None)()
    publisher.join()

    assert heard == [(i, "publisher") for i in range(100)]


def test_a_handler_subscribed_first_hears_before_those_already_there() -> None:
    hub = EventHub()
    heard: list[str] = []
    hub.subscribe(Other, lambda e: heard.append("screens"))
    hub.subscribe(Other, lambda e: heard.append("waiting request"), first=True)
    hub.subscribe(Other, lambda e: heard.append("later"))

    hub.publish(Other(1))

    assert heard == ["waiting request", "screens", "later"]
