"""The page a refused browser gets from the buyer's web screen's server: a heading and what
to do, in a ``<main>``, in the till's language, styled by the one stylesheet a browser
without a token may load (the page's own stays for paired devices). In Chromium, at a
phone's and a tablet's size, in both languages: tests/ui/test_web_display_fit.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from paydesk.core.buyer_devices.guard import HEADERS
from paydesk.core.buyer_devices.page import PageWords
from paydesk.core.buyer_devices.web_server import WebDisplay


@pytest.fixture
def display(tmp_path: Path) -> Iterator[WebDisplay]:
    server = WebDisplay(tmp_path, PageWords.made("en", "Corner shop"), idle_seconds=0.5)
    server.start()
    yield server
    server.stop()


def notice_of(reply: requests.Response) -> tuple[str, str]:
    """The page's heading and text, checked to be one ``<main>`` with one of each."""
    assert reply.headers["Content-Type"].startswith("text/html")
    assert '<html lang="en">' in reply.text
    assert '<link rel="stylesheet" href="/notice.css">' in reply.text
    [(title, heading, text)] = re.findall(
        r"<title>(.*)</title>.*<main>\s*<h1>(.*)</h1>\s*<p>(.*)</p>\s*</main>", reply.text,
        re.S)
    assert title == heading and "<script" not in reply.text
    return heading, text


def test_a_browser_that_is_not_paired_is_told_what_to_do(display: WebDisplay) -> None:
    reply = requests.get(display.base_url + "/", timeout=5)
    assert reply.status_code == 401
    assert notice_of(reply) == (
        "This screen is not paired with the till",
        "Ask the cashier for a new pairing code and scan it with this device.")
    assert "Corner shop" not in reply.text  # nothing of the shop to a stranger


def test_a_used_or_wrong_code_and_a_locked_pairing_say_so(display: WebDisplay) -> None:
    wrong = requests.get(display.base_url + "/pair?code=guess", timeout=5)
    assert wrong.status_code == 403
    assert notice_of(wrong)[0] == "This pairing code does not work"
    for attempt in range(9):
        requests.get(f"{display.base_url}/pair?code=guess{attempt}", timeout=5)
    locked = requests.get(display.base_url + "/pair?code=guess", timeout=5)
    assert locked.status_code == 429
    assert notice_of(locked) == ("Too many wrong pairing codes",
                                 "Wait a minute, then ask the cashier for a new pairing code.")


def test_the_notices_style_is_open_and_the_pages_is_not(display: WebDisplay) -> None:
    style = requests.get(display.base_url + "/notice.css", timeout=5)
    assert style.status_code == 200 and style.headers["Content-Type"].startswith("text/css")
    assert style.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
    assert "main" in style.text
    assert requests.get(display.base_url + "/display.css", timeout=5).status_code == 401
