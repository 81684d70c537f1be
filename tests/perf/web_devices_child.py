"""bench_web.py's devices, in a process of their own (as tablets are other computers):
each pairs with one of the addresses given, reads the page's event stream, answers its
pings and fetches each code's picture as the page's <img> does, and prints what arrived
when as a JSON line: {"device", "state", "amount", "arrived", "drawn"} (perf_counter:
CLOCK_MONOTONIC on Linux, the same clock as the window's process), then "connected" once
all are.

    python web_devices_child.py BASE_URL PAIRING_ADDRESS...
"""

from __future__ import annotations

import json
import sys
import threading
import time

import requests

_print = threading.Lock()


def say(line: dict[str, object]) -> None:
    with _print:
        print(json.dumps(line), flush=True)


def device(number: int, base_url: str, address: str, ready: threading.Barrier) -> None:
    session = requests.Session()
    session.trust_env = False
    session.get(address, timeout=30).raise_for_status()
    reply = session.get(base_url + "/events", stream=True, timeout=60)
    ready.wait()
    event, stream = "", ""
    for line in reply.iter_lines(decode_unicode=True):
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "page":
            stream = json.loads(line[6:])["stream"]
        elif line.startswith("data: ") and event == "ping":  # the server counts the page
            session.get(base_url + "/alive", params={"stream": stream}, timeout=30)
        elif line.startswith("data: ") and event == "view":
            arrived = time.perf_counter()
            view = json.loads(line[6:])
            drawn = None
            if view["code"]:
                session.get(base_url + view["code"], timeout=30).raise_for_status()
                drawn = time.perf_counter()
            say({"device": number, "state": view["state"], "amount": view["amount"],
                 "arrived": arrived, "drawn": drawn})


def main(argv: list[str]) -> int:
    base_url, addresses = argv[0], argv[1:]
    ready = threading.Barrier(len(addresses) + 1)
    for number, address in enumerate(addresses):
        threading.Thread(target=device, args=(number, base_url, address, ready),
                         daemon=True).start()
    ready.wait()
    say({"connected": len(addresses)})
    sys.stdin.read()  # until the bench closes our stdin
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
