from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from paydesk.core.settings import values as settings_file
from paydesk.core.settings.values import Settings, SettingsError, SettingsProblem
from paydesk.support.held_lock import try_lock
from paydesk.support.secret_store import NoKeychainError, SecretStore, SecretStoreError, mask

from memory_keyring import MemoryKeyring, NoKeychain


def test_defaults_when_no_file(tmp_path: Path) -> None:
    loaded = settings_file.load(tmp_path / "settings.json", environ={})
    assert loaded == Settings()
    assert not loaded.is_configured


def test_round_trip_and_environment_override(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings_file.save(Settings(base_url="https://pay.example.com", client_id=7), path)
    assert settings_file.load(path, environ={}).client_id == 7
    env = {"PAYDESK_BASE_URL": "http://127.0.0.1:9", "PAYDESK_CLIENT_ID": "12"}
    overridden = settings_file.load(path, environ=env)
    assert (overridden.base_url, overridden.client_id) == ("http://127.0.0.1:9", 12)
    assert settings_file.load(path, environ={}).client_id == 7  # the file is unchanged


@pytest.mark.parametrize(
    ("name", "raw", "message"),
    [
        ("client_id", "abc", "whole number"),
        ("focus_interval_seconds", "fast", "a number"),
        ("sound", "maybe", "on or off"),
        ("colour", "red", "no setting called"),
    ],
)
def test_bad_values_say_what_is_wrong(name: str, raw: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        settings_file.parse_value(name, raw)


def test_out_of_range_values_are_refused() -> None:
    with pytest.raises(SettingsError, match="max_in_flight"):
        Settings().with_changes(max_in_flight=0)
    with pytest.raises(SettingsError, match="https"):
        Settings().with_changes(base_url="ftp://x")


def test_corrupt_settings_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(SettingsError, match="cannot be read"):
        settings_file.load(path, environ={})


def test_secret_goes_to_the_keychain_only(tmp_path: Path, memory_keyring: MemoryKeyring) -> None:
    store = SecretStore(tmp_path / "secret.txt", environ={})
    store.set(7, "s3cr3t-value")
    assert store.get(7) == "s3cr3t-value"
    assert memory_keyring.passwords == {("PayDesk", "client-7"): "s3cr3t-value"}
    assert not (tmp_path / "secret.txt").exists()
    store.delete(7)
    assert store.get(7) is None


def test_environment_overrides_keychain(tmp_path: Path, memory_keyring: MemoryKeyring) -> None:
    store = SecretStore(tmp_path / "s", environ={"PAYDESK_SECRET_KEY": "from-env"})
    assert store.get(1) == "from-env"
    assert "PAYDESK_SECRET_KEY" in store.describe()


def test_no_keychain_is_said_plainly(tmp_path: Path) -> None:
    import keyring
    from keyring.backends.fail import Keyring as FailKeyring

    previous = keyring.get_keyring()
    keyring.set_keyring(FailKeyring())
    try:
        with pytest.raises(NoKeychainError, match="no keychain"):
            SecretStore(tmp_path / "s", environ={}).get(1)
        with pytest.raises(NoKeychainError):
            SecretStore(tmp_path / "s", environ={}).set(1, "value")
    finally:
        keyring.set_keyring(previous)
    assert not (tmp_path / "s").exists()  # no silent plaintext fallback


def test_plaintext_file_only_on_choice_and_private(tmp_path: Path) -> None:
    path = tmp_path / "secret-key.txt"
    store = SecretStore(path, use_file=True, environ={})
    store.set(1, "file-secret")
    assert store.get(1) == "file-secret"
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_mask_never_shows_characters() -> None:
    assert "abc" not in mask("abcdef")
    assert mask(None) == "(not set)"


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_plaintext_file_is_private_whatever_the_umask_and_leftovers(tmp_path: Path) -> None:
    path = tmp_path / "secret-key.txt"
    leftover = path.with_suffix(".txt.tmp")  # where an older PayDesk wrote it first
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("")
    leftover.symlink_to(elsewhere)  # planted: a write through it would land elsewhere
    old_umask = os.umask(0)
    try:
        store = SecretStore(path, use_file=True, environ={})
        store.set(1, "first-secret")
        store.set(1, "second-secret")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert store.get(1) == "second-secret"
    assert elsewhere.read_text() == ""
    # Each write made its own temp file and renamed it: none is left behind.
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "elsewhere.txt", "secret-key.txt", "secret-key.txt.tmp"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
def test_plaintext_file_made_readable_by_others_is_closed_again(tmp_path: Path) -> None:
    path = tmp_path / "secret-key.txt"
    store = SecretStore(path, use_file=True, environ={})
    store.set(1, "file-secret")
    path.chmod(0o644)  # a restore from a backup, say
    assert store.get(1) == "file-secret"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_keychain_storage_never_touches_the_plaintext_file(
    tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    path = tmp_path / "secret-key.txt"
    store = SecretStore(path, environ={})
    store.set(7, "kept-in-the-keychain")
    assert store.get(7) == "kept-in-the-keychain"
    store.delete(7)
    assert not path.exists()
    assert "keychain" in store.describe()


def test_unwritable_settings_folder_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(SettingsError, match="cannot be saved"):
        settings_file.save(Settings(), blocker / "settings.json")


def test_a_save_while_another_program_holds_the_settings_lock_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    other = try_lock(tmp_path / "settings.lock")  # another program, in its save
    assert other is not None
    monkeypatch.setattr(settings_file, "SAVE_WAIT_SECONDS", 0.0)  # gave up waiting
    with pytest.raises(SettingsError) as raised, settings_file.saving(path):
        settings_file.save(Settings(merchant_name="never"), path)
    assert raised.value.code is SettingsProblem.SAVE_BUSY
    assert raised.value.path == tmp_path and not path.exists()
    other.release()
    with settings_file.saving(path):
        settings_file.save(Settings(merchant_name="saved"), path)
    assert settings_file.load(path, environ={}).merchant_name == "saved"


def test_a_settings_lock_that_cannot_be_made_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "settings.lock").mkdir()  # something else where the lock's file goes
    with pytest.raises(SettingsError) as raised, settings_file.saving(tmp_path / "settings.json"):
        pass
    assert raised.value.code is SettingsProblem.CANNOT_SAVE and raised.value.reason


BOOK = "till_1@backoffice:5432/shop"


def test_the_plaintext_file_keeps_the_book_password_beside_the_key(tmp_path: Path) -> None:
    path = tmp_path / "secret-key.txt"
    store = SecretStore(path, use_file=True, environ={})
    store.set(1, "file-secret")
    assert path.read_text(encoding="utf-8") == "file-secret\n"  # as older PayDesks read it
    store.set_book_password(BOOK, "book pw: with spaces")
    assert store.get(1) == "file-secret"
    assert store.get_book_password(BOOK) == "book pw: with spaces"
    assert store.get_book_password("other@host:5432/db") is None
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    store.delete(1)  # the key goes, the password stays
    assert store.get(1) is None and store.get_book_password(BOOK) == "book pw: with spaces"
    assert "file-secret" not in path.read_text(encoding="utf-8")


def test_without_a_keychain_the_book_password_is_said_as_such(
    tmp_path: Path, no_keychain: NoKeychain
) -> None:
    store = SecretStore(tmp_path / "secret-key.txt", environ={})
    with pytest.raises(NoKeychainError) as raised:
        store.set_book_password(BOOK, "pw")
    assert "the shared order book's password cannot be stored" in str(raised.value)
    assert "secret key" not in str(raised.value) and "pw" not in str(raised.value).split()
    assert "'paydesk config set secret_storage file'" in str(raised.value)
    assert store.get_book_password(BOOK) is None  # libpq's own places then
    with pytest.raises(NoKeychainError, match="the secret key cannot be stored"):
        store.set(1, "key")
    assert not (tmp_path / "secret-key.txt").exists()


def test_leaving_the_file_moves_both_to_the_keychain(
    tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    path = tmp_path / "secret-key.txt"
    store = SecretStore(path, use_file=True, environ={})
    store.set(7, "file-secret")
    store.set_book_password(BOOK, "book-pw")
    with pytest.raises(SecretStoreError, match="client_id first"):
        store.move_file_to_keychain(None)
    assert path.exists()
    assert sorted(store.move_file_to_keychain(7)) == ["book_password", "secret_key"]
    assert not path.exists()
    keychain = SecretStore(path, environ={})
    assert (keychain.get(7), keychain.get_book_password(BOOK)) == ("file-secret", "book-pw")
