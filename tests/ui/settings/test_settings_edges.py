"""Two edges of the settings window: a wheel passing over its choices changes none of
them (it scrolls the window), and what it says of the language and the till's name
(after a restart) is what the running window does, and what the README says."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.sandbox import SandboxServer
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window
from paydesk.ui.main_window import MainWindow
from paydesk.ui.settings.dialog import SettingsDialog

from counter_steps import type_sale
from settings_dialog import sandbox_settings
from settings_steps import save_in_the_dialog
from test_values import TEST_CLIENT_ID, TEST_SECRET

ROOT = Path(__file__).resolve().parents[3]
README = ROOT / "README.md"
WAIT_MS = 10_000


# -- 9. the wheel -------------------------------------------------------------------------

def value_of(field: QWidget) -> object:
    if isinstance(field, QComboBox):
        return field.currentIndex()
    assert isinstance(field, QAbstractSpinBox)
    return field.text()


def wheel_over(field: QWidget, *, down: bool) -> None:
    """One notch of the mouse wheel with the pointer over the middle of ``field``."""
    centre = field.rect().center()
    event = QWheelEvent(QPointF(centre), QPointF(field.mapToGlobal(centre)), QPoint(0, 0),
                        QPoint(0, -120 if down else 120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(field, event)


@pytest.fixture
def short_dialog(open_dialog: Callable[..., SettingsDialog], sandbox: SandboxServer,
                 qtbot: QtBot) -> SettingsDialog:
    """The settings on a screen too short for them: the sections scroll."""
    dialog = open_dialog(sandbox_settings(sandbox).with_changes(web_display="network"))
    dialog.resize(dialog.width(), 520)
    qtbot.waitUntil(lambda: dialog.sections.verticalScrollBar().maximum() > 0)
    return dialog


def test_a_wheel_over_any_choice_scrolls_the_dialog_and_changes_nothing(
        short_dialog: SettingsDialog, qtbot: QtBot) -> None:
    dialog = short_dialog
    bar = dialog.sections.verticalScrollBar()
    assert bar.maximum() > 0  # it does scroll
    fields = [w for kind in (QComboBox, QAbstractSpinBox) for w in dialog.findChildren(kind)
              if w.isEnabled() and not isinstance(w.parentWidget(), QAbstractSpinBox)]
    section = dialog.buyer_screen_section
    assert {section.mode_combo, section.port_spin, dialog.language_combo,
            dialog.focus_spin} <= set(fields)
    dialog.save_button.setFocus()  # the cashier's last click was elsewhere
    for field in fields:
        dialog.sections.ensureWidgetVisible(field)
        if not field.isVisible():
            continue
        before, position = value_of(field), bar.value()
        down = position < bar.maximum()
        wheel_over(field, down=down)
        name = field.accessibleName() or field.objectName()
        assert value_of(field) == before, name
        assert bar.value() != position, name  # the wheel scrolled the sections instead
        assert not field.hasFocus(), name  # and gave it no focus


def test_a_focused_choice_still_takes_the_wheel(
        short_dialog: SettingsDialog, qtbot: QtBot) -> None:
    """Clicked (or reached by Tab), a field is the cashier's to turn with the wheel."""
    combo = short_dialog.buyer_screen_section.mode_combo
    short_dialog.sections.ensureWidgetVisible(combo)
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    before = combo.currentIndex()
    wheel_over(combo, down=before == 0)
    assert combo.currentIndex() != before


# -- 6. the language and the till's name: after a restart, said alike everywhere -----------

@pytest.fixture
def window(sandbox: SandboxServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           qtbot: QtBot) -> Iterator[MainWindow]:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", TEST_SECRET)
    settings = Settings(base_url=sandbox.base_url, client_id=TEST_CLIENT_ID, till="Front")
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(), settings)
    window = build_window(runtime)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_frame_done, timeout=WAIT_MS):
        window.show()
    window.watch.start()
    yield window
    window.shutdown()
    runtime.close()


def test_a_new_till_name_and_language_wait_for_the_restart_the_dialog_says(
        window: MainWindow, qtbot: QtBot, notices: list[str]) -> None:
    seen: dict[str, bool] = {}

    def rename_and_translate(dialog: SettingsDialog) -> None:
        for setting in ("till", "language"):
            note = dialog.findChild(QWidget, f"{setting}_restart_note")
            seen[setting] = note is not None and note.isVisible()
        dialog.till_edit.setText("Back")
        dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("ru"))

    save_in_the_dialog(window, qtbot, rename_and_translate)
    assert seen == {"till": True, "language": True}
    assert notices == ["The new language is used when PayDesk is started again.\n\n"
                       "The new till name is used when PayDesk is started again."]
    # What really happens: the window keeps its words, and the next sale its till's name.
    assert window.menuBar().actions()[0].text() == "&File"
    sale = type_sale(qtbot, window, "15")
    assert sale.till == "Front"


def test_the_readme_says_what_the_window_does_with_the_language_and_the_tills_name() -> None:
    """No sentence of the README or the pages under docs/ puts the language or the till's
    name among what is in force at once; the demo's paragraph says they wait for a
    restart."""
    pages = [README, *sorted((ROOT / "docs").glob("*.md"))]
    text = " ".join(" ".join(page.read_text(encoding="utf-8").split()) for page in pages)
    sentences = re.split(r"(?<=[.!?])\s+", text)
    at_once = [s for s in sentences if re.search(r"in force (at once|in an open)", s)]
    assert at_once
    for sentence in at_once:
        for wanted in ("language", "till's name", "till name"):
            assert wanted not in sentence or re.search(r"restart|next start", sentence), sentence
    demo = next(s for s in sentences if s.startswith("In the demo, Settings"))
    assert "restart" in demo or "next demo" in demo, demo
