"""What the orders list asks for, and the SQL it turns into.

SQL text is built only from the whitelists below; every value a person typed
or chose travels as a parameter.
"""

# S608 flags every f-string holding SQL; the interpolated parts here are only
# this module's whitelists and constants, every value is a parameter.
# ruff: noqa: S608

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime

from paydesk.domain.clock import to_ms
from paydesk.domain.orders import CreationState, OrderStatus
from paydesk.store.migrations import NOT_SENT_CONDITION, SEARCH_INDEX, SEARCH_SEPARATOR


class SortColumn(enum.StrEnum):
    """Columns the orders list can sort by (values are stable names for the CLI)."""

    CREATED_AT = "created_at"
    ORDER_ID = "order_id"
    AMOUNT = "amount"
    EMAIL = "email"
    NOTE = "note"
    STATUS = "status"
    PAID_AT = "paid_at"
    LAST_CHECKED_AT = "last_checked_at"


# The whitelist: the only column text that ever reaches ORDER BY.
_SORT_SQL: dict[SortColumn, str] = {
    SortColumn.CREATED_AT: "created_at",
    SortColumn.ORDER_ID: "order_id",
    SortColumn.AMOUNT: "amount",
    SortColumn.EMAIL: "email",
    SortColumn.NOTE: "note",
    SortColumn.STATUS: "status",
    SortColumn.PAID_AT: "paid_at",
    SortColumn.LAST_CHECKED_AT: "last_checked_at",
}



def search_text(order_id: str, email: str | None, note: str) -> str:
    """What ``orders.search_text`` holds: the searched fields, lowered by Python."""
    return SEARCH_SEPARATOR.join((order_id, email or "", note)).lower()


@dataclass(frozen=True, slots=True)
class OrderQuery:
    """A selection of orders: filters, search, sort and page. Every part is optional.

    Time ranges are half-open, ``[since, until)``, so "today" and "yesterday"
    never share an order. ``text`` is a case-insensitive substring of the order
    id, e-mail or note; ``%`` and ``_`` in it match themselves. ``till`` keeps the
    orders one till took (None: every till's; "" those taken before tills had names).
    ``cashier`` keeps the orders one cashier took (by name), ``shift`` those of one shift
    (its number at its till: with orders of several tills, give ``till`` too).
    """

    client_id: int | None = None
    statuses: frozenset[str] = frozenset()
    creations: frozenset[CreationState] = frozenset()
    created_since: datetime | None = None
    created_until: datetime | None = None
    paid_since: datetime | None = None
    paid_until: datetime | None = None
    text: str | None = None
    till: str | None = None
    cashier: str | None = None
    shift: int | None = None
    sort: SortColumn = SortColumn.CREATED_AT
    descending: bool = True
    limit: int | None = None
    offset: int = 0

    def __post_init__(self) -> None:
        if self.limit is not None and self.limit < 0:
            raise ValueError("limit cannot be negative")
        if self.offset < 0:
            raise ValueError("offset cannot be negative")


def client_filter(client_id: int) -> tuple[str, list[object]]:
    """``client_id = ?`` written so SQLite does not pick the UNIQUE index for it.

    Most books hold one client_id, so that index would match every row and
    the planner, which assumes an equality is selective, would then sort the
    whole table instead of walking the created_at or poller index. The unary
    ``+`` keeps the condition but takes it out of index selection.
    """
    return "+client_id = ?", [client_id]


def where_clause(query: OrderQuery, *, indexed: bool = False) -> tuple[str, list[object]]:
    """``WHERE ...`` (or an empty string) and its parameters for ``query``'s filters.

    ``indexed``: find the search text through the trigram index (when it is long
    enough, see :func:`indexable`) rather than by reading the rows in order."""
    terms: list[str] = []
    params: list[object] = []
    if query.client_id is not None:
        term, values = client_filter(query.client_id)
        terms.append(term)
        params += values
    if query.till is not None:
        # An equality on orders_by_till (till, created_at): the list's default order
        # (newest first) is then a walk of the till's part of that index.
        terms.append("till = ?")
        params.append(query.till)
    if query.cashier is not None:
        terms.append("cashier = ?")  # orders_by_cashier (cashier, created_at)
        params.append(query.cashier)
    if query.shift is not None:
        terms.append("shift = ?")  # orders_by_shift (shift, created_at)
        params.append(query.shift)
    if query.statuses:
        _add_in(terms, params, "status", sorted(str(status) for status in query.statuses))
    if query.creations:
        _add_in(terms, params, "creation", sorted(state.value for state in query.creations))
        if CreationState.CONFIRMED not in query.creations:
            # True of every such order; said in the orders_not_sent index's own words,
            # so SQLite reads that small index instead of the book.
            terms.append(NOT_SENT_CONDITION)
    for column, operator, bound in (
        ("created_at", ">=", query.created_since),
        ("created_at", "<", query.created_until),
        ("paid_at", ">=", query.paid_since),
        ("paid_at", "<", query.paid_until),
    ):
        if bound is not None:
            terms.append(f"{column} {operator} ?")
            params.append(to_ms(bound))
    text = (query.text or "").strip()
    if text:
        term, values = _search_term(text, indexed)
        terms.append(term)
        params += values
    return ("WHERE " + " AND ".join(terms) if terms else ""), params


def _add_in(terms: list[str], params: list[object], column: str, values: list[str]) -> None:
    """Append ``column IN (?, ...)`` and its values (``column`` is always a constant)."""
    terms.append(f"{column} IN ({', '.join('?' * len(values))})")
    params += values


