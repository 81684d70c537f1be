"""PySide6 6.12.0 on CPython 3.11 drops a reference to None on every Qt call that
returns nothing, and the interpreter aborts after a few thousand (none_dealloc).
pyproject pins PySide6-Essentials below 6.12 on 3.11; this keeps the pin honest."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, QTimer


def test_void_qt_calls_keep_the_refcount_of_none() -> None:
    timer = QTimer()
    holder = QObject()
    before = sys.getrefcount(None)
    for index in range(10_000):
        timer.setInterval(index % 100)  # returns void
        holder.setObjectName("x")  # returns void
    after = sys.getrefcount(None)
    # CPython 3.12+ makes None immortal (a huge constant count); either way it must not fall.
    assert after >= before
