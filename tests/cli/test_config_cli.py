from __future__ import annotations

import json
from pathlib import Path

from cli_process import RunPaydesk

SECRET = "Recognisable-Secret-7f3a"


def test_set_show_and_the_secret_never_shown(paydesk: RunPaydesk, tmp_path: Path) -> None:
    assert paydesk("config", "set", "base_url", "https://pay.example.com").code == 0
    assert paydesk("config", "set", "client_id", "42").code == 0
    run = paydesk("config", "set", "secret_key", "--stdin", stdin=SECRET + "\n")
    assert run.code == 0, run.err
    assert "keychain" in run.out.lower()

    keychain = json.loads((tmp_path / "keychain.json").read_text())
    assert keychain == {"PayDesk/client-42": SECRET}
    settings = (tmp_path / "data" / "settings.json").read_text()
    assert SECRET not in settings

    show = paydesk("config", "show")
    assert show.code == 0
    assert "base_url = https://pay.example.com" in show.out
    assert "client_id = 42" in show.out
    assert "secret_key = ******** (set)" in show.out
    assert SECRET not in show.out + show.err


def test_secret_on_the_command_line_is_refused(paydesk: RunPaydesk, tmp_path: Path) -> None:
    paydesk("config", "set", "client_id", "42")
    run = paydesk("config", "set", "secret_key", SECRET)
    assert run.code == 2 and "command line" in run.err
    assert not (tmp_path / "keychain.json").exists()


def test_bad_setting_values(paydesk: RunPaydesk) -> None:
    run = paydesk("config", "set", "client_id", "abc")
    assert run.code == 2 and "whole number" in run.err
    run = paydesk("config", "set", "colour", "red")
    assert run.code == 2 and "no setting called" in run.err
    run = paydesk("config", "set", "max_in_flight", "0")
    assert run.code == 2 and "max_in_flight" in run.err
