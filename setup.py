"""Build step that pyproject.toml cannot express: ship the top-level resources/.

The wheel gets ``paydesk/resources/`` (sounds, icons, translations), so an
installed PayDesk finds them beside its code (see paydesk/support/resources.py).
Translations are compiled from ``.ts`` to ``.qm`` here, with Qt's lrelease when
it is available in the build environment.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent


def _lrelease_module() -> ModuleType:
    """app/paydesk/support/lrelease.py, by its path: the package itself is not importable here."""
    path = ROOT / "app" / "paydesk" / "support" / "lrelease.py"
    spec = importlib.util.spec_from_file_location("paydesk_lrelease", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildWithResources(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "paydesk" / "resources"
        _lrelease_module().stage_resources(ROOT / "resources", target)


setup(cmdclass={"build_py": BuildWithResources})
