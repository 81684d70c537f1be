"""Where the translation comes from: the shipped .qm, or one compiled from the .ts.

The marker for texts shown where Qt is not loaded is paydesk.domain.catalogue's,
beside the words of every failure code.

The wheel and the bundle ship ``paydesk_ru.qm`` (compiled at build time). A
source checkout has only the .ts, so it is compiled here once with
pyside6-lrelease into the cache folder (and again when the .ts changes).
Qt-free: the window loads the file (ui/shell/i18n.py) and ``paydesk about --check``
checks it, both found here. The command line reads the same catalogue for its words
(paydesk/cli/words.py): one catalogue for every front end.
"""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

from paydesk.support.lrelease import find_lrelease
from paydesk.support.resources import resource_path

log = logging.getLogger(__name__)

_LRELEASE_TIMEOUT = 60


def paydesk_qm(language: str, cache_dir: Path | None = None) -> Path | None:
    """The shipped .qm, else one compiled from the checkout's .ts; None when neither."""
    shipped = resource_path("translations", f"paydesk_{language}.qm")
    if shipped.exists():
        return shipped
    source = resource_path("translations", f"paydesk_{language}.ts")
    if not source.exists():
        return None
    return compile_ts(source, cache_dir or default_cache_dir())


def default_cache_dir() -> Path:
    from platformdirs import user_cache_dir  # a source checkout's only, as compile_ts

    return Path(user_cache_dir("PayDesk", appauthor=False)) / "translations"


def compile_ts(source: Path, cache_dir: Path) -> Path | None:
    """``source`` compiled into ``cache_dir``, named by its mtime: compiled once per edit."""
    target = cache_dir / f"{source.stem}-{source.stat().st_mtime_ns}.qm"
    if target.exists():
        return target
    import subprocess  # only a checkout that was never built runs lrelease

    lrelease = find_lrelease()
    if lrelease is None:
        log.warning("pyside6-lrelease is not installed; %s cannot be compiled", source.name)
        return None
    cache_dir.mkdir(parents=True, exist_ok=True)
    # Compiled to a temporary name and renamed: two windows starting at once
    # never read a half-written file.
    handle, temporary = tempfile.mkstemp(suffix=".qm", dir=cache_dir)
    os.close(handle)
    try:
        subprocess.run(  # noqa: S603 (Qt's own tool on our own file)
            [lrelease, "-silent", str(source), "-qm", temporary],
            check=True, capture_output=True, timeout=_LRELEASE_TIMEOUT,
        )
        os.replace(temporary, target)
    except (OSError, subprocess.SubprocessError) as error:
        log.warning("pyside6-lrelease could not compile %s: %s", source.name, error)
        Path(temporary).unlink(missing_ok=True)
        return None
    for old in cache_dir.glob(f"{source.stem}-*.qm"):
        if old != target:
            old.unlink(missing_ok=True)
    return target
