"""``paydesk report`` (and ``--csv-style``) as a script runs them: a separate process.

The shop is in Moscow (TZ=Europe/Moscow, UTC+3 all year), so a local day is not
a UTC day and the test shows which one the report uses.
"""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from paydesk.domain.orders import CreationState, Order, OrderStatus
from paydesk.store import OrderStore

from bulk_orders import bulk_insert
from cli_process import RunPaydesk

MOSCOW = ZoneInfo("Europe/Moscow")
DAY = date(2026, 3, 1)
CLIENT = 1
ENV = {"PAYDESK_CLIENT_ID": str(CLIENT), "TZ": "Europe/Moscow"}


def shop_time(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=MOSCOW).astimezone(UTC)


def made(order_id: str, amount: int, created: datetime, status: str = "approve",
         paid: datetime | None = None,
         creation: CreationState = CreationState.CONFIRMED) -> Order:
    if status == "approve" and paid is None:
        paid = created + timedelta(minutes=2)
    return Order(CLIENT, order_id, amount, None, "Кофе; с собой", "https://pay.example/x",
                 OrderStatus(status), creation, created, paid)


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """The order book of the ``paydesk`` fixture's data folder, with one day's trade."""
    before = DAY - timedelta(days=1)
    path = tmp_path / "data" / "paydesk.sqlite3"
    with OrderStore.open(path) as store:
        bulk_insert(store, [
            made("late", 123450, shop_time(before, 23, 58), paid=shop_time(DAY, 0, 1)),
            made("coffee", 15000, shop_time(DAY, 9, 10)),
            made("cake", 35050, shop_time(DAY, 9, 40)),
            made("lunch", 99900, shop_time(DAY, 13, 5)),
            made("waiting", 5000, shop_time(DAY, 14, 0), "pending"),
            made("refused", 7000, shop_time(DAY, 15, 0), "decline"),
            made("expired", 8000, shop_time(DAY, 16, 0), "expired"),
            made("unsent", 9000, shop_time(DAY, 17, 0), "pending",
                 creation=CreationState.UNCONFIRMED),
            made("yesterday", 11100, shop_time(before, 12, 0)),
        ])
    return path


def test_json_report_of_a_day(paydesk: RunPaydesk, book: Path) -> None:
    run = paydesk("report", "--date", DAY.isoformat(), "--format", "json", env=ENV)
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert report["first_day"] == report["last_day"] == "2026-03-01"
    assert report["since"] == "2026-03-01T00:00:00+03:00"
    assert report["paid"] == {"count": 4, "amount_kopecks": 123450 + 15000 + 35050 + 99900}
    assert report["pending"] == {"count": 1, "amount_kopecks": 5000}
    assert report["refused"] == {"count": 1, "amount_kopecks": 7000}
    assert report["expired"] == {"count": 1, "amount_kopecks": 8000}
    assert report["unsent"]["count"] == 1 and report["abandoned"]["count"] == 0
    assert report["buckets"] == "hour"
    takings = [(t["start"][11:16], t["count"], t["amount_kopecks"]) for t in report["takings"]]
    assert takings[0] == ("00:00", 1, 123450)  # ordered yesterday, paid after midnight
    assert ("09:00", 2, 50050) in takings and ("13:00", 1, 99900) in takings
    assert takings[-1][0] == "13:00" and len(takings) == 14  # quiet hours are zeros
    assert sum(t[2] for t in takings) == report["paid"]["amount_kopecks"]


def test_table_report_is_the_default(paydesk: RunPaydesk, book: Path) -> None:
    run = paydesk("report", "--date", DAY.isoformat(), env=ENV)
    assert run.code == 0, run.err
    out = run.out
    assert out.startswith("Report for 2026-03-01 (local time)")
    assert "Paid           4  2,734.00 ₽" in out
    assert "Waiting        1     50.00 ₽" in out
    assert "Paid by hour" in out
    hours = [line for line in out.splitlines() if line[:2].isdigit() and "-" in line[:12]]
    assert hours[0].startswith("00:00-01:00  1  1,234.50 ₽  █")
    assert hours[1] == "01:00-02:00  0      0.00 ₽"  # no bar, no trailing spaces
    assert "Generated " in out


