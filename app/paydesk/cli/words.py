"""The command line's words for people, in a language: the window's catalogue.

One catalogue for every front end. The texts the command line writes for people (the
day report, a spreadsheet CSV's headings and statuses) are marked with
``QT_TRANSLATE_NOOP("PayDesk", ...)`` (paydesk.support.translations), so
tools/update_translations.py files them in resources/translations/paydesk_ru.ts beside
the window's, and a text both show is one entry, translated once. Qt's QTranslator
reads the compiled catalogue, as ``paydesk about`` does (QtCore only, and only for
Russian). Where it cannot be read (no .qm, and no lrelease to compile the .ts), the
words stay English, and so does the writing of amounts and dates (:attr:`Words.language`):
a report never mixes two languages.

The rest of the command line (its messages, ``list`` and ``status``) speaks English,
with amounts and dates written the terminal's way (paydesk.cli.dates).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from paydesk.cli.dates import terminal_language
from paydesk.domain.writing import Language
from paydesk.support.translations import paydesk_qm

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator

log = logging.getLogger(__name__)

_CONTEXT = "PayDesk"


class Words:
    """English texts in :attr:`language`: ``words("Paid by hour")``."""

    def __init__(self, language: Language, translator: QTranslator | None = None) -> None:
        #: The language the words are in, which the amounts and dates beside them follow.
        self.language: Language = language
        self._translator = translator

    def __call__(self, text: str) -> str:
        if self._translator is None:
            return text
        return self._translator.translate(_CONTEXT, text) or text


def words_in(language: str) -> Words:
    """The words in ``language`` ("ru", "en"), or English when its catalogue cannot be read."""
    if language != "ru":
        return Words("en")
    qm = paydesk_qm("ru")
    if qm is None:
        log.warning("no Russian catalogue (paydesk_ru.qm): the words stay English")
        return Words("en")
    try:
        from PySide6.QtCore import QTranslator  # Qt: only where Russian is wanted
    except ImportError as error:  # a Qt whose libraries are missing here
        log.warning("Qt cannot load (%s): the words stay English", error)
        return Words("en")
    translator = QTranslator()
    if not translator.load(str(qm)):
        log.warning("QTranslator could not read %s: the words stay English", qm)
        return Words("en")
    return Words("ru", translator)


def terminal_words() -> Words:
    """The words in the terminal's language (its locale, as paydesk.cli.dates reads it)."""
    return words_in(terminal_language())
