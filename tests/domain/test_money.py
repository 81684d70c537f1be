from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paydesk.domain.errors import AmountError
from paydesk.domain.money import MAX_AMOUNT, format_rubles, kopecks_to_decimal_text, parse_amount
from paydesk.domain.writing import Language, amount_text, language_in_force, money_text


@pytest.mark.parametrize(
    ("typed", "kopecks"),
    [
        ("150", 15000),
        ("150.5", 15050),
        ("150,50", 15050),
        ("1 500,00", 150000),
        ("1\u00a0500,00", 150000),
        ("1\u202f234\u202f567,89", 123456789),
        ("1,234.50", 123450),  # as the English window writes it: one reading only
        ("1,234,567.8", 123456780),
        ("1,500.", 150000),
        ("0,01", 1),
        ("  42 ", 4200),
        ("42 ₽", 4200),
        ("+7", 700),
        ("1000000000", MAX_AMOUNT),
        ("007", 700),
    ],
)
def test_parses_what_people_type(typed: str, kopecks: int) -> None:
    assert parse_amount(typed) == kopecks


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("-5", "negative"),
        ("−5", "negative"),
        ("0", "zero"),
        ("0,00", "zero"),
        ("1.005", "too_many_decimals"),
        ("1,500", "too_many_decimals"),
        ("1e3", "exponent"),
        ("1E+3", "exponent"),
        ("1.500,00", "two_separators"),  # neither language writes points between thousands
        ("1,5.0", "two_separators"),
        ("12,34.50", "two_separators"),  # commas that are not thousands
        ("1 234,567.00", "two_separators"),
        ("1,234,5", "not_a_number"),
        ("abc", "not_a_number"),
        ("12 34", "not_a_number"),
        ("1 5000", "not_a_number"),
        ("NaN", "not_a_number"),
        ("Infinity", "not_a_number"),
        ("١٢٣", "not_a_number"),
        ("1000000000,01", "too_large"),
        ("1 000 000 001", "too_large"),
        ("9" * 5000, "too_large"),  # more digits than int() takes from text
    ],
)
def test_refuses_with_a_reason(typed: str, code: str) -> None:
    with pytest.raises(AmountError) as info:
        parse_amount(typed)
    assert info.value.code == code
    assert str(info.value)  # a sentence a person can read


@pytest.mark.parametrize("language", [None, "ru", "en"])
@pytest.mark.parametrize(
    ("typed", "kopecks"),
    [("1 234,50", 123450), ("1\u00a0234,50\u00a0₽", 123450), ("1,234.50 ₽", 123450),
     ("1,234,567.89", 123456789), ("150,5", 15050), ("150.5", 15050)],
)
def test_both_windows_ways_are_read_in_either_language(
    typed: str, kopecks: int, language: Language | None
) -> None:
    assert parse_amount(typed, language=language) == kopecks


@pytest.mark.parametrize(
    ("typed", "english", "russian"),
    [
        # English groups thousands with commas; Russian reads a comma as the kopecks'.
        ("1,234", 123400, "too_many_decimals"),
        ("12,345,678", 1234567800, "not_a_number"),
        ("1,23", 123, 123),  # two digits: kopecks in both
        ("12,345", 1234500, "too_many_decimals"),  # a Russian slip for 12,35 or 123,45
        ("1,5", 150, 150),
        ("0,500", "too_many_decimals", "too_many_decimals"),  # no thousands start with 0
        ("1.234", "too_many_decimals", "too_many_decimals"),  # a point is never thousands
        ("1,2345", "too_many_decimals", "too_many_decimals"),
        ("1.234,50", "two_separators", "two_separators"),
    ],
)
def test_a_comma_before_three_digits_is_thousands_in_english_only(
    typed: str, english: int | str, russian: int | str
) -> None:
    for language, expected in (("en", english), ("ru", russian), (None, russian)):
        if isinstance(expected, int):
            assert parse_amount(typed, language=language) == expected, language
        else:
            with pytest.raises(AmountError) as info:
                parse_amount(typed, language=language)
            assert info.value.code == expected, language


