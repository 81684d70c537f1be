"""The command line's words for people, in a language: the window's catalogue.

One catalogue for every front end. The texts the command line writes for people (the
day report, a spreadsheet CSV's headings and statuses) are marked with
``QT_TRANSLATE_NOOP("PayDesk", ...)`` (paydesk.support.translations), so
tools/update_translations.py files them in resources/translations/paydesk_ru.ts beside
the window's, and a text both show is one entry, translated once. The compiled
catalogue is read through Qt's QTranslator, which the launcher hands over
(paydesk/cli/qt_side.py; only for Russian). Where it cannot be read (no .qm, and no
lrelease to compile the .ts; no Qt), the words stay English, and so does the writing
of amounts and dates (:attr:`Words.language`): a report never mixes two languages.

The rest of the command line (its messages, ``list`` and ``status``) speaks English,
with amounts and dates written in the ``language`` setting's way, else the terminal's
(paydesk.cli.dates).
"""

from __future__ import annotations

import logging

from paydesk.cli.dates import terminal_language
from paydesk.cli.qt_side import Catalogue, ReadCatalogue
from paydesk.domain.writing import Language
from paydesk.support.translations import paydesk_qm

log = logging.getLogger(__name__)

_CONTEXT = "PayDesk"


class Words:
    """English texts in :attr:`language`: ``words("Paid by hour")``."""

    def __init__(self, language: Language, translator: Catalogue | None = None) -> None:
        #: The language the words are in, which the amounts and dates beside them follow.
        self.language: Language = language
        self._translator = translator

    def __call__(self, text: str) -> str:
        if self._translator is None:
            return text
        return self._translator.translate(_CONTEXT, text) or text


def words_in(language: str, read: ReadCatalogue) -> Words:
    """The words in ``language`` ("ru", "en"), or English when its catalogue cannot be
    ``read`` (the launcher's reader: paydesk/cli/qt_side.py)."""
    if language != "ru":
        return Words("en")
    qm = paydesk_qm("ru")
    if qm is None:
        log.warning("no Russian catalogue (paydesk_ru.qm): the words stay English")
        return Words("en")
    translator = read(qm)
    if translator is None:
        log.warning("the catalogue %s could not be read: the words stay English", qm)
        return Words("en")
    return Words("ru", translator)


def terminal_words(read: ReadCatalogue) -> Words:
    """The words in the command line's language (the setting, else the locale:
    paydesk.cli.dates)."""
    return words_in(terminal_language(), read)
