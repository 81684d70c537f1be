"""Build step that pyproject.toml cannot express: ship the top-level resources/.

The wheel gets ``paydesk/resources/`` (sounds, icons, translations), so an
installed PayDesk finds them beside its code (see paydesk/resources.py).
Translations are compiled from ``.ts`` to ``.qm`` here, with Qt's lrelease when
it is available in the build environment.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent
RESOURCES = ROOT / "resources"


def _lrelease() -> str | None:
    """PySide6's lrelease: beside this interpreter (an isolated build env), or on PATH."""
    beside = Path(sys.executable).parent / "pyside6-lrelease"
    return str(beside) if beside.exists() else shutil.which("pyside6-lrelease")


class BuildWithResources(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "paydesk" / "resources"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(RESOURCES, target, ignore=shutil.ignore_patterns("*.ts", "README.md"))
        self._compile_translations(target / "translations")

    def _compile_translations(self, target: Path) -> None:
        sources = sorted((RESOURCES / "translations").glob("*.ts"))
        if not sources:
            return
        lrelease = _lrelease()
        if lrelease is None:
            raise RuntimeError("pyside6-lrelease is needed to compile the translations")
        target.mkdir(parents=True, exist_ok=True)
        for source in sources:
            subprocess.run(  # noqa: S603 (a fixed tool on our own files)
                [lrelease, "-silent", str(source), "-qm", str(target / f"{source.stem}.qm")],
                check=True,
            )


setup(cmdclass={"build_py": BuildWithResources})
