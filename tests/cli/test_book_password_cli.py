"""The shared order book's password from a terminal on a computer with no keychain, and
a shared book set up before the till has its account or its password: real ``paydesk``
processes, keyring with no backend at all (as with no D-Bus session), the real
PostgreSQL server the tests start."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from paydesk.sandbox import SandboxServer
from paydesk.store.shared import BookAddress
from paydesk.store.shared.book import SharedBook
from paydesk.store.shared.schema import LATEST_SHARED_VERSION

from cli_process import Paydesk, Run, paydesk_for, service_env
from postgres import PASSWORD_ROLE, ROLE_PASSWORD
from test_values import TEST_CLIENT_ID

#: keyring's own "no backend": what a computer without a keychain service gives it.
NO_KEYCHAIN = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


def _ok(run: Run) -> Run:
    assert run.code == 0, run.text
    return run


def _json(run: Run) -> Any:
    return json.loads(_ok(run).out)


def _till(tmp_path: Path, book: str) -> Paydesk:
    """A till on ``book`` (its password not given) with no keychain."""
    till = paydesk_for(tmp_path)
    till.env.update(NO_KEYCHAIN)
    _ok(till.run("config", "set", "client_id", str(TEST_CLIENT_ID)))
    _ok(till.run("config", "set", "order_book", book))
    return till


def _never_shown(till: Paydesk, *runs: Run) -> None:
    """The password in no output, log or setting, as typed or as written in an address."""
    forms = (ROLE_PASSWORD, quote(ROLE_PASSWORD, safe=""))
    texts = [run.text for run in runs]
    texts.append((till.data_dir / "settings.json").read_text(encoding="utf-8"))
    logs = sorted((till.data_dir / "logs").glob("*.log*"))
    assert logs  # the commands did log
    texts += [log.read_text(encoding="utf-8", errors="replace") for log in logs]
    for text in texts:
        assert not any(form in text for form in forms)


@pytest.mark.scenario
def test_without_a_keychain_the_password_goes_to_the_file_chosen_and_is_used(
    tmp_path: Path, password_book: str
) -> None:
    till = _till(tmp_path, password_book)
    refused = till.run("config", "set", "book_password", "--stdin", stdin=ROLE_PASSWORD + "\n")
    assert refused.code == 2, refused.text
    # The password's words, not the secret key's; and a way out that leads somewhere.
    assert "the shared order book's password cannot be stored" in refused.err
    assert "secret key" not in refused.err
    assert "'paydesk config set secret_storage file' (readable only by you)" in refused.err
    assert "~/.pgpass" in refused.err
    secret_file = till.data_dir / "secret-key.txt"
    assert not secret_file.exists()

    _ok(till.run("config", "set", "secret_storage", "file"))
    saved = _ok(till.run("config", "set", "book_password", "--stdin", stdin=ROLE_PASSWORD + "\n"))
    user = BookAddress.parse(password_book).keychain_user
    assert saved.out == (f"book_password for {user} saved in plaintext file {secret_file} "
                         "(readable only by you)\n")
    if os.name == "posix":
        assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600
    assert ROLE_PASSWORD in secret_file.read_text(encoding="utf-8")
    # The till connects with it: the status, and a command kept in step before it reads.
    record = _json(till.run("book", "status", "--json"))
    assert (record["reachable"], record["problem"]) == (True, None)
    listed = _ok(till.run("list"))
    assert "offline" not in listed.err
    _never_shown(till, refused, saved, listed, till.run("config", "show"),
                 till.run("book", "status"))


@pytest.mark.scenario
def test_a_password_in_the_address_goes_to_the_file_chosen_too(
    tmp_path: Path, password_book: str
) -> None:
    till = paydesk_for(tmp_path)
    till.env.update(NO_KEYCHAIN)
    _ok(till.run("config", "set", "client_id", str(TEST_CLIENT_ID)))
    with_password = password_book.replace(f"{PASSWORD_ROLE}@",
                                          f"{PASSWORD_ROLE}:{quote(ROLE_PASSWORD, safe='')}@")
    refused = till.run("config", "set", "order_book", with_password)
    assert refused.code == 2 and "the shared order book's password cannot" in refused.err
    assert _json(till.run("config", "show", "--json"))["settings"]["order_book"] == ""

    _ok(till.run("config", "set", "secret_storage", "file"))
    saved = _ok(till.run("config", "set", "order_book", with_password))
    assert "book_password saved in plaintext file" in saved.out
    assert "(readable only by you)" in saved.out
    assert f"order_book = {password_book}" in saved.out
    assert _json(till.run("book", "status", "--json"))["reachable"] is True

    # Back to a keychain, once there is one: the password moves there, the file goes.
    keychain = dict(till.env, PYTHON_KEYRING_BACKEND="memory_keyring.FileKeyring")
    moved = _ok(till.run("config", "set", "secret_storage", "keychain", env=keychain))
    assert "book_password moved to the OS keychain" in moved.out
    assert not (till.data_dir / "secret-key.txt").exists()
    assert list(json.loads((tmp_path / "keychain.json").read_text()).values()) == [
        ROLE_PASSWORD]
    assert _json(till.run("book", "status", "--json", env=keychain))["reachable"] is True
    _never_shown(till, refused, saved, moved)


def test_init_and_status_without_a_password_say_what_is_missing_and_how_to_give_it(
    tmp_path: Path, password_book: str
) -> None:
    till = paydesk_for(tmp_path)
    # Not this till's book (yet): the password can only come from libpq's places.
    init = till.run("book", "init", password_book)
    assert init.code == 5, init.text
    assert init.err.startswith(f"paydesk: The shared order book at {password_book} asks for a "
                               "password, and none was given.")
    assert "fe_sendauth" not in init.err
    assert "~/.pgpass, as the line 127.0.0.1:" in init.err and "PGPASSWORD" in init.err

    _ok(till.run("config", "set", "order_book", password_book))
    status = till.run("book", "status")
    assert status.code == 5, status.text
    assert "asks for a password, and none was given" in status.out
    assert "Give it with 'paydesk config set book_password', or in ~/.pgpass" in status.out
    assert "fe_sendauth" not in status.text
    record = json.loads(till.run("book", "status", "--json").out)
    assert "paydesk config set book_password" in record["problem"]
    assert "fe_sendauth" not in record["problem"]
    # Given as it says, it works; init too, with the till's own book.
    _ok(till.run("config", "set", "book_password", "--stdin", stdin=ROLE_PASSWORD + "\n"))
    assert "ready already" in _ok(till.run("book", "init", password_book)).out


def test_status_in_a_folder_not_set_up_needs_no_client_id(
    tmp_path: Path, book_url: str, sandbox: SandboxServer
) -> None:
    with SharedBook.connect(book_url) as book:
        book.init_schema()
    selling = paydesk_for(tmp_path / "selling")
    selling.env.update(service_env(sandbox))
    _ok(selling.run("config", "set", "order_book", book_url))
    _ok(selling.run("create", "150"))

    fresh = paydesk_for(tmp_path / "fresh")
    _ok(fresh.run("config", "set", "order_book", book_url))
    status = _ok(fresh.run("book", "status"))
    assert (f"Shared book: online, schema {LATEST_SHARED_VERSION}, 1 order(s), 1 open"
            in status.out)
    assert "Account: not set yet" in status.out
    assert "client id" not in status.err.lower()
    record = _json(fresh.run("book", "status", "--json"))
    assert (record["reachable"], record["orders"], record["waiting"]) == (True, 1, 0)

