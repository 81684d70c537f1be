"""One start of a window in a fresh process, for the start-up benchmark (bench.py).

``python startup_child.py app`` starts PayDesk through its real entry point,
``paydesk.cli.main.main([])`` (what the ``paydesk`` command runs), with the data
folder, settings and secret taken from the environment the benchmark prepared.
``python startup_child.py bare`` shows a bare ``QMainWindow`` instead: the
baseline. Both print one line, ``SHOWN <time.monotonic()> <rss_kib>``, once the
window's first frame has been painted, and exit at once.

"First frame painted": the first Paint event of the top-level window, then a
zero-timer, which runs once that paint pass (the window and all its children)
is over. The watcher is installed once the window is built, so the start-up's
own work before that pays no Python call per event; it filters on the
application, so it sees the Paint before any filter the window's own code puts
on the window, and its zero-timer runs before theirs (work the app defers
until after the first frame is not counted as part of the frame).

``app --after-ops`` does more before printing (for the memory figure): it runs
the list's filters once, so the reported RSS includes what they cost.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


def rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class FirstFrame(QObject):
    """Report once, right after the first paint pass of ``window``."""

    def __init__(self, window: QWidget, before_report: Any = None) -> None:
        super().__init__(window)
        self._window = window
        self._before = before_report
        self._seen = False
        QCoreApplication.instance().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self._seen and watched is self._window and event.type() == QEvent.Type.Paint:
            self._seen = True
            QTimer.singleShot(0, self._report)
        return False

    def _report(self) -> None:
        shown = time.monotonic()
        if self._before is not None:
            self._before(self._window)
        print(f"SHOWN {shown:.6f} {rss_kib()}", flush=True)
        os._exit(0)  # the figure is taken; nothing after it is measured


def run_bare() -> None:
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.resize(1280, 820)
    FirstFrame(window)
    window.show()
    app.exec()


def run_app(after_ops: bool) -> None:
    # Only the hook is added: the window is built exactly as `paydesk` builds it.
    import paydesk.ui.app as app_module

    build = app_module.build_window

    def build_and_watch(*args: Any, **kwargs: Any) -> Any:
        window = build(*args, **kwargs)
        FirstFrame(window, _exercise_list if after_ops else None)
        return window

    app_module.build_window = build_and_watch
    from paydesk.cli.main import main

    main([])


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
