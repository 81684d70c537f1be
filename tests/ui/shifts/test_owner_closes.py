"""Only the cashier who opened a shift, or an owner, closes it; the frozen report comes
out of the receipt printer by itself (58 mm here), read back from the printer's bytes."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.runtime import Runtime
from paydesk.sandbox import SandboxServer
from paydesk.ui.main_window import MainWindow
from paydesk.ui.shifts.sign_in import SignInDialog

from counter_steps import type_sale
from escpos_reader import read_printout
from loopback_printer import LoopbackPrinter
from shift_steps import control, open_window, sign_in


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_an_owner_closes_another_s_shift_and_its_report_is_printed(
    language: str, shift_runtime: Runtime, staff: None, qtbot: QtBot, sandbox: SandboxServer
) -> None:
    with LoopbackPrinter() as printer:
        shift_runtime.save_settings({"printer": printer.address, "printer_paper_mm": 58})
        window: MainWindow = open_window(shift_runtime, qtbot)
        try:
            shifts = control(window)
            shifts.open_action.trigger()
            sign_in(qtbot, window, "Anna")
            type_sale(qtbot, window, "150")

            shifts.close_action.trigger()  # Boris is no owner and did not open it
            sign_in(qtbot, window, "Boris")
            dialog = shifts.dialog
            assert isinstance(dialog, SignInDialog) and dialog.isVisible()
            refused = ("Эту смену открыл другой кассир" if language == "ru"
                       else "This shift was opened by another cashier")
            assert refused in dialog.refusal.text()
            assert not shifts.closer.busy and shifts.shifts.current() is not None  # type: ignore[union-attr]

            sign_in(qtbot, window, "Olga")  # Olga, the owner, may
            qtbot.waitUntil(lambda: shifts.last_closed is not None, timeout=90_000)
            assert shifts.last_closed is not None
            assert (shifts.last_closed.cashier, shifts.last_closed.closed_by) == ("Anna", "Olga")
            [job] = printer.wait_for_jobs(1)
        finally:
            window.shutdown()
    text = " ".join(read_printout(job).lines)
    if language == "ru":
        assert "Смена 1 закрыта" in text and "Не является фискальным документом" in text
        assert "Закрыл(а) Olga" in text
    else:
        assert "Shift 1 closed" in text and "Not a fiscal document" in text
        assert "Closed by Olga" in text
    assert "Test shop" in text
