"""Widgets with no knowledge of orders beyond a phase: labels that fit, the link,
fields that say what is wrong, the status pill, the QR, painting on paper."""
