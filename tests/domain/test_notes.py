"""A note is one line: its line breaks kept as " / ", never merged into a space."""

from __future__ import annotations

import pytest

from paydesk.domain.notes import has_line_break, one_line


@pytest.mark.parametrize(("typed", "kept"), [
    ("2 coffees", "2 coffees"),
    ("  2   coffees\t", "2 coffees"),
    ("2 coffees\n1 cake", "2 coffees / 1 cake"),
    ("2 coffees\r\n\r\n  1 cake \n", "2 coffees / 1 cake"),
    ("a\u2028b", "a / b"),
    ("\n\n", ""),
    ("", ""),
])
def test_one_line(typed: str, kept: str) -> None:
    assert one_line(typed) == kept


def test_what_has_a_line_break() -> None:
    assert has_line_break("a\nb") and has_line_break("a\n") and has_line_break("a\rb")
    assert not has_line_break("a b") and not has_line_break("") and not has_line_break("a\tb")
