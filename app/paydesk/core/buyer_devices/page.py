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

from paydesk.core.counter.views import BuyerState, BuyerView
from paydesk.domain.catalogue import QT_TRANSLATE_NOOP, Translate
from paydesk.domain.phase import OrderPhase
from paydesk.domain.phase_looks import LOOKS
from paydesk.domain.writing import Language, money_text

#: The phase of each result screen; its words and colour are the phase's (the window's
#: buyer's screen says and shows the same: paydesk.domain.phase_looks).
RESULT_PHASES: Mapping[str, OrderPhase] = {
    BuyerState.PAID: OrderPhase.PAID,
    BuyerState.REFUSED: OrderPhase.REFUSED,
    BuyerState.EXPIRED: OrderPhase.EXPIRED,
}
#: A result screen's colour, by its state, as the page's script reads it.
RESULT_COLOURS: Mapping[str, str] = {
    state: LOOKS[phase].colour for state, phase in RESULT_PHASES.items()}
#: The page's words, by the key the page's script reads them with: ``paid`` and
#: ``paid_more`` for a result screen's heading and the line under it.
PAGE_WORDS: Mapping[str, str] = {
    "welcome": QT_TRANSLATE_NOOP("PayDesk", "Welcome"),
    "ready": QT_TRANSLATE_NOOP("PayDesk", "Ready"),
    "preparing": QT_TRANSLATE_NOOP("PayDesk", "Preparing payment…"),
    "scan": QT_TRANSLATE_NOOP("PayDesk", "Scan to pay"),
    "time_left": QT_TRANSLATE_NOOP("PayDesk", "Time left"),
    "checking": QT_TRANSLATE_NOOP("PayDesk", "Checking the payment…"),
    **{state: str(LOOKS[phase].buyer) for state, phase in RESULT_PHASES.items()},
    **{f"{state}_more": str(LOOKS[phase].buyer_more) for state, phase in RESULT_PHASES.items()},
    "offline": QT_TRANSLATE_NOOP("PayDesk", "Connecting to the till…"),
    "lost": QT_TRANSLATE_NOOP("PayDesk", "Reconnecting to the till…"),
    "full_screen": QT_TRANSLATE_NOOP("PayDesk", "Full screen"),
    "code": QT_TRANSLATE_NOOP("PayDesk", "Payment QR code"),
}
#: Said to a browser that is not (or no longer) paired: what happened, what to do.
NOT_PAIRED = (
    QT_TRANSLATE_NOOP("PayDesk", "This screen is not paired with the till"),
    QT_TRANSLATE_NOOP("PayDesk",
                      "Ask the cashier for a new pairing code and scan it with this device."))
#: To a pairing code that was used, mistyped or is too old.
CODE_REFUSED = (
    QT_TRANSLATE_NOOP("PayDesk", "This pairing code does not work"),
    QT_TRANSLATE_NOOP("PayDesk", "A pairing code works once, for a few minutes. Ask the "
                                 "cashier for a new one and scan it with this device."))
PAIRING_LOCKED = (
    QT_TRANSLATE_NOOP("PayDesk", "Too many wrong pairing codes"),
    QT_TRANSLATE_NOOP("PayDesk", "Wait a minute, then ask the cashier for a new pairing code."))
#: A refused browser's page: readable at arm's length (notice.css, the one address a
#: browser without a token may load besides /pair), nothing of the till or the shop.
_NOTICE_PAGE = (
    '<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
    '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
    '<meta name="referrer" content="no-referrer">\n<title>{title}</title>\n'
    '<link rel="stylesheet" href="/notice.css">\n</head>\n<body>\n'
    "<main>\n<h1>{title}</h1>\n<p>{text}</p>\n</main>\n</body>\n</html>\n")


@dataclass(frozen=True, slots=True)
class Notice:
    """What a refused browser's page says: its heading, and what to do."""

    title: str
    text: str


@dataclass(frozen=True, slots=True)
class PageWords:
    """The page's words in the till's language, and the shop's name."""

    language: Language
    words: Mapping[str, str]
    not_paired: Notice
    code_refused: Notice
    pairing_locked: Notice
    shop: str = ""

    @classmethod
    def made(cls, language: Language, shop: str = "",
             translate: Translate | None = None) -> PageWords:
        say = translate or (lambda text: text)
        not_paired, code_refused, locked = (Notice(say(title), say(text)) for title, text
                                            in (NOT_PAIRED, CODE_REFUSED, PAIRING_LOCKED))
        return cls(language, {key: say(text) for key, text in PAGE_WORDS.items()},
                   not_paired, code_refused, locked, shop)

    @property
    def version(self) -> str:
        """Changes with the words and the shop's name: a page with another reloads."""
        text = json.dumps([self.language, self.words, self.shop], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def page(self, template: str, *, lost_seconds: float) -> str:
        """The display page: ``template`` with the language and the words filled in, and
        how long the page may hear nothing from the till before it takes its code off."""
        data = json.dumps({"words": self.words, "colours": RESULT_COLOURS, "shop": self.shop,
                           "version": self.version, "lost_ms": round(lost_seconds * 1000)},
                          ensure_ascii=False)
        return (template.replace("{{lang}}", self.language)
                .replace("{{title}}", html.escape(self.shop or self.words["welcome"]))
                .replace("{{data}}", data.replace("<", "\\u003c")))

    def notice(self, notice: Notice) -> str:
        """The page of a refused browser (not paired, a code refused, pairing locked):
        its heading and what to do, in the till's language; no script."""
        return _NOTICE_PAGE.format(lang=self.language, title=html.escape(notice.title),
                                   text=html.escape(notice.text))


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
