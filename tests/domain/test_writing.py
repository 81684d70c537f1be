"""paydesk.domain.writing: amounts and dates as people read them, in both languages."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paydesk.domain.writing import (
    amount_text,
    day_text,
    language_of,
    moment_text,
    money_text,
    round_money_text,
)


@pytest.mark.parametrize(("kopecks", "ru", "en"), [
    (0, "0,00", "0.00"),
    (5, "0,05", "0.05"),
    (150050, "1\u00a0500,50", "1,500.50"),
    (100000000, "1\u00a0000\u00a0000,00", "1,000,000.00"),
    (-123450, "-1\u00a0234,50", "-1,234.50"),
])
def test_amounts(kopecks: int, ru: str, en: str) -> None:
    assert amount_text(kopecks, "ru") == ru
    assert amount_text(kopecks, "en") == en
    assert money_text(kopecks, "en") == en + "\u00a0₽"


@pytest.mark.parametrize(("kopecks", "ru", "en"), [
    (0, "0", "0"),
    (150_000_000, "1\u00a0500\u00a0000", "1,500,000"),
    (50, "0,50", "0.50"),  # a tiny scale keeps its kopecks
])
def test_round_sums_are_grouped_as_money_is(kopecks: int, ru: str, en: str) -> None:
    assert round_money_text(kopecks, "ru") == ru + "\u00a0₽"
    assert round_money_text(kopecks, "en") == en + "\u00a0₽"


@given(st.integers(min_value=-10**12, max_value=10**12))
def test_an_amount_reads_back_to_the_same_kopecks(kopecks: int) -> None:
    for language, group, point in (("ru", "\u00a0", ","), ("en", ",", ".")):
        text = amount_text(kopecks, language)  # type: ignore[arg-type]
        rubles, _, kop = text.replace(group, "").partition(point)
        assert len(kop) == 2
        sign = -1 if rubles.startswith("-") else 1
        assert sign * (abs(int(rubles)) * 100 + int(kop)) == kopecks


def test_days_and_moments_have_separators() -> None:
    assert day_text(date(2026, 11, 4), "ru") == "04.11.2026"
    assert day_text(date(2026, 11, 4), "en") == "2026-11-04"
    moment = datetime(2026, 11, 4, 9, 5, 7, tzinfo=UTC)
    local = moment.astimezone()
    assert moment_text(moment, "en") == local.strftime("%Y-%m-%d %H:%M")
    assert moment_text(moment, "ru", seconds=True) == local.strftime("%d.%m.%Y %H:%M:%S")
    assert moment_text(None, "ru") == ""


@pytest.mark.parametrize(("code", "language"), [
    ("ru", "ru"), ("ru_RU", "ru"), ("ru_RU.UTF-8", "ru"), ("ru-RU", "ru"), ("RU", "ru"),
    ("C", "en"), ("C.UTF-8", "en"), ("POSIX", "en"), ("en_GB.UTF-8", "en"), ("de_DE", "en"),
    ("", "en"), (None, "en"), ("rus", "en"),
])
def test_the_language_of_a_locale(code: str | None, language: str) -> None:
    assert language_of(code) == language
