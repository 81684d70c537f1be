"""Build the standalone bundle and check it: ``python packaging/build_bundle.py``.

One command from a checkout to a working ``dist/PayDesk/``: PyInstaller runs
``packaging/paydesk.spec`` with this interpreter (so the bundle gets exactly
the PySide6 and libraries of the environment it is run from), then
``packaging/smoke_check.py`` starts the result. Prints the build time and the
bundle's size. Needs the ``bundle`` extra: ``pip install -e '.[bundle]'``.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "paydesk.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
BUNDLE = DIST / "PayDesk"


def folder_size(folder: Path) -> int:
    """Bytes in the folder, each file once (PyInstaller links some libraries twice)."""
    return sum(path.lstat().st_size for path in folder.rglob("*")
               if path.is_file() and not path.is_symlink())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build dist/PayDesk/ and smoke-check it.")
    parser.add_argument("--no-check", action="store_true", help="build only")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print("PyInstaller is not installed here: pip install -e '.[bundle]'", file=sys.stderr)
        return 2
    started = time.monotonic()
    built = subprocess.run(  # noqa: S603 (PyInstaller on our own spec)
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
         "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)],
        cwd=ROOT, check=False,
    )
    if built.returncode != 0:
        print(f"PyInstaller failed ({built.returncode})", file=sys.stderr)
        return built.returncode
    seconds = time.monotonic() - started
    size = folder_size(BUNDLE)
    print(f"built {BUNDLE} in {seconds:.0f} s: {size / 2**20:.1f} MiB ({size:,} bytes)")
    if args.no_check:
        return 0
    checked = subprocess.run(  # noqa: S603 (our own script)
        [sys.executable, str(HERE / "smoke_check.py"), str(BUNDLE)], check=False,
    )
    return checked.returncode


if __name__ == "__main__":
    raise SystemExit(main())
