"""Run ``paydesk`` as a person or a script would: a separate process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from paydesk.sandbox import SandboxServer

from cli_process import Paydesk, RunPaydesk, paydesk_for
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


@pytest.fixture
def back_office(tmp_path: Path, sandbox: SandboxServer) -> Iterator[Paydesk]:
    """A data folder set up for the sandbox (by the environment, as a script would), for
    ``paydesk serve``."""
    office = paydesk_for(tmp_path)
    office.env.update(service_env_of(sandbox))
    # Any free port: the test never takes one another program on this computer may hold.
    assert office.run("config", "set", "terminal_api_port", "0").code == 0
    yield office
    office.close()
