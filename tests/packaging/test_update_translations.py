"""tools/update_translations.py: what it extracts, what it refuses, how it merges the .ts."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from scripts import load_script

TOOL = Path(__file__).resolve().parents[2] / "tools" / "update_translations.py"


tool = load_script("tools/update_translations.py")

#: write_module("name", "source") -> the path of a .py file in the test's folder.
WriteModule = Callable[[str, str], Path]


@pytest.fixture
def write_module(tmp_path: Path) -> WriteModule:
    def write(name: str, source: str) -> Path:
        path = tmp_path / f"{name}.py"
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        return path

    return write


def texts(found: object) -> set[str]:
    return set(found.messages)  # type: ignore[attr-defined]


# -- extracting ----------------------------------------------------------------------


def test_collects_tr_literals_markers_and_translate_calls(write_module: WriteModule) -> None:
    path = write_module("screen", '''
        from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
        from paydesk.ui.shell.formatting import tr
        from paydesk.ui.shell.formatting import tr as _t

        TITLE = "Takings report"
        WORDS = {1: QT_TRANSLATE_NOOP("PayDesk", "Paid")}

        def build(name: str) -> list[str]:
            return [
                tr("Create payment  ⏎"),
                tr("Order {0}").format(name),
                _t("Paid today: {amount}"),
                tr(TITLE),
                tr(str(WORDS[1])),  # marked where it is defined
                QCoreApplication.translate("PayDesk", "Ready"),
            ]
    ''')
    found = tool.extract([path])
    assert found.problems == []
    assert texts(found) == {
        "Create payment  ⏎", "Order {0}", "Paid today: {amount}", "Takings report", "Paid",
        "Ready",
    }
    [where] = found.messages["Order {0}"]
    assert where.path == path.resolve() and where.line == 12


def test_same_text_in_two_places_is_one_message_with_two_locations(
    write_module: WriteModule,
) -> None:
    first = write_module("a", 'from paydesk.ui.shell.formatting import tr\nX = tr("Paid")\n')
    second = write_module("b", 'from paydesk.ui.shell.formatting import tr\n\n\nY = tr("Paid")\n')
    found = tool.extract([first, second])
    assert sorted((w.path.name, w.line) for w in found.messages["Paid"]) == [
        ("a.py", 2), ("b.py", 4)
    ]


@pytest.mark.parametrize(
    ("call", "complaint"),
    [
        ('tr(f"Paid {amount}")', "f-string"),
        ('tr("Paid " + amount)', "plain string literal"),
        ("tr(amount)", "plain string literal"),
        ('tr("Paid", "x")', "exactly one argument"),
        ('self.tr("Paid")', "class name"),
        ('QT_TRANSLATE_NOOP("Window", "Paid")', 'context "PayDesk"'),
        ('QT_TRANSLATE_NOOP("PayDesk", amount)', "plain string literal"),
        ('QT_TR_NOOP("Paid")', "not supported"),
        ('tr("")', "empty text"),
    ],
)
def test_refuses_what_cannot_be_looked_up(
    write_module: WriteModule, call: str, complaint: str
) -> None:
    path = write_module("bad", f'''
        from PySide6.QtCore import QT_TRANSLATE_NOOP, QT_TR_NOOP
        from paydesk.ui.shell.formatting import tr

        def show(self: object, amount: str) -> object:
            return {call}
    ''')
    found = tool.extract([path])
    [problem] = found.problems
    assert "bad.py:6:" in problem and complaint in problem
    assert texts(found) == set()


def test_a_constant_bound_twice_is_not_a_literal(write_module: WriteModule) -> None:
    path = write_module("twice", '''
        from paydesk.ui.shell.formatting import tr
        WORDS = "Paid"
        WORDS = "Refused"
        X = tr(WORDS)
    ''')
    assert len(tool.extract([path]).problems) == 1


def test_tr_of_another_module_is_not_ours(write_module: WriteModule) -> None:
    path = write_module("other", '''
        from somewhere import tr
        X = tr(f"not ours {1}")
    ''')
    found = tool.extract([path])
    assert found.problems == [] and texts(found) == set()


def test_a_file_that_does_not_parse_is_a_problem(write_module: WriteModule) -> None:
    path = write_module("broken", "def (:\n")
    assert "cannot be read" in tool.extract([path]).problems[0]


# -- merging and writing --------------------------------------------------------------


def run(*args: str | Path) -> int:
    return int(tool.main([str(arg) for arg in args]))


def test_update_writes_new_texts_unfinished_then_keeps_translations(
    write_module: WriteModule, tmp_path: Path
) -> None:
    ts = tmp_path / "out" / "paydesk_ru.ts"
    module = write_module("panel", '''
        from paydesk.ui.shell.formatting import tr
        A = tr("Paid")
        B = tr("Refused")
    ''')
    assert run(module, "--ts", ts) == 0
    entries = tool.read_ts(ts)
    assert {s: e.kind for s, e in entries.items()} == {"Paid": "unfinished",
                                                       "Refused": "unfinished"}
    assert run("--check", module, "--ts", ts) == 1

    # A translator fills one in; a rerun keeps it and the file does not change.
    ts.write_text(ts.read_text(encoding="utf-8").replace(
        '<source>Paid</source>\n        <translation type="unfinished"></translation>',
        "<source>Paid</source>\n        <translation>Оплачено</translation>",
    ), encoding="utf-8")
    before = ts.read_text(encoding="utf-8")
    assert run(module, "--ts", ts) == 0
    assert ts.read_text(encoding="utf-8") == before
    assert tool.read_ts(ts)["Paid"].finished

    # "Paid" goes away: kept as vanished (translated); the unfinished "Refused" is dropped
    # when it goes; a returning "Paid" is finished again.
    write_module("panel", 'from paydesk.ui.shell.formatting import tr\nB = tr("Refused")\n')
    run(module, "--ts", ts)
    assert tool.read_ts(ts)["Paid"].kind == "vanished"
    write_module("panel", 'from paydesk.ui.shell.formatting import tr\nA = tr("Paid")\n')
    run(module, "--ts", ts)
    entries = tool.read_ts(ts)
    assert set(entries) == {"Paid"} and entries["Paid"].finished
    assert run(module, "--ts", ts, "--drop-vanished") == 0


def test_the_file_is_sorted_escaped_and_has_relative_locations(
    write_module: WriteModule, tmp_path: Path
) -> None:
    ts = tmp_path / "translations" / "x_ru.ts"
    module = write_module("m", '''
        from paydesk.ui.shell.formatting import tr
        X = [tr("b <&> \\"q\\""), tr("A\\nline two"), tr("a")]
    ''')
    run(module, "--ts", ts)
    text = ts.read_text(encoding="utf-8")
    assert text.startswith('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
    assert '<TS version="2.1" language="ru_RU"' in text
    assert '<location filename="../m.py" line="3"/>' in text
    assert "<source>b &lt;&amp;&gt; &quot;q&quot;</source>" in text
    assert text.index("<source>a</source>") < text.index("<source>A\nline two</source>") < (
        text.index("<source>b ")
    )
    assert set(tool.read_ts(ts)) == {"a", "A\nline two", 'b <&> "q"'}


@pytest.mark.parametrize(
    ("source", "translation", "issue"),
    [
        ("Order {0}", "Заказ", "placeholders"),
        ("Paid at {time}", "Оплачено в {время}", "placeholders"),
        ("Copied ✓", "Скопировано", "drops ✓"),
        ("&File", "Файл", "mnemonic"),
    ],
)
def test_check_finds_translations_that_would_break_or_read_differently(
    source: str, translation: str, issue: str
) -> None:
    found = tool.Extraction()
    found.add(source, tool.Location(TOOL, 1))
    existing = {source: tool.Entry(source, translation, kind="")}
    [problem] = tool.check(existing, found)
    assert issue in problem


def test_the_repository_ts_parses_and_every_entry_is_finished() -> None:
    entries = tool.read_ts(tool.TS_FILE)
    assert len(entries) > 200
    assert [s for s, e in entries.items() if not e.finished and e.kind != "vanished"] == []
