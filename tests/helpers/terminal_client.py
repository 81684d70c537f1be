"""A till program talking to the window's API, from threads of its own.

The test runs in the window's (GUI) thread, which answers the API's requests: a
request sent from it would wait on itself. So each request runs in a worker thread,
and the test waits for its answer with ``qtbot.waitUntil``, the window turning meanwhile.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import requests
from pytestqt.qtbot import QtBot

from counter_steps import WAIT_MS


class TillProgram:
    """Requests to one API (its base address and token), each in a worker thread."""

    def __init__(self, qtbot: QtBot, base_url: str, token: str) -> None:
        self.qtbot = qtbot
        self.base_url = base_url
        self.token = token
        self._pool = ThreadPoolExecutor(max_workers=8)

    def send(self, method: str, path: str, *, token: str | None = None,
             headers: dict[str, str] | None = None, **kwargs: Any
             ) -> Future[requests.Response]:
        """Start a request; its answer comes in the future returned."""
        sent = {"Authorization": f"Bearer {self.token if token is None else token}",
                **(headers or {})}
        return self._pool.submit(requests.request, method, self.base_url + path,
                                 headers=sent, timeout=30, **kwargs)

    def wait(self, future: Future[requests.Response]) -> requests.Response:
        self.qtbot.waitUntil(future.done, timeout=WAIT_MS * 4)
        return future.result()

    def call(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        return self.wait(self.send(method, path, **kwargs))

    def close(self) -> None:
        self._pool.shutdown(wait=True)
