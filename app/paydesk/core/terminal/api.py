"""The till program's API: a local HTTP service through which a cash register takes QR
payments, as it would with a card terminal.

aiohttp in a thread of its own with its own event loop, like the buyer's web screen
(core/served_loop.py has what both share). It listens on 127.0.0.1 only. Every request
passes the guard first: the ``Host`` must name this computer by address (a web page's
DNS-rebinding trick names its own host), the ``Authorization: Bearer`` token must be
this data folder's (core/terminal/token.py; read in this thread, as the keychain may
wait), the body is small. The order book and the watch live in the window's thread, so
each request is handed there (``post``: the window's courier) and its answer awaited
here, on this loop: the window's thread never waits on this one, nor this on it. A new
payment's link comes straight from the thread that asked the service for it.

Addresses (``/v1``): ``POST /payments`` ``{amount_kopecks, reference, email?, note?}``
(the reference makes it idempotent), ``GET /payments/{order_id}``, ``GET
/payments?reference=…``, ``GET /health``; the till's shifts (core/terminal/shifts.py):
``GET /shift``, ``GET /shifts/{number}``, ``POST /shift/open`` and ``POST /shift/close``
``{reference, cashier, pin}``, answered from worker threads (a PIN's hash and the close's
checks take their time: neither the window's thread nor this loop waits for them).
Errors are RFC 9457 problem details whose ``code`` is the message catalogue's
(domain/catalogue.py); bad input is a 4xx. A request
is checked by exactly the rules docs/terminal-api.openapi.json states (its patterns are
the constants below; schemathesis holds the two together): an integral JSON number
(``15000.0``) is the integer JSON Schema says it is; a reference used before with other
parameters is a 409 (core/terminal/till.py); a 405 says ``Allow``, a busy till
``Retry-After``.

While it runs it holds ``terminal-api.lock`` in the data folder and writes its address
beside it (``terminal-api-address``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import socket
from collections.abc import Awaitable, Callable
from decimal import Decimal
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from paydesk.core.buyer_devices.guard import host_is_allowed
from paydesk.core.served_loop import Limits, ServedLoop, open_site, vouch
from paydesk.core.terminal.address import ADDRESS_FILE, LOCK_FILE
from paydesk.core.terminal.events import EventLog, first_event_id
from paydesk.core.terminal.shifts import ShiftAnswer, ShiftAsk, TerminalShifts
from paydesk.core.terminal.till import PaymentAsk, Taken, TerminalTill
from paydesk.core.terminal.token import bearer_matches
from paydesk.core.watch.desk import NOTE_MAX
from paydesk.domain.catalogue import english
from paydesk.domain.errors import InputError
from paydesk.domain.failures import ApiFailureCode, Failure, ShiftFailureCode, reused_amounts
from paydesk.domain.money import MAX_AMOUNT, check_kopecks
from paydesk.domain.orders import CreationState, Order, normalize_email

log = logging.getLogger(__name__)

#: The largest body taken: a payment's request is a few hundred bytes (one with a
#: reference far too long is still read, to say which field is wrong).
MAX_BODY = 16 * 1024
#: The longest reference a till program may give (its own order's id).
REFERENCE_MAX = 64
#: The longest cashier's name (core/shifts/cashiers.py NAME_MAX), and a PIN's form.
CASHIER_MAX = 40
PIN_PATTERN = "^[0-9]{4,6}$"
#: A shift's number in an address: digits (the book's numbers fit 18 of them).
SHIFT_NUMBER_PATTERN = "^[0-9]{1,18}$"
#: How long a payment's request waits for the service's answer before it is answered
#: "accepted, not yet confirmed" (202) with its order id; the watch keeps sending it.
ANSWER_SECONDS = 30.0
#: Connections at once, at most: a till program's stream and its requests, for a shop's
#: few tills and the back office's tools (the benchmark runs 50 till programs: 100).
MAX_CONNECTIONS = 128
#: Event streams open at once, at most; more are refused (429).
MAX_STREAMS = 64
#: How soon a till program asks again when the till is busy (``Retry-After``, seconds).
RETRY_SECONDS = 1
#: A stream with nothing new says so this often (a comment), so a dead one is found.
PING_SECONDS = 15.0
IDLE_SECONDS = 10.0
#: How often the token is read again: a rotated one (``paydesk terminal token --rotate``)
#: replaces the old within this long, without a restart.
TOKEN_READ_SECONDS = 5.0
STOP_SECONDS = 0.5
MAX_LINE = 4096
#: Connections from one address at once, at most (every till program is on this
#: computer: the benchmark's 50 hold 100); past it, or past MAX_CONNECTIONS, a
#: connection that has not shown the token makes room (served_loop.Door).
MAX_PER_ADDRESS = 120
#: A new connection whose first request has not come in this long is closed.
FIRST_REQUEST_SECONDS = 5.0
#: Every answer's headers (a request the parser refuses gets them too).
HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
#: The rules the document states (docs/terminal-api.openapi.json; a test holds the two
#: together), written as both Python's ``re`` and ECMA-262 read them alike: character
#: classes of explicit code points, no ``\s`` (whose meaning differs between them).
ORDER_ID_PATTERN = "^[A-Za-z0-9_.:-]{1,64}$"
#: A reference, a note: one line of text. Never control characters, line or paragraph
#: separators, or invisible formatting (soft hyphen, zero-width and direction marks, the
#: byte order mark): a reference is shown on the cashier's card.
_NOT_TEXT = r"\x00-\x1f\x7f-\x9f\xad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"
#: Spaces no reference begins or ends with.
_SPACES = r"\x20\xa0\u1680\u2000-\u200a\u202f\u205f\u3000"
REFERENCE_PATTERN = f"^[^{_NOT_TEXT}{_SPACES}](?:[^{_NOT_TEXT}]*[^{_NOT_TEXT}{_SPACES}])?$"
NOTE_PATTERN = f"^[^{_NOT_TEXT}]*$"
#: An e-mail address as the service takes it (one @, a dot in the domain, no spaces),
#: in Latin or Cyrillic letters; or empty (none).
_MAIL_CHAR = r"\x21-\x3f\x41-\x7e\u0400-\u04ff"
_DOMAIN_CHAR = r"\x21-\x2d\x2f-\x3f\x41-\x7e\u0400-\u04ff"
EMAIL_PATTERN = rf"^(?:[{_MAIL_CHAR}]+@[{_DOMAIN_CHAR}]+(?:\.[{_DOMAIN_CHAR}]+)+)?$"
_ORDER_ID = re.compile(ORDER_ID_PATTERN)
PIN = re.compile(PIN_PATTERN)
_SHIFT_NUMBER = re.compile(SHIFT_NUMBER_PATTERN)
REFERENCE = re.compile(REFERENCE_PATTERN)
NOTE = re.compile(NOTE_PATTERN)
EMAIL = re.compile(EMAIL_PATTERN)
#: Runs a call in the window's thread (its courier); never waits for it.
Post = Callable[[Callable[[], None]], None]
T = TypeVar("T")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
LIMITS = Limits(per_address=MAX_PER_ADDRESS, total=MAX_CONNECTIONS,
                idle_seconds=IDLE_SECONDS, first_request_seconds=FIRST_REQUEST_SECONDS,
                max_line=MAX_LINE, headers=HEADERS,
                bad_request=lambda: problem(400, Failure(ApiFailureCode.MALFORMED)))
_STATUS_CODES = {404: ApiFailureCode.NOT_FOUND, 405: ApiFailureCode.METHOD,
                 413: ApiFailureCode.TOO_LARGE}


class TerminalApi:
    """One data folder's till program's API: its server, its thread."""

    def __init__(self, data_dir: Path, till: TerminalTill, post: Post,
                 token: Callable[[], str], *, shifts: TerminalShifts | None = None,
                 port: int = 0) -> None:
        """``till`` answers in the window's thread, reached through ``post``; ``token``
        reads the API token (called in the server's thread, once); ``shifts``: the
        till's shifts (None: the till works without them, as with the setting off)."""
        self.data_dir = Path(data_dir)
        self._till = till
        self._shifts = shifts
        self._post = post
        self._read_token = token
        self._token: str | None = None
        self._port = port
        self._served = ServedLoop(self.data_dir, lock_file=LOCK_FILE, address_file=ADDRESS_FILE,
                                  what="till program's API", stop_seconds=STOP_SECONDS)
        self._events = EventLog(first_event_id())

    @property
    def base_url(self) -> str:
        return self._served.base_url

    # -- the window's side ------------------------------------------------------------

    def start(self) -> str:
        """Listen on 127.0.0.1 and serve in a thread of its own; the base address.

        OSError when the port is taken or another program serves this folder's API."""
        return self._served.start(self._serve, host="127.0.0.1", port=self._port,
                                  shown_host="127.0.0.1")

    def publish(self, kind: str, data: dict[str, object]) -> None:
        """An event for the streams (from any thread; never waits)."""
        self._served.call(self._events.add, kind, data)

    def stop(self) -> None:
        self._served.stop()

    # -- the server's thread ----------------------------------------------------------

    async def _serve(self, sock: socket.socket, stopping: asyncio.Future[None]) -> None:
        self._token = self._token_now(said=False)  # here: a keychain may take its time
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._guard])
        app.router.add_post("/v1/payments", self._create)
        app.router.add_get("/v1/payments", self._find)
        app.router.add_get("/v1/payments/{order_id}", self._payment)
        app.router.add_post("/v1/payments/{order_id}/dismiss", self._dismiss)
        app.router.add_get("/v1/events", self._stream)
        app.router.add_get("/v1/health", self._health)
        app.router.add_get("/v1/shift", self._current_shift)
        app.router.add_get("/v1/shifts/{number}", self._get_shift)
        app.router.add_post("/v1/shift/open", self._open_shift)
        app.router.add_post("/v1/shift/close", self._close_shift)
        runner, server = await open_site(app, sock, LIMITS, what="the till program's API",
                                         stop_seconds=STOP_SECONDS)
        rereading = asyncio.get_running_loop().create_task(self._reread_token())
        try:
            await stopping
        finally:
            rereading.cancel()
            self._events.end()
            server.close()
            await runner.cleanup()

    def _token_now(self, *, said: bool) -> str | None:
        """The token as kept now; None (every request refused) when it cannot be read,
        said in the log once (``said``: already)."""
        try:
            return self._read_token()
        except Exception as exc:  # no keychain: every request is refused
            if not said:
                log.warning("the till program's API has no token (%s): it refuses every "
                            "request", type(exc).__name__)
            return None

    async def _reread_token(self) -> None:
        """A rotated token in force within TOKEN_READ_SECONDS (read in a worker: a keychain
        may take its time)."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(TOKEN_READ_SECONDS)
            self._token = await loop.run_in_executor(
                None, partial(self._token_now, said=self._token is None))

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not host_is_allowed(request.headers.get("Host", "")):
            return problem(421, Failure(ApiFailureCode.FOREIGN_HOST))
        token = self._token
        if token is None or not bearer_matches(request.headers.get("Authorization", ""), token):
            response = problem(401, Failure(ApiFailureCode.UNAUTHORIZED))
            response.headers["WWW-Authenticate"] = 'Bearer realm="paydesk"'
            return response
        vouch(request)
        if (request.content_length or 0) > MAX_BODY:
            return problem(413, Failure(ApiFailureCode.TOO_LARGE))
        try:
            return await handler(request)
        except web.HTTPException as exc:
            code = _STATUS_CODES.get(exc.status, ApiFailureCode.MALFORMED)
            response = problem(exc.status if 400 <= exc.status < 500 else 400, Failure(code))
            if "Allow" in exc.headers:  # a 405 says which methods the address takes
                response.headers["Allow"] = exc.headers["Allow"]
            return response

    async def _in_gui(self, call: Callable[[], T]) -> T:
        """``call``'s result, run in the window's thread; this loop goes on meanwhile."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()

        def run() -> None:
            try:
                outcome: tuple[bool, Any] = (True, call())
            except Exception as exc:  # raised again in the handler that asked
                outcome = (False, exc)
            with contextlib.suppress(RuntimeError):  # the server stopped meanwhile
                loop.call_soon_threadsafe(_settle, future, *outcome)

        self._post(run)
        return await future

    # -- the handlers -----------------------------------------------------------------

    async def _create(self, request: web.Request) -> web.Response:
        try:
            data = read_json(await request.read())
        except (ValueError, UnicodeError):
            return problem(400, Failure(ApiFailureCode.MALFORMED))
        if not isinstance(data, dict):
            return problem(400, Failure(ApiFailureCode.MALFORMED))
        ask = payment_ask(data)
        if isinstance(ask, Failure):
            return problem(422, ask)
        loop = asyncio.get_running_loop()
        answered: asyncio.Future[tuple[Order, dict[str, object]]] = loop.create_future()

        def recorded(order: Order, shown: dict[str, object]) -> None:
            # The service answered: the order as the API shows it. From the request's
            # thread for a new sale's link, else the window's; the first call answers.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, answered, True, (order, shown))

        taken: Taken = await self._in_gui(lambda: self._till.take(ask, recorded))
        if taken.order is None or taken.shown is None:
            assert taken.failure is not None
            return problem(taken.status or 503, taken.failure)
        order_id = taken.order.order_id
        order, shown = taken.order, taken.shown
        if taken.in_flight:
            try:
                order, shown = await asyncio.wait_for(answered, ANSWER_SECONDS)
            except TimeoutError:  # still out: as the book has it now
                order, shown = await self._in_gui(lambda: self._shown(order_id))
        if order.creation is not CreationState.CONFIRMED:
            status = 202  # accepted, not yet confirmed: the watch keeps sending it
        else:
            status = 200 if taken.replayed else 201
        return _json(status, {**shown, "reference": ask.reference, "replayed": taken.replayed},
                     location=f"/v1/payments/{order_id}")

    def _shown(self, order_id: str) -> tuple[Order, dict[str, object]]:
        order = self._till.order(order_id)
        assert order is not None  # written before it was sent; orders are never deleted
        return order, self._till.describe(order)

    async def _payment(self, request: web.Request) -> web.Response:
        return await self._named(request, self._till.order)

    async def _dismiss(self, request: web.Request) -> web.Response:
        return await self._named(request, self._till.dismiss)

    async def _named(self, request: web.Request,
                     find: Callable[[str], Order | None]) -> web.Response:
        """The payment the address names, as ``find`` (run in the window's thread: a
        read, or the dismiss) leaves it; 404 when there is none."""
        order_id = request.match_info["order_id"]
        if not _ORDER_ID.fullmatch(order_id):
            return problem(404, Failure(ApiFailureCode.NOT_FOUND))
        shown = await self._in_gui(lambda: self._described(find(order_id)))
        if shown is None:
            return problem(404, Failure(ApiFailureCode.NOT_FOUND))
        return _json(200, shown)

    def _described(self, order: Order | None) -> dict[str, object] | None:
        return None if order is None else self._till.describe(order)

    async def _stream(self, request: web.Request) -> web.StreamResponse:
        if self._events.listeners() >= MAX_STREAMS:
            return problem(429, Failure(ApiFailureCode.BUSY))
        queue = self._events.listen()
        missed = self._events.since(request.headers.get("Last-Event-ID"))
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8",
                                               "Cache-Control": "no-store"})
        try:
            await response.prepare(request)
            await response.write(b"retry: 2000\n\n" + b"".join(e.frame() for e in missed))
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), PING_SECONDS)
                except TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                if event is None:  # the server stops
                    break
                await response.write(event.frame())
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self._events.leave(queue)
        return response

    async def _find(self, request: web.Request) -> web.Response:
        reference = request.query.get("reference", "")
        failure = reference_failure(reference)
        if failure is not None:
            return problem(422, failure)

        shown = await self._in_gui(lambda: self._described(self._till.by_reference(reference)))
        return _json(200, {"payments": [] if shown is None else [shown]})

    async def _health(self, _request: web.Request) -> web.Response:
        return _json(200, {"paydesk": "ok", **await self._in_gui(self._till.health)})

    # -- the shifts (core/terminal/shifts.py, in worker threads) ----------------------

    async def _in_worker(self, call: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(None, call)

    async def _current_shift(self, _request: web.Request) -> web.Response:
        shifts = self._shifts
        if shifts is None:
            return _json(200, {"shifts": "off", "shift": None})
        current = await self._in_worker(shifts.current)
        return _shift_answer(current) if isinstance(current, ShiftAnswer) else _json(200, current)

    async def _get_shift(self, request: web.Request) -> web.Response:
        number = request.match_info["number"]
        if not _SHIFT_NUMBER.fullmatch(number):
            return problem(404, Failure(ApiFailureCode.NOT_FOUND))
        shifts = self._shifts
        if shifts is None:
            return problem(409, Failure(ApiFailureCode.SHIFTS_OFF))
        return _shift_answer(await self._in_worker(partial(shifts.shift, int(number))))

    async def _open_shift(self, request: web.Request) -> web.Response:
        return await self._shift_step(request, "open")

    async def _close_shift(self, request: web.Request) -> web.Response:
        return await self._shift_step(request, "close")

    async def _shift_step(self, request: web.Request, step: str) -> web.Response:
        try:
            data = read_json(await request.read())
        except (ValueError, UnicodeError):
            return problem(400, Failure(ApiFailureCode.MALFORMED))
        if not isinstance(data, dict):
            return problem(400, Failure(ApiFailureCode.MALFORMED))
        ask = shift_ask(data)
        if isinstance(ask, Failure):
            return problem(422, ask)
        shifts = self._shifts
        if shifts is None:
            return problem(409, Failure(ApiFailureCode.SHIFTS_OFF))
        work = shifts.open if step == "open" else shifts.close
        return _shift_answer(await self._in_worker(partial(work, ask)), with_replayed=True)


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.done():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


def read_json(body: bytes) -> Any:
    """A request's JSON, its numbers with a fraction or an exponent read exactly (Decimal:
    ``15000.0`` is the integer JSON Schema says it is, and never a float). ValueError
    (UnicodeError) for what is not JSON text: NaN and Infinity, a lone surrogate."""
    data = json.loads(body, parse_float=Decimal, parse_constant=_not_json)
    json.dumps(data, ensure_ascii=False, default=str).encode()  # a lone surrogate: raises
    return data


def _not_json(constant: str) -> None:
    raise ValueError(f"{constant} is not JSON")


def payment_ask(data: dict[str, Any]) -> PaymentAsk | Failure:
    """The request's fields checked as the document states them (docs/terminal-api.openapi
    .json: an integer amount within the contract's ceiling, the reference's, e-mail's and
    note's patterns and lengths), or the first that is wrong. The desk checks the rest: the
    merchant's own ceiling (max_amount), which the document names."""
    try:
        amount = check_kopecks(json_integer(data.get("amount_kopecks")))  # type: ignore[arg-type]
    except InputError as exc:
        return Failure(f"amount_kopecks.{exc.code}", exc.message)
    reference = data.get("reference")
    failure = reference_failure(reference)
    if failure is not None:
        return failure
    assert isinstance(reference, str)
    email, note = data.get("email", ""), data.get("note", "")
    for name, value in (("email", email), ("note", note)):
        if not isinstance(value, str):
            return Failure(f"{name}.not_text", f"{name} must be text.")
    try:
        normalize_email(email)  # the order's own reasons first (at_sign, spaces...)
    except InputError as exc:
        return exc.failure
    if not EMAIL.fullmatch(email):
        return Failure("email.not_an_address",
                       "email is an address such as buyer@example.com (no spaces at its "
                       "ends), or empty.")
    if len(note) > NOTE_MAX:
        return Failure("note.too_long", f"A note has at most {NOTE_MAX} characters.")
    if not NOTE.fullmatch(note):
        return Failure("note.not_one_line", "A note is one line, without control characters.")
    return PaymentAsk(amount, reference, email, note)


def json_integer(value: object) -> object:
    """An integral JSON number as an int (``15000.0``, ``1.5e4``); anything else as it is,
    for check_kopecks to refuse. Compared before it is made an int: ``1e999999`` is over
    the ceiling, never spelled out."""
    if isinstance(value, Decimal) and value.is_finite():
        if abs(value) > MAX_AMOUNT:
            return MAX_AMOUNT + 1 if value > 0 else -1
        if value == value.to_integral_value():
            return int(value)
    return value


def reference_failure(reference: object) -> Failure | None:
    if not isinstance(reference, str) or not reference:
        return Failure("reference.missing", "reference (the till program's own id) is needed.")
    if len(reference) > REFERENCE_MAX:
        return Failure("reference.too_long",
                       f"reference has at most {REFERENCE_MAX} characters.")
    if not REFERENCE.fullmatch(reference):
        return Failure("reference.not_printable",
                       "reference is one line, without spaces at its ends.")
    return None


def shift_ask(data: dict[str, Any]) -> ShiftAsk | Failure:
    """An open's or a close's fields checked as the document states them: the shift's
    reference (a payment's rules), the cashier's name (one line, at most CASHIER_MAX),
    their PIN (4 to 6 digits); or the first that is wrong. Never a PIN in the answer."""
    reference = data.get("reference")
    failure = reference_failure(reference)
    if failure is not None:
        return failure
    assert isinstance(reference, str)
    cashier, pin = data.get("cashier"), data.get("pin")
    if not (isinstance(cashier, str) and 0 < len(cashier) <= CASHIER_MAX
            and REFERENCE.fullmatch(cashier)):
        return Failure("cashier.not_a_name",
                       f"cashier is a cashier's name: one line of 1 to {CASHIER_MAX} "
                       "characters, without spaces at its ends.")
    if not (isinstance(pin, str) and PIN.fullmatch(pin)):
        return Failure("pin.not_a_pin", english(Failure(ShiftFailureCode.BAD_PIN)))
    return ShiftAsk(reference, cashier, pin)


def _shift_answer(answer: ShiftAnswer, *, with_replayed: bool = False) -> web.Response:
    """A shift's answer: the shift (its address in ``Location``), or the problem."""
    if answer.shift is None:
        assert answer.failure is not None
        response = problem(answer.status, answer.failure)
        if answer.retry_after is not None:
            response.headers["Retry-After"] = str(answer.retry_after)
        return response
    body = {**answer.shift, "replayed": answer.replayed} if with_replayed else answer.shift
    return _json(answer.status, body, location=f"/v1/shifts/{answer.shift['number']}")


def problem(status: int, failure: Failure) -> web.Response:
    """An RFC 9457 problem details answer: the catalogue's code and its English words; a
    reused reference's two amounts as numbers too; when to ask again, if busy."""
    body: dict[str, object] = {"type": f"urn:paydesk:problem:{failure.code}",
                               "title": english(failure), "status": status,
                               "code": failure.code}
    reused = reused_amounts(failure)
    if failure.field is not None:
        body["field"] = failure.field
    if reused is not None:
        body["field"] = "reference"
        body["earlier_amount_kopecks"], body["amount_kopecks"] = reused
    elif failure.detail and failure.detail != body["title"]:
        body["detail"] = failure.detail
    response = web.Response(status=status, text=json.dumps(body, ensure_ascii=False),
                            content_type="application/problem+json")
    if failure.code == ApiFailureCode.BUSY:
        response.headers["Retry-After"] = str(RETRY_SECONDS)
    return response


def _json(status: int, body: object, *, location: str = "") -> web.Response:
    response = web.json_response(body, status=status, dumps=lambda o: json.dumps(
        o, ensure_ascii=False))
    response.headers["Cache-Control"] = "no-store"
    if location:
        response.headers["Location"] = location
    return response
