from __future__ import annotations

import json
from pathlib import Path

from cli_process import RunPaydesk, paydesk_for

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


#: Each set by a process of its own, all at once; and as the file must keep them.
AT_ONCE = {"merchant_name": "Corner Cafe", "till": "Till 2", "sound": "off",
           "order_lifetime_seconds": "600", "backoff_max_seconds": "120"}
KEPT = {"merchant_name": "Corner Cafe", "till": "Till 2", "sound": False,
        "order_lifetime_seconds": 600, "backoff_max_seconds": 120.0}


def test_settings_set_by_several_processes_at_once_are_all_kept(tmp_path: Path) -> None:
    """Five ``paydesk config set`` at once, each changing its own setting: the file keeps
    every change, none written over by another's older copy, and no process fails.

    Each is held once they have all started, then once it has read the file: under the
    settings' lock only one of them gets that far at a time (the others say they wait
    for it), whereas without it all five would read the same file before any writes."""
    runner = paydesk_for(tmp_path)
    try:
        spawned = [runner.spawn("config", "set", name, value,
                                pause_at="settings_save,settings_read")
                   for name, value in AT_ONCE.items()]
        for one in spawned:
            one.wait_for_line("paused at settings_save")
        for one in spawned:
            one.resume()
        for one in spawned:
            one.wait_for_line("paused at settings_read", "at settings_lock")
        for one in spawned:
            one.resume()  # all at once: the lock decides who goes first
        ended = [one.finish() for one in spawned]
    finally:
        runner.close()
    for one, (_out, err) in zip(spawned, ended, strict=True):
        assert one.process.returncode == 0, err
    kept = json.loads((tmp_path / "data" / "settings.json").read_text(encoding="utf-8"))
    assert {name: kept[name] for name in KEPT} == KEPT
    assert sorted(path.name for path in (tmp_path / "data").glob("settings*")) == [
        "settings.json", "settings.lock"]  # no temp file left behind
