"""A note is one line: the orders list, the card, the slip and the command line show it
on one. Line breaks (pasted into the form, sent by a till program, given to
``paydesk create --note``) are kept as a visible " / ", never merged into a space
that joins "2 coffees" and "1 cake" into one item; the form says so where it happens.
"""

from __future__ import annotations

#: What stands for a line break in a note.
LINE_BREAK = " / "


def one_line(note: str) -> str:
    """``note`` on one line: each line's spaces and tabs made single, empty lines dropped,
    the lines joined by :data:`LINE_BREAK`."""
    lines = (" ".join(line.split()) for line in note.splitlines())
    return LINE_BREAK.join(line for line in lines if line)


def has_line_break(note: str) -> bool:
    """Whether ``note`` would not stay as it is on one line (a line break in it)."""
    return bool(note) and note.splitlines() != [note]
