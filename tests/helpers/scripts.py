"""The project's scripts (tools/, packaging/), loaded as modules for their tests.

Those folders are not packages: a script is loaded by its path, as importlib's
documentation shows, and registered in ``sys.modules`` under its file's stem,
where its dataclasses look their module up by name.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_script(relative_path: str) -> ModuleType:
    """The script at ``relative_path`` from the project's root, e.g. "tools/make_sounds.py"."""
    path = ROOT / relative_path
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None, f"cannot load {path}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