def test_a_russian_terminal_gets_the_whole_report_in_russian(
    paydesk: RunPaydesk, book: Path
) -> None:
    """Words, amounts and dates in one language: the window's catalogue's Russian, and
    amounts and days written the Russian way (it said "Report for 2026-03-01" in English
    beside "1 234,50 ₽" and "Generated 01.03.2026")."""
    run = paydesk("report", "--date", DAY.isoformat(), env={**ENV, "LANG": "ru_RU.UTF-8"})
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "Отчёт за 01.03.2026 (местное время)"
    table = {line.split("  ")[0]: line.split() for line in lines[3:9]}
    assert lines[2].split() == ["Заказы", "Сумма"]
    assert table["Оплачено"] == ["Оплачено", "4", "2", "734,00", "₽"]
    assert table["Не передано"] == ["Не", "передано", "1", "90,00", "₽"]
    assert "Оплачено по часам" in lines
    assert "00:00-01:00  1  1 234,50 ₽  █" in run.out
    assert re.fullmatch(r"Сформирован \d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d", lines[-1])
    # Not a word of English: the amounts' ruble sign and the hours aside, only Cyrillic.
    assert not re.search("[A-Za-z]", run.out), run.out

    days = paydesk("report", "--since", "2026-02-28", "--until", "2026-03-02",
                   env={**ENV, "LANG": "ru_RU.UTF-8"})
    assert days.code == 0, days.err
    assert days.out.startswith("Отчёт за 28.02.2026 — 02.03.2026 (местное время)")
    assert "Оплачено по дням" in days.out
    assert "01.03.2026 вс  4  2 734,00 ₽  █" in days.out  # a Sunday
    assert not re.search("[A-Za-z]", days.out), days.out


@pytest.mark.parametrize("lang", ["C.UTF-8", "en_US.UTF-8", "POSIX"])
def test_an_english_terminal_writes_amounts_and_dates_the_english_way(
    paydesk: RunPaydesk, book: Path, lang: str
) -> None:
    """As the window does in English: grouped thousands, a decimal point, ISO days."""
    run = paydesk("report", "--date", DAY.isoformat(), env={**ENV, "LANG": lang})
    assert run.code == 0, run.err
    assert "Paid           4  2,734.00 ₽" in run.out
    assert re.search(r"^Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$", run.out, re.M)
    listed = paydesk("list", env={**ENV, "LANG": lang, "LC_ALL": ""})
    assert listed.code == 0, listed.err
    assert "1,234.50" in listed.out and "1 234,50" not in listed.out


def test_csv_report_in_the_russian_style(paydesk: RunPaydesk, book: Path) -> None:
    """A spreadsheet's CSV in Russian: ';', 1234,50, local times, and its words Russian."""
    run = paydesk("report", "--date", DAY.isoformat(), "--format", "csv", "--csv-style", "ru",
                  env=ENV)
    assert run.code == 0, run.err
    rows = list(csv.DictReader(io.StringIO(run.out, newline=""), delimiter=";"))
    assert list(rows[0]) == ["Строка", "Начало", "Конец", "Кол-во", "Сумма"]
    paid = rows[0]
    assert (paid["Строка"], paid["Кол-во"], paid["Сумма"]) == ("Оплачено", "4", "2734,00")
    assert paid["Начало"] == "2026-03-01 00:00:00" and paid["Конец"] == "2026-03-02 00:00:00"
    assert [row["Строка"] for row in rows[1:7]] == [
        "Ожидает", "Отказано", "Истёк срок", "Не передано", "Отменено",
        "Оплачено в приблизительное время"]
    first_hour = next(row for row in rows if row["Строка"] == "Час")
    assert (first_hour["Начало"], first_hour["Сумма"]) == ("2026-03-01 00:00:00", "1234,50")
    # For programs (no --csv-style), the lines by their names, as before.
    plain = paydesk("report", "--date", DAY.isoformat(), "--format", "csv", env=ENV)
    rows = list(csv.DictReader(io.StringIO(plain.out, newline="")))
    assert [row["line"] for row in rows[:2]] == ["paid", "pending"] and rows[-1]["line"] == "hour"


