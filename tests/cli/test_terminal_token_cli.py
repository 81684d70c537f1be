"""``paydesk terminal token``: the till program's API token, kept like the secret key
(real ``paydesk`` processes, the keychain double; a computer with no keychain)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from cli_process import paydesk_for

NO_KEYCHAIN = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


def _logs(data_dir: Path) -> str:
    logs = sorted((data_dir / "logs").glob("*.log*"))
    assert logs  # the commands did log
    return "".join(log.read_text(encoding="utf-8", errors="replace") for log in logs)


@pytest.mark.scenario
def test_the_token_is_made_once_kept_in_the_keychain_and_rotated_on_request(
    tmp_path: Path
) -> None:
    till = paydesk_for(tmp_path)
    first = till.run("terminal", "token", "--json")
    assert first.code == 0, first.text
    token = json.loads(first.out)["token"]
    assert len(token) == 43
    again = till.run("terminal", "token")
    assert again.code == 0 and again.out.strip() == token  # kept, not made again
    rotated = till.run("terminal", "token", "--rotate", "--json")
    new = json.loads(rotated.out)["token"]
    assert new != token
    assert till.run("terminal", "token").out.strip() == new
    # Kept in the keychain: not in the settings, the data folder's files, or a log.
    for path in till.data_dir.rglob("*"):
        if path.is_file() and "logs" not in path.parts:
            text = path.read_bytes()
            assert token.encode() not in text and new.encode() not in text, path
    assert token not in _logs(till.data_dir) and new not in _logs(till.data_dir)


@pytest.mark.scenario
def test_with_no_keychain_the_token_is_refused_plainly_or_kept_in_the_file_chosen(
    tmp_path: Path
) -> None:
    till = paydesk_for(tmp_path)
    till.env.update(NO_KEYCHAIN)
    refused = till.run("terminal", "token")
    assert refused.code == 2
    assert "no keychain" in refused.err and "API token" in refused.err
    assert refused.out == ""
    assert till.run("config", "set", "secret_storage", "file").code == 0
    kept = till.run("terminal", "token", "--json")
    assert kept.code == 0, kept.text
    token = json.loads(kept.out)["token"]
    files = [p for p in till.data_dir.rglob("*") if p.is_file() and "logs" not in p.parts
             and token.encode() in p.read_bytes()]
    assert len(files) == 1
    if os.name == "posix":
        assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
    assert till.run("terminal", "token").out.strip() == token
    assert token not in _logs(till.data_dir)


def test_the_settings_switch_the_api_and_refuse_other_words(tmp_path: Path) -> None:
    till = paydesk_for(tmp_path)
    assert till.run("config", "set", "terminal_api", "local").code == 0
    assert till.run("config", "set", "terminal_api_port", "0").code == 0
    wrong = till.run("config", "set", "terminal_api", "network")
    assert wrong.code == 2
    assert 'terminal_api must be "off" or "local".' in wrong.err
    settings = json.loads((till.data_dir / "settings.json").read_text(encoding="utf-8"))
    assert settings["terminal_api"] == "local" and settings["terminal_api_port"] == 0
