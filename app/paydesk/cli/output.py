"""How orders look in a terminal."""

from __future__ import annotations

from collections.abc import Sequence

from paydesk.cli.dates import amount_only, local_text, rubles_text
from paydesk.core.book_reader import OrderDetails
from paydesk.core.problems import english
from paydesk.domain.orders import Order
from paydesk.domain.phase import OrderPhase, phase_of, phase_of_status

#: Every phase in a terminal: plain lower-case words (``list --format json``
#: gives the codes: ``phase``, and the service's ``status``). ``{raw}`` is the
#: service's own word.
WORDS: dict[OrderPhase, str] = {
    # Only the creating command knows it is sending; the book says "not sent yet".
    OrderPhase.CREATING: "creating",
    OrderPhase.NOT_SENT: "not sent yet",
    OrderPhase.PENDING: "pending",
    OrderPhase.CHECKING: "time is up - checking",
    # Past the day PayDesk watches an order by itself; 'paydesk refresh' checks it.
    OrderPhase.UNCHECKED: "status unknown - check",
    OrderPhase.PAID: "paid",
    OrderPhase.REFUSED: "refused",
    OrderPhase.EXPIRED: "expired",
    OrderPhase.ABANDONED: "abandoned",
    OrderPhase.UNKNOWN: "unknown ({raw})",
}


#: Where each phase's last error is said. While the service has not confirmed the
#: order, the error is why (the order's own lines say it: "Problem"); once it has,
#: it is only a check's, and ``status --history`` says it ("Last error").
ERROR_IS_WHY_NOT_SENT: dict[OrderPhase, bool] = {
    OrderPhase.CREATING: True,
    OrderPhase.NOT_SENT: True,
    OrderPhase.PENDING: False,
    OrderPhase.CHECKING: False,
    OrderPhase.UNCHECKED: False,
    OrderPhase.PAID: False,
    OrderPhase.REFUSED: False,
    OrderPhase.EXPIRED: False,
    OrderPhase.ABANDONED: True,
    OrderPhase.UNKNOWN: False,
}


def status_text(order: Order) -> str:
    return WORDS[phase_of(order)].format(raw=order.status.value)


def paid_text(order: Order) -> str:
    """When PayDesk first saw the order paid; "≈" when that may be more than a
    minute after the buyer paid."""
    text = local_text(order.paid_at)
    return f"≈ {text}" if order.paid_time_is_approximate else text


def describe(order: Order) -> str:
    lines = [
        f"Order   {order.order_id}",
        f"Amount  {rubles_text(order.amount)}",
        f"Status  {status_text(order)}",
        f"Created {local_text(order.created_at)}",
    ]
    if order.email:
        lines.append(f"E-mail  {order.email}")
    if order.note:
        lines.append(f"Note    {order.note}")
    if order.till:
        lines.append(f"Till    {order.till}")
    if order.shift is not None:
        lines.append(f"Cashier {order.cashier or '-'}, shift {order.shift}")
    if order.paid_at:
        lines.append(f"Paid    {paid_text(order)}")
        if order.paid_time_is_approximate and order.last_pending_at is not None:
            lines.append(f"        (paid after {local_text(order.last_pending_at)}; the service"
                         " does not say when)")
    if order.last_checked_at:
        lines.append(f"Checked {local_text(order.last_checked_at)}")
    if order.url:
        lines.append(f"Link    {order.url}")
    elif order.link_unknown:
        lines.append(f"Link    {LINK_UNKNOWN}")
    if order.last_error and ERROR_IS_WHY_NOT_SENT[phase_of(order)]:
        lines.append(f"Problem {english(order.last_error)}")
    return "\n".join(lines)


#: What each answer to the create request did, in ``status --history``.
ATTEMPT_WORDS = {"confirmed": "link received", "failed": "failed", "abandoned": "given up"}
#: A confirmation that came with a failure: the service had the order, and no link.
FOUND_WORDS = "found at the service"
#: An order the service has, whose link it never sent.
LINK_UNKNOWN = "unknown: the payment service already had this order and did not send its link"


def history_text(details: OrderDetails) -> str:
    """``status --history``'s lines after :func:`describe`: the confirmation, every status
    seen and every answer to the create request, with their times, and the last error."""
    order = details.order
    lines = []
    if order.confirmed_at:
        lines.append(f"Confirmed {local_text(order.confirmed_at)}")
    lines.append("History")
    for change in details.history:
        words = WORDS[phase_of_status(change.status.value)].format(raw=change.status.value)
        lines.append(f"  {local_text(change.observed_at)}  {words}")
    if not details.history:
        lines.append("  (no status seen yet)")
    lines.append("Creation attempts")
    for attempt in details.attempts:
        words = ATTEMPT_WORDS.get(attempt.outcome, attempt.outcome)
        if attempt.outcome == "confirmed" and attempt.error:
            words = FOUND_WORDS
        why = f": {english(attempt.error)}" if attempt.error else ""
        lines.append(f"  {local_text(attempt.finished_at)}  {words}{why}")
    if not details.attempts:
        lines.append("  (none recorded)")
    if order.last_error and not ERROR_IS_WHY_NOT_SENT[phase_of(order)]:
        lines.append(f"Last error {english(order.last_error)}")  # before, describe says "Problem"
    return "\n".join(lines)


def table(orders: Sequence[Order]) -> str:
    """The orders as a table; with a Till column when they were taken at several tills,
    and Cashier and Shift columns when any was taken in a shift."""
    several_tills = len({o.till for o in orders if o.till}) > 1
    shifts = any(o.shift is not None for o in orders)
    headers: tuple[str, ...] = ("Created", "Order id", "Amount", "Status", "Paid", "E-mail",
                                "Note", *(("Till",) if several_tills else ()),
                                *(("Cashier", "Shift") if shifts else ()))
    rows = [
        (
            local_text(o.created_at),
            o.order_id,
            amount_only(o.amount),
            status_text(o),
            paid_text(o),
            o.email or "",
            o.note,
            *((o.till,) if several_tills else ()),
            *((o.cashier, "" if o.shift is None else str(o.shift)) if shifts else ()),
        )
        for o in orders
    ]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    right = {2}  # amounts align on the right

    def line(cells: Sequence[str]) -> str:
        padded = (
            cell.rjust(width) if index in right else cell.ljust(width)
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        )
        return "  ".join(padded).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])
