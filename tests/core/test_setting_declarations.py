"""Each setting is declared once (core/settings/declared.py): what reads settings by kind
(the environment's overrides, the check of bounds, the payment client's rebuild, the
demo) follows a declaration, with no other edit."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from paydesk.core.demo import DemoSandbox
from paydesk.core.runtime import Runtime
from paydesk.core.settings.declared import Applies, declared_in, setting
from paydesk.core.settings.values import DECLARED, Settings, SettingsError, with_environment
from paydesk.support.paths import AppPaths

from memory_keyring import MemoryKeyring


def redeclare(monkeypatch: pytest.MonkeyPatch, name: str, **facts: object) -> None:
    """Setting ``name`` declared otherwise, for this test only."""
    monkeypatch.setitem(DECLARED, name, dataclasses.replace(DECLARED[name], **facts))


def test_every_setting_is_declared_with_its_help() -> None:
    assert list(DECLARED) == [field.name for field in dataclasses.fields(Settings)]
    for name, declared in DECLARED.items():
        assert declared.name == name
        assert declared.default == getattr(Settings(), name)
        assert declared.help.strip(), f"{name} has no help"
    assert DECLARED["order_lifetime_seconds"].bounds == (30, 7 * 24 * 3600)
    assert DECLARED["base_url"].env == "PAYDESK_BASE_URL"
    assert DECLARED["language"].applies is Applies.AT_START
    assert DECLARED["till"].applies is Applies.WITH_BOOK
    assert [name for name, declared in DECLARED.items() if declared.rebuilds_client] == [
        "base_url", "client_id", "request_deadline_seconds"]


def test_a_field_made_without_a_declaration_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Half:
        declared: int = setting(1, help="declared")
        plain: int = 2

    with pytest.raises(TypeError, match=r"Half\.plain"):
        declared_in(Half)


def test_a_declared_environment_variable_overrides_the_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    environ = {"PAYDESK_TILL": " Front counter "}
    assert with_environment(Settings(till="Terrace"), environ).till == "Terrace"
    redeclare(monkeypatch, "till", env="PAYDESK_TILL")
    assert with_environment(Settings(till="Terrace"), environ).till == "Front counter"
    # Typed and checked as the file's value is.
    redeclare(monkeypatch, "max_in_flight", env="PAYDESK_MAX_IN_FLIGHT")
    assert with_environment(Settings(), {"PAYDESK_MAX_IN_FLIGHT": "12"}).max_in_flight == 12
    with pytest.raises(SettingsError) as refused:
        with_environment(Settings(), {"PAYDESK_MAX_IN_FLIGHT": "65"})
    assert refused.value.setting == "max_in_flight" and refused.value.bounds == (1, 64)


def test_bounds_are_the_declarations(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings().with_changes(max_in_flight=40).max_in_flight == 40
    redeclare(monkeypatch, "max_in_flight", bounds=(1, 32))
    with pytest.raises(SettingsError) as refused:
        Settings().with_changes(max_in_flight=40)
    assert refused.value.bounds == (1, 32)


@pytest.fixture
def sandbox(tmp_path: Path) -> Iterator[DemoSandbox]:
    demo = DemoSandbox(AppPaths(tmp_path / "demo").ensure())
    demo.start()
    yield demo
    demo.stop()


def test_the_demo_holds_what_is_declared_fixed_in_it(
    sandbox: DemoSandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the sandbox's where it has its own, else at the declared default."""
    base = Settings(base_url="https://pay.example.com", client_id=7, secret_storage="file",
                    order_book="postgresql://till@backoffice/shop", max_in_flight=20)
    in_force = sandbox.settings(base)
    assert in_force.base_url.startswith("http://127.0.0.1:")
    assert (in_force.client_id, in_force.secret_storage, in_force.order_book) == (
        1, "keychain", "")
    assert in_force.max_in_flight == 20  # the demo's own to set
    redeclare(monkeypatch, "max_in_flight", fixed_in_demo=True)
    assert sandbox.settings(base).max_in_flight == 8


def test_a_setting_declared_to_rebuild_the_payment_client_closes_it(
    tmp_path: Path, memory_keyring: MemoryKeyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory_keyring.set_password("PayDesk", "client-5", "a-secret")
    runtime = Runtime(AppPaths(tmp_path / "data").ensure(),
                      Settings(base_url="http://127.0.0.1:9", client_id=5))
    try:
        client = runtime.gateway()
        runtime.save_settings({"sound": False})
        assert runtime.gateway() is client  # not built with it
        redeclare(monkeypatch, "sound", rebuilds_client=True)
        runtime.save_settings({"sound": True})
        assert runtime.gateway() is not client
    finally:
        runtime.close()
