"""PayDesk: QR payments at a shop counter."""

__version__ = "0.1.0"
