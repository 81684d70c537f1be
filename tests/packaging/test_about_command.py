"""``paydesk about [--check]`` in this process, from the checkout.

The wheel and bundle tests run the same command against installed copies; here
its failure paths are checked: a translation or icon that is missing or
unreadable is reported, and turns ``--check`` into exit code 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from paydesk.cli import about_command
from paydesk.launch import main
from paydesk.support import translations
from paydesk.support.resources import resource_path
from paydesk.ui.shell import qt_checks

from memory_keyring import MemoryKeyring

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def own_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A checkout compiles the .ts into the cache folder: this test's, not the developer's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def about(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, str], str]:
    code = main(["about", *args])
    out, err = capsys.readouterr()
    lines = dict(line.split(":", 1) for line in out.splitlines())
    return code, {label: value.strip() for label, value in lines.items()}, err


def test_checkout_reports_everything_and_passes_the_check(
    qapp: QApplication, capsys: pytest.CaptureFixture[str], memory_keyring: MemoryKeyring,
    tmp_path: Path,
) -> None:
    code, lines, _ = about(capsys, "--check")

    assert code == 0
    assert lines["PayDesk"] == about_command.__version__
    assert lines["Qt"].startswith("6.")
    assert lines["Data folder"] == str(tmp_path / "paydesk-data")
    assert lines["Resources"] == f"{ROOT / 'resources'} (source checkout)"
    assert lines["Icon"] == f"loaded ({ROOT / 'resources' / 'icons' / 'paydesk.svg'})"
    assert lines["Russian"].startswith("loaded (") and "'Paid' -> 'Оплачено'" in lines["Russian"]
    assert "compiled from the checkout's paydesk_ru.ts" in lines["Russian"]
    assert "MemoryKeyring" in lines["Keychain"]


def test_demo_says_the_keychain_is_not_used(
    qapp: QApplication, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--demo", "about"])
    out = capsys.readouterr().out

    assert code == 0
    assert "Keychain:    not used: the demo signs with the sandbox's fixed key" in out


def test_missing_translation_fails_the_check(
    qapp: QApplication, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    in_tmp = lambda *parts: tmp_path.joinpath(*parts)  # noqa: E731
    monkeypatch.setattr(qt_checks, "resource_path", in_tmp)
    monkeypatch.setattr(translations, "resource_path", in_tmp)  # the window's lookup too

    code, lines, err = about(capsys, "--check")

    assert code == 1
    assert lines["Russian"] == f"NOT FOUND: {tmp_path / 'translations' / 'paydesk_ru.qm'}"
    assert lines["Icon"].startswith("loaded")
    assert "did not load" in err


def test_unreadable_translation_fails_the_check(
    qapp: QApplication, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    broken = tmp_path / "translations" / "paydesk_ru.qm"
    broken.parent.mkdir()
    broken.write_bytes(b"not a qm file")
    in_tmp = lambda *parts: tmp_path.joinpath(*parts)  # noqa: E731
    monkeypatch.setattr(qt_checks, "resource_path", in_tmp)
    monkeypatch.setattr(translations, "resource_path", in_tmp)  # the window's lookup too

    code, lines, _ = about(capsys, "--check")

    assert code == 1
    assert lines["Russian"].startswith("NOT LOADED")


def test_a_qm_without_the_probe_text_fails_the_check(
    qapp: QApplication, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """A .qm that loads but translates nothing (an empty or wrong catalogue) is no good."""
    source = tmp_path / "empty.ts"
    source.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
                      '<TS version="2.1" language="ru_RU"></TS>\n', encoding="utf-8")
    compiled = translations.compile_ts(source, tmp_path / "compiled")
    assert compiled is not None
    target = tmp_path / "translations" / "paydesk_ru.qm"
    target.parent.mkdir()
    target.write_bytes(compiled.read_bytes())
    in_tmp = lambda *parts: tmp_path.joinpath(*parts)  # noqa: E731
    monkeypatch.setattr(qt_checks, "resource_path", in_tmp)
    monkeypatch.setattr(translations, "resource_path", in_tmp)  # the window's lookup too

    code, lines, _ = about(capsys, "--check")

    assert code == 1
    assert lines["Russian"].startswith("NOT LOADED") and "'Paid'" in lines["Russian"]


@pytest.mark.qt_log_ignore("Cannot read file")
def test_unreadable_icon_fails_the_check_but_not_a_plain_about(
    qapp: QApplication, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    broken = tmp_path / "paydesk.svg"
    broken.write_text("<svg", encoding="utf-8")
    monkeypatch.setattr(qt_checks, "icon_file", lambda suffix: broken)

    checked, lines, _ = about(capsys, "--check")
    plain, _, _ = about(capsys)

    assert checked == 1 and plain == 0
    assert lines["Icon"].startswith("NOT LOADED")
    assert lines["Russian"].startswith("loaded")


def test_the_shipped_translation_is_preferred_to_compiling(
    qapp: QApplication, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Installed, the wheel's .qm is used as it is; nothing is compiled."""
    compiled = translations.compile_ts(resource_path("translations", "paydesk_ru.ts"),
                                       tmp_path / "compiled")
    assert compiled is not None
    shipped = tmp_path / "translations" / "paydesk_ru.qm"
    shipped.parent.mkdir()
    shipped.write_bytes(compiled.read_bytes())
    in_tmp = lambda *parts: tmp_path.joinpath(*parts)  # noqa: E731
    monkeypatch.setattr(qt_checks, "resource_path", in_tmp)
    monkeypatch.setattr(translations, "resource_path", in_tmp)  # the window's lookup too

    code, lines, _ = about(capsys, "--check")

    assert code == 0
    assert lines["Russian"].startswith(f"loaded ({shipped};")


def test_no_resources_folder_is_reported_not_raised(
    qapp: QApplication, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    def missing() -> Path:
        raise FileNotFoundError("PayDesk's resources folder is missing; looked in: /nowhere")

    monkeypatch.setattr(about_command, "resources_root", missing)

    code, lines, _ = about(capsys, "--check")

    assert code == 1
    assert lines["Resources"].startswith("MISSING: ")
    assert lines["Icon"] == lines["Russian"] == "not checked: the resources folder is missing"
