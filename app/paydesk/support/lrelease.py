"""Qt's lrelease, and resources/ staged as they ship: the .ts compiled to .qm.

Three callers: the wheel build (setup.py), the bundle (packaging/paydesk.spec)
and a source checkout's window (ui/shell/i18n.py, which compiles on first use). The
build scripts load this file by its path, so it imports only the standard library:
PySide6's folder is found without importing Qt; the window imports it at start, so
subprocess waits until lrelease is run.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

_EXE = ".exe" if sys.platform == "win32" else ""


def find_lrelease() -> str | None:
    """PySide6's lrelease: beside this interpreter (a venv, an isolated build
    environment), on PATH, or inside the PySide6 package; None when there is none."""
    beside = Path(sys.executable).parent / f"pyside6-lrelease{_EXE}"
    if beside.exists():
        return str(beside)
    on_path = shutil.which("pyside6-lrelease")
    if on_path:
        return on_path
    package = importlib.util.find_spec("PySide6")  # found, not imported: no Qt loaded here
    if package is None or not package.submodule_search_locations:
        return None  # a build environment may not have it
    bundled = Path(next(iter(package.submodule_search_locations))) / f"lrelease{_EXE}"
    return str(bundled) if bundled.exists() else None


def stage_resources(source: Path, target: Path) -> Path:
    """``source`` (resources/) copied to ``target`` as it ships: a .qm compiled from
    each .ts, the .ts files and notes left out. RuntimeError without lrelease."""
    import subprocess  # as the module's doc says

    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.ts", "README.md"))
    translations = sorted((source / "translations").glob("*.ts"))
    lrelease = find_lrelease()
    if translations and lrelease is None:
        raise RuntimeError("pyside6-lrelease (from PySide6-Essentials) is needed for the .qm files")
    for ts in translations:
        subprocess.run(  # noqa: S603 (Qt's own tool on our own files)
            [str(lrelease), "-silent", str(ts), "-qm",
             str(target / "translations" / f"{ts.stem}.qm")],
            check=True,
        )
    return target
