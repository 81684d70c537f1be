"""Worker tasks hand their results to the GUI thread through the window's one courier."""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication, QObject, QThreadPool
from pytestqt.qtbot import QtBot

from paydesk.ui.shell.tasks import run_task


def test_results_come_back_in_the_gui_thread_with_no_object_per_task(qtbot: QtBot) -> None:
    pool = QThreadPool()
    app = QCoreApplication.instance()
    assert app is not None
    run_task(pool, lambda: 0, lambda _result: None)  # the courier is made: before counting
    qtbot.waitUntil(lambda: pool.activeThreadCount() == 0)
    before = len(app.children())
    got: list[tuple[int, int | None]] = []
    for number in range(50):
        run_task(pool, lambda number=number: number * 2,
                 lambda result: got.append((result, threading.get_ident())))
    assert len(app.children()) == before  # nothing made per task, nothing to delete later
    qtbot.waitUntil(lambda: len(got) == 50)
    assert sorted(result for result, _thread in got) == [n * 2 for n in range(50)]
    assert {thread for _result, thread in got} == {threading.main_thread().ident}


def test_a_failure_comes_back_to_its_handler(qtbot: QtBot) -> None:
    failed: list[BaseException] = []

    def broken() -> None:
        raise ValueError("a bug")

    run_task(QThreadPool.globalInstance(), broken, lambda _result: None, failed.append)
    qtbot.waitUntil(lambda: bool(failed))
    assert isinstance(failed[0], ValueError)


class Receiver(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.got: list[object] = []

    def take(self, result: object) -> None:
        self.got.append(result)


def test_a_result_for_a_deleted_receiver_goes_nowhere_quietly(qtbot: QtBot) -> None:
    pool = QThreadPool()
    release = threading.Event()
    receiver = Receiver()
    run_task(pool, lambda: release.wait(5), receiver.take)
    with qtbot.waitSignal(receiver.destroyed):
        receiver.deleteLater()
    release.set()
    assert pool.waitForDone(5000)
    QCoreApplication.processEvents()  # the result is delivered: to nobody, and no error
