"""The least a ``POST /v1/payments`` can cost under PayDesk's rules, for bench_terminal.py.

The smallest server that keeps them: an aiohttp handler that writes the order into an
order book (synchronous = FULL, as the app's) before it sends ``create_order`` with
PayDesk's gateway client, and answers with the link. No window, no event hub, no
second thread, no QR code: what is left is the hop from the till program, the write
and the service. Its answer is the budget's denominator: ``terminal_create_ratio_floor``
is PayDesk's answer over this one's, side by side in the same run (on loopback, and
with the service at 80 ± 20 ms: ``_80ms``). ``terminal_create_floor_ratio`` is this
one's over the bare ``create_order``: what no structure that writes the order first
can go below.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from itertools import count
from pathlib import Path

from bench_common import CLIENT_ID, SECRET


@contextmanager
def floor_server(book: Path, service_url: str) -> Iterator[str]:
    """The smallest till-program API, on loopback in a thread of its own: its URL."""
    from aiohttp import web

    from paydesk.gateway import GatewayClient
    from paydesk.store import OrderStore

    ready = threading.Event()
    address: list[str] = []
    stop: list[Callable[[], object]] = []
    failed: list[BaseException] = []

    def serve() -> None:
        try:
            run()
        except BaseException as exc:  # told to the caller, which waits for ``ready``
            failed.append(exc)
            ready.set()

    def run() -> None:
        loop = asyncio.new_event_loop()
        store = OrderStore.open(book)  # this thread's own connection, as the rules ask
        client = GatewayClient(service_url, CLIENT_ID, SECRET)
        numbers = count()

        async def create(request: web.Request) -> web.Response:
            asked = await request.json()
            order = store.add_unconfirmed(
                CLIENT_ID, f"floor-{next(numbers)}", int(asked["amount_kopecks"]), None, "",
                datetime.now(UTC), reference=str(asked["reference"]))
            link = client.create_order(order.order_id, order.amount)
            return web.json_response({"order_id": order.order_id, "link": link}, status=201)

        app = web.Application()
        app.router.add_post("/v1/payments", create)
        runner = web.AppRunner(app, access_log=None)
        try:
            loop.run_until_complete(runner.setup())
            site = web.TCPSite(runner, "127.0.0.1", 0)
            loop.run_until_complete(site.start())
            port = runner.addresses[0][1]
            address.append(f"http://127.0.0.1:{port}")
            stop.append(lambda: loop.call_soon_threadsafe(loop.stop))
            ready.set()
            loop.run_forever()
        finally:
            loop.run_until_complete(runner.cleanup())
            client.close()
            store.close()
            loop.close()

    thread = threading.Thread(target=serve, name="terminal-floor", daemon=True)
    thread.start()
    if not ready.wait(30) or failed:
        raise RuntimeError("the floor server did not start") from (failed[0] if failed else None)
    try:
        yield address[0]
    finally:
        stop[0]()
        thread.join(30)
