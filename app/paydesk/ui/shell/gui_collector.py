"""Python's cycle collector runs in the GUI thread only.

Left to itself, the collector runs in whichever thread happens to allocate when a
generation fills up: a request's worker, the shared book's thread, the buyer's web
page's server. A widget or other Qt object whose wrapper sits in a reference cycle
(a lambda connected to its own signal is enough) is then freed in that thread.
Shiboken hands such a deletion back to the GUI thread, where it may find the object
already deleted by its parent: the process crashed so in
``Shiboken::BindingManager::runDeletionInMainThread``, now and then, with the
buyer's web screen serving beside the settings window.

So the automatic collector is turned off and a timer in the GUI thread collects
each generation when its count is past Python's own threshold (the shape of
pyqtgraph's ``GarbageCollector``). Memory freed by reference counting, nearly all
of it, is freed at once as before; only cycles wait for the next tick.

A full collection walks every object the process holds, and here it runs in the
GUI thread: the window stands still meanwhile. What the start built (the modules,
the window, its parts) lives as long as the process, so once the start is over
(:func:`settle`) it is left out of the collections to come (``gc.freeze``), and a
full one walks only what came after.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

#: How often the GUI thread looks at the collector's counts: one second, as pyqtgraph.
CHECK_EVERY_MS = 1000


def collect_if_due() -> None:
    """Collect the generations whose counts are past their thresholds, as Python would."""
    first, second, third = gc.get_threshold()
    young, middle, old = gc.get_count()
    if young > first:
        gc.collect(0)
        if middle > second:
            gc.collect(1)
            if old > third:
                gc.collect(2)


def settle() -> None:
    """The start is over: collect once, then leave everything alive now out of every
    later collection. Cycles among those objects that become garbage later are not freed
    (a few objects of the start, once); everything made from now on is collected as
    before."""
    gc.collect()
    gc.freeze()


class GuiThreadCollector(QObject):
    """Turns the automatic collector off and collects from a timer in this thread."""

    def __init__(self, parent: QObject | None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_EVERY_MS)
        self._timer.timeout.connect(collect_if_due)
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        """The automatic collector as it was (the event loop has ended)."""
        self._timer.stop()
        if self._was_enabled:
            gc.enable()
