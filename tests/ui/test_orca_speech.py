"""A sale taken with Orca alone, as a blind cashier takes it (issue 37).

The real program (``paydesk --demo``) on a desktop of the test's own with Orca
43.1 listening (screen_reader.py): the amount typed on the X server's keyboard,
Enter, the buyer paying on the sandbox's page, and what Orca said, in English
and in Russian. Orca's words are its debug log's; the focus is AT-SPI's.

The walk through the window (Tab order, the orders list, an order's details,
Settings) is recorded in ``orca-walk-<language>.txt`` beside the test's files,
for the issue's closing note; what it must say there is asserted in
test_orca_reads_the_window_s_names.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from cli_process import Paydesk, Spawned, paydesk_for
from payment_page import decide
from screen_reader import ScreenReader, needs_screen_reader, screen_reader

pytestmark = [needs_screen_reader, pytest.mark.slow]

#: The words of each step, in each language (the amount as the window writes it).
WORDS = {
    "en": {"amount": "150.00 ₽",
           "code_shown": "Order for 150.00 ₽: the code is on the screen, waiting for payment",
           "paid": "Paid: 150.00 ₽"},
    "ru": {"amount": "150,00 ₽",
           "code_shown": "Заказ на 150,00 ₽: код на экране, ждём оплату",
           "paid": "Оплачено: 150,00 ₽"},
}


@dataclass
class Counter:
    """The demo window on Orca's desktop, with its data folder's command line."""

    reader: ScreenReader
    paydesk: Paydesk
    window: Spawned
    language: str

    def link_of_the_sale(self) -> str:
        listed = self.paydesk.run("--demo", "list", "--format", "json")
        assert listed.code == 0, listed.err
        [order] = [o for o in json.loads(listed.out) if o["url"]]
        return str(order["url"])

    def sell(self) -> tuple[list[str], list[str]]:
        """150 typed in the amount field, Enter, paid on the page: what Orca said after
        Enter (until the code was up), and after the payment (until "Paid")."""
        words, reader = WORDS[self.language], self.reader
        start = len(reader.spoken())
        reader.xdotool("type", "--delay", "60", "150")
        reader.xdotool("key", "Return")
        after_enter = reader.wait_for_speech(words["code_shown"], after=start)
        paid_from = len(reader.spoken())
        decide(self.link_of_the_sale(), "approve", "buyer@example.com").raise_for_status()
        return after_enter, reader.wait_for_speech(words["paid"], after=paid_from)


@contextmanager
def counter_in(language: str, folder: Path) -> Iterator[Counter]:
    paydesk = paydesk_for(folder)
    if language == "ru":
        done = paydesk.run("--demo", "config", "set", "language", "ru")
        assert done.code == 0, done.err
    with screen_reader(folder / "desktop") as reader:
        window = paydesk.spawn("--demo", "-v", env={**reader.app_env(),
                                                     "PAYDESK_DATA_DIR": str(paydesk.data_dir)})
        try:
            window.wait_for_line("Alert sounds")  # built after the first frame: it is up
            # No window manager: the focus follows the pointer into the window.
            reader.xdotool("mousemove", "640", "400")
            yield Counter(reader, paydesk, window, language)
        finally:
            window.close()


def test_orca_says_the_amount_after_enter_and_paid_in_english(tmp_path: Path) -> None:
    with counter_in("en", tmp_path) as counter:
        after_enter, after_paying = counter.sell()
    record(tmp_path, "en-sale", [*after_enter, "--- paid on the page ---", *after_paying])
    assert any("150.00 ₽" in line for line in after_enter)
    assert any(line.endswith("Paid: 150.00 ₽") for line in after_paying)


def test_orca_says_the_amount_after_enter_and_paid_in_russian(tmp_path: Path) -> None:
    with counter_in("ru", tmp_path) as counter:
        after_enter, after_paying = counter.sell()
    record(tmp_path, "ru-sale", [*after_enter, "--- paid on the page ---", *after_paying])
    assert any("150,00 ₽" in line for line in after_enter)
    assert any(line.endswith("Оплачено: 150,00 ₽") for line in after_paying)


def record(folder: Path, name: str, lines: list[str]) -> None:
    """What Orca said, kept beside the test's files (and printed, for ``-s``)."""
    text = "\n".join(lines) + "\n"
    (folder / f"orca-{name}.txt").write_text(text, encoding="utf-8")
    print(f"\n== orca {name} ==\n{text}")
