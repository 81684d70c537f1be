"""What the buyer's web screen says: its words, and each BuyerView as the page reads it.

The page (resources/web/) renders the presenter's BuyerView and nothing else: the
state, the amount written in the till's language, the seconds left, and the
address of the code's picture while there is a code to scan. The link itself goes
to the page only as that picture (an SVG made here from the project's QR matrix,
so the page needs no QR library). The words are the English source texts marked
for the translation catalogue; the window passes its ``tr`` as ``translate``.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Mapping
from dataclasses import dataclass

from paydesk.core.counter_views import BuyerState, BuyerView
from paydesk.domain.catalogue import QT_TRANSLATE_NOOP, Translate
from paydesk.domain.writing import Language, money_text

#: The page's words, by the key the page's script reads them with.
PAGE_WORDS: Mapping[str, str] = {
    "welcome": QT_TRANSLATE_NOOP("PayDesk", "Welcome"),
    "ready": QT_TRANSLATE_NOOP("PayDesk", "Ready"),
    "preparing": QT_TRANSLATE_NOOP("PayDesk", "Preparing payment…"),
    "scan": QT_TRANSLATE_NOOP("PayDesk", "Scan to pay"),
    "time_left": QT_TRANSLATE_NOOP("PayDesk", "Time left"),
    "checking": QT_TRANSLATE_NOOP("PayDesk", "Checking the payment…"),
    "paid": QT_TRANSLATE_NOOP("PayDesk", "Paid"),
    "refused": QT_TRANSLATE_NOOP("PayDesk", "Payment refused"),
    "expired": QT_TRANSLATE_NOOP("PayDesk", "Time is up"),
    "paid_more": QT_TRANSLATE_NOOP("PayDesk", "Thank you!"),
    "refused_more": QT_TRANSLATE_NOOP("PayDesk", "Please ask the cashier."),
    "expired_more": QT_TRANSLATE_NOOP("PayDesk", "Please ask the cashier."),
    "offline": QT_TRANSLATE_NOOP("PayDesk", "Connecting to the till…"),
    "lost": QT_TRANSLATE_NOOP("PayDesk", "Reconnecting to the till…"),
    "full_screen": QT_TRANSLATE_NOOP("PayDesk", "Full screen"),
    "code": QT_TRANSLATE_NOOP("PayDesk", "Payment QR code"),
}
#: Said to a browser that is not (or no longer) paired, and to a used or late pairing code.
NOT_PAIRED = QT_TRANSLATE_NOOP(
    "PayDesk", "This screen is not paired with the till. Scan a new pairing code at the till.")
PAIRING_LOCKED = QT_TRANSLATE_NOOP(
    "PayDesk", "Too many wrong pairing codes. Try again in a minute.")


@dataclass(frozen=True, slots=True)
class PageWords:
    """The page's words in the till's language, and the shop's name."""

    language: Language
    words: Mapping[str, str]
    not_paired: str
    pairing_locked: str
    shop: str = ""

    @classmethod
    def made(cls, language: Language, shop: str = "",
             translate: Translate | None = None) -> PageWords:
        say = translate or (lambda text: text)
        return cls(language, {key: say(text) for key, text in PAGE_WORDS.items()},
                   say(NOT_PAIRED), say(PAIRING_LOCKED), shop)

    @property
    def version(self) -> str:
        """Changes with the words and the shop's name: a page with another reloads."""
        text = json.dumps([self.language, self.words, self.shop], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def page(self, template: str, *, lost_seconds: float) -> str:
        """The display page: ``template`` with the language and the words filled in, and
        how long the page may hear nothing from the till before it takes its code off."""
        data = json.dumps({"words": self.words, "shop": self.shop, "version": self.version,
                           "lost_ms": round(lost_seconds * 1000)}, ensure_ascii=False)
        return (template.replace("{{lang}}", self.language)
                .replace("{{title}}", html.escape(self.shop or self.words["welcome"]))
                .replace("{{data}}", data.replace("<", "\\u003c")))

    def notice(self, text: str) -> str:
        """A plain page saying ``text`` (not paired, pairing locked): no script, no style."""
        return (f'<!doctype html><html lang="{self.language}"><meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width,initial-scale=1">'
                f"<title>PayDesk</title><p>{html.escape(text)}</p></html>")


def code_version(link: str) -> str:
    """The code picture's address part for ``link``: changes with the link, says nothing of it."""
    return hashlib.sha256(link.encode()).hexdigest()[:16]


def view_json(view: BuyerView, language: Language) -> str:
    """One BuyerView as the page's event data: what it shows, nothing more."""
    code = view.link is not None and view.state is BuyerState.PENDING
    return json.dumps({
        "state": view.state.value,
        "amount": None if view.amount is None else money_text(view.amount, language),
        "seconds_left": view.seconds_left,
        "code": f"/code.svg?v={code_version(view.link)}" if code and view.link else None,
    }, ensure_ascii=False)
