"""A field's hint is the longest of its wordings that fits the field whole, chosen again
as the field is resized; the longest is its tooltip."""

from __future__ import annotations

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


def test_the_clear_button_takes_its_room(qtbot: QtBot) -> None:
    edit = QLineEdit()
    qtbot.addWidget(edit)
    hint = FittedHint(edit, WORDINGS)
    without = hint.room()
    edit.setClearButtonEnabled(True)
    assert hint.room() < without
