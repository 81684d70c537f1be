"""A pairing code lives its minutes on the steady clock: a corrected wall clock neither
kills it early nor keeps it alive, and a code from another boot is dead. The real
server on loopback; the last test makes the code with ``paydesk display link`` whose
wall clock libfaketime holds an hour behind (its steady clock is the real one)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import requests

from paydesk.core.buyer_devices import devices as display_devices
from paydesk.core.buyer_devices.devices import CODE_SECONDS, DEVICES_FILE, steady_seconds
from paydesk.core.buyer_devices.page import PageWords
from paydesk.core.buyer_devices.web_server import WebDisplay

from cli_process import Paydesk, child_env

LIBFAKETIME = next((p for p in (
    Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"),
    Path("/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"),
    Path("/usr/lib/faketime/libfaketime.so.1"),
) if p.exists()), None)


@pytest.fixture
def display(tmp_path: Path) -> Iterator[WebDisplay]:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    server = WebDisplay(data_dir, PageWords.made("en", "Corner shop"))
    server.start()
    yield server
    server.stop()


def opens(display: WebDisplay, code: str) -> int:
    return requests.get(f"{display.base_url}/pair?code={code}", timeout=5,
                        allow_redirects=False).status_code


def test_a_wall_clock_put_back_does_not_keep_a_late_code_alive(display: WebDisplay) -> None:
    """Made more than its minutes ago on the steady clock; the wall clock, put back an
    hour since, says it has most of its life left."""
    made = steady_seconds() - CODE_SECONDS - 1
    code, expires_at = display.book.new_code(datetime.now(UTC) + timedelta(hours=1), made)
    assert expires_at > datetime.now(UTC) + timedelta(minutes=30)
    assert opens(display, code) == 403
    assert display.devices() == []


def test_a_wall_clock_put_forward_does_not_kill_a_fresh_code(display: WebDisplay) -> None:
    """Made a moment ago on the steady clock; the wall clock, put forward an hour since,
    says it ran out long ago."""
    code, expires_at = display.book.new_code(datetime.now(UTC) - timedelta(hours=1))
    assert expires_at < datetime.now(UTC)
    assert opens(display, code) == 303
    assert [device.name for device in display.devices()] == ["Browser 1"]


def test_a_code_from_another_boot_is_dead(display: WebDisplay) -> None:
    code, _ = display.book.new_code(datetime.now(UTC))
    path = display.data_dir / DEVICES_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    [kept] = data["codes"]
    assert set(kept) == {"hash", "expires_at", "steady_from", "boot", "name"}
    kept["boot"] = "another boot"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert opens(display, code) == 403
    assert display.devices() == []


def test_where_no_boot_is_named_the_steady_and_the_wall_clock_tell_another_boot(
        display: WebDisplay, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(display_devices, "_boot_id", lambda: None)
    now = datetime.now(UTC)
    # The steady clock reads less than at the code's making: it started again.
    started_again, _ = display.book.new_code(now, steady_seconds() + 60)
    assert opens(display, started_again) == 403
    # It reads within the code's minutes, as a new boot's may, but the wall clock is
    # hours past the code's time.
    earlier_boot, _ = display.book.new_code(now - timedelta(hours=3), steady_seconds())
    assert opens(display, earlier_boot) == 403
    # And the same boot's code, an hour's correction or not, pairs.
    fresh, _ = display.book.new_code(now - timedelta(minutes=50), steady_seconds())
    assert opens(display, fresh) == 303
    assert len(display.devices()) == 1


def test_a_code_edited_by_hand_is_dead_not_fatal(display: WebDisplay) -> None:
    code, _ = display.book.new_code(datetime.now(UTC))
    path = display.data_dir / DEVICES_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    data["codes"][0]["steady_from"] = 10 ** 400
    path.write_text(json.dumps(data), encoding="utf-8")
    assert opens(display, code) == 403
    fresh, _ = display.book.new_code(datetime.now(UTC))
    assert opens(display, fresh) == 303


@pytest.mark.skipif(LIBFAKETIME is None, reason="libfaketime is not installed")
def test_a_link_made_on_a_clock_an_hour_behind_pairs(display: WebDisplay,
                                                     tmp_path: Path) -> None:
    """``paydesk display link`` on a wall clock an hour behind the server's (the clock
    corrected between the link and the tablet): the link works, once."""
    data_dir = display.data_dir
    paydesk = Paydesk(data_dir, child_env(data_dir, tmp_path / "keychain.json"))
    done = paydesk.run("display", "link", "--json", env={
        "LD_PRELOAD": str(LIBFAKETIME), "FAKETIME": "-1h",
        "FAKETIME_DONT_FAKE_MONOTONIC": "1", "FAKETIME_DONT_RESET": "1"})
    assert done.code == 0, done.err
    printed = json.loads(done.out)
    assert datetime.fromisoformat(printed["expires_at"]) < datetime.now(UTC)  # its clock
    device = requests.Session()
    assert device.get(printed["url"], timeout=5).status_code == 200
    assert device.get(display.base_url + "/hello", timeout=5).status_code == 204
    assert requests.get(printed["url"], timeout=5).status_code == 403  # once only
