"""HTTP as a stranger on the network sends it: raw bytes over a socket from a chosen
loopback address (127.0.0.0/8), for the listeners' tests (the buyer's web screen, the
till program's API): floods of idle connections and requests the parser refuses."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

#: A malformed request made around a credential header line (``Cookie: …`` or
#: ``Authorization: Bearer …``, no CRLF) and the secret in it, for a GET and a POST path:
#: wherever the request allows, the secret is in the part the parser refuses.
Build = Callable[[bytes, bytes, bytes, bytes], bytes]
_HOST = b"Host: 127.0.0.1\r\n"


def _get(head: bytes) -> Build:
    """A GET whose headers end with ``head`` (``{secret}`` and ``{cred}`` filled in)."""
    def build(cred: bytes, secret: bytes, get: bytes, _post: bytes) -> bytes:
        extra = head.replace(b"{secret}", secret).replace(b"{cred}", cred)
        return b"GET " + get + b" HTTP/1.1\r\n" + _HOST + cred + b"\r\n" + extra + b"\r\n"
    return build


def _post(head: bytes, body: bytes = b"") -> Build:
    def build(cred: bytes, secret: bytes, _get: bytes, post: bytes) -> bytes:
        return (b"POST " + post + b" HTTP/1.1\r\n" + _HOST + cred + b"\r\n" + head + b"\r\n"
                + body.replace(b"{secret}", secret))
    return build


def _line(make: Callable[[bytes, bytes, bytes], bytes]) -> Build:
    """A request whose first line is ``make(secret, get, post)``."""
    def build(cred: bytes, secret: bytes, get: bytes, post: bytes) -> bytes:
        return make(secret, get, post) + b"\r\n" + _HOST + cred + b"\r\n\r\n"
    return build


#: The kinds of request aiohttp's parser refuses (each wrote a traceback, most echoed
#: what they refused, the token too).
MALFORMED: dict[str, Build] = {
    "header_too_long": lambda cred, secret, get, _post: (
        b"GET " + get + b" HTTP/1.1\r\n" + _HOST + cred + b"; x=" + b"a" * 5000
        + b"\r\n\r\n"),
    "request_line_too_long": _line(lambda s, g, _p: b"GET " + g + b"?" + b"a" * 5000 + s
                                   + b" HTTP/1.1"),
    "too_many_headers": _get(b"".join(b"X-%d: {secret}\r\n" % n for n in range(200))),
    "bad_method": _line(lambda _s, g, _p: b"G\x01T " + g + b" HTTP/1.1"),
    "bad_version": _line(lambda _s, g, _p: b"GET " + g + b" HTTP/9.x"),
    "header_without_colon": _get(b"NoColon{secret}\r\n"),
    "header_name_character": _get(b"X(y): {secret}\r\n"),
    "header_value_nul": _get(b"X-A: {secret}\x00\r\n"),
    "header_value_cr": _get(b"X-A: a\rb{secret}\r\n"),
    "space_before_colon": _get(b"X-A : {secret}\r\n"),
    "line_folding": _get(b"X-A: a\r\n {secret}\r\n"),
    "bare_lf": lambda cred, _secret, get, _post: (
        b"GET " + get + b" HTTP/1.1\n" + _HOST + cred + b"\r\n\r\n"),
    "nul_in_target": _line(lambda s, g, _p: b"GET " + g + b"\x00" + s + b" HTTP/1.1"),
    "bad_target": _line(lambda _s, _g, _p: b"GET http://[::1 HTTP/1.1"),
    "length_and_chunked": _post(b"Content-Length: 3\r\nTransfer-Encoding: chunked\r\n",
                                b"0\r\n\r\n"),
    "length_not_a_number": _post(b"Content-Length: 1x\r\n"),
    "length_negative": _post(b"Content-Length: -1\r\n"),
    "two_lengths": _post(b"Content-Length: 1\r\nContent-Length: 2\r\n", b"ab"),
    "transfer_encoding_not_chunked": _post(b"Transfer-Encoding: gzip\r\n"),
    "chunked_twice": _post(b"Transfer-Encoding: chunked, chunked\r\n", b"0\r\n\r\n"),
    "chunk_size_not_hex": _post(b"Transfer-Encoding: chunked\r\n", b"zz\r\n{secret}\r\n"),
    "chunk_size_too_big": _post(b"Transfer-Encoding: chunked\r\n",
                                b"ffffffffffffffffff\r\n"),
    "chunk_without_crlf": _post(b"Transfer-Encoding: chunked\r\n", b"2\r\nabXX0\r\n\r\n"),
    "chunk_extension_character": _post(b"Transfer-Encoding: chunked\r\n",
                                       b"1;\x01\r\na\r\n0\r\n\r\n"),
    "tls_hello": lambda _cred, _secret, _get, _post: (
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40),
}


@dataclass(frozen=True)
class Answer:
    """What a server sent back on one connection, to its close."""

    raw: bytes

    @property
    def status(self) -> int:
        return int(self.raw.split(b" ", 2)[1])

    @property
    def headers(self) -> dict[str, str]:
        """The first answer's headers, names in lower case (each name once: the last)."""
        lines = self.raw.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")[1:]
        return {n.strip().lower(): v.strip() for n, _, v in (x.partition(":") for x in lines)}

    @property
    def rest(self) -> bytes:
        """What follows the first answer's body (another answer, if any)."""
        body = self.raw.partition(b"\r\n\r\n")[2]
        length = self.headers.get("content-length", 0 if self.status in (204, 304) else len(body))
        return body[int(length):]


def address_of(base_url: str) -> tuple[str, int]:
    parts = urlsplit(base_url)
    assert parts.hostname is not None and parts.port is not None
    return parts.hostname, parts.port


def connect(base_url: str, source: str = "127.0.0.1") -> socket.socket:
    """A connection to the server at ``base_url`` from the loopback address ``source``."""
    return socket.create_connection(address_of(base_url), timeout=10, source_address=(source, 0))


def send(base_url: str, request: bytes, source: str = "127.0.0.1") -> Answer:
    """``request`` sent as it is; all the server answers until it closes."""
    with connect(base_url, source) as sock:
        sock.sendall(request)
        received = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(65536):
                received += chunk
    return Answer(received)


@contextlib.contextmanager
def idle_flood(base_url: str, count: int, sources: list[str]) -> Iterator[list[socket.socket]]:
    """``count`` connections from each of ``sources`` that send nothing, kept open (by
    this side) for the ``with`` block."""
    sockets: list[socket.socket] = []
    try:
        for source in sources:
            sockets.extend(connect(base_url, source) for _ in range(count))
        yield sockets
    finally:
        for sock in sockets:
            sock.close()