@given(st.integers(min_value=1, max_value=MAX_AMOUNT), st.sampled_from(["ru", "en"]))
def test_what_the_window_writes_reads_back_in_its_language(
    kopecks: int, language: Language
) -> None:
    assert parse_amount(money_text(kopecks, language), language=language) == kopecks
    assert parse_amount(amount_text(kopecks, language), language=language) == kopecks


@given(st.integers(min_value=1, max_value=MAX_AMOUNT), st.sampled_from(["ru", "en"]))
def test_what_the_command_line_and_the_paper_write_reads_back_in_their_language(
    kopecks: int, language: Language
) -> None:
    """The terminal's plain spaces (paydesk.cli.dates.rubles_text) and the slip's
    currency word (paydesk.core.receipts.slips) read back as the amount they wrote."""
    plain = money_text(kopecks, language).replace("\u00a0", " ")
    assert parse_amount(plain, language=language) == kopecks
    word = {"ru": "руб.", "en": "RUB"}[language]
    assert parse_amount(f"{amount_text(kopecks, language)} {word}", language=language) == kopecks


@pytest.mark.parametrize("typed", ["12,345", "1,234", "0,125", "1 234,567", "12.345"])
def test_three_kopeck_digits_are_refused_in_russian_with_the_reason(typed: str) -> None:
    with pytest.raises(AmountError) as info:
        parse_amount(typed, language="ru")
    assert info.value.code == "too_many_decimals"
    assert "two digits" in str(info.value)


@pytest.mark.parametrize(("setting", "system", "chosen"), [
    ("ru", "en", "ru"), ("en", "ru", "en"), ("system", "ru", "ru"), ("system", "en", "en"),
    ("de", "ru", "ru"), ("", "en", "en"),
])
def test_the_language_setting_wins_over_the_systems(
    setting: str, system: Language, chosen: Language
) -> None:
    assert language_in_force(setting, system) == chosen


def test_english_sentences_write_their_amounts_the_english_way() -> None:
    """The core's sentences are English (the command line's, an API's, a log's): their
    amounts are written as English writes them, not 1 000 000 000,00 ₽."""
    with pytest.raises(AmountError) as info:
        parse_amount("1000000000,01", language="ru")
    assert str(info.value) == "The amount cannot be more than 1,000,000,000.00\u00a0₽."
    with pytest.raises(AmountError) as info:
        parse_amount("abc", language="ru")
    assert str(info.value) == "The amount must be a number of rubles, such as 150 or 150.50."


def test_leading_zeros_are_only_zeros() -> None:
    assert parse_amount("0" * 40 + "150,5") == 15050
    assert parse_amount("0,01") == 1


def test_merchant_ceiling() -> None:
    with pytest.raises(AmountError, match=r"more than 1,000\.00"):
        parse_amount("1000,01", ceiling=100_000)


@given(st.integers(min_value=1, max_value=MAX_AMOUNT))
def test_formatting_round_trips(kopecks: int) -> None:
    assert parse_amount(format_rubles(kopecks)) == kopecks
    assert parse_amount(kopecks_to_decimal_text(kopecks)) == kopecks


@given(st.integers(min_value=0, max_value=10**9 - 1), st.integers(min_value=0, max_value=99))
def test_point_and_comma_agree(rubles: int, kop: int) -> None:
    total = rubles * 100 + kop
    if total == 0:
        return
    assert parse_amount(f"{rubles}.{kop:02d}") == parse_amount(f"{rubles},{kop:02d}") == total


@given(st.text(max_size=20))
def test_never_crashes_and_never_returns_a_bad_amount(text: str) -> None:
    try:
        kopecks = parse_amount(text)
    except AmountError:
        return
    assert isinstance(kopecks, int)
    assert 1 <= kopecks <= MAX_AMOUNT


def test_format() -> None:
    assert format_rubles(123450) == "1\u00a0234,50"
    assert format_rubles(5) == "0,05"
    assert kopecks_to_decimal_text(100000000000) == "1000000000.00"