def folded_search(text: str | None) -> str:
    """The searched words as ``search_text`` holds text: lowered by Python, without
    the separator (so a search never spans two fields)."""
    return (text or "").strip().replace(SEARCH_SEPARATOR, "").lower()


#: The trigram index finds a substring of at least three characters (its tokens).
TRIGRAM = 3


def indexable(folded: str) -> bool:
    """Whether the trigram index can answer a search for ``folded`` (its phrase query
    holds a NUL nowhere: FTS5 reads its query as C text)."""
    return len(folded) >= TRIGRAM and "\x00" not in folded


def search_phrase(folded: str) -> str:
    """``folded`` as one FTS5 phrase: its trigrams in a row, i.e. the substring."""
    return '"' + folded.replace('"', '""') + '"'


#: How many rows the index finds for a phrase, counting no further than a bound.
COUNT_MATCHES_UP_TO = (
    f"SELECT COUNT(*) FROM (SELECT 1 FROM {SEARCH_INDEX} WHERE {SEARCH_INDEX} MATCH ? LIMIT ?)"
)
#: The book's size, from the totals SQLite keeps (a few rows).
BOOK_SIZE = "SELECT COALESCE(SUM(orders), 0) FROM order_totals"


def _search_term(text: str, indexed: bool) -> tuple[str, list[object]]:
    """Case-insensitive substring search over the order id, e-mail and note.

    ``search_text`` holds the three already lowered by Python (any script, not
    only A-Z), so the text is lowered the same way and matched as it is: through
    the trigram index, or with one LIKE, in C, over each row read. (LIKE also
    folds A-Z itself, which changes nothing on lowered text.)
    """
    folded = folded_search(text)
    if indexed and indexable(folded):
        return (f"id IN (SELECT rowid FROM {SEARCH_INDEX} WHERE {SEARCH_INDEX} MATCH ?)",
                [search_phrase(folded)])
    return "search_text LIKE ? ESCAPE '\\'", [like_pattern(folded)]


def like_pattern(text: str) -> str:
    """``%text%`` with LIKE's wildcards (and the escape character) taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def order_by_clause(query: OrderQuery) -> str:
    """ORDER BY the chosen column, then ``id`` so equal values page stably."""
    direction = "DESC" if query.descending else "ASC"
    return f"ORDER BY {_SORT_SQL[query.sort]} {direction}, id {direction}"


def page_clause(query: OrderQuery) -> tuple[str, list[object]]:
    if query.limit is None and not query.offset:
        return "", []
    # LIMIT -1 is SQLite for "no limit", needed to have an OFFSET alone.
    return "LIMIT ? OFFSET ?", [-1 if query.limit is None else query.limit, query.offset]


#: Paid: the service approved it.
PAID = f"status = '{OrderStatus.APPROVE.value}'"


def client_and(client_id: int | None) -> tuple[str, list[object]]:
    """`` AND`` the client's filter (or nothing, for every client), and its parameters."""
    if client_id is None:
        return "", []
    term, params = client_filter(client_id)
    return f" AND {term}", params


def scope_and(client_id: int | None, till: str | None) -> tuple[str, list[object]]:
    """`` AND`` the client's and the till's filters (none for None), and their parameters.

    ``+till`` keeps the till out of index selection, as ``client_filter`` does the
    client: the report's questions range over a time index, and most books hold one
    till, so its index would match them all.
    """
    client, params = client_and(client_id)
    if till is None:
        return client, params
    return f"{client} AND +till = ?", [*params, till]


def totals_query(query: OrderQuery, *, indexed: bool = False) -> tuple[str, list[object]]:
    """Counts and kopeck sums of everything matching ``query``'s filters (page ignored).

    A query filtering by nothing but client and status is answered from
    ``order_totals`` (kept by triggers): a few rows, not the book. ``indexed`` as
    for :func:`where_clause`.
    """
    if _by_status_only(query):
        return _kept_totals_query(query)
    where, params = where_clause(query, indexed=indexed)
    sql = (
        "SELECT COUNT(*), COALESCE(SUM(amount), 0),"
        f" COUNT(*) FILTER (WHERE {PAID}),"
        f" COALESCE(SUM(amount) FILTER (WHERE {PAID}), 0)"
        f" FROM orders {where}"
    )
    return sql, params


def _kept_totals_query(query: OrderQuery) -> tuple[str, list[object]]:
    terms: list[str] = []
    params: list[object] = []
    if query.client_id is not None:
        terms.append("client_id = ?")
        params.append(query.client_id)
    if query.statuses:
        _add_in(terms, params, "status", sorted(str(status) for status in query.statuses))
    where = ("WHERE " + " AND ".join(terms)) if terms else ""
    sql = (
        "SELECT COALESCE(SUM(orders), 0), COALESCE(SUM(amount), 0),"
        f" COALESCE(SUM(orders) FILTER (WHERE {PAID}), 0),"
        f" COALESCE(SUM(amount) FILTER (WHERE {PAID}), 0)"
        f" FROM order_totals {where}"
    )
    return sql, params


def _by_status_only(query: OrderQuery) -> bool:
    """Whether ``query`` filters by nothing but client and status (order_totals answers it;
    it keeps no till)."""
    return not (
        query.creations
        or query.till is not None
        or query.cashier is not None or query.shift is not None
        or query.created_since or query.created_until or query.paid_since or query.paid_until
        or (query.text or "").strip()
    )
