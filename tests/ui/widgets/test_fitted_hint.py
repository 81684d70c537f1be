"""A field's hint is the longest of its wordings that fits the field whole, chosen again
as the field is resized; the longest is its tooltip."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from paydesk.ui.widgets.fitted_hint import FittedHint

WORDINGS = ["Search order id, e-mail, note", "Search id, e-mail, note", "Search"]


def test_the_longest_wording_that_fits(qtbot: QtBot) -> None:
    edit = QLineEdit()
    qtbot.addWidget(edit)
    edit.setClearButtonEnabled(True)
    hint = FittedHint(edit, WORDINGS)
    edit.show()  # a hidden widget hears of its size only when shown
    qtbot.waitExposed(edit)
    assert edit.toolTip() == WORDINGS[0]
    metrics = edit.fontMetrics()
    for wording in WORDINGS:  # a field just wide enough for each one shows it
        edit.resize(metrics.horizontalAdvance(wording) + (edit.width() - hint.room()), 30)
        assert edit.placeholderText() == wording
        assert metrics.horizontalAdvance(wording) <= hint.room()
    edit.resize(edit.width() - 1, 30)  # narrower than every wording: the shortest
    assert edit.placeholderText() == WORDINGS[-1]
    edit.resize(1000, 30)
    assert edit.placeholderText() == WORDINGS[0]


def test_a_hint_that_fits_by_its_room_is_drawn_whole(qtbot: QtBot) -> None:
    """The room is the room Qt draws the hint in: a field just wide enough for a wording
    draws it as a wider field does (not cut to "…"), its clear button hidden while empty."""
    edit = QLineEdit()
    qtbot.addWidget(edit)
    edit.setClearButtonEnabled(True)
    hint = FittedHint(edit, [WORDINGS[0]])
    edit.show()
    qtbot.waitExposed(edit)
    just = edit.fontMetrics().horizontalAdvance(WORDINGS[0]) + (edit.width() - hint.room())
    edit.resize(just, 30)
    assert hint.room() == edit.fontMetrics().horizontalAdvance(WORDINGS[0])
    narrow = edit.grab().toImage()
    edit.resize(just + 80, 30)
    wide = edit.grab().toImage()
    text_part = QRect(0, 0, just - 4, 30)  # the hint, left of the frame's right side
    assert narrow.copy(text_part) == wide.copy(text_part)
    edit.resize(just - 1, 30)  # one pixel less, and Qt would cut it: the hint's room says so
    assert hint.room() < edit.fontMetrics().horizontalAdvance(WORDINGS[0])
    assert edit.grab().toImage().copy(QRect(0, 0, just - 5, 30)) != wide.copy(
        QRect(0, 0, just - 5, 30))
