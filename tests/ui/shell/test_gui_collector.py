"""Reference cycles are freed in the GUI thread, never in a worker that allocates."""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QObject

from paydesk.ui.shell.gui_collector import GuiThreadCollector

#: The threads the cycles were freed in, in order.
freed_in: list[str] = []


class _Cycle:
    """A widget-like cycle: an object holding a Qt object and itself."""

    def __init__(self) -> None:
        self.me = self
        self.qt_object = QObject()

    def __del__(self) -> None:
        freed_in.append(threading.current_thread().name)


def _busy_worker(answers: list[object]) -> None:
    """A request's thread making many containers (an answer's objects): enough to fill
    the youngest generation."""
    answers.extend([n] for n in range(20_000))


def test_a_cycle_dropped_while_a_worker_allocates_is_freed_in_the_gui_thread(qtbot):
    gc.enable()  # as Python starts, before the window's collector
    collector = GuiThreadCollector(None)
    try:
        freed_in.clear()
        _Cycle()  # garbage at once: only the collector can free it
        answers: list[object] = []
        worker = threading.Thread(target=_busy_worker, args=(answers,), name="request worker")
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: freed_in != [], timeout=5000)
        assert freed_in == [threading.main_thread().name]
    finally:
        collector.stop()
        gc.disable()  # the test run's own setting (tests/conftest.py)


def test_stopping_gives_back_the_collector_as_it_was(qtbot):
    gc.enable()
    collector = GuiThreadCollector(None)
    assert not gc.isenabled()
    collector.stop()
    assert gc.isenabled()
    gc.disable()
    collector = GuiThreadCollector(None)
    collector.stop()
    assert not gc.isenabled()


def test_once_settled_a_full_collection_walks_only_what_came_after(qtbot):
    """The start's objects are left out of later collections (each runs in the GUI
    thread, the window standing still meanwhile); a cycle made after is freed as before."""
    from paydesk.ui.shell.gui_collector import settle

    before = len(gc.get_objects())  # what a full collection walks
    try:
        settle()
        assert len(gc.get_objects()) < before / 10
        freed_in.clear()
        _Cycle()
        gc.collect()
        assert freed_in == [threading.main_thread().name]
    finally:
        gc.unfreeze()  # the test run's objects are collected as before
    assert len(gc.get_objects()) >= before / 2
