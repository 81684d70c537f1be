"""A till program talking to the window's API, from threads of its own.

The test runs in the window's (GUI) thread, which answers the API's requests: a
request sent from it would wait on itself. So each request runs in a worker thread,
and the test waits for its answer with ``qtbot.waitUntil``, the window turning meanwhile.
:class:`Checked` holds each answer to the API's OpenAPI document.
"""

from __future__ import annotations

import contextlib
import json
import queue
import re
import socket
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import jsonschema
import requests
from pytestqt.qtbot import QtBot

from paydesk.core.terminal.token import api_token
from paydesk.ui.main_window import MainWindow

from counter_steps import WAIT_MS

#: The API's OpenAPI document, which :class:`Checked` holds the answers to.
DOCUMENT = Path(__file__).resolve().parents[2] / "docs" / "terminal-api.openapi.json"


class TillProgram:
    """Requests to one API (its base address and token), each in a worker thread.

    ``qtbot`` None: the API is another process's (``paydesk serve``), and a request's
    answer is simply waited for."""

    def __init__(self, qtbot: QtBot | None, base_url: str, token: str) -> None:
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
                                 headers=sent, timeout=60, **kwargs)

    def wait(self, future: Future[requests.Response]) -> requests.Response:
        if self.qtbot is None:
            return future.result(timeout=WAIT_MS * 4 / 1000)
        self.qtbot.waitUntil(future.done, timeout=WAIT_MS * 4)
        return future.result()

    def call(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        return self.wait(self.send(method, path, **kwargs))

    def close(self) -> None:
        self._pool.shutdown(wait=True)


def till_program(window: MainWindow, qtbot: QtBot) -> TillProgram:
    """A till program talking to ``window``'s API with its token."""
    server = window.parts.terminal.server
    assert server is not None
    return TillProgram(qtbot, server.base_url, api_token(window.runtime.secret_store()))


class EventReader:
    """``GET /v1/events`` read in a thread of its own: each event (id, kind, data) on a
    queue as it arrives, the test waiting for the next with :meth:`next`. A plain socket
    (HTTP/1.0: the stream is the body, to its end), so :meth:`close` cuts it at once."""

    def __init__(self, till: TillProgram, last_event_id: str | None = None) -> None:
        self.till = till
        self.events: queue.Queue[tuple[str, str, dict[str, Any]]] = queue.Queue()
        host, port = till.base_url.removeprefix("http://").split(":")
        self._sock = socket.create_connection((host, int(port)), timeout=30)
        resume = "" if last_event_id is None else f"Last-Event-ID: {last_event_id}\r\n"
        self._sock.sendall(f"GET /v1/events HTTP/1.0\r\nHost: {host}:{port}\r\n"
                           f"Authorization: Bearer {till.token}\r\n{resume}\r\n".encode())
        self._file = self._sock.makefile("rb")
        status = self._file.readline()
        assert status.split()[1] == b"200", status
        while self._file.readline().strip():
            pass  # the headers
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        fields: dict[str, str] = {}
        with contextlib.suppress(OSError, ValueError):
            for raw in self._file:
                line = raw.decode().rstrip("\r\n")
                if not line:
                    if "event" in fields:
                        self.events.put((fields.get("id", ""), fields["event"],
                                         json.loads(fields.get("data", "{}"))))
                    fields = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(": ")
                    fields[name] = value

    def next(self) -> tuple[str, str, dict[str, Any]]:
        qtbot = self.till.qtbot
        if qtbot is None:  # no window in this process: nothing to keep turning
            return self.events.get(timeout=WAIT_MS * 2 / 1000)
        qtbot.waitUntil(lambda: not self.events.empty(), timeout=WAIT_MS * 2)
        return self.events.get_nowait()

    def until(self, kind: str, order_id: str) -> tuple[str, str, dict[str, Any]]:
        """The events up to this payment's ``kind``; that one."""
        while True:
            event = self.next()
            if event[1] == kind and event[2].get("order_id") == order_id:
                return event

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._thread.join(timeout=10)
        self._file.close()
        self._sock.close()


class Checked:
    """The document, and the operations and answers checked against it."""

    def __init__(self, till: TillProgram) -> None:
        self.doc: dict[str, Any] = json.loads(DOCUMENT.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(
            {"$defs": self.doc["components"]["schemas"]})
        self.till = till
        self.called: set[tuple[str, str]] = set()

    def operation(self, method: str, path: str) -> dict[str, Any]:
        for template, item in self.doc["paths"].items():
            pattern = re.sub(r"\{[^}]+\}", "[^/]+", template)
            if re.fullmatch(pattern, path) and method.lower() in item:
                self.called.add((template, method.lower()))
                return dict(item[method.lower()])
        raise AssertionError(f"{method} {path} is not in the document")

    def call(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        operation = self.operation(method, path.partition("?")[0])
        reply = self.till.call(method, path, **kwargs)
        self.fits(operation, reply)
        return reply

    def fits(self, operation: dict[str, Any], reply: requests.Response) -> None:
        documented = operation["responses"].get(str(reply.status_code))
        assert documented is not None, f"{reply.status_code} is not documented: {reply.text}"
        kind = reply.headers["Content-Type"].partition(";")[0]
        assert kind in documented["content"], kind
        schema = documented["content"][kind]["schema"]
        if kind.endswith("json"):
            jsonschema.validate(reply.json(), {**schema, "components": self.doc["components"]},
                                cls=jsonschema.Draft202012Validator)

    def fits_schema(self, value: object, name: str) -> None:
        """``value`` is what the document's component schema ``name`` describes."""
        jsonschema.validate(value, {"$ref": f"#/components/schemas/{name}",
                                    "components": self.doc["components"]},
                            cls=jsonschema.Draft202012Validator)
