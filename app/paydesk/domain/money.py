"""Money is integer kopecks: parse what people type, format it back for people.

A typed amount is checked as text (separators, sign, exponent, at most two
fraction digits), then read by :class:`decimal.Decimal`, exactly: no amount ever
passes through a float.
"""

from __future__ import annotations

import re
from decimal import Decimal

from paydesk.domain.errors import AmountError
from paydesk.domain.writing import Language, money_text

#: The contract's ceiling: one billion rubles, in kopecks.
MAX_AMOUNT = 100_000_000_000

# Group separators people (and spreadsheets) put into amounts: space, no-break
# space, narrow no-break space.
_GROUP = "[ \u00a0\u202f]"
# ASCII digits only: \d would also take Arabic-Indic and other digits.
_AMOUNT_RE = re.compile(
    rf"^(?P<int>[0-9]{{1,3}}(?:{_GROUP}[0-9]{{3}})+|[0-9]+)(?:[.,](?P<frac>[0-9]*))?$"
)
# Thousands grouped by commas, English style (the first group never a lone 0), and
# after a point the kopecks: "1,234.50", "1,234,567", "1,234.".
_COMMA_GROUPED_RE = re.compile(r"^(?P<int>[1-9][0-9]{0,2}(?:,[0-9]{3})+)(?:\.(?P<frac>[0-9]*))?$")
_CURRENCY_SUFFIX_RE = re.compile(r"\s*(₽|руб\.?|р\.|rub|RUB)$")


def parse_amount(text: str, *, ceiling: int = MAX_AMOUNT, language: Language | None = None) -> int:
    """Return the kopecks in ``text`` typed in rubles (``150``, ``150,5``, ``1 500,00``,
    ``1,500.00``).

    What is read, in either language, is what the window writes in both, and what
    has one reading only:

    - a comma or a point before at most two kopeck digits: ``150,5``, ``150.50``;
    - thousands grouped by spaces (a no-break or narrow no-break space too), the
      Russian way: ``1 234,50``, ``1 234.50``;
    - thousands grouped by commas with a point before the kopecks, the English
      way: ``1,234.50``, ``1,234,567.``; no other reading of it exists.

    What reads two ways is refused. ``1,234`` is English for 1234 rubles but a
    Russian decimal comma with three digits: with ``language="en"`` commas that
    group the whole number in threes are thousands, as English writes them; in
    Russian, or with no language known, it is refused (too many kopeck digits): a
    cashier's ``12,345`` meant 12,35 or 123,45, never twelve thousand. ``1.234`` is
    refused in both: a point is never thousands in either, and three kopeck digits
    are a slip. ``language`` is the one in force (paydesk.domain.writing.language_in_force:
    the ``language`` setting, else the system's), the same for the window's amount
    field and ``paydesk create``. Two
    separators in any other pattern (``1.234,50``, which neither language writes,
    ``1,5.0``, ``12,34.50``) are refused as two decimal separators.

    Raises :class:`AmountError` saying what is wrong: empty, negative, zero,
    more than two fraction digits, an exponent, two separators, over the ceiling,
    or not a number.
    """
    cleaned = _CURRENCY_SUFFIX_RE.sub("", text.strip()).strip()
    if not cleaned:
        raise AmountError("empty", "Enter an amount.")
    if cleaned[0] in "-−–":
        raise AmountError("negative", "The amount cannot be negative.")
    if "e" in cleaned.lower() and re.search(r"\d[eE][+-]?\d", cleaned):
        raise AmountError("exponent", "Write the amount in plain digits, without an exponent.")
    digits = cleaned.lstrip("+")
    grouped = _COMMA_GROUPED_RE.match(digits)
    if grouped is not None and (grouped["frac"] is not None or language == "en"):
        return _kopecks(grouped["int"].replace(",", ""), grouped["frac"] or "", ceiling)
    if "." in cleaned and "," in cleaned:
        raise AmountError(
            "two_separators", "Use one decimal separator (a comma or a point), not both."
        )
    match = _AMOUNT_RE.match(digits)
    if match is None:
        # English, so its example is written the English way (the window words it in
        # its own language and writing: paydesk/ui/shell/messages.py).
        raise AmountError(
            "not_a_number", "The amount must be a number of rubles, such as 150 or 150.50."
        )
    return _kopecks(re.sub(_GROUP, "", match["int"]), match["frac"] or "", ceiling)


def _kopecks(whole: str, fraction: str, ceiling: int) -> int:
    """Rubles (digits only) and at most two kopeck digits, read exactly, within ``ceiling``."""
    if len(fraction) > 2:
        raise AmountError(
            "too_many_decimals", "Kopecks have at most two digits after the decimal separator."
        )
    whole = whole.lstrip("0") or "0"
    if len(whole) > len(str(ceiling)):
        # Far over the ceiling: thousands of digits are refused before they are read.
        raise ceiling_error(ceiling)
    rubles = Decimal(f"{whole}.{fraction or '0'}")
    kopecks = int(rubles.scaleb(2))  # exact: at most two fraction digits, well within precision
    return check_kopecks(kopecks, ceiling=ceiling)


def check_kopecks(kopecks: int, *, ceiling: int = MAX_AMOUNT) -> int:
    """Return ``kopecks`` if it is a payable amount, else raise :class:`AmountError`."""
    if isinstance(kopecks, bool) or not isinstance(kopecks, int):
        raise AmountError("not_integer", "The amount must be a whole number of kopecks.")
    if kopecks < 0:
        raise AmountError("negative", "The amount cannot be negative.")
    if kopecks == 0:
        raise AmountError("zero", "The amount must be more than zero.")
    if kopecks > ceiling:
        raise ceiling_error(ceiling)
    return kopecks


def ceiling_error(ceiling: int) -> AmountError:
    """The error for an amount over ``ceiling`` (kopecks), which it carries: its English
    sentence writes the ceiling the English way (a front end in Russian says its own
    words, with the ceiling written its way)."""
    return AmountError("too_large", f"The amount cannot be more than {money_text(ceiling, 'en')}.",
                       ceiling=ceiling)


def format_rubles(kopecks: int, *, group: str = "\u00a0", decimal: str = ",") -> str:
    """``123450`` -> ``1 234,50`` (Russian style by default; the window uses QLocale)."""
    if kopecks < 0:
        return "-" + format_rubles(-kopecks, group=group, decimal=decimal)
    rubles, kop = divmod(kopecks, 100)
    return f"{rubles:,}".replace(",", group) + f"{decimal}{kop:02d}"


def kopecks_to_decimal_text(kopecks: int) -> str:
    """``123450`` -> ``1234.50``: the plain form for CSV and JSON exports."""
    return format_rubles(kopecks, group="", decimal=".")
