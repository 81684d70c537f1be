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


def test_the_demo_keeps_its_own_preferences_and_the_sandboxs_account(
    paydesk: RunPaydesk, tmp_path: Path
) -> None:
    """As the window's settings in the demo: the shop's name and the order lifetime are
    saved for the demo (and its sandbox's next order has them); the account is fixed."""
    named = paydesk("--demo", "config", "set", "merchant_name", "Corner Cafe")
    assert named.code == 0, named.err
    assert "merchant_name = Corner Cafe (for the demo)" in named.out
    lifetime = paydesk("--demo", "config", "set", "order_lifetime_seconds", "300")
    assert lifetime.code == 0, lifetime.err
    shown = paydesk("--demo", "config", "show", "--json")
    assert shown.code == 0, shown.err
    settings = json.loads(shown.out)["settings"]
    assert settings["merchant_name"] == "Corner Cafe"
    assert settings["order_lifetime_seconds"] == 300
    # The person's own settings are untouched.
    own = paydesk("config", "show", "--json")
    assert json.loads(own.out)["settings"]["merchant_name"] != "Corner Cafe"
    for name, value in (("base_url", "https://pay.example.com"), ("client_id", "7")):
        refused = paydesk("--demo", "config", "set", name, value)
        assert refused.code == 2
        assert f"{name} is fixed in the demo" in refused.err
