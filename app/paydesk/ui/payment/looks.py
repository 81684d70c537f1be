"""The payment card's style sheet, its phases' colours from paydesk.domain.phase_looks.

Shared by the idle card of the window's first frame and the payment panel, so
it names nothing of PySide's ``Qt`` namespace (see docs/performance.md).
"""

from __future__ import annotations

from paydesk.domain.phase import OrderPhase
from paydesk.domain.phase_looks import LOOKS

_PAID = LOOKS[OrderPhase.PAID].colour
_REFUSED = LOOKS[OrderPhase.REFUSED].colour

CARD_STYLE = f"""
QFrame#payment_card {{ background: #f6f7f9; border: 1px solid #dadce0; border-radius: 12px; }}
QFrame#payment_card[state="paid"] {{ background: #e6f4ea; border: 3px solid {_PAID}; }}
QFrame#payment_card[state="refused"] {{ background: #fdf1f0; border: 2px solid {_REFUSED}; }}
QFrame#payment_card[state="idle"] {{ background: #f8f9fa; border: 2px dashed #dadce0; }}
QFrame#payment_card[looked_up="true"] {{ border: 2px dashed #e37400; }}
QFrame#buyer_strip {{ background: #e8f0fe; border-radius: 6px; }}
QFrame#buyer_strip[looked_up="true"] {{ background: #fef0d9; border: 1px solid #e37400; }}
QLabel#buyer_note {{ color: #174ea6; font-weight: bold; }}
QLabel#buyer_note[looked_up="true"] {{ color: #8a3c00; }}
QLabel#payment_link {{ color: #174ea6; padding: 3px 6px;
                      border: 2px solid transparent; border-radius: 4px; }}
QLabel#payment_link:focus {{ border-color: #1a73e8; background: #ffffff; }}
QPushButton {{ color: #1f1f1f; background: #ffffff; border: 1px solid #c4c7c5;
              border-radius: 6px; padding: 6px 14px; outline: none; }}
QPushButton:hover {{ background: #f1f3f4; }}
QPushButton:pressed {{ background: #e8eaed; }}
QPushButton:disabled {{ color: #9aa0a6; background: #f1f3f4; border-color: #e0e0e0; }}
QPushButton:focus {{ border: 2px solid #1a73e8; padding: 5px 13px; }}
"""
