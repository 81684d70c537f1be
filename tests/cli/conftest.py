"""Run ``paydesk`` as a person or a script would: a separate process."""

from __future__ import annotations

from pathlib import Path

import pytest

from paydesk.sandbox import SandboxServer

from cli_process import RunPaydesk, paydesk_for
from cli_process import service_env as service_env_of


@pytest.fixture
def paydesk(tmp_path: Path) -> RunPaydesk:
    """``paydesk("create", "150", env={...}, stdin="...")`` in a fresh process, with
    this test's data folder and the keychain double (cli_process.py)."""
    return paydesk_for(tmp_path).run


@pytest.fixture
def service_env(sandbox: SandboxServer) -> dict[str, str]:
    """The environment a script uses to point PayDesk at a service."""
    return service_env_of(sandbox)
