"""Choose the window's language once, at start: texts through QTranslator, numbers through QLocale.

The texts are English in the code; Russian comes from ``paydesk_ru.qm``, shipped
or compiled from a checkout's .ts (paydesk/support/translations.py); without it the
window stays English rather than failing to start. Qt's own ``qtbase_ru.qm``
translates the standard dialog buttons (Save, Cancel).

Widgets take their texts when they are built, so this runs before the first
widget; a change of the setting takes effect at the next start.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from paydesk.domain.writing import Language, language_in_force
from paydesk.support.translations import paydesk_qm

log = logging.getLogger(__name__)

#: The choices of Settings.language; "system" follows the operating system.
LANGUAGES = ("system", "en", "ru")
_LOCALES = {
    "ru": QLocale(QLocale.Language.Russian, QLocale.Country.Russia),
    "en": QLocale(QLocale.Language.English, QLocale.Country.UnitedStates),
}
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
    qt_own = QTranslator(app)
    qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if qt_own.load(f"qtbase_{chosen}", qt_folder):
        _install(app, qt_own)
    else:
        log.info("Qt's qtbase_%s.qm is not in %s; standard buttons stay English",
                 chosen, qt_folder)
    _install(app, QtGaps(QT_GAPS.get(chosen, {}), app))  # installed last: asked first
    return chosen


#: Texts of Qt's own dialogs that its shipped translation lacks (Qt 6 added the
#: mnemonics, and qtbase_ru.qm still has "Look in:"; the file types moved to a
#: new class), by language and context.
QT_GAPS: dict[str, dict[tuple[str, str], str]] = {
    "ru": {
        ("QFileDialog", "&Look in:"): "&Папка:",
        ("QFileDialog", "Files of &type:"): "&Тип файлов:",
        # The file list's Type column (QAbstractFileIconProvider.type).
        ("QAbstractFileIconProvider", "Folder"): "Папка",
        ("QAbstractFileIconProvider", "File"): "Файл",
        ("QAbstractFileIconProvider", "%1 File"): "Файл %1",
        ("QAbstractFileIconProvider", "Drive"): "Диск",
    },
}


class QtGaps(QTranslator):
    """Answers for the few Qt texts its translation misses; nothing else."""

    def __init__(self, texts: dict[tuple[str, str], str], parent: QCoreApplication) -> None:
        super().__init__(parent)
        self._texts = texts

    def isEmpty(self) -> bool:
        return not self._texts

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        # None is Qt's null string, "not mine": an empty one would blank the text.
        return self._texts.get((context, source))


def remove_translation(app: QCoreApplication) -> None:
    """Back to the English texts (the locale is left as it is)."""
    while _installed:
        app.removeTranslator(_installed.pop())


def language_of(locale: QLocale) -> Language:
    return "ru" if locale.language() == QLocale.Language.Russian else "en"


def _resolve(language: str) -> str:
    if language not in (*_LOCALES, "system"):
        log.warning("unknown language setting %r; following the system", language)
    return language_in_force(language, language_of(QLocale.system()))  # as the command line


def _install(app: QCoreApplication, translator: QTranslator) -> None:
    app.installTranslator(translator)
    _installed.append(translator)
