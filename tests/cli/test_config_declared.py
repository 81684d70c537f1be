"""``paydesk config`` and its help read the settings' declarations: a variable, a bound
or "fixed in the demo" declared for a setting is shown and obeyed with no other edit.
In this process (a subprocess would not see a declaration changed for the test)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from paydesk.cli import exit_codes
from paydesk.cli.main import build_parser
from paydesk.core.runtime import Runtime, open_runtime
from paydesk.core.settings.values import DECLARED

from memory_keyring import MemoryKeyring


def redeclare(monkeypatch: pytest.MonkeyPatch, name: str, **facts: object) -> None:
    monkeypatch.setitem(DECLARED, name, dataclasses.replace(DECLARED[name], **facts))


def help_of(*tokens: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        build_parser().parse_args([*tokens, "--help"])
    return " ".join(capsys.readouterr().out.split())  # as one line: wrapped anywhere


def run(runtime: Runtime, *tokens: str) -> int:
    args = build_parser().parse_args(list(tokens))
    return int(args.run(args, runtime))


@pytest.fixture
def demo(tmp_path: Path, memory_keyring: MemoryKeyring) -> Iterator[Runtime]:
    runtime = open_runtime(str(tmp_path), demo=True)
    yield runtime
    runtime.close()


def test_the_help_says_each_setting_as_declared(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = help_of("config", "set", capsys=capsys)
    for name, declared in DECLARED.items():
        assert f"{name} {declared.help}" in shown
    assert "max_in_flight status requests in flight at once, at most (1 to 64)" in shown
    assert "(PAYDESK_ORDER_BOOK; an open window takes it at its next start; fixed in the " \
           "demo)" in shown
    assert "PAYDESK_TILL" not in shown + help_of(capsys=capsys)
    redeclare(monkeypatch, "till", env="PAYDESK_TILL", help="the counter's own name")
    assert "till the counter's own name (PAYDESK_TILL; " in help_of("config", "set",
                                                                   capsys=capsys)
    assert "PAYDESK_TILL" in help_of(capsys=capsys)  # paydesk --help: the environment


def test_config_show_has_a_value_given_by_a_declared_variable(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("PAYDESK_TILL", "Front counter")
    redeclare(monkeypatch, "till", env="PAYDESK_TILL")
    runtime = open_runtime(str(tmp_path / "data"))
    try:
        assert run(runtime, "config", "show") == exit_codes.OK
        assert "till = Front counter" in capsys.readouterr().out.splitlines()
        assert run(runtime, "config", "show", "--format", "json") == exit_codes.OK
        assert json.loads(capsys.readouterr().out)["settings"]["till"] == "Front counter"
    finally:
        runtime.close()


def test_a_setting_declared_fixed_in_the_demo_is_refused_there(
    demo: Runtime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(demo, "--demo", "config", "set", "sound", "off") == exit_codes.OK
    assert "sound = False (for the demo)" in capsys.readouterr().out
    redeclare(monkeypatch, "sound", fixed_in_demo=True)
    assert run(demo, "--demo", "config", "set", "sound", "on") == exit_codes.USAGE
    assert "sound is fixed in the demo" in capsys.readouterr().err
    kept = json.loads((tmp_path / "demo" / "settings.json").read_text(encoding="utf-8"))
    assert kept["sound"] is False
