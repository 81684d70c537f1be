"""A paired browser's part in the web display's tests: pairing, and reading the stream."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import requests

from paydesk.core.buyer_devices.web_server import WebDisplay


def paired_session(display: WebDisplay) -> requests.Session:
    """A session that opened a fresh pairing address (so it holds a device token)."""
    session = requests.Session()
    address, _expires_at = display.pairing_address()
    reply = session.get(address, timeout=5)
    assert reply.status_code == 200, reply.status_code
    assert reply.url == display.base_url + "/"
    return session


class EventStream:
    """``/events`` as a page reads it: one (event, data) at a time, each ping answered (as
    the page does, so the server counts it) while ``answering``."""

    def __init__(self, session: requests.Session, base_url: str, *,
                 answering: bool = True) -> None:
        self.answering = answering
        #: The pings read so far (answered or not).
        self.pings = 0
        self._session, self._base_url = session, base_url
        self._stream_id = ""
        self.reply = session.get(base_url + "/events", stream=True, timeout=10)
        self._lines: Iterator[str] = self.reply.iter_lines(decode_unicode=True)

    def next(self, *, page: bool = False, ping: bool = False) -> tuple[str, dict[str, Any]]:
        """The next event (comments and the retry line skipped; pings, once answered, and
        the page's version, which starts every stream, too unless ``ping`` or ``page``)."""
        event, data = "", ""
        for line in self._lines:
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
            elif not line and event:
                if event == "page":
                    self._stream_id = json.loads(data)["stream"]
                if event == "ping":
                    self._answer()
                if (event != "page" or page) and (event != "ping" or ping):
                    return event, json.loads(data)
                event, data = "", ""
        raise EOFError("the stream ended")

    def _answer(self) -> None:
        self.pings += 1
        if self.answering:
            self._session.get(self._base_url + "/alive", params={"stream": self._stream_id},
                              timeout=5)

    def close(self) -> None:
        self.reply.close()