def test_a_range_is_reported_by_day(paydesk: RunPaydesk, book: Path) -> None:
    run = paydesk("report", "--since", "2026-02-28", "--until", "2026-03-02", "--format",
                  "json", env=ENV)
    assert run.code == 0, run.err
    report = json.loads(run.out)
    assert report["buckets"] == "day"
    assert [(t["start"][:10], t["amount_kopecks"]) for t in report["takings"]] == [
        ("2026-02-28", 11100), ("2026-03-01", 273400), ("2026-03-02", 0)
    ]
    table = paydesk("report", "--since", "2026-02-28", "--until", "2026-03-02", env=ENV)
    assert "Report for 2026-02-28 to 2026-03-02" in table.out and "Paid by day" in table.out


def test_an_empty_day_says_so(paydesk: RunPaydesk, book: Path) -> None:
    run = paydesk("report", "--date", "2026-01-01", env=ENV)
    assert run.code == 0, run.err
    assert "No payments in this period." in run.out


def test_today_is_the_default(paydesk: RunPaydesk, tmp_path: Path) -> None:
    now = datetime.now(UTC)
    with OrderStore.open(tmp_path / "data" / "paydesk.sqlite3") as store:
        bulk_insert(store, [made("now", 4200, now, paid=now)])
    run = paydesk("report", "--format", "json", env=ENV)
    assert run.code == 0, run.err
    report = json.loads(run.out)
    if report["first_day"] != now.astimezone(MOSCOW).date().isoformat():
        pytest.skip("the test ran across the shop's midnight")
    assert report["paid"] == {"count": 1, "amount_kopecks": 4200}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--date", "today", "--since", "yesterday"), "either --date or --since"),
        (("--until", "today"), "--until needs --since"),
        (("--since", "2026-03-02", "--until", "2026-03-01"), "before --since"),
        (("--date", "March 1st"), "not a date"),
    ],
)
def test_wrong_dates_are_usage_errors(
    paydesk: RunPaydesk, book: Path, args: tuple[str, ...], words: str
) -> None:
    run = paydesk("report", *args, env=ENV)
    assert run.code == 2, run
    assert words in run.err


def test_not_configured_points_the_way(paydesk: RunPaydesk) -> None:
    run = paydesk("report")
    assert run.code == 2
    assert "client id" in run.err and "--demo" in run.err


def test_export_and_list_take_a_csv_style(paydesk: RunPaydesk, book: Path, tmp_path: Path) -> None:
    target = tmp_path / "orders.csv"
    run = paydesk("export", str(target), "--csv-style", "ru", "--status", "paid", env=ENV)
    assert run.code == 0, run.err
    assert target.read_bytes().startswith(b"\xef\xbb\xbf")
    with target.open(encoding="utf-8-sig", newline="") as stream:
        rows = list(csv.DictReader(stream, delimiter=";"))
    late = next(row for row in rows if row["Номер заказа"] == "late")
    assert late["Сумма, ₽"] == "1234,50"
    assert (late["Создан"], late["Оплачено"]) == ("2026-02-28 23:58:00", "2026-03-01 00:01:00")
    assert late["Примечание"] == "Кофе; с собой"
    # The service's word stays for programs; the list's word is the last column.
    assert (late["Статус в сервисе"], late["Статус"]) == ("approve", "Оплачено")

    listing = paydesk("list", "--format", "csv", "--csv-style", "en", "--search", "lunch", env=ENV)
    assert listing.code == 0, listing.err
    [record] = list(csv.DictReader(io.StringIO(listing.out, newline="")))
    assert (record["Amount, ₽"], record["Created"]) == ("999.00", "2026-03-01 13:05:00")
    assert (record["Service status"], record["Status"]) == ("approve", "Paid")

    plain = paydesk("list", "--format", "csv", "--search", "lunch", env=ENV)
    [record] = list(csv.DictReader(io.StringIO(plain.out, newline="")))
    assert (record["amount"], record["created_at"]) == ("999.00", "2026-03-01T10:05:00+00:00")
    assert (record["status"], record["phase"]) == ("approve", "paid")
