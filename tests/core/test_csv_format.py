"""CsvFormat: what Russian and English spreadsheets expect, read back through csv.reader."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from paydesk.core.csv_format import CsvFormat, defuse
from paydesk.core.export import COLUMNS, HEADINGS, write_csv
from paydesk.domain.orders import CreationState, Order, OrderStatus

MOSCOW = ZoneInfo("Europe/Moscow")
CREATED = datetime(2026, 11, 21, 6, 15, 0, tzinfo=UTC)  # 09:15 in Moscow
PAID = datetime(2026, 11, 21, 6, 16, 30, tzinfo=UTC)


def order(order_id: str, amount: int, note: str = "", email: str | None = None) -> Order:
    return Order(1, order_id, amount, email, note, "https://pay.example/p", OrderStatus.APPROVE,
                 CreationState.CONFIRMED, CREATED, PAID, PAID)


ORDERS = [
    order("A-1", 123450, "Кофе; с собой, большой"),
    order("A-2", 5, '2 "latte"'),
    order("A-3", 100_000_000_000, "=HYPERLINK(\"http://evil.example\")", email="+7@x.ru"),
]


def written(fmt: CsvFormat, path: Path) -> bytes:
    with fmt.open(path) as stream:
        assert write_csv(ORDERS, stream, fmt) == len(ORDERS)
    return path.read_bytes()


def read_back(fmt: CsvFormat, path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as stream:
        rows = list(fmt.reader(stream))
    header, *body = rows
    assert tuple(header) == COLUMNS
    return [dict(zip(header, row, strict=True)) for row in body]


def test_russian_spreadsheets_get_semicolons_and_decimal_commas(tmp_path: Path) -> None:
    fmt = CsvFormat.for_language("ru")
    assert (fmt.delimiter, fmt.decimal_separator, fmt.encoding) == (";", ",", "utf-8-sig")
    raw = written(fmt, tmp_path / "ru.csv")
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM: Excel then reads UTF-8
    text = raw.decode("utf-8-sig")
    assert text.splitlines(keepends=True)[0] == ";".join(COLUMNS) + "\r\n"
    assert text.count("\r\n") == 4 and "\n" not in text.replace("\r\n", "")
    # A plain csv.reader with the semicolon splits it right, quotes and all.
    with (tmp_path / "ru.csv").open(encoding="utf-8-sig", newline="") as stream:
        rows = list(csv.reader(stream, delimiter=";"))
    assert [row[COLUMNS.index("amount")] for row in rows[1:]] == ["1234,50", "0,05",
                                                                  "1000000000,00"]
    assert rows[1][COLUMNS.index("note")] == "Кофе; с собой, большой"
    assert rows[2][COLUMNS.index("note")] == '2 "latte"'


def test_english_spreadsheets_get_commas_and_decimal_points(tmp_path: Path) -> None:
    fmt = CsvFormat.for_language("en")
    assert (fmt.delimiter, fmt.decimal_separator) == (",", ".")
    assert written(fmt, tmp_path / "en.csv").startswith(b"\xef\xbb\xbf")
    records = read_back(fmt, tmp_path / "en.csv")
    assert [r["amount"] for r in records] == ["1234.50", "0.05", "1000000000.00"]
    assert records[0]["note"] == "Кофе; с собой, большой"


def test_times_are_local_wall_clock_that_spreadsheets_parse(tmp_path: Path) -> None:
    fmt = CsvFormat(delimiter=";", decimal_separator=",", local_times=True, tz=MOSCOW)
    written(fmt, tmp_path / "t.csv")
    [first, *_rest] = read_back(fmt, tmp_path / "t.csv")
    assert first["created_at"] == "2026-11-21 09:15:00"
    assert first["paid_at"] == "2026-11-21 09:16:30"
    assert datetime.strptime(first["paid_at"], "%Y-%m-%d %H:%M:%S")  # no T, no offset
    assert fmt.time(None) == ""


def test_formula_like_cells_are_defused(tmp_path: Path) -> None:
    fmt = CsvFormat.for_language("ru")
    written(fmt, tmp_path / "f.csv")
    third = read_back(fmt, tmp_path / "f.csv")[2]
    assert third["note"] == "'=HYPERLINK(\"http://evil.example\")"
    assert third["email"] == "'+7@x.ru"
    assert [defuse(cell) for cell in ("=1", "+1", "-1", "@a", "\tx", "ok", "")] == [
        "'=1", "'+1", "'-1", "'@a", "'\tx", "ok", ""
    ]


def test_the_default_is_the_original_export_for_programs() -> None:
    stream = io.StringIO(newline="")
    write_csv(ORDERS[:1], stream)
    header, row = stream.getvalue().split("\r\n")[:2]
    assert header == ",".join(COLUMNS)
    cells = next(csv.reader([row]))
    assert cells[COLUMNS.index("amount")] == "1234.50"
    assert cells[COLUMNS.index("created_at")] == "2026-11-21T06:15:00+00:00"
    assert CsvFormat() == CsvFormat(",", ".", "utf-8-sig", "\r\n", True, False, None)


@pytest.mark.parametrize(
    ("kopecks", "ru", "en"),
    [(0, "0,00", "0.00"), (1, "0,01", "0.01"), (99, "0,99", "0.99"), (100, "1,00", "1.00"),
     (123450, "1234,50", "1234.50"), (-250, "-2,50", "-2.50"),
     (10**17 + 7, "1000000000000000,07", "1000000000000000.07")],
)
def test_amounts_are_exact_from_integer_kopecks(kopecks: int, ru: str, en: str) -> None:
    assert CsvFormat.for_language("ru").amount(kopecks) == ru
    assert CsvFormat.for_language("en").amount(kopecks) == en


def test_no_header_when_asked() -> None:
    stream = io.StringIO(newline="")
    write_csv(ORDERS[:1], stream, CsvFormat(header=False, line_ending="\n"))
    assert stream.getvalue().startswith("2026-11-21T06:15:00+00:00,A-1,1234.50,")
    assert stream.getvalue().endswith("\n") and "\r" not in stream.getvalue()


def test_language_names_and_refusals() -> None:
    assert CsvFormat.for_language("ru_RU") == CsvFormat.for_language("ru")
    assert CsvFormat.for_language("EN-gb") == CsvFormat.for_language("en")
    with pytest.raises(ValueError, match="'de'"):
        CsvFormat.for_language("de")
    with pytest.raises(ValueError, match="decimal separator"):
        CsvFormat(delimiter=",", decimal_separator=",")
    with pytest.raises(ValueError, match="cannot separate"):
        CsvFormat(delimiter=";;")


def test_a_paid_time_known_only_roughly_says_so(tmp_path: Path) -> None:
    """The service does not say when a buyer paid: the CSV keeps the window and marks
    a paid time that may be more than a minute late."""
    from dataclasses import replace
    from datetime import timedelta

    exact = replace(ORDERS[0], last_pending_at=PAID - timedelta(seconds=20))
    rough = replace(ORDERS[1], last_pending_at=PAID - timedelta(minutes=7))
    fmt = CsvFormat.for_language("ru")
    fmt = replace(fmt, tz=MOSCOW)
    path = tmp_path / "orders.csv"
    with fmt.open(path) as stream:
        write_csv([exact, rough], stream, fmt)
    first, second = read_back(fmt, path)
    assert (first["paid_time_approximate"], first["paid_after"]) == ("0", "2026-11-21 09:16:10")
    assert (second["paid_time_approximate"], second["paid_after"]) == ("1", "2026-11-21 09:09:30")
    assert second["paid_at"] == "2026-11-21 09:16:30"


def test_new_columns_come_last_so_the_others_stay_where_they_were() -> None:
    stream = io.StringIO(newline="")
    write_csv([replace(ORDERS[0], till="Касса 2", cashier="Анна", shift=7), ORDERS[1]],
              stream)
    header, first, second = list(csv.reader(io.StringIO(stream.getvalue())))
    assert header[:12] == [
        "created_at", "order_id", "amount", "email", "note", "status", "creation",
        "paid_at", "paid_time_approximate", "paid_after", "last_checked_at", "url"]
    assert header[12:] == ["till", "phase", "cashier", "shift"]
    assert (first[12], second[12]) == ("Касса 2", "")
    assert (first[5], first[13]) == ("approve", "paid")  # the service's word, PayDesk's code
    # Who took it and in which shift; empty for an order taken without shifts.
    assert (first[14], first[15], second[14], second[15]) == ("Анна", "7", "", "")


def test_a_people_s_csv_has_headings_and_statuses_in_words() -> None:
    """Through the front end's words (English here, as written; tr or the command line's
    catalogue in Russian): the service's word stays beside, for programs."""
    stream = io.StringIO(newline="")
    pending = replace(ORDERS[1], status=OrderStatus.PENDING, paid_at=None, next_check_at=PAID)
    odd = replace(ORDERS[2], status=OrderStatus("refunded"))
    write_csv([ORDERS[0], pending, odd], stream, CsvFormat.for_language("en"), words=str)
    header, *rows = list(csv.reader(io.StringIO(stream.getvalue())))
    assert header == [HEADINGS[column] for column in COLUMNS]
    phase = COLUMNS.index("phase")
    assert header[5] == "Service status" and header[phase] == "Status"
    assert header[-2:] == ["Cashier", "Shift"]
    assert [(row[5], row[phase]) for row in rows] == [
        ("approve", "Paid"), ("pending", "Waiting"), ("refunded", "Unknown: refunded")]
