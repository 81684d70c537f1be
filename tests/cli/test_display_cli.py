"""``paydesk display link --name``: the pairing address a command prints names the device
it pairs, as Settings does."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from paydesk.core.buyer_devices.page import PageWords
from paydesk.core.buyer_devices.web_server import WebDisplay

from cli_process import Paydesk, child_env


@pytest.fixture
def display(tmp_path: Path) -> Iterator[WebDisplay]:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    server = WebDisplay(data_dir, PageWords.made("en", "Corner shop"))
    server.start()
    yield server
    server.stop()


def test_a_link_made_with_a_name_pairs_a_device_of_that_name(
        display: WebDisplay, tmp_path: Path) -> None:
    paydesk = Paydesk(display.data_dir, child_env(display.data_dir, tmp_path / "keychain.json"))
    named = paydesk.run("display", "link", "--name", "Terrace phone", "--json")
    plain = paydesk.run("display", "link", "--json")
    assert named.code == plain.code == 0, named.err + plain.err
    for done in (named, plain):
        url = json.loads(done.out)["url"]
        assert requests.get(url, headers={"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS "
                                          "17_0 like Mac OS X)"}, timeout=5).status_code == 200
    assert [d.name for d in display.devices()] == ["Terrace phone", "iPhone 1"]
