"""A stand-in for the desktop: records the URLs handed to QDesktopServices."""

from __future__ import annotations

from PySide6.QtCore import QObject, QUrl, Slot


class UrlCatcher(QObject):
    """Install with ``QDesktopServices.setUrlHandler(scheme, catcher, "open")``;
    every URL the app opens with that scheme lands in ``urls`` instead."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url)
