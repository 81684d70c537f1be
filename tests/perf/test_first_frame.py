"""What the window's first frame does without, kept out of it.

The start-up budget (bench.py, ``startup_ratio``) rests on the first frame not
loading what it does not show: the order book, the services, the payment
client, the keychain, the core's events (a dozen dataclasses), the sandbox, the
QR encoder, the order model (with datetime), the Python enums of PySide's ``Qt``
namespace (PySide builds all of them at its first use; any ``Qt.X`` on the first
frame's path brings them in), and those of QIcon and QKeySequence (the menus'
actions). Two standard modules the first frame does load: logging.handlers (the
log file, set up before the window so that a failed start is logged) and decimal
(paydesk.domain.money, which the settings read for the amount ceiling, parses
amounts with it).
This starts PayDesk through its real entry point, as the benchmark does, and
looks at the process when the first frame is painted: no timing, so it holds on
any machine.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

# The benchmark's own data folder and environment:
from bench_books import prepare_data_dir  # noqa: E402
from bench_startup import child_environment  # noqa: E402

#: Run in the child: record the enums PySide builds, then start PayDesk as the
#: benchmark does and report, at the first frame, what is loaded.
PROBE = """
import enum, json, sys
created = []
_create = enum.EnumType._create_
def _recording(cls, class_name, names, **kw):
    created.append(class_name)
    return _create(cls, class_name, names, **kw)
enum.EnumType._create_ = _recording
sys.path.insert(0, sys.argv[1])
import startup_child
watch = startup_child.watch_first_frame
def report(window):
    print("PROBE " + json.dumps({"modules": sorted(sys.modules), "enums": created}),
          flush=True)
startup_child.watch_first_frame = lambda window, _=None: watch(window, report)
startup_child.run_app(False)
"""

KEPT_OUT = (
    "paydesk.cli.main",  # the commands: the launcher opens the window without them
    "paydesk.store",
    "paydesk.core.watch.desk",
    "paydesk.core.book.reader",
    "paydesk.core.watch.engine",
    "paydesk.core.watch.events",  # a dozen frozen dataclasses; the banner needs only Remedy
    "paydesk.ui.payment.watch_driver",
    "paydesk.gateway",
    "paydesk.sandbox",
    "paydesk.ui.orders.panel",
    "paydesk.ui.widgets.qr_widget",
    "requests",
    "keyring",
    "qrcode",
    "paydesk.domain.orders",
    "paydesk.core.watch.polling",
    "paydesk.ui.shell.messages",
    "datetime",
    "locale",  # argparse's words, looked up in gettext's catalogues: no parser for no options
)


@pytest.fixture(scope="module")
def first_frame(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    work = tmp_path_factory.mktemp("first-frame")
    data = prepare_data_dir(work / "data", "http://127.0.0.1:9")
    env = child_environment(data, work / "pycache")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(HERE)],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("PROBE ")]
    assert done.returncode == 0 and lines, done.stderr[-3000:]
    report: dict[str, list[Any]] = json.loads(lines[0].removeprefix("PROBE "))
    return report


@pytest.mark.parametrize("module", KEPT_OUT)
def test_the_first_frame_does_without(first_frame: dict[str, list[Any]], module: str) -> None:
    assert module not in first_frame["modules"]


def test_the_first_frame_builds_no_enum_of_the_qt_namespace(
    first_frame: dict[str, list[Any]],
) -> None:
    enums = first_frame["enums"]
    assert "Type" in enums  # the recorder works: QEvent.Type, which the probe itself uses
    # Three of the namespace's ~100 enums; PySide builds them all at its first use.
    assert not {"AlignmentFlag", "Key", "WidgetAttribute"} & set(enums)


def test_the_menus_actions_come_after_the_first_frame(first_frame: dict[str, list[Any]]) -> None:
    # QIcon.ThemeIcon (QAction's overloads name QIcon) and QKeySequence.StandardKey.
    assert not {"ThemeIcon", "StandardKey"} & set(first_frame["enums"])
