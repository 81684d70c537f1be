"""A till program taking QR payments through PayDesk, as it would with a card terminal.

    .venv/bin/paydesk --demo serve &           # or the window, terminal_api set to local
    export PAYDESK_API=$(.venv/bin/paydesk --demo terminal url)
    export PAYDESK_TOKEN=$(.venv/bin/paydesk --demo terminal token)
    .venv/bin/python examples/till_program.py 150 1234,50 99

Each amount is one sale, taken in turn: PayDesk shows its QR code to the buyer, and this
waits until the buyer has paid or refused (or the code expired), then takes the next.
A sale the cashier takes off the buyer's screen (Esc) is "dismissed": it is still
watched, as the buyer may have scanned its code already, so this waits on for its end.
It uses only what docs/till-program-api.md and docs/terminal-api.openapi.json say: ``POST
/v1/payments`` with the till's own reference, one per sale (asking again after a lost
answer never makes a second order; a busy till says when to ask again), and ``GET
/v1/events`` (server-sent events), read again from the last event seen when the
connection drops (after a ``reset``, the payment is read again). Needs ``requests``.

Exit code: 0 when every sale was paid, 1 when one was not, 2 for a usage mistake.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation

import requests

#: The events after which a payment's outcome is known.
OUTCOMES = {"paid", "refused", "expired"}


def kopecks(text: str) -> int:
    """``1234,50`` or ``1234.50`` roubles as integer kopecks (never a float)."""
    try:
        amount = Decimal(text.replace(",", "."))
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"not an amount: {text}") from None
    if amount <= 0 or amount != amount.quantize(Decimal("0.01")):
        raise argparse.ArgumentTypeError(f"not an amount in roubles and kopecks: {text}")
    return int(amount * 100)


class Terminal:
    """PayDesk's API at ``base`` (its /v1 address), with the till's token."""

    def __init__(self, base: str, token: str) -> None:
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"
        self.last_event_id: str | None = None
        #: The stream's events as they come (read in a thread of their own).
        self.heard: queue.Queue[tuple[str, dict[str, object]]] = queue.Queue()
        self.listening = threading.Event()

    def listen(self) -> None:
        """Read the event stream in the background, from now on: a payment asked for
        after this returns has none of its events missed, however fast the buyer is."""
        threading.Thread(target=self._listen, daemon=True).start()
        if not self.listening.wait(timeout=30):
            raise SystemExit("PayDesk's event stream did not answer")

    def _listen(self) -> None:
        for event in self.events():
            self.heard.put(event)

    def take(self, amount_kopecks: int, reference: str) -> dict[str, object]:
        """Ask for a payment; asked again with the same reference while the answer is lost."""
        while True:
            try:
                reply = self.session.post(f"{self.base}/payments", timeout=60, json={
                    "amount_kopecks": amount_kopecks, "reference": reference})
            except requests.ConnectionError:
                time.sleep(2)  # PayDesk restarting: the same reference is safe to send again
                continue
            if reply.status_code in (200, 201, 202):
                return dict(reply.json())
            if reply.status_code == 409 and reply.json()["code"] == "api_busy":
                time.sleep(int(reply.headers.get("Retry-After", "1")))  # the cashier's own sale
                continue
            problem = reply.json()
            raise SystemExit(f"PayDesk refused the sale: {problem['title']} ({problem['code']})")

    def payment(self, order_id: object) -> dict[str, object]:
        reply = self.session.get(f"{self.base}/payments/{order_id}", timeout=30)
        reply.raise_for_status()
        return dict(reply.json())

    def events(self) -> Iterator[tuple[str, dict[str, object]]]:
        """The stream's events (kind, payment), resumed after a dropped connection."""
        while True:
            headers = {} if self.last_event_id is None else {"Last-Event-ID": self.last_event_id}
            try:
                with self.session.get(f"{self.base}/events", headers=headers, stream=True,
                                      timeout=(5, 60)) as stream:
                    stream.raise_for_status()
                    self.listening.set()
                    yield from self._read(stream)
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(1)  # read again from the last event seen

    def _read(self, stream: requests.Response) -> Iterator[tuple[str, dict[str, object]]]:
        kind, data = "", ""
        for line in stream.iter_lines(decode_unicode=True):
            if line.startswith("id: "):
                self.last_event_id = line[4:]
            elif line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
            elif not line and kind:
                yield kind, json.loads(data) if data else {}
                kind, data = "", ""


def main() -> int:
    parser = argparse.ArgumentParser(description="Take QR payments through PayDesk.")
    parser.add_argument("amounts", nargs="+", type=kopecks, metavar="AMOUNT",
                        help="roubles, e.g. 1234,50; one sale each, in turn")
    args = parser.parse_args()
    base, token = os.environ.get("PAYDESK_API"), os.environ.get("PAYDESK_TOKEN")
    if not base or not token:
        parser.error("set PAYDESK_API (paydesk terminal url) and PAYDESK_TOKEN "
                     "(paydesk terminal token)")
    terminal = Terminal(base, token)
    terminal.listen()
    all_paid = True
    for amount in args.amounts:
        reference = f"till-{uuid.uuid4().hex[:12]}"  # the till's own id of this sale
        payment = terminal.take(amount, reference)
        order_id = payment["order_id"]
        roubles, kop = divmod(amount, 100)
        link = payment["link"] or "the link PayDesk shows once the service answers"
        print(f"sale {reference}: {roubles}.{kop:02d} RUB, order {order_id}, pay at {link}",
              flush=True)
        while True:
            kind, event = terminal.heard.get()
            if kind == "reset":  # events were lost (PayDesk restarted): read the payment again
                event = terminal.payment(order_id)
                kind = str(event["phase"])
                if kind not in OUTCOMES:
                    continue
            if event.get("order_id") != order_id:
                continue
            print(f"sale {reference}: {kind}", flush=True)
            if kind in OUTCOMES:
                all_paid = all_paid and kind == "paid"
                break
    return 0 if all_paid else 1


if __name__ == "__main__":
    sys.exit(main())
