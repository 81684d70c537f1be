"""The flow layout keeps the heights it measured only while its widgets stay as they were."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget

from paydesk.ui.widgets.flow_layout import FlowLayout


def _row(qtbot, *texts: str) -> tuple[QWidget, FlowLayout, list[QPushButton]]:
    host = QWidget()
    qtbot.addWidget(host)
    layout = FlowLayout(host, spacing=8, line_spacing=4)
    buttons = [QPushButton(text) for text in texts]
    for button in buttons:
        layout.addWidget(button)
    return host, layout, buttons


def test_a_narrow_width_takes_more_lines_than_a_wide_one(qtbot) -> None:
    _host, layout, buttons = _row(qtbot, "One", "Two", "Three")
    one_line = max(button.sizeHint().height() for button in buttons)
    wide = sum(button.sizeHint().width() for button in buttons) + 2 * 8
    assert layout.heightForWidth(wide) == one_line
    narrow = max(button.sizeHint().width() for button in buttons)
    assert layout.heightForWidth(narrow) == 3 * one_line + 2 * 4


def test_a_longer_word_on_a_button_is_measured_again(qtbot) -> None:
    _host, layout, buttons = _row(qtbot, "One", "Two")
    wide = sum(button.sizeHint().width() for button in buttons) + 8
    one_line = layout.heightForWidth(wide)
    buttons[1].setText("Two, said at much greater length in another language")
    assert layout.heightForWidth(wide) > one_line  # no longer fits beside "One"


def test_a_hidden_button_leaves_its_line(qtbot) -> None:
    host, layout, buttons = _row(qtbot, "One", "Two")
    host.show()
    narrow = max(button.sizeHint().width() for button in buttons)
    two_lines = layout.heightForWidth(narrow)
    buttons[1].hide()
    assert layout.heightForWidth(narrow) < two_lines


def test_a_button_taken_out_and_one_added_are_measured(qtbot) -> None:
    _host, layout, buttons = _row(qtbot, "One", "Two")
    narrow = max(button.sizeHint().width() for button in buttons)
    two_lines = layout.heightForWidth(narrow)
    layout.removeWidget(buttons[1])
    one_line = layout.heightForWidth(narrow)
    assert one_line < two_lines
    layout.addWidget(QPushButton("Three"))
    assert layout.heightForWidth(narrow) == two_lines
