"""A paired browser's part in the web display's tests: pairing, and reading the stream."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import requests

from paydesk.core.web_display import WebDisplay


def paired_session(display: WebDisplay) -> requests.Session:
    """A session that opened a fresh pairing address (so it holds a device token)."""
    session = requests.Session()
    address, _expires_at = display.pairing_address()
    reply = session.get(address, timeout=5)
    assert reply.status_code == 200, reply.status_code
    assert reply.url == display.base_url + "/"
    return session


class EventStream:
    """``/events`` as a page reads it: one (event, data) at a time."""

    def __init__(self, session: requests.Session, base_url: str) -> None:
        self.reply = session.get(base_url + "/events", stream=True, timeout=10)
        self._lines: Iterator[str] = self.reply.iter_lines(decode_unicode=True)

    def next(self, *, page: bool = False) -> tuple[str, dict[str, Any]]:
        """The next event (comments and the retry line skipped; the page's version, which
        starts every stream, too unless ``page``)."""
        event, data = "", ""
        for line in self._lines:
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
            elif not line and event:
                if event != "page" or page:
                    return event, json.loads(data)
                event, data = "", ""
        raise EOFError("the stream ended")

    def close(self) -> None:
        self.reply.close()
