"""The buyer's web screen's server over loopback: pairing, the live stream, removal."""

from __future__ import annotations

import json
import logging
import queue
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import requests

from paydesk.core.buyer_devices.devices import CODE_SECONDS, DEVICES_FILE, steady_seconds
from paydesk.core.buyer_devices.page import PageWords
from paydesk.core.buyer_devices.web_server import WebDisplay, running_address
from paydesk.core.counter.views import BuyerState, BuyerView
from paydesk.support.qr import qr_matrix, svg_text

from web_display_client import EventStream, paired_session

SALE = BuyerView(BuyerState.PENDING, 123450, "https://pay.example/o/1", 900)


@pytest.fixture
def display(tmp_path: Path) -> Iterator[WebDisplay]:
    server = WebDisplay(tmp_path, PageWords.made("en", "Corner shop"), idle_seconds=0.5)
    server.start()
    yield server
    server.stop()


def test_a_pairing_address_pairs_once_and_lands_on_the_page(display: WebDisplay) -> None:
    address, expires_at = display.pairing_address()
    assert timedelta(minutes=4) < expires_at - datetime.now(UTC) <= timedelta(minutes=5)
    browser = requests.Session()
    page = browser.get(address, timeout=5)
    assert page.status_code == 200 and page.url == display.base_url + "/"
    assert '<html lang="en">' in page.text and "Corner shop" in page.text
    assert [d.name for d in display.devices()] == ["Browser 1"]  # its kind and a number
    again = requests.get(address, timeout=5)
    assert again.status_code == 403 and "paydesk_display" not in again.cookies
    assert len(display.devices()) == 1


def test_a_late_pairing_code_does_not_pair(display: WebDisplay) -> None:
    made = steady_seconds() - CODE_SECONDS - 1  # its minutes are over on the steady clock
    code, _ = display.book.new_code(datetime.now(UTC), made)
    reply = requests.get(f"{display.base_url}/pair?code={code}", timeout=5)
    assert reply.status_code == 403 and display.devices() == []


def test_ten_wrong_codes_lock_pairing_for_a_minute(display: WebDisplay) -> None:
    for attempt in range(10):
        assert requests.get(f"{display.base_url}/pair?code=guess{attempt}",
                            timeout=5).status_code == 403
    address, _ = display.pairing_address()
    assert requests.get(address, timeout=5).status_code == 429
    assert display.devices() == []


def test_tokens_and_codes_are_kept_only_as_hashes_and_never_logged(
        display: WebDisplay, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="paydesk")
    address, _ = display.pairing_address()
    code = address.rsplit("=", 1)[1]
    browser = requests.Session()
    browser.get(address, timeout=5)
    token = browser.cookies["paydesk_display"]
    assert len(token) == 22  # 128 bits, URL-safe base64
    kept = (display.data_dir / DEVICES_FILE).read_text(encoding="utf-8")
    ours = [r for r in caplog.records if r.name.startswith("paydesk")]
    everything = kept + "".join(r.getMessage() for r in ours)
    assert token not in everything and code not in everything
    assert json.loads(kept)["devices"][0]["token_hash"]


def test_the_stream_starts_with_the_current_view_and_follows_each(display: WebDisplay) -> None:
    browser = paired_session(display)
    display.show(SALE)
    stream = EventStream(browser, display.base_url)
    first = stream.next()
    # The view shown before the page connected, or the idle one then this sale.
    if first[1]["state"] == "idle":
        first = stream.next()
    assert first == ("view", {"state": "pending", "amount": "1,234.50\u00a0₽", "seconds_left": 900,
                              "code": first[1]["code"]})
    for view in (BuyerView(BuyerState.PENDING, 123450, SALE.link, 899),
                 BuyerView(BuyerState.CHECKING, 123450, None, None),
                 BuyerView(BuyerState.PAID, 123450, None, None), BuyerView()):
        display.show(view)
        event, data = stream.next()
        assert event == "view" and data["state"] == view.state.value
        assert data["seconds_left"] == view.seconds_left
        assert (data["code"] is None) == (view.state is not BuyerState.PENDING)
    stream.close()


def test_the_code_picture_is_the_sale_links_qr_and_only_while_it_is_shown(
        display: WebDisplay) -> None:
    browser = paired_session(display)
    display.show(SALE)
    stream = EventStream(browser, display.base_url)
    data = stream.next()[1]
    while data["code"] is None:
        data = stream.next()[1]
    picture = browser.get(display.base_url + data["code"], timeout=5)
    assert picture.status_code == 200
    assert picture.headers["Content-Type"].startswith("image/svg+xml")
    assert picture.text == svg_text(qr_matrix(SALE.link or ""))
    display.show(BuyerView())
    assert stream.next()[1]["state"] == "idle"
    assert browser.get(display.base_url + data["code"], timeout=5).status_code == 404
    stream.close()


