"""A real counter session against the sandbox leaves no secret and no buyer's e-mail in the logs.

The secret is in the keychain only (not in the environment, which the filter
masks anyway), so what keeps it out is the window registering it; the log runs
at DEBUG so that urllib3's request lines, which carry ``sign`` and the e-mail in
the query string, are written too.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.core.settings.values import Settings
from paydesk.sandbox import Fault, SandboxServer
from paydesk.support import logs, redaction
from paydesk.support.log_file import RotatingLogFile
from paydesk.support.paths import AppPaths
from paydesk.ui.app import build_window

from memory_keyring import MemoryKeyring
from payment_page import decide

SECRET = "Zq7-Hygiene-Secret-0042"
EMAIL = "anna.buyer@example.com"
SECOND_EMAIL = "boris.k@mail.example"
WAIT_MS = 10_000


@pytest.fixture
def debug_log(tmp_path: Path) -> Iterator[Path]:
    root = logging.getLogger()
    level = root.level
    path = logs.setup_logging(tmp_path / "logs")
    root.setLevel(logging.DEBUG)
    for handler in root.handlers:
        if isinstance(handler, RotatingLogFile):
            handler.setLevel(logging.DEBUG)
    yield path
    logs.stop_logging()
    redaction.forget_secrets()
    root.setLevel(level)


def test_a_session_logs_orders_but_never_the_secret_or_an_email(
    qtbot: QtBot, tmp_path: Path, debug_log: Path, memory_keyring: MemoryKeyring,
    start_sandbox: Callable[..., SandboxServer],
) -> None:
    sandbox = start_sandbox(client_id=1, secret_key=SECRET)
    memory_keyring.set_password("PayDesk", "client-1", SECRET)
    runtime = Runtime(
        AppPaths(tmp_path / "data").ensure(),
        Settings(base_url=sandbox.base_url, client_id=1, focus_interval_seconds=0.5),
    )
    window = build_window(runtime, log_dir=debug_log.parent)
    qtbot.addWidget(window)
    window.show()
    window.watch.start()
    try:
        amount, link_label = window.form.amount_input, window.parts.payment_panel.link_label
        window.form.email_input.setText(EMAIL)
        amount.setText("150")
        qtbot.keyClick(amount, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: link_label.toolTip().startswith("http"), timeout=WAIT_MS)
        decide(link_label.toolTip(), "approve", EMAIL).raise_for_status()
        qtbot.waitUntil(lambda: "Paid" in window.parts.payment_panel.badge.text(), timeout=WAIT_MS)

        # A refusal: its error text goes to the log too.
        sandbox.inject(Fault.REFUSED_WITH_200, endpoint="create_order")
        window.form.email_input.setText(SECOND_EMAIL)
        amount.setText("20")
        qtbot.keyClick(amount, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
    finally:
        window.shutdown()
        runtime.close()

    text = "\n".join(p.read_text(encoding="utf-8") for p in debug_log.parent.iterdir())
    # It did log the session (so the checks below are about something) ...
    assert "is now approve" in text and "creation confirmed" in text
    assert "sign=***" in text and "a***%40example.com" in text  # urllib3's request lines
    # ... and nothing a stranger reading the log must not see.
    assert SECRET.lower() not in text.lower()
    for email in (EMAIL, SECOND_EMAIL):
        assert email not in text and email.replace("@", "%40") not in text
    assert not re.search(r"sign=[0-9a-fA-F]{8}", text)
