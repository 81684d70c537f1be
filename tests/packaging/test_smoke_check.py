"""The bundle's smoke check tells a working bundle from a broken one.

The real bundle takes a PyInstaller build (packaging/build_bundle.py, not part of
the test run); here stand-in programs behave like a working or a broken bundle,
so each way of failing is seen to fail, quickly.
"""

from __future__ import annotations

import socket
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from scripts import load_script

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="stand-ins are #! scripts")

PAINTED = "qt.widgets.painting: Flushing QRegion(0,0 1280x820) of MainWindow(0x1) to QWidgetWindow"


smoke_check = load_script("packaging/smoke_check.py")


def fake_bundle(tmp_path: Path, *, about: str, window: str, qr: str | None = None,
                shared: str | None = None) -> Path:
    """A bundle folder whose PayDesk runs ``about``, ``qr``, ``window`` or, for the shared
    book's commands (``sandbox``, ``config``, ``book``, ``create``), ``shared`` (Python
    statements)."""
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
        "elif sys.argv[1] in ('sandbox', 'config', 'book', 'create'):\n"
        + textwrap.indent(GOOD_SHARED if shared is None else shared, "    ") + "\n"
        "else:\n"
        + textwrap.indent(window, "    ") + "\n",
        encoding="utf-8",
    )
    program.chmod(0o755)
    return bundle


GOOD_ABOUT = "print(f'Resources:   {RESOURCES} (bundle)')"
GOOD_QR = "print('Link    http://127.0.0.1:8765/pay/abc')\nprint()\nprint('█▀▄ █')"
GOOD_WINDOW = "print(PAINTED, file=sys.stderr, flush=True)\nthreading.Event().wait()"
#: The shared book's commands as a working bundle answers them, given the settings.
GOOD_SHARED = """\
import json, os
if sys.argv[1] == 'sandbox':
    print('http://127.0.0.1:9/', flush=True)
    threading.Event().wait()
assert os.environ['PAYDESK_ORDER_BOOK'].startswith('postgresql://'), 'no book'
assert os.environ['PSYCOPG_IMPL'] == 'binary'
STATUS = {'kind': 'shared', 'reachable': True, 'schema_version': 1, 'orders': 1,
          'waiting': 0, 'tills': ['smoke-till'], 'till': 'smoke-till',
          'order_book': os.environ['PAYDESK_ORDER_BOOK']}
if sys.argv[1:3] == ['book', 'init']:
    print(json.dumps({'schema_version': 1, 'schema_version_before': 0, 'book_id': 'b1'}))
elif sys.argv[1] == 'create':
    print(json.dumps({'order_id': '20260101-000000000-ABCDEF', 'till': 'smoke-till'}))
elif sys.argv[1:3] == ['book', 'status']:
    print(json.dumps(STATUS))
"""
BOOK_URL = "postgresql://postgres@127.0.0.1:1/postgres"


def run(bundle: Path) -> int:
    return int(smoke_check.main([str(bundle), "--start-timeout", "20", "--run-seconds", "0.5",
                                 "--no-shared-book"]))


def test_a_working_bundle_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(fake_bundle(tmp_path, about=GOOD_ABOUT, window=GOOD_WINDOW)) == 0
    out = capsys.readouterr().out
    assert "create --qr: an order and its QR code" in out
    assert "window: painted offscreen" in out
    assert "shared book: skipped (--no-shared-book)" in out


def test_without_server_binaries_the_shared_book_step_says_it_was_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(smoke_check, "postgres_bindir", lambda: None)
    bundle = fake_bundle(tmp_path, about=GOOD_ABOUT, window=GOOD_WINDOW)
    assert smoke_check.main([str(bundle), "--run-seconds", "0.5"]) == 0
    assert "shared book: SKIPPED, no PostgreSQL server binaries" in capsys.readouterr().out


def test_the_shared_book_step_accepts_an_order_in_the_shared_book(tmp_path: Path) -> None:
    bundle = fake_bundle(tmp_path, about=GOOD_ABOUT, window=GOOD_WINDOW)
    status = smoke_check.check_shared_book(bundle / "PayDesk", tmp_path, BOOK_URL)
    assert status["orders"] == 1 and status["order_book"] == BOOK_URL


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ("sys.argv[1] == 'book' and sys.exit("
         "\"ImportError: couldn't import requested psycopg 'binary' implementation\")",
         "'book init postgresql://"),
        ("sys.argv[1] == 'sandbox' and sys.exit(2)", "'sandbox' gave no address"),
        ("sys.argv[1] == 'create' and sys.exit(print('{}'))", "made no order of till"),
        ("STATUS.update(reachable=False, problem='refused')", "disagrees"),
        ("STATUS.update(waiting=1)", "disagrees"),
    ],
    ids=["no-psycopg", "no-sandbox", "no-order", "unreachable", "not-uploaded"],
)
def test_a_bundle_without_a_working_shared_book_fails(
    tmp_path: Path, change: str, says: str
) -> None:
    shared = GOOD_SHARED.replace("if sys.argv[1:3] == ['book', 'init']:",
                                 f"{change}\nif sys.argv[1:3] == ['book', 'init']:")
    if "'sandbox'" in change:
        shared = f"{change}\n{GOOD_SHARED}"
    bundle = fake_bundle(tmp_path, about=GOOD_ABOUT, window=GOOD_WINDOW, shared=shared)
    with pytest.raises(smoke_check.SmokeCheckError, match=says):
        smoke_check.check_shared_book(bundle / "PayDesk", tmp_path, BOOK_URL)


@pytest.mark.skipif(smoke_check.postgres_bindir() is None,
                    reason="PostgreSQL server not installed: apt-get install postgresql")
def test_the_throwaway_server_listens_and_is_removed_afterwards() -> None:
    bindir = smoke_check.postgres_bindir()
    assert bindir is not None
    with smoke_check.postgres_server(bindir) as url:
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        with socket.create_connection(("127.0.0.1", port), timeout=10):
            pass
        folders = set(Path(tempfile.gettempdir()).glob("paydesk-smoke-pg-*"))
        assert folders
    assert not folders & set(Path(tempfile.gettempdir()).glob("paydesk-smoke-pg-*"))


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
