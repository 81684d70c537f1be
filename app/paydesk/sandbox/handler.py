"""The HTTP layer: a threaded server and a keep-alive request handler with size limits.

Everything here is about bytes on sockets; what to answer comes from
:class:`~paydesk.sandbox.app.SandboxApp`. Request lines are capped at 8 KiB
(414) and bodies at 16 KiB (413); malformed input gets a 4xx, never a traceback.
The server tracks its connections so ``stop()`` can cut idle keep-alive ones and
join every thread instead of leaving them to die with the process.
"""

from __future__ import annotations

import contextlib
import io
import logging
import selectors
import socket
import socketserver
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from paydesk.sandbox.app import Request, SandboxApp
from paydesk.sandbox.replies import Reply, failure

logger = logging.getLogger(__name__)

MAX_REQUEST_LINE = 8 * 1024
MAX_BODY = 16 * 1024
# An idle keep-alive connection is closed after this long, so it cannot pin a thread.
IDLE_TIMEOUT_SECONDS = 60.0
# Closing a socket with unread input makes the kernel send RST, and the client may
# then lose the reply we just sent (a 413 or 414, say). So before closing, we stop
# writing and read what the client still sends, for at most this long / this much.
LINGER_SECONDS = 2.0
LINGER_BYTES = 1024 * 1024


class _BodyRefusedError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class SandboxHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    block_on_close = False  # we join our own connection threads in close_connections()
    # socketserver's backlog of 5 drops the SYNs of a burst of new connections (a
    # client pool warming up), and each dropped one costs the client a 1 s retry.
    request_queue_size = socket.SOMAXCONN

    def __init__(
        self,
        address: tuple[str, int],
        app: SandboxApp,
        *,
        family: socket.AddressFamily = socket.AF_INET,
        on_thread_exit: Callable[[], None] | None = None,
    ) -> None:
        self.address_family = family
        self.app = app
        self._on_thread_exit = on_thread_exit
        self._lock = threading.Lock()
        self._live: dict[threading.Thread, socket.socket] = {}
        self._stop_requested = threading.Event()
        self._wake_reader, self._wake_writer = socket.socketpair()
        try:
            super().__init__(address, SandboxRequestHandler)
        except BaseException:  # e.g. the port is taken: do not leak the socketpair
            self._wake_reader.close()
            self._wake_writer.close()
            raise

    def serve(self) -> None:
        """Accept connections until :meth:`stop_serving`.

        Like serve_forever, but woken at once through a socketpair instead of
        polling, so stopping takes no poll interval (tests start hundreds of these).
        """
        with selectors.DefaultSelector() as selector:
            selector.register(self.socket, selectors.EVENT_READ)
            selector.register(self._wake_reader, selectors.EVENT_READ)
            while not self._stop_requested.is_set():
                ready = selector.select()
                if self._stop_requested.is_set():
                    break
                if any(key.fileobj is self.socket for key, _ in ready):
                    self._accept()

    def _accept(self) -> None:
        try:
            request, client_address = self.get_request()
        except OSError:
            return  # the client gave up before we accepted
        try:
            self.process_request(request, client_address)
        except Exception:
            self.handle_error(request, client_address)
            self.shutdown_request(request)

    def stop_serving(self) -> None:
        """Make :meth:`serve` return (call from another thread, then join it)."""
        self._stop_requested.set()
        with contextlib.suppress(OSError):
            self._wake_writer.send(b"x")

    def server_close(self) -> None:
        super().server_close()
        self._wake_reader.close()
        self._wake_writer.close()

    def server_bind(self) -> None:
        # HTTPServer.server_bind would call socket.getfqdn(): a DNS lookup we neither
        # need nor want (slow, and traffic off the loopback).
        socketserver.TCPServer.server_bind(self)
        self.server_name = str(self.server_address[0])
        self.server_port = int(self.server_address[1])

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(
            target=self._serve_connection,
            args=(request, client_address),
            name=f"paydesk-sandbox-{client_address[1]}",
            daemon=True,
        )
        with self._lock:
            self._live[thread] = request
        thread.start()

    def _serve_connection(self, request: Any, client_address: Any) -> None:
        try:
            self.process_request_thread(request, client_address)
        finally:
            if self._on_thread_exit is not None:
                self._on_thread_exit()
            with self._lock:
                self._live.pop(threading.current_thread(), None)

    def shutdown_request(self, request: Any) -> None:
        """Close a connection gracefully (a "lingering close"), see LINGER_SECONDS."""
        try:
            request.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the client is gone already
        else:
            _drain(request)
        self.close_request(request)

    def close_connections(self, timeout: float) -> None:
        """Cut every open connection (idle keep-alive included) and join their threads."""
        with self._lock:
            live = list(self._live.items())
        for _, sock in live:
            with contextlib.suppress(OSError):  # already closed by the other side
                sock.shutdown(socket.SHUT_RDWR)
        for thread, _ in live:
            thread.join(timeout)
            if thread.is_alive():
                logger.warning("sandbox connection thread %s did not finish", thread.name)

    def handle_error(self, request: Any, client_address: Any) -> None:
        logger.exception("sandbox: error on the connection from %s", client_address)


def _drain(sock: socket.socket) -> None:
    received = 0
    try:
        sock.settimeout(LINGER_SECONDS)
        while received < LINGER_BYTES:
            chunk = sock.recv(65536)
            if not chunk:
                return
            received += len(chunk)
    except OSError:
        return


class SandboxRequestHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: a polling client reuses its connection
    disable_nagle_algorithm = True  # else Nagle + delayed ACK add ~40 ms per reply
    server_version = "PayDeskSandbox"
    # The stdlib assumes HTTP/0.9 until the version is parsed, and then sends error
    # bodies with no status line. Nobody speaks 0.9; always send a status line.
    default_request_version = "HTTP/1.0"
    timeout = IDLE_TIMEOUT_SECONDS
    server: SandboxHTTPServer

    def version_string(self) -> str:
        return self.server_version  # no Python version in the Server header

    def handle_one_request(self) -> None:
        """BaseHTTPRequestHandler's loop step, with our limits and dispatch."""
        try:
            line = self.rfile.readline(MAX_REQUEST_LINE + 1)
            self.path = ""
            if len(line) > MAX_REQUEST_LINE:
                # The rest of the line is still unread, so this connection is done.
                self.requestline, self.request_version, self.command = "", "", ""
                self._respond(failure(414, "The request line is longer than 8 KiB."), close=True)
                return
            if not line:
                self.close_connection = True
                return
            self.raw_requestline = line
            if not self.parse_request():
                return  # parse_request already answered through send_error
            self._handle_request()
        except OSError as exc:  # timeouts, resets, broken pipes, shutdown at stop()
            logger.debug("sandbox: connection from %s ended: %r", self.client_address, exc)
            self.close_connection = True

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding") is not None:
            raise _BodyRefusedError(411, "Send a Content-Length; chunked bodies are not accepted.")
        lengths = self.headers.get_all("Content-Length") or []
        if not lengths:
            return b""
        text = lengths[0].strip()
        if len(set(lengths)) != 1 or not (text.isascii() and text.isdigit()):
            raise _BodyRefusedError(400, "The Content-Length header is not valid.")
        length = int(text)
        if length > MAX_BODY:
            raise _BodyRefusedError(413, "The request body is larger than 16 KiB.")
        body = self.rfile.read(length)
        if len(body) < length:
            raise ConnectionError("the request body was cut short")
        return body

    def _handle_request(self) -> None:
        app = self.server.app
        try:
            body = self._read_body()
        except _BodyRefusedError as refused:
            # The body (if any) was not read, so the connection cannot be reused.
            refusal = app.transport_error(self.path, refused.status, refused.message)
            self._respond(refusal, close=True)
            return
        request = Request(self.command, self.path, body, self.headers.get("Content-Type"),
                          self.headers.get("Accept-Language"))
        reply: Reply | None
        try:
            reply = app.handle(request)
        except Exception:
            logger.exception("sandbox: internal error on %s %s", self.command, self.path[:200])
            reply = failure(500, "The sandbox hit an internal error; see its log.")
        if reply is None:
            logger.info("sandbox: %s %s closed without a reply", self.command, self.path[:200])
            self.close_connection = True
            return
        self._respond(reply)

    def _respond(self, reply: Reply, *, close: bool = False) -> None:
        if reply.trickle_seconds is not None:
            self._trickle(reply, reply.trickle_seconds)
            return
        self._send_head(reply, close=close)
        if self.command != "HEAD":
            self.wfile.write(reply.body)

    def _send_head(self, reply: Reply, *, close: bool = False) -> None:
        self.send_response(reply.status)
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(reply.body)))
        for name, value in reply.headers:
            self.send_header(name, value)
        if close:
            self.send_header("Connection", "close")  # also sets close_connection
        self.end_headers()

    def _trickle(self, reply: Reply, pause: float) -> None:
        """Send ``reply`` a byte at a time, ``pause`` apart: the body, or everything."""
        wire = self.wfile
        self.wfile = io.BytesIO()  # the stdlib writes the head here; we send it below
        try:
            self._send_head(reply)
            head = self.wfile.getvalue()
        finally:
            self.wfile = wire
        body = b"" if self.command == "HEAD" else reply.body
        at_once, slowly = (b"", head + body) if reply.trickle_head else (head, body)
        wire.write(at_once)
        for index in range(len(slowly)):
            if index and self.server.app.hold(pause):
                self.close_connection = True  # stopping: the rest is never sent
                return
            wire.write(slowly[index : index + 1])

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Used by parse_request for malformed request lines and headers.

        Whatever it refuses is the client's doing (505 for "HTTP/2.0" in a request
        line, say), so it is always a 4xx: a 5xx tells a client to try the same again.
        """
        text = message or HTTPStatus(code).phrase
        if code >= 500:
            code = HTTPStatus.BAD_REQUEST
        self.log_error("code %d, message %s", code, text)
        self._respond(self.server.app.transport_error(self.path, code, text), close=True)

    # Route http.server's stderr logging to the "paydesk.sandbox" loggers.
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        # Only the method and path: the query holds the sign, and md5(order_id:secret)
        # with a known order_id lets anyone brute-force a weak secret offline.
        method, _, rest = self.requestline.partition(" ")
        path = rest.split("?", 1)[0].split(" ", 1)[0]
        logger.debug('%s "%s %s" %s', self.client_address[0], method, path[:200], code)

    def log_error(self, format: str, *args: Any) -> None:
        logger.info("%s %s", self.client_address[0], format % args)

    def log_message(self, format: str, *args: Any) -> None:
        logger.debug("%s %s", self.client_address[0], format % args)
