"""bench_terminal.py's till programs, in a process of their own (as a till program is):
each holds the API's event stream open and polls one payment every POLL_S; the first
prints each event as it arrives, as a JSON line {"kind", "order_id", "arrived"}
(perf_counter: CLOCK_MONOTONIC on Linux, the same clock as the window's process); all
print {"connected": N} once their streams are open, and {"polls": N} at the end.

    python terminal_clients_child.py BASE_URL TOKEN ORDER_ID CLIENTS
"""

from __future__ import annotations

import json
import sys
import threading
import time

import requests

#: How often each client asks for its payment.
POLL_S = 0.2
_print = threading.Lock()
_stop = threading.Event()
_polls = [0]


def say(line: dict[str, object]) -> None:
    with _print:
        print(json.dumps(line), flush=True)


def client(number: int, base_url: str, token: str, order_id: str,
           ready: threading.Barrier) -> None:
    session = requests.Session()
    session.trust_env = False
    session.headers["Authorization"] = f"Bearer {token}"
    stream = session.get(base_url + "/events", stream=True, timeout=60)
    stream.raise_for_status()
    threading.Thread(target=poll, args=(base_url, token, order_id), daemon=True).start()
    ready.wait()
    kind = ""
    for line in stream.iter_lines(decode_unicode=True):
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: ") and number == 0:
            arrived = time.perf_counter()
            say({"kind": kind, "order_id": json.loads(line[6:]).get("order_id"),
                 "arrived": arrived})


def poll(base_url: str, token: str, order_id: str) -> None:
    session = requests.Session()
    session.trust_env = False
    session.headers["Authorization"] = f"Bearer {token}"
    while not _stop.wait(POLL_S):
        session.get(f"{base_url}/payments/{order_id}", timeout=30).raise_for_status()
        with _print:
            _polls[0] += 1


def main(argv: list[str]) -> int:
    base_url, token, order_id, count = argv[0], argv[1], argv[2], int(argv[3])
    ready = threading.Barrier(count + 1)
    for number in range(count):
        threading.Thread(target=client, args=(number, base_url, token, order_id, ready),
                         daemon=True).start()
    ready.wait()
    say({"connected": count})
    sys.stdin.read()  # until the bench closes our stdin
    _stop.set()
    say({"polls": _polls[0]})
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
