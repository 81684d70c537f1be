"""The orders list on a counter's small screen, in a shop of several tills: every
column's title whole, in English and Russian, at 1280×800 and 1366×768, whichever
column it is sorted by; the filters above it unsqueezed, the search field's hint
whole (the search takes a row of its own when one row cannot hold them all)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QHeaderView,
    QLineEdit,
    QStyle,
    QStyleOptionHeader,
    QWidget,
)
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.ui.app import build_window
from paydesk.ui.orders.table_columns import Column
from paydesk.ui.widgets.fitted_hint import FittedHint

from counter_steps import WAIT_MS
from other_tills import download, till_order
from screenshots import save_screenshot
from small_screens import SMALL_SCREENS, on_a_small_screen, run_on_screen, this_screen
from test_values import TEST_CLIENT_ID

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.mark.parametrize("size", SMALL_SCREENS)
@pytest.mark.scenario
def test_titles_are_whole_on_a_small_screen(size: str, tmp_path: Path) -> None:
    run_on_screen(size, tmp_path, f"{__file__}::test_on_this_screen", passed=2)


def label_room(header: QHeaderView, column: Column) -> int:
    """The width a section gives its title, as QHeaderView::paintSection elides it:
    the style's label rectangle, without the sort arrow's room when sorted by it."""
    option = QStyleOptionHeader()
    option.initFrom(header)
    option.state |= QStyle.StateFlag.State_Horizontal
    option.rect = QRect(0, 0, header.sectionSize(column), header.height())
    if header.sortIndicatorSection() == column:
        option.sortIndicator = QStyleOptionHeader.SortIndicator.SortDown
    return header.style().subElementRect(QStyle.SubElement.SE_HeaderLabel, option, header).width()


def assert_titles_whole(header: QHeaderView) -> None:
    metrics = header.fontMetrics()
    for column in Column:
        if header.isSectionHidden(column):
            continue
        title = str(header.model().headerData(column, Qt.Orientation.Horizontal))
        assert metrics.horizontalAdvance(title) <= label_room(header, column), (
            title, header.sectionSize(column))


def assert_hint_whole(edit: QLineEdit, hint: FittedHint) -> None:
    shown = edit.placeholderText()
    assert shown in hint.wordings
    assert edit.fontMetrics().horizontalAdvance(shown) <= hint.room() < edit.width()
    assert edit.toolTip() == hint.wordings[0]  # all of it, on hovering


@on_a_small_screen
@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_on_this_screen(language: str, runtime: Runtime, qtbot: QtBot) -> None:
    size = this_screen()
    book = runtime.paths.database
    download(book, [till_order(TEST_CLIENT_ID, "front-1", "Front counter", 12000)])
    window = build_window(runtime)  # no saved geometry: its first start
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.watch.start()
    try:
        panel = window.orders_panel
        table = panel.table
        header = table.horizontalHeader()
        qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=WAIT_MS)
        assert not panel.tills_shown and not panel.filter_bar.two_rows  # one till: one row
        assert_titles_whole(header)  # "Примечание" whole, too
        assert header.length() == table.viewport().width()
        assert_hint_whole(panel.search, panel.filter_bar.search_hint)

        download(book, [till_order(TEST_CLIENT_ID, "back-1", "Back counter", 3000, paid=False)])
        qtbot.waitUntil(lambda: panel.tills_shown, timeout=WAIT_MS)
        assert_titles_whole(header)
        assert header.length() == table.viewport().width()  # no gap, no sideways scrolling
        save_screenshot(window, f"{'ru-' if language == 'ru' else ''}tills-list-{size}")
        for column in (Column.NOTE, Column.EMAIL, Column.PAID_AT, Column.LAST_CHECKED):
            header.setSortIndicator(column, Qt.SortOrder.AscendingOrder)  # the arrow's room
            assert_titles_whole(header)
            assert header.length() <= table.viewport().width()  # no sideways scrolling

        bar = panel.filter_bar
        assert bar.two_rows  # the till's choice and the search went under the rest
        assert panel.search.y() > panel.status_filter.y() + panel.status_filter.height()
        for widget in bar.findChildren(QWidget):  # none squeezed (Qt's own parts aside)
            if widget.isVisible() and not widget.objectName().startswith("qt_"):
                assert widget.width() >= widget.sizeHint().width(), widget.objectName()
        assert_hint_whole(panel.search, bar.search_hint)
        assert panel.search.placeholderText() == bar.search_hint.wordings[0]
        assert window.form.amount_hint is not None  # fitted once the rest was built
        assert_hint_whole(window.form.amount_input, window.form.amount_hint)
    finally:
        window.shutdown()
