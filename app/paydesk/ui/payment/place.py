"""Where the order on the cashier's panel stands with the buyer."""

from __future__ import annotations

import enum

from PySide6.QtCore import QT_TRANSLATE_NOOP


class Place(enum.StrEnum):
    """Where the order on the panel stands with the buyer."""

    ON_DISPLAY = "on_display"  # the sale, on the customer display now
    SALE = "sale"  # the sale (no customer display open, or the sale is over)
    NOT_SHOWN = "not_shown"  # looked up; the customer display shows the sale, not this
    NOT_SALE = "not_sale"  # looked up; no customer display open

    @property
    def is_sale(self) -> bool:
        return self in (Place.ON_DISPLAY, Place.SALE)


#: What the strip on top of the card says (marked for lupdate, translated when shown).
PLACE_WORDS = {
    Place.ON_DISPLAY: QT_TRANSLATE_NOOP("PayDesk", "On the buyer's screen"),
    Place.SALE: QT_TRANSLATE_NOOP("PayDesk", "Current sale"),
    Place.NOT_SHOWN: QT_TRANSLATE_NOOP("PayDesk", "Not shown to the buyer"),
    Place.NOT_SALE: QT_TRANSLATE_NOOP("PayDesk", "Not the current sale"),
}
