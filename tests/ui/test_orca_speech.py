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
import re
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import pytest

from cli_process import Paydesk, Spawned, paydesk_for
from payment_page import decide
from screen_reader import Focus, ScreenReader, needs_screen_reader, screen_reader

pytestmark = [needs_screen_reader, pytest.mark.slow, pytest.mark.scenario]

#: The words of each step, in each language (the amount as the window writes it).
WORDS = {
    "en": {"amount": "150.00 ₽",
           "code_shown": "Order for 150.00 ₽: the code is on the screen, waiting for payment",
           "paid": "Paid: 150.00 ₽"},
    "ru": {"amount": "150,00 ₽",
           "code_shown": "Заказ на 150,00 ₽: код на экране, ждём оплату",
           "paid": "Оплачено: 150,00 ₽"},
}


#: The windows the walk opens, by their titles' words.
TITLES = {"en": {"details": "Order "}, "ru": {"details": "Заказ "}}


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
            # No window manager: the window is given the X focus (Qt tells AT-SPI of
            # focus changes only in its active window), and the pointer is put over it.
            reader.focus_window("PayDesk")
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


# -- the walk through the window ----------------------------------------------------------

#: An accessible name that is an identifier, not words ("amount_input").
IDENTIFIER = re.compile(r"^[a-z]+(_[a-z0-9]+)+$")


@dataclass(frozen=True)
class Stop:
    """One key on the walk: where the focus went, and what Orca said."""

    keys: str
    focus: Focus | None
    said: list[str]

    def line(self) -> str:
        where = "(no focus change)" if self.focus is None else str(self.focus)
        return f"{self.keys:>10} -> {where}: " + " | ".join(self.said or ["(nothing)"])


def press(reader: ScreenReader, keys: str, *, window: str | None = None) -> Stop:
    """Press ``keys`` (then give the X focus to the new ``window`` it opens, as a window
    manager would); the focus it moved (if any) and all Orca said about it."""
    reader.drain_focus()
    start = len(reader.spoken())
    reader.xdotool("key", keys)
    if window is not None:
        reader.focus_window(window)
    focus = reader.next_focus(timeout=2)
    with suppress(AssertionError):  # more than the key's own name ("tab "), if anything
        reader.wait_for_speech(lambda said: not said.endswith(" "), after=start, timeout=2)
    return Stop(keys, focus, reader.quiet(after=start, still=0.7))


@dataclass
class Walk:
    tab_order: list[Stop]
    list_: list[Stop]
    details: list[Stop]
    settings: list[Stop]

    def lines(self) -> list[str]:
        parts = (("Tab from the amount field", self.tab_order), ("The orders list", self.list_),
                 ("An order's details", self.details), ("Settings", self.settings))
        return [line for title, stops in parts
                for line in (f"--- {title} ---", *(stop.line() for stop in stops))]


def walk(counter: Counter) -> Walk:
    """After the sale: Tab round the window, the list (Ctrl+F, Tab, Down), the
    order's details (Enter, Tab), Settings (Ctrl+comma, Tab), as a cashier does."""
    reader = counter.reader
    tab_order: list[Stop] = []
    for _ in range(30):
        stop = press(reader, "Tab")
        tab_order.append(stop)
        if stop.focus is not None and stop.focus == tab_order[0].focus and len(tab_order) > 1:
            break  # round the window once
    list_ = [press(reader, "Escape"), press(reader, "ctrl+f")]  # a new payment; Find
    for _ in range(8):
        list_.append(press(reader, "Tab"))
        if list_[-1].focus is not None and "table" in list_[-1].focus.role:
            break
    list_.append(press(reader, "Down"))
    details = [press(reader, "Return", window=TITLES[counter.language]["details"])]
    details += [press(reader, "Tab") for _ in range(8)]
    details.append(press(reader, "Escape", window="PayDesk"))  # back to the counter
    settings = [press(reader, "ctrl+comma")]  # a modal dialog: Qt gives it the focus
    settings += [press(reader, "Tab") for _ in range(6)]
    settings.append(press(reader, "Escape"))
    return Walk(tab_order, list_, details, settings)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_orca_walks_the_window_the_list_details_and_settings(
    tmp_path: Path, language: str
) -> None:
    """The closing note's record: every stop of the walk, what took the focus and what
    Orca said (orca-<language>-walk.txt); the walk reaches each window."""
    with counter_in(language, tmp_path) as counter:
        counter.sell()
        done = walk(counter)
    record(tmp_path, f"{language}-walk", done.lines())
    assert any(stop.focus is not None for stop in done.tab_order)
    assert any(stop.said for stop in done.details[:1] + done.settings[:1])


def test_orca_reads_the_window_s_names(tmp_path: Path) -> None:
    """What issue 37 asks Orca to read: words, not identifiers; Tab out of the orders
    list; the details window's values as stops and read on opening. (The names are
    the naming work's: until it is merged, this test fails where they are missing.)"""
    with counter_in("en", tmp_path) as counter:
        counter.sell()
        done = walk(counter)
    record(tmp_path, "en-names", done.lines())
    stops = done.tab_order + done.list_ + done.details + done.settings
    names = [stop.focus.name for stop in stops if stop.focus is not None]
    assert not [name for name in names if IDENTIFIER.match(name)], names
    assert not [stop.line() for stop in stops if stop.focus is not None
                and stop.focus.role == "push button" and not stop.focus.name]
    focused = [stop.focus for stop in done.tab_order if stop.focus is not None]
    in_table = [i for i, focus in enumerate(focused) if "table" in focus.role]
    assert in_table and in_table[-1] < len(focused) - 1, "Tab never left the orders table"
    assert any("Amount" in name for name in names)
    assert any("150.00 ₽" in said for said in done.details[0].said)
    assert len({stop.focus for stop in done.details[1:-1] if stop.focus is not None}) > 3
