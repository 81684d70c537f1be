"""``python -m paydesk.sandbox`` as a real process, and its argument checks."""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from paydesk.domain.signing import create_order_sign
from paydesk.sandbox.cli import SECRET_ENV, add_arguments, run

from cli_process import as_from_a_terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def spawn(*args: str, env_secret: str | None = None) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != SECRET_ENV}
    if env_secret is not None:
        env[SECRET_ENV] = env_secret
    return subprocess.Popen(  # the same interpreter and install as the tests
        [sys.executable, "-m", "paydesk.sandbox", "--port", "0", *args],
        preexec_fn=as_from_a_terminal(None),  # Ctrl+C as a terminal gives it
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)


def create(base_url: str, secret: str, client_id: int = 1) -> requests.Response:
    return requests.get(
        f"{base_url}/backend/create_order",
        params={
            "client_id": str(client_id),
            "order_id": "A-1",
            "amount": "100",
            "sign": create_order_sign("A-1", 100, secret),
        },
        timeout=5,
    )


def test_generated_secret_then_sigterm(processes: list[subprocess.Popen[str]]) -> None:
    process = spawn()
    processes.append(process)
    assert process.stdout is not None

    base_url = process.stdout.readline().strip()
    secret = process.stdout.readline().strip()
    reply = create(base_url, secret)
    process.send_signal(signal.SIGTERM)
    rest, errors = process.communicate(timeout=10)

    assert re.fullmatch(re.escape("http://127.0.0.1") + r":\d+", base_url)
    assert len(secret) >= 16
    assert reply.status_code == 200
    assert reply.json()["url"].startswith(f"{base_url}/pay/")
    assert process.returncode == 0
    assert rest == ""
    assert "Traceback" not in errors


def test_secret_from_environment_then_sigint(
    processes: list[subprocess.Popen[str]], tmp_path: Path
) -> None:
    process = spawn(
        "--client-id",
        "7",
        "--merchant-name",
        "Corner café",
        "--db",
        str(tmp_path / "s.db"),
        env_secret="from-env",
    )
    processes.append(process)
    assert process.stdout is not None

    base_url = process.stdout.readline().strip()
    reply = create(base_url, "from-env", client_id=7)
    page = requests.get(reply.json()["url"], timeout=5)
    process.send_signal(signal.SIGINT)
    rest, _ = process.communicate(timeout=10)

    assert reply.status_code == 200
    assert "Corner café" in page.text
    assert process.returncode == 0
    assert rest == ""  # no second line: the secret was not generated here
    assert (tmp_path / "s.db").exists()


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(argv)


def test_defaults() -> None:
    args = parse()

    assert (args.host, args.port, args.client_id, args.ttl) == ("127.0.0.1", 8765, 1, 900.0)
    assert (args.latency_ms, args.fail_rate, args.rate_limit, args.db) == (0, 0.0, None, None)
    assert args.secret_key is None
    assert args.allow_remote is False


@pytest.mark.parametrize(
    "argv",
    [
        ["--fail-rate", "1.5"],
        ["--fail-rate", "-0.1"],
        ["--fail-rate", "nan"],
        ["--latency-ms", "-1"],
        ["--latency-ms", "1.5"],
        ["--port", "70000"],
        ["--ttl", "0"],
        ["--rate-limit", "0"],
        ["--client-id", "one"],
    ],
)
def test_bad_values_are_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse(*argv)

    assert exit_info.value.code == 2
    assert argv[0] in capsys.readouterr().err


def test_non_loopback_host_is_refused_with_a_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(parse("--host", "0.0.0.0", "--secret-key", "k"))  # refused before binding

    assert code == 2
    message = capsys.readouterr().err
    assert "--allow-remote" in message
    assert "loopback" in message


def test_unusable_database_is_a_message_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("not a database " * 100, encoding="utf-8")

    code = run(parse("--port", "0", "--secret-key", "k", "--db", str(not_a_db)))

    assert code == 1
    captured = capsys.readouterr()
    assert "cannot use the database" in captured.err
    assert captured.out == ""


def test_port_in_use_is_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    from paydesk.sandbox import SandboxConfig, SandboxServer

    with SandboxServer(SandboxConfig()) as taken:
        port = taken.base_url.rsplit(":", 1)[1]
        code = run(parse("--port", port, "--secret-key", "k"))

    assert code == 1
    assert "cannot listen" in capsys.readouterr().err