def test_a_page_that_comes_back_sees_the_current_state_not_the_old_sale(
        display: WebDisplay) -> None:
    browser = paired_session(display)
    display.show(SALE)
    stream = EventStream(browser, display.base_url)
    while stream.next()[1]["state"] != "pending":
        pass
    stream.close()  # the Wi-Fi is gone
    display.show(BuyerView(BuyerState.PAID, 123450, None, None))
    display.show(BuyerView())
    back = EventStream(browser, display.base_url)
    assert back.next() == ("view", {"state": "idle", "amount": None, "seconds_left": None,
                                    "code": None})
    back.close()


def test_a_removed_device_is_told_at_once_and_refused_after(display: WebDisplay) -> None:
    browser = paired_session(display)
    kept = paired_session(display)
    stream = EventStream(browser, display.base_url)
    stream.next()
    removed, other = display.devices()
    display.remove_device(removed.device_id)
    assert stream.next() == ("removed", {})
    assert browser.get(display.base_url + "/hello", timeout=5).status_code == 401
    assert browser.get(display.base_url + "/", timeout=5).status_code == 401
    assert kept.get(display.base_url + "/hello", timeout=5).status_code == 204
    assert [d.device_id for d in display.devices()] == [other.device_id]


def test_paired_devices_survive_a_restart_and_commands_find_the_address(
        tmp_path: Path) -> None:
    first = WebDisplay(tmp_path, PageWords.made("en"))
    first.start()
    assert running_address(tmp_path) == first.base_url
    browser = paired_session(first)
    first.stop()
    assert running_address(tmp_path) is None
    second = WebDisplay(tmp_path, PageWords.made("en"))
    second.start()
    try:
        assert browser.get(second.base_url + "/hello", timeout=5).status_code == 204
    finally:
        second.stop()


def test_the_page_is_in_the_tills_language(tmp_path: Path) -> None:
    server = WebDisplay(tmp_path, PageWords.made("ru", "", lambda text: {"Ready": "Готово"}
                                                 .get(text, text)))
    server.start()
    try:
        page = paired_session(server).get(server.base_url + "/", timeout=5).text
        assert '<html lang="ru">' in page and "Готово" in page
    finally:
        server.stop()


def test_new_words_reach_the_open_pages(display: WebDisplay) -> None:
    browser = paired_session(display)
    stream = EventStream(browser, display.base_url)
    event, first = stream.next(page=True)
    assert event == "page" and first["version"] == PageWords.made("en", "Corner shop").version
    assert stream.next()[0] == "view"
    renamed = PageWords.made("en", "Corner shop & café")
    display.set_words(renamed)
    with pytest.raises(EOFError):  # the stream ends: the page reconnects ...
        stream.next()
    again = EventStream(browser, display.base_url)
    event, told = again.next(page=True)
    assert (event, told["version"]) == ("page", renamed.version)  # ... and reloads
    assert "Corner shop &amp; café" in browser.get(display.base_url + "/", timeout=5).text
    again.close()


def read_to_the_end(stream: EventStream) -> None:
    while True:
        stream.next()


def test_only_pages_that_answer_the_pings_are_counted(tmp_path: Path) -> None:
    """A stalled connection closes nothing: the server knows a page is there only while
    it answers the stream's pings. One that stops is no longer counted, its stream ends;
    a new stream that answers is counted again."""
    counts: queue.Queue[int] = queue.Queue()
    server = WebDisplay(tmp_path, PageWords.made("en"), idle_seconds=0.5, ping_seconds=0.4,
                        on_connected=counts.put)
    server.start()
    try:
        browser = paired_session(server)
        stream = EventStream(browser, server.base_url)
        assert stream.next()[0] == "view"  # the first ping, answered, came before it
        assert counts.get(timeout=5) == 1
        wanted = stream.pings + 3  # longer than the bound, answering each
        while stream.pings < wanted:
            stream.next(ping=True)
        assert server.connected() == 1 and counts.empty()
        stream.answering = False  # nothing comes back from the page any more
        assert counts.get(timeout=5) == 0
        assert server.connected() == 0
        with pytest.raises(EOFError):  # the server ended the silent stream
            read_to_the_end(stream)
        again = EventStream(browser, server.base_url)
        assert again.next()[0] == "view"
        assert counts.get(timeout=5) == 1 and server.connected() == 1
        again.close()
        assert counts.get(timeout=5) == 0
    finally:
        server.stop()


def test_the_page_is_told_how_long_it_may_hear_nothing(tmp_path: Path) -> None:
    server = WebDisplay(tmp_path, PageWords.made("en"), ping_seconds=0.4)
    server.start()
    try:
        page = paired_session(server).get(server.base_url + "/", timeout=5).text
        data = json.loads(page.split('id="page-data">', 1)[1].split("</script>", 1)[0])
        assert data["lost_ms"] == 1000  # two pings and a half
    finally:
        server.stop()


def test_an_answer_for_another_stream_counts_nothing(display: WebDisplay) -> None:
    browser = paired_session(display)
    stream = EventStream(browser, display.base_url, answering=False)
    stream.next()
    assert browser.get(display.base_url + "/alive", params={"stream": "not-this-one"},
                       timeout=5).status_code == 404
    assert display.connected() == 0
    stream.close()
