"""The receipt printer: what its slips say and how they reach it.

``slips`` words the QR slip, the paid receipt and the test page; ``printer`` prints
one within a deadline; ``duty`` prints a paid sale's receipt by itself, only at the
till that took it and only once.

Used by the window's printing part and ``paydesk print``; the bytes are made in
``paydesk.support.escpos_ticket``.
"""
