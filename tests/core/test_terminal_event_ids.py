"""The till program's event ids: a client coming back with an id of another run of
PayDesk is told to read its payments again (``reset``), never resumed in the middle of
this run's events, whatever the wall clock did between the runs."""

from __future__ import annotations

import json
import time

import pytest

from paydesk.core.terminal.events import RESET, EventLog, first_event_id


def kinds(log: EventLog, last_id: str) -> list[str]:
    return [event.kind for event in log.since(last_id)]


def test_an_id_of_this_run_resumes_after_it() -> None:
    first = first_event_id()
    log = EventLog(first)
    for kind in ("created", "shown", "paid"):
        log.add(kind, {"order_id": "o1"})
    created, _shown, paid = log.since(str(first - 1))  # seen nothing of this run yet
    assert created.event_id == first and paid.event_id == first + 2
    assert kinds(log, str(created.event_id)) == ["shown", "paid"]
    assert kinds(log, str(paid.event_id)) == []


@pytest.mark.parametrize("last_id", ["not an id", "12", "-1", "١٢", "1_000"])
def test_after_a_reset_ids_only_grow(last_id: str) -> None:
    """A reset takes the next id of its own: no later event has it, none after it has a
    lower one, and coming back with it misses nothing said after it."""
    log = EventLog(first_event_id())
    for kind in ("created", "shown", "paid"):
        log.add(kind, {"order_id": "o1"})
    [reset] = log.since(last_id)  # nothing older follows a reset
    assert reset.kind == RESET and json.loads(reset.data) == {}
    [older] = log.since(str(reset.event_id - 2))
    assert older.kind == "paid" and older.event_id < reset.event_id
    log.add("created", {"order_id": "o2"})
    [later] = log.since(str(reset.event_id))
    assert later.kind == "created" and later.event_id > reset.event_id
    [again] = log.since(last_id)
    assert again.kind == RESET and again.event_id > later.event_id


def test_an_empty_last_event_id_is_none() -> None:
    log = EventLog(first_event_id())
    log.add("created", {"order_id": "o1"})
    assert log.since("") == [] and log.since(" ") == []


def test_an_id_of_another_run_is_answered_with_a_reset_first() -> None:
    earlier = EventLog(first_event_id())
    for n in range(3):
        earlier.add("created", {"order_id": f"e{n}"})
    seen = earlier.since("not an id")[-1].event_id  # the last id its client saw
    for _run in range(200):  # runs after it, each with its events
        later = EventLog(first_event_id())
        for n in range(50):
            later.add("shown", {"order_id": f"l{n}"})
        assert kinds(later, str(seen))[0] == RESET


def test_a_runs_first_id_does_not_follow_the_wall_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two runs started at the same wall-clock moment (the clock put back between them)
    still count their ids apart."""
    monkeypatch.setattr(time, "time", lambda: 1_800_000_000.0)
    monkeypatch.setattr(time, "time_ns", lambda: 1_800_000_000 * 10**9)
    firsts = [first_event_id() for _run in range(100)]
    assert len(set(firsts)) == 100
    assert all(first >= 0 and first + 2**32 <= 2**53 for first in firsts)  # exact in JS
