"""The line under the orders list: what the orders shown add up to, and what was
paid today (the owner's first question at the end of the day).

Only words: the panel reads the sums from the order book, which it owns the
reads of and whose failures it reports, and hands them here. A screen reader reads
each line as it is shown (its text is its accessible name), sums and all.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from paydesk.core.book.reader import OrderQuery, Totals
from paydesk.ui.shell.formatting import money, tr


class TotalsLine(QWidget):
    """The totals of the orders shown, and "Paid today" in bold at the end (at the till
    the filter chose, if it chose one)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        line = QHBoxLayout(self)
        line.setContentsMargins(4, 2, 4, 2)
        self.totals_label = QLabel()
        self.totals_label.setObjectName("totals_label")
        self.totals_label.setAccessibleDescription(tr("Totals of the orders shown"))
        self.totals_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.totals_label.setWordWrap(True)  # a narrow window wraps it rather than cut it
        self.totals_label.setToolTip(tr(
            "What the orders shown were made for, whatever became of them; what was paid "
            "of them; and the rest, not paid (waiting, refused, expired or never sent)."))
        self.paid_today_label = QLabel()
        strong = self.paid_today_label.font()
        strong.setBold(True)  # the owner's first question at the end of the day
        self.paid_today_label.setFont(strong)
        self.paid_today_label.setObjectName("paid_today_label")
        self.paid_today_label.setAccessibleDescription(tr("Paid today"))
        self.paid_today_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        line.addWidget(self.totals_label, 1)
        line.addWidget(self.paid_today_label)

    def set_totals(self, shown: Totals, paid_today: Totals, query: OrderQuery) -> None:
        """``shown``: the sums of ``query``'s orders; ``paid_today``: of today's payments
        (at ``query``'s till, when it names one)."""
        self.totals_label.setText(_totals_text(shown, query))
        amount = money(paid_today.paid_amount)
        if query.till is None:
            text = tr("Paid today: {amount}").format(amount=amount)
        else:
            text = tr("Paid today at {till}: {amount}").format(till=query.till, amount=amount)
        self.paid_today_label.setText(text)


def _totals_text(totals: Totals, query: OrderQuery) -> str:
    if totals.count == 0:
        filtered = (query.statuses or query.creations or query.created_since or query.text
                    or query.till is not None)
        return tr("No orders match the filters") if filtered else tr("No orders yet")
    count = tr("1 order") if totals.count == 1 else tr("{count} orders")
    # "Total" would read as takings: the first sum is what the orders were made for,
    # refused ones too; what was paid and what was not are said apart.
    return tr("{orders} for {amount} · paid {paid_count} for {paid} · "
              "not paid {unpaid_count} for {unpaid}").format(
        orders=count.format(count=totals.count),
        amount=money(totals.amount),
        paid_count=totals.paid_count,
        paid=money(totals.paid_amount),
        unpaid_count=totals.count - totals.paid_count,
        unpaid=money(totals.amount - totals.paid_amount),
    )
