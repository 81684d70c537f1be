"""Choose the window's language once, at start: texts through QTranslator, numbers through QLocale.

The texts are English in the code; Russian comes from ``paydesk_ru.qm``, which
the wheel build compiles from the .ts (setup.py). A source checkout has only the
.ts, so it is compiled here once with pyside6-lrelease into the cache folder
(and again when the .ts changes); without lrelease the window stays English
rather than failing to start. Qt's own ``qtbase_ru.qm`` translates the standard
dialog buttons (Save, Cancel).

Widgets take their texts when they are built, so this runs before the first
widget; a change of the setting takes effect at the next start.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

from paydesk.lrelease import find_lrelease
from paydesk.resources import resource_path

log = logging.getLogger(__name__)

#: The choices of Settings.language; "system" follows the operating system.
LANGUAGES = ("system", "en", "ru")
_LOCALES = {
    "ru": QLocale(QLocale.Language.Russian, QLocale.Country.Russia),
    "en": QLocale(QLocale.Language.English, QLocale.Country.UnitedStates),
}
_LRELEASE_TIMEOUT = 60

#: Installed translators; referenced here so Python does not collect them while Qt uses them.
_installed: list[QTranslator] = []


def install_translation(
    app: QCoreApplication, language: str, *, cache_dir: Path | None = None
) -> str:
    """Translate the application into ``language`` ("system", "ru" or "en").

    Returns the language its texts will be in: "ru" or "en" ("en" also when
    the Russian translation cannot be loaded). Replaces what an earlier call
    installed. ``cache_dir`` is where a checkout's compiled .qm is kept.
    """
    remove_translation(app)
    chosen = _resolve(language)
    if language in _LOCALES:
        QLocale.setDefault(_LOCALES[language])  # "system": the system's locale stays
    if chosen == "en":
        return "en"
    qm = paydesk_qm(chosen, cache_dir)
    ours = QTranslator(app)
    if qm is None or not ours.load(str(qm)):
        log.warning("the %s translation could not be loaded (%s); the window stays English",
                    chosen, qm)
        return "en"
    _install(app, ours)
    from PySide6.QtCore import QLibraryInfo  # its enums: ~1 ms an English start does without

    qt_own = QTranslator(app)
    qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt_own.load(f"qtbase_{chosen}", qt_folder):
        _install(app, qt_own)
    else:
        log.info("Qt's qtbase_%s.qm is not in %s; standard buttons stay English",
                 chosen, qt_folder)
    return chosen


def remove_translation(app: QCoreApplication) -> None:
    """Back to the English texts (the locale is left as it is)."""
    while _installed:
        app.removeTranslator(_installed.pop())


def language_of(locale: QLocale) -> str:
    return "ru" if locale.language() == QLocale.Language.Russian else "en"


def _resolve(language: str) -> str:
    if language in _LOCALES:
        return language
    if language != "system":
        log.warning("unknown language setting %r; following the system", language)
    return language_of(QLocale.system())


def _install(app: QCoreApplication, translator: QTranslator) -> None:
    app.installTranslator(translator)
    _installed.append(translator)


def paydesk_qm(language: str, cache_dir: Path | None = None) -> Path | None:
    """The shipped .qm, else one compiled from the checkout's .ts; None when neither
    (``paydesk about --check`` finds it this way too)."""
    shipped = resource_path("translations", f"paydesk_{language}.qm")
    if shipped.exists():
        return shipped
    source = resource_path("translations", f"paydesk_{language}.ts")
    if not source.exists():
        return None
    return compile_ts(source, cache_dir or default_cache_dir())


def default_cache_dir() -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("PayDesk", appauthor=False)) / "translations"


def compile_ts(source: Path, cache_dir: Path) -> Path | None:
    """``source`` compiled into ``cache_dir``, named by its mtime: compiled once per edit."""
    target = cache_dir / f"{source.stem}-{source.stat().st_mtime_ns}.qm"
    if target.exists():
        return target
    # Only a checkout that was never built gets here: its tools load here, not at start.
    import subprocess
    import tempfile

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
