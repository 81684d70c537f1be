"""The till program's event ids: a client coming back with an id of another run of
PayDesk is told to read its payments again (``reset``), never resumed in the middle of
this run's events, whatever the wall clock did between the runs."""

from __future__ import annotations

import time

import pytest

from paydesk.core.terminal_events import RESET, EventLog, first_event_id


def kinds(log: EventLog, last_id: str) -> list[str]:
    return [event.kind for event in log.since(last_id)]


def test_an_id_of_this_run_resumes_after_it() -> None:
    log = EventLog(first_event_id())
    for kind in ("created", "shown", "paid"):
        log.add(kind, {"order_id": "o1"})
    reset, created, _shown, paid = log.since("not an id")  # a reset, then all kept
    assert reset.kind == RESET
    assert kinds(log, str(created.event_id)) == ["shown", "paid"]
    assert kinds(log, str(paid.event_id)) == []


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
