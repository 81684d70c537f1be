"""What the strip on top of the payment card says of where its order stands with the buyer
(the place itself is the counter presenter's: core/counter/views.py)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from paydesk.core.counter.views import Place

#: What the strip on top of the card says (marked for lupdate, translated when shown).
PLACE_WORDS = {
    Place.ON_DISPLAY: QT_TRANSLATE_NOOP("PayDesk", "On the buyer's screen"),
    Place.SALE: QT_TRANSLATE_NOOP("PayDesk", "Current sale"),
    Place.NOT_SHOWN: QT_TRANSLATE_NOOP("PayDesk", "Not shown to the buyer"),
    Place.NOT_SALE: QT_TRANSLATE_NOOP("PayDesk", "Not the current sale"),
}
