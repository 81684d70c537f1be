"""The demo's sandbox: one per demo folder, run by the window; commands beside it use it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from paydesk.core.demo import DEMO_CLIENT_ID, DEMO_SECRET_KEY, DemoSandbox
from paydesk.core.settings.values import Settings
from paydesk.gateway import GatewayClient
from paydesk.support.paths import AppPaths


@pytest.fixture
def folder(tmp_path: Path) -> AppPaths:
    return AppPaths(tmp_path / "demo").ensure()


@pytest.fixture
def started() -> Iterator[list[DemoSandbox]]:
    sandboxes: list[DemoSandbox] = []
    yield sandboxes
    for sandbox in reversed(sandboxes):
        sandbox.stop()


def start(started: list[DemoSandbox], folder: AppPaths, *, share: bool) -> DemoSandbox:
    sandbox = DemoSandbox(folder, share=share)
    sandbox.start()
    started.append(sandbox)
    return sandbox


def base_url(sandbox: DemoSandbox) -> str:
    return sandbox.settings(Settings()).base_url


def port_file(folder: AppPaths) -> str:
    return (folder.data_dir / "sandbox-port").read_text(encoding="utf-8").strip()


def test_the_sandbox_leaves_the_ports_the_demo_gives_its_page_and_api(
    folder: AppPaths, started: list[DemoSandbox]
) -> None:
    """The sandbox's port of last time is the one the demo's settings now give the
    buyer's web screen (or the till program's API): it takes a free one instead, so the
    page starts; with no such setting it keeps its port, as before."""
    first = start(started, folder, share=False)
    port = int(port_file(folder))
    first.stop()
    avoiding = DemoSandbox(folder, avoid=frozenset({port, 0}))
    avoiding.start()
    started.append(avoiding)
    assert avoiding.server is not None
    assert int(port_file(folder)) != port
    assert not base_url(avoiding).endswith(f":{port}")


def test_a_command_beside_the_window_uses_the_windows_sandbox(
    folder: AppPaths, started: list[DemoSandbox]
) -> None:
    window = start(started, folder, share=False)
    command = start(started, folder, share=True)
    assert window.server is not None and command.server is None
    assert base_url(command) == base_url(window) == window.server.base_url
    assert port_file(folder) == window.server.base_url.rsplit(":", 1)[1]
    # An order the command makes is the window's sandbox's: its link lives with the window.
    with GatewayClient(base_url(command), DEMO_CLIENT_ID, DEMO_SECRET_KEY) as client:
        link = client.create_order("DEMO-1", 6000)
    assert link.startswith(f"{window.server.base_url}/pay/")
    assert [o.order_id for o in window.server.orders()] == ["DEMO-1"]


def test_a_command_alone_runs_its_own_and_the_next_run_keeps_its_port(
    folder: AppPaths, started: list[DemoSandbox]
) -> None:
    first = start(started, folder, share=True)
    assert first.server is not None
    port = port_file(folder)
    first.stop()  # the lock goes with it
    again = start(started, folder, share=True)
    assert again.server is not None
    assert port_file(folder) == port  # the same port: earlier links still open


def test_a_window_beside_a_command_runs_its_own_and_leaves_the_port_to_it(
    folder: AppPaths, started: list[DemoSandbox]
) -> None:
    """A command holds the folder's sandbox (``create --wait`` in a terminal) when the
    window starts: the window never depends on a sandbox that ends with the command."""
    command = start(started, folder, share=True)
    window = start(started, folder, share=False)
    assert command.server is not None and window.server is not None
    assert base_url(window) != base_url(command)
    assert port_file(folder) == command.server.base_url.rsplit(":", 1)[1]


def test_a_command_starting_while_the_port_is_unknown_runs_its_own(
    folder: AppPaths, started: list[DemoSandbox]
) -> None:
    """The holder has not written its port yet (or it was removed): the command does not
    trust an old one, and serves itself."""
    window = start(started, folder, share=False)
    (folder.data_dir / "sandbox-port").unlink()
    command = start(started, folder, share=True)
    assert command.server is not None and base_url(command) != base_url(window)


def test_a_demo_shop_name_saved_as_its_default_follows_the_language(tmp_path: Path) -> None:
    """An older PayDesk wrote the English default into the demo's file as though typed:
    it is the demo shop's own name still, in the demo's language; a typed one stays."""
    from paydesk.core.runtime import open_runtime
    from paydesk.core.settings import values as settings_file

    file = AppPaths(tmp_path / "demo").ensure().settings_file
    settings_file.save(Settings(merchant_name="PayDesk demo shop", language="ru"), file)
    runtime = open_runtime(str(tmp_path), demo=True)
    try:
        assert runtime.settings.merchant_name == "Демо-магазин PayDesk"
        runtime.save_settings({"merchant_name": "Corner Café"})
        assert runtime.settings.merchant_name == "Corner Café"
        runtime.save_settings({"merchant_name": ""})  # cleared: the demo shop's own again
        assert runtime.settings.merchant_name == "Демо-магазин PayDesk"
        assert runtime.demo is not None and runtime.demo.server is not None
        assert runtime.demo.server.config.merchant_name == "Демо-магазин PayDesk"
    finally:
        runtime.close()
