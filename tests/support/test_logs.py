"""The log file: where it goes, how it rotates, and what it must never contain."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from pathlib import Path

import platformdirs
import pytest

from paydesk.support import logs, redaction
from paydesk.support.crash_report import uninstall_crash_handler
from paydesk.support.log_file import RotatingLogFile
from paydesk.support.logs import (
    CLI_LOG_FILE,
    LOG_FILE,
    log_dir_for,
    setup_command_logging,
    setup_logging,
)
from paydesk.support.redaction import RedactingFilter, redact, register_secret

from memory_keyring import MemoryKeyring

SECRET = "Zq7-hygiene-secret-0042"


@pytest.fixture(autouse=True)
def clean_logging() -> Iterator[None]:
    root = logging.getLogger()
    level = root.level
    yield
    logs.stop_logging()
    redaction.forget_secrets()
    root.setLevel(level)


def read(path: Path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return path.read_text(encoding="utf-8")


def test_sign_values_are_masked() -> None:
    line = "GET /backend/get_order?client_id=1&order_id=A-1&sign=9f86d081884c7d65 200"
    assert redact(line) == "GET /backend/get_order?client_id=1&order_id=A-1&sign=*** 200"
    assert redact("Sign=ABCDEF, rest") == "Sign=***, rest"


@pytest.mark.parametrize(("text", "shown"), [
    ("cannot reach postgresql://till:hunter2@backoffice:5432/shop",
     "cannot reach postgresql://till:***@backoffice:5432/shop"),
    ("postgresql://backoffice/shop?sslmode=verify-full&password=hunter2&x=1",
     "postgresql://backoffice/shop?sslmode=verify-full&password=***&x=1"),
    ("http://127.0.0.1:8765/pay/abc", "http://127.0.0.1:8765/pay/abc"),  # no password: kept
])
def test_a_password_written_into_an_address_is_masked(text: str, shown: str) -> None:
    assert redact(text) == shown


def test_the_shared_books_password_is_masked_once_the_till_has_used_it(
    tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    """The password from the keychain is registered when the till connects, so a driver's
    message that quotes it (in a traceback, say) is masked in the log."""
    from paydesk.core.runtime import Runtime
    from paydesk.core.settings.values import Settings
    from paydesk.store.shared import SharedBookError
    from paydesk.support.paths import AppPaths

    path = setup_logging(tmp_path / "logs")
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(),
                      Settings(order_book="postgresql://till@127.0.0.1:1/shop"))
    runtime.secret_store().set_book_password(runtime.book_address().keychain_user,
                                             "Pw-from-the-keychain-77")
    with pytest.raises(SharedBookError):  # nobody listens on port 1
        runtime.connect_shared_book(connect_timeout=1)
    logging.getLogger("paydesk.test").error("driver said: password Pw-from-the-keychain-77")
    assert "Pw-from-the-keychain-77" not in read(path)


def test_registered_secret_is_masked_in_messages_and_arguments(tmp_path: Path) -> None:
    path = setup_logging(tmp_path / "logs")
    register_secret(SECRET)
    log = logging.getLogger("paydesk.test")
    log.warning("key %s in an argument", SECRET)
    log.warning(f"key {SECRET.upper()} in the message, in capitals")
    text = read(path)
    assert SECRET.lower() not in text.lower()
    assert text.count("***") == 2


def test_environment_secret_is_masked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAYDESK_SECRET_KEY", "env-only-secret-77")
    path = setup_logging(tmp_path / "logs")
    logging.getLogger("paydesk.test").error("the key is %r", "env-only-secret-77")
    text = read(path)
    assert "env-only-secret-77" not in text and "the key is '***'" in text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("paid by buyer.person@example.com", "paid by b***@example.com"),
        ("email=Anna+shop@Mail.ru&sign=00ff", "email=A***@Mail.ru&sign=***"),
        ("email=buyer%40example.com&amount=100", "email=b***%40example.com&amount=100"),
        ("покупатель: иван@почта.рф.", "покупатель: и***@почта.рф."),
        ("already b***@example.com", "already b***@example.com"),
    ],
)
def test_emails_keep_only_the_first_letter_and_the_domain(text: str, shown: str) -> None:
    assert redact(text) == shown


def test_tracebacks_and_stacks_are_masked_too(tmp_path: Path) -> None:
    path = setup_logging(tmp_path / "logs")
    register_secret(SECRET)
    try:
        raise RuntimeError(f"failed for who@example.org with {SECRET}")
    except RuntimeError:
        logging.getLogger("paydesk.test").exception("it failed", stack_info=True)
    text = read(path)
    assert "Traceback" in text and "RuntimeError: failed for w***@example.org with ***" in text
    assert SECRET not in text and "who@example.org" not in text


def test_a_malformed_log_call_is_kept_not_raised() -> None:
    record = logging.LogRecord("paydesk.test", logging.INFO, __file__, 1,
                               "two %s %s", ("only-one-of-two",), None)
    assert RedactingFilter().filter(record)
    assert record.getMessage().startswith("two %s %s (arguments not shown")


def test_lines_carry_time_level_logger_and_thread(tmp_path: Path) -> None:
    path = setup_logging(tmp_path / "logs")
    worker = threading.Thread(
        target=lambda: logging.getLogger("paydesk.worker").info("checked"), name="poller-1"
    )
    worker.start()
    worker.join()
    [line] = read(path).splitlines()
    assert " INFO " in line and "paydesk.worker [poller-1] checked" in line
    assert line[:4].isdigit()  # the date first


def test_rotation_is_one_megabyte_times_five(tmp_path: Path) -> None:
    path = setup_logging(tmp_path / "logs")
    [handler] = [h for h in logging.getLogger().handlers if isinstance(h, RotatingLogFile)]
    assert (handler.maxBytes, handler.backupCount, handler.encoding) == (1_000_000, 5, "utf-8")
    assert Path(handler.baseFilename) == path == tmp_path / "logs" / LOG_FILE
    log = logging.getLogger("paydesk.test")
    for number in range(1_300):
        log.info("line %d %s", number, "x" * 1000)
    assert (tmp_path / "logs" / f"{LOG_FILE}.1").is_file()
    assert path.stat().st_size < 1_000_000


def test_setting_up_again_moves_the_file_and_keeps_one_handler(tmp_path: Path) -> None:
    first = setup_logging(tmp_path / "one", console=True)
    second = setup_logging(tmp_path / "two")
    logging.getLogger("paydesk.test").info("after the move")
    ours = [h for h in logging.getLogger().handlers if h in (logs._file_handler,
                                                             logs._console_handler)]
    assert len(ours) == 2  # the file handler moved; the console handler stayed
    assert not first.exists() and "after the move" in read(second)


def test_console_shows_warnings_or_with_verbose_info(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup_logging(tmp_path / "logs", console=True)
    logging.getLogger("paydesk.test").info("quiet")
    logging.getLogger("paydesk.test").warning("loud for a@b.example")
    setup_logging(tmp_path / "logs", console=True, verbose=True)
    logging.getLogger("paydesk.test").info("told")
    err = capsys.readouterr().err
    assert "quiet" not in err
    assert "WARNING paydesk.test: loud for a***@b.example" in err
    assert "INFO paydesk.test: told" in err


def test_an_unwritable_log_folder_costs_the_file_not_the_start(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    path = setup_logging(blocker / "logs")
    logging.getLogger("paydesk.test").info("still running")
    assert path == blocker / "logs" / LOG_FILE and not path.exists()


def test_log_folder_follows_the_data_folder_override(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert log_dir_for(str(tmp_path / "d")) == tmp_path / "d" / "logs"
    assert log_dir_for(str(tmp_path / "d"), demo=True) == tmp_path / "d" / "demo" / "logs"
    monkeypatch.setenv("PAYDESK_DATA_DIR", str(tmp_path / "env"))
    assert log_dir_for(None) == tmp_path / "env" / "logs"
    monkeypatch.delenv("PAYDESK_DATA_DIR")
    platform_logs = Path(platformdirs.user_log_dir("PayDesk", appauthor=False))
    assert log_dir_for(None) == platform_logs
    assert log_dir_for(None, demo=True) == platform_logs / "demo"


def test_commands_log_to_their_own_file_with_a_start_line(tmp_path: Path) -> None:
    path = setup_command_logging(str(tmp_path), demo=True, verbose=False, command="list")
    try:
        assert path == tmp_path / "demo" / "logs" / CLI_LOG_FILE
        text = read(path)
        assert "paydesk list; data folder" in text and "(demo)" in text
    finally:
        uninstall_crash_handler()


def test_rotation_keeps_five_copies_and_drops_the_oldest(tmp_path: Path) -> None:
    handler = RotatingLogFile(tmp_path / "x.log", maxBytes=200, backupCount=2, delay=True)
    handler.setFormatter(logging.Formatter("%(message)s"))
    lines = [f"line {number:03d} " + "y" * 80 for number in range(10)]
    try:
        for line in lines:
            handler.handle(logging.LogRecord("t", logging.INFO, __file__, 1, line, None, None))
    finally:
        handler.close()
    files = [tmp_path / "x.log", tmp_path / "x.log.1", tmp_path / "x.log.2"]
    kept = [path.read_text(encoding="utf-8").splitlines() for path in files]
    assert kept == [lines[8:], lines[6:8], lines[4:6]]  # two lines a file, newest first
    assert not (tmp_path / "x.log.3").exists()


def test_a_log_file_that_cannot_be_written_is_said_once_and_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    handler = RotatingLogFile(tmp_path / "missing" / "x.log", maxBytes=1000, backupCount=1,
                              delay=True)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        for _ in range(3):
            handler.handle(logging.LogRecord("t", logging.INFO, __file__, 1, "hi", None, None))
    finally:
        root.removeHandler(handler)
        handler.close()
    assert handler not in root.handlers
    assert capsys.readouterr().err.count("cannot be written; logging to it stops") == 1


def test_rotation_goes_on_when_the_file_was_removed_meanwhile(tmp_path: Path) -> None:
    path = tmp_path / "x.log"
    handler = RotatingLogFile(path, maxBytes=100, backupCount=2, delay=True)
    handler.setFormatter(logging.Formatter("%(message)s"))
    record = logging.LogRecord("t", logging.INFO, __file__, 1, "z" * 60, None, None)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        handler.handle(record)
        path.unlink()  # deleted, or rotated by another process sharing the file
        handler.handle(record)
        handler.handle(record)
        still_logging = handler in root.handlers
    finally:
        root.removeHandler(handler)
        handler.close()
    assert still_logging
    assert path.read_text(encoding="utf-8") == "z" * 60 + "\n"  # a new file, one line


def test_the_payment_client_masks_the_secret_it_signs_with(
    tmp_path: Path, memory_keyring: MemoryKeyring
) -> None:
    from paydesk.core.runtime import open_runtime
    from paydesk.core.settings import values as settings_file
    from paydesk.core.settings.values import Settings

    data = tmp_path / "data"
    data.mkdir()
    settings_file.save(Settings(base_url="http://127.0.0.1:9", client_id=7),
                       data / "settings.json")
    memory_keyring.set_password("PayDesk", "client-7", SECRET)
    runtime = open_runtime(str(data))
    path = setup_logging(tmp_path / "logs")
    try:
        assert redact(SECRET) == SECRET  # nothing knows it yet
        runtime.gateway()
        logging.getLogger("paydesk.test").warning("the key was %s", SECRET)
        assert SECRET not in read(path)
        assert memory_keyring.reads == 1  # read once, by the client that signs with it
    finally:
        runtime.close()


def test_a_line_is_masked_once_for_the_console_and_the_file_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = setup_logging(tmp_path / "logs", console=True)
    register_secret(SECRET)
    calls: list[str] = []
    real_redact = redaction.redact
    monkeypatch.setattr(redaction, "redact", lambda text: calls.append(text) or real_redact(text))
    logging.getLogger("paydesk.test").warning("key %s", SECRET)
    assert len(calls) == 1  # one record, one masking, whichever handler came first
    assert SECRET not in read(path) and SECRET not in capsys.readouterr().err
