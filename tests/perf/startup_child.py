"""One start of a window in a fresh process, for the start-up benchmark (bench.py).

``python startup_child.py app`` starts PayDesk through its real entry point,
``paydesk.launch.main([])`` (what the ``paydesk`` command runs), with the data
folder, settings and secret taken from the environment the benchmark prepared.
``python startup_child.py bare`` shows a bare ``QMainWindow`` instead: the
baseline. Both print one line, ``SHOWN <time.monotonic()> <rss_kib>``, once the
window's first frame has been painted, and exit at once.

"First frame painted": the first Paint event of the top-level window, then a
high-priority posted event, which runs once that paint pass (the window and
all its children) is over, and before anything of normal priority the paint
pass queued (work the app defers until after the first frame, with zero-timers
of its own, is not counted as part of the frame). The watcher filters the
window's events only, installed once the window is built: a filter on the whole
application would run Python for every event to every object, and make PySide
wrap each Qt-internal object it meets, which alone cost ~26 ms in the first
paint of a window with a single child widget (none for a bare window), an
observer effect that would be charged to the app.

``app --after-ops`` does more before printing (for the memory figure): it runs
the list's filters once, so the reported RSS includes what they cost.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any


def rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def watch_first_frame(window: Any, before_report: Any = None) -> None:
    """Print SHOWN and exit once, right after the first paint pass of ``window``.

    PySide6 is imported here, not at the top: ``paydesk`` imports its Qt-free
    core before PySide6 (see paydesk/launch.py), and this file must not
    change that order. By the time a window exists, PySide6 is loaded anyway.
    """

    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    painted = QEvent.Type(QEvent.registerEventType())
    # Qt.EventPriority.HighEventPriority, as a number: naming it would build the
    # Python enums of the whole Qt namespace (~14 ms), in the baseline too.
    high_priority = 1

    class FirstFrame(QObject):
        def __init__(self) -> None:
            super().__init__(window)
            self._seen = False
            window.installEventFilter(self)

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if not self._seen and watched is window and event.type() == QEvent.Type.Paint:
                self._seen = True
                QCoreApplication.postEvent(self, QEvent(painted), high_priority)
            return False

        def event(self, event: QEvent) -> bool:
            if event.type() == painted:
                shown = time.monotonic()
                if before_report is not None:
                    before_report(window)
                print(f"SHOWN {shown:.6f} {rss_kib()}", flush=True)
                os._exit(0)  # the figure is taken; nothing after it is measured
            return super().event(event)

    FirstFrame()


def run_bare() -> None:
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.resize(1280, 820)
    watch_first_frame(window)
    window.show()
    app.exec()


def run_app(after_ops: bool) -> None:
    # Only the hook is added: the window is built exactly as `paydesk` builds it,
    # with its modules imported where and when the launcher imports them.
    from paydesk import launch

    def build_and_watch(app_module: Any) -> None:
        build = app_module.build_window

        def watched(*args: Any, **kwargs: Any) -> Any:
            window = build(*args, **kwargs)
            watch_first_frame(window, _exercise_list if after_ops else None)
            return window

        app_module.build_window = watched

    after_import("paydesk.ui.app", build_and_watch)
    launch.main([])


def after_import(name: str, then: Callable[[Any], None]) -> None:
    """Call ``then(module)`` once module ``name`` has been imported, where the app imports it.

    Importing it here first would change what the start does: the launcher imports
    the window's modules late, after its core.
    A finder first in ``sys.meta_path`` finds the module's spec as Python would
    and wraps its loader's ``exec_module``; it takes itself out once it has.
    """
    import importlib.util

    if name in sys.modules:  # too late to see the start as it is: say so, don't hang
        raise RuntimeError(f"{name} was imported before the start it is to watch")

    class Finder:
        def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
            if fullname != name:
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(fullname)
            assert spec is not None and spec.loader is not None
            execute = spec.loader.exec_module

            def exec_module(module: Any) -> None:
                execute(module)
                then(module)

            spec.loader.exec_module = exec_module  # type: ignore[method-assign]
            return spec

    sys.meta_path.insert(0, Finder())


def _exercise_list(window: Any) -> None:
    """Status filter, search and sort once each, as the memory figure includes them."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    panel = window.orders_panel
    for index in range(panel.status_filter.count()):
        panel.status_filter.setCurrentIndex(index)
    panel.status_filter.setCurrentIndex(0)
    for text in ("buyer1", "кофе", ""):
        panel.search.setText(text)
        panel.search.returnPressed.emit()
    for column in range(panel.model.columnCount()):
        panel.table.sortByColumn(column, Qt.SortOrder.AscendingOrder)
    for _ in range(5):
        panel.table.scrollToBottom()
        QApplication.processEvents()


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "app"
    if mode == "bare":
        run_bare()
    else:
        run_app("--after-ops" in sys.argv)
