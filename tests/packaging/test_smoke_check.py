"""The bundle's smoke check tells a working bundle from a broken one.

The real bundle takes a PyInstaller build (packaging/build_bundle.py, not part of
the test run); here stand-in programs behave like a working or a broken bundle,
so each way of failing is seen to fail, quickly.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from scripts import load_script

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="stand-ins are #! scripts")

PAINTED = "qt.widgets.painting: Flushing QRegion(0,0 1280x820) of MainWindow(0x1) to QWidgetWindow"


smoke_check = load_script("packaging/smoke_check.py")


def fake_bundle(tmp_path: Path, *, about: str, window: str, qr: str | None = None) -> Path:
    """A bundle folder whose PayDesk runs ``about``, ``qr`` or ``window`` (Python statements)."""
    bundle = tmp_path / "PayDesk"
    resources = bundle / "_internal" / "paydesk" / "resources"
    resources.mkdir(parents=True)
    program = bundle / "PayDesk"
    program.write_text(
        f"#!{sys.executable}\n"
        "import sys, threading\n"
        f"RESOURCES = {str(resources)!r}\n"
        f"PAINTED = {PAINTED!r}\n"
        "if sys.argv[1:] == ['about', '--check']:\n"
        + textwrap.indent(about, "    ") + "\n"
        "elif sys.argv[1:] == ['--demo', 'create', '1', '--qr']:\n"
        + textwrap.indent(GOOD_QR if qr is None else qr, "    ") + "\n"
        "else:\n"
        + textwrap.indent(window, "    ") + "\n",
        encoding="utf-8",
    )
    program.chmod(0o755)
    return bundle


GOOD_ABOUT = "print(f'Resources:   {RESOURCES} (bundle)')"
GOOD_QR = "print('Link    http://127.0.0.1:8765/pay/abc')\nprint()\nprint('█▀▄ █')"
GOOD_WINDOW = "print(PAINTED, file=sys.stderr, flush=True)\nthreading.Event().wait()"


def run(bundle: Path) -> int:
    return int(smoke_check.main([str(bundle), "--start-timeout", "20", "--run-seconds", "0.5"]))


def test_a_working_bundle_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(fake_bundle(tmp_path, about=GOOD_ABOUT, window=GOOD_WINDOW)) == 0
    out = capsys.readouterr().out
    assert "create --qr: an order and its QR code" in out
    assert "window: painted offscreen" in out


@pytest.mark.parametrize(
    ("qr", "says"),
    [
        ("print('ModuleNotFoundError: qrcode', file=sys.stderr)\nsys.exit(1)", "exited with 1"),
        ("print('Link    http://127.0.0.1:8765/pay/abc')", "printed no link and QR code"),
    ],
    ids=["encoder-missing", "no-code"],
)
def test_a_bundle_that_cannot_draw_a_qr_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], qr: str, says: str
) -> None:
    assert run(fake_bundle(tmp_path, about=GOOD_ABOUT, window=GOOD_WINDOW, qr=qr)) == 1
    assert says in capsys.readouterr().err


@pytest.mark.parametrize(
    ("about", "window", "says"),
    [
        ("sys.exit(1)", GOOD_WINDOW, "'about --check' exited with 1"),
        ("print('Resources:   /usr/share/paydesk (installed package)')", GOOD_WINDOW,
         "not the bundle's own"),
        (GOOD_ABOUT, "raise SystemExit(3)", "did not paint"),
        (GOOD_ABOUT, "print(PAINTED, flush=True)\nsys.exit(0)", "exited by itself"),
        (GOOD_ABOUT,
         "print(PAINTED, flush=True)\n"
         "print('Traceback (most recent call last):', file=sys.stderr, flush=True)\n"
         "threading.Event().wait()",
         "printed a Python traceback"),
    ],
    ids=["about-fails", "foreign-resources", "no-window", "window-exits", "traceback"],
)
def test_a_broken_bundle_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], about: str, window: str, says: str
) -> None:
    assert run(fake_bundle(tmp_path, about=about, window=window)) == 1
    assert says in capsys.readouterr().err


def test_a_missing_bundle_says_how_to_build_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(tmp_path / "nothing") == 1
    assert "python packaging/build_bundle.py" in capsys.readouterr().err
