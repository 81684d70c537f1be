"""Run ``paydesk`` as a person or a script would: a separate process."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from paydesk.sandbox import SandboxServer

from test_values import TEST_CLIENT_ID, TEST_SECRET

SUPPORT = Path(__file__).parents[1] / "support"


@dataclass
class Run:
    code: int
    out: str
    err: str


Paydesk = Callable[..., Run]


@pytest.fixture
def paydesk(tmp_path: Path) -> Paydesk:
    """``paydesk("create", "150", env={...}, stdin="...")`` in a fresh process.

    The keychain is a file-backed double (this machine has none); the data
    folder is this test's own.
    """
    base_env = dict(os.environ)
    base_env.update(
        PYTHONPATH=os.pathsep.join([str(SUPPORT), base_env.get("PYTHONPATH", "")]),
        PYTHON_KEYRING_BACKEND="memory_keyring.FileKeyring",
        PAYDESK_TEST_KEYRING_FILE=str(tmp_path / "keychain.json"),
        PAYDESK_DATA_DIR=str(tmp_path / "data"),
        PYTHONIOENCODING="utf-8",
    )

    def run(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> Run:
        done = subprocess.run(
            [sys.executable, "-m", "paydesk", *args],
            env={**base_env, **(env or {})},
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
            check=False,
        )
        return Run(done.returncode, done.stdout, done.stderr)

    return run


@pytest.fixture
def service_env(sandbox: SandboxServer) -> dict[str, str]:
    """The environment a script uses to point PayDesk at a service."""
    return {
        "PAYDESK_BASE_URL": sandbox.base_url,
        "PAYDESK_CLIENT_ID": str(TEST_CLIENT_ID),
        "PAYDESK_SECRET_KEY": TEST_SECRET,
    }
