"""The buyer's side: the payment page behind each link, and the decision it posts.

A browser posts the one form back to the same URL with ``decision=approve`` or
``decision=decline`` (and ``email`` when the merchant gave none). Final orders
never change: a late click gets a 409 page saying what the order already is.

The form carries the page's own ``form_token``: an HMAC of the payment token
under a key made at random when the sandbox starts. Another site's page can
post to a payment link it knows (a browser sends a cross-origin form), but it
cannot read the page, so it cannot send the token: such a post is refused and
changes nothing. The token is compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from math import ceil
from urllib.parse import parse_qsl

from paydesk.domain.errors import EmailError
from paydesk.domain.orders import EMAIL_MAX, OrderStatus, normalize_email
from paydesk.domain.writing import money_text
from paydesk.sandbox.clock import SandboxClock
from paydesk.sandbox.config import SandboxConfig
from paydesk.sandbox.ledger import AlreadyFinalError, Ledger, SandboxOrder
from paydesk.sandbox.page_words import Language, words
from paydesk.sandbox.replies import Reply, html_reply
from paydesk.sandbox.views import (
    PaymentDetails,
    index_page,
    message_page,
    outcome_page,
    payment_form,
)

# Tokens are secrets.token_urlsafe(24); anything else cannot be one of ours.
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{16,128}")
_FORM_TYPE = "application/x-www-form-urlencoded"

# status -> (heading, text, tone) for an order that is already final (page_words keys).
_FINAL_TEXT = {
    OrderStatus.APPROVE: ("paid_heading", "paid_text", "ok"),
    OrderStatus.DECLINE: ("refused_heading", "refused_text", "bad"),
    OrderStatus.EXPIRED: ("expired_heading", "expired_text", "bad"),
}


def is_token(text: str) -> bool:
    return _TOKEN_RE.fullmatch(text) is not None


class PaymentPages:
    """Renders and handles ``/`` and ``/pay/<token>``."""

    def __init__(self, config: SandboxConfig, ledger: Ledger, clock: SandboxClock) -> None:
        #: Replaced whole while serving by SandboxServer.set_shop (the demo's settings).
        self.config = config
        self._ledger = ledger
        self._clock = clock
        self._form_key = secrets.token_bytes(32)

    def index(self) -> Reply:
        return html_reply(200, index_page(self.config.merchant_name))

    def error(self, status: int, heading: str, text: str, language: Language = "en") -> Reply:
        return html_reply(status, message_page(heading, text, language))

    def _said(self, status: int, heading: str, text: str, language: Language,
              **names: str) -> Reply:
        """An error page from two page_words keys, in ``language``."""
        w = words(language)
        return self.error(status, w[heading], w[text].format(**names), language)

    def _details(self, order: SandboxOrder, language: Language) -> PaymentDetails:
        """The order as the page shows it: its amount written the page's language's way
        (``1,234.50 ₽``, ``1 234,50 ₽``), as PayDesk's own screens write it."""
        left = (order.expires_at - self._clock.now()).total_seconds()
        return PaymentDetails(
            merchant=self.config.merchant_name,
            amount_text=money_text(order.amount, language),
            order_id=order.order_id,
            expires_text=order.expires_at.strftime("%Y-%m-%d %H:%M UTC"),
            minutes_left=max(0, ceil(left / 60)),
            email=order.email,
        )

    def _form_token(self, token: str) -> str:
        """The token of ``token``'s payment form (see the module's docstring)."""
        return hmac.new(self._form_key, token.encode("ascii"), hashlib.sha256).hexdigest()

    def _from_the_page(self, token: str, form: dict[str, list[str]]) -> bool:
        given = form.get("form_token", [])
        expected = self._form_token(token).encode("ascii")
        return len(given) == 1 and hmac.compare_digest(given[0].encode("utf-8"), expected)

    def _find(self, token: str) -> SandboxOrder | None:
        return self._ledger.by_token(token) if is_token(token) else None

    def _final(self, order: SandboxOrder, status: int, language: Language) -> Reply:
        """The page for a final order; 409 when the buyer's click came too late."""
        w = words(language)
        heading, text, tone = _FINAL_TEXT.get(order.status,
                                              ("closed_heading", "closed_text", "bad"))
        said = w[text] + (" " + w["nothing_changed"] if status == 409 else "")
        page = outcome_page(self._details(order, language), w[heading], said, tone=tone,
                            language=language)
        return html_reply(status, page)

    def show(self, token: str, language: Language = "en") -> Reply:
        order = self._find(token)
        if order is None:
            return self._said(404, "not_found_heading", "not_found_text", language)
        if order.status.is_final:
            return self._final(order, 200, language)
        page = payment_form(self._details(order, language), self._form_token(token),
                            language=language)
        return html_reply(200, page)

    def decide(self, token: str, body: bytes, content_type: str | None,
               language: Language = "en") -> Reply:
        order = self._find(token)
        if order is None:
            return self._said(404, "not_found_heading", "not_found_text", language)
        media_type = (content_type or "").split(";", 1)[0].strip().lower()
        if media_type != _FORM_TYPE:
            return self._said(415, "unsupported_heading", "unsupported_text", language,
                              kind=_FORM_TYPE)
        try:
            fields = parse_qsl(
                body.decode("utf-8"),
                keep_blank_values=True,
                encoding="utf-8",
                errors="strict",
                max_num_fields=16,
            )
        except ValueError:  # UnicodeDecodeError is a ValueError too
            return self._said(400, "unreadable_heading", "unreadable_text", language)
        form: dict[str, list[str]] = {}
        for name, value in fields:
            form.setdefault(name, []).append(value)
        if not self._from_the_page(token, form):
            return self._said(403, "foreign_heading", "foreign_text", language)
        decisions = form.get("decision", [])
        emails = form.get("email", [])
        typed_email = emails[0] if len(emails) == 1 else ""
        w = words(language)
        if order.status.is_final:
            return self._final(order, 409, language)
        if len(decisions) != 1 or decisions[0] not in ("approve", "decline"):
            return self._form_error(token, order, w["choose"], typed_email, language)
        if decisions[0] == "decline":
            return self._finish(token, OrderStatus.DECLINE, None, language)
        payer_email = None
        if order.email is None:
            if len(emails) > 1:
                return self._form_error(token, order, w["one_email"], "", language)
            try:
                payer_email = normalize_email(typed_email)
            except EmailError as err:
                said = w.get(f"email_{err.code}", w["email_invalid"]).format(max=EMAIL_MAX)
                return self._form_error(token, order, said, typed_email, language)
            if payer_email is None:
                return self._form_error(token, order, w["email_needed"], "", language)
        return self._finish(token, OrderStatus.APPROVE, payer_email, language)

    def _form_error(
        self, token: str, order: SandboxOrder, message: str, typed_email: str,
        language: Language,
    ) -> Reply:
        page = payment_form(
            self._details(order, language), self._form_token(token), error=message,
            email_value=typed_email, language=language,
        )
        return html_reply(400, page)

    def _finish(self, token: str, status: OrderStatus, payer_email: str | None,
                language: Language) -> Reply:
        try:
            order = self._ledger.finish_token(token, status, payer_email)
        except AlreadyFinalError as err:  # someone else (or the clock) got there first
            return self._final(err.order, 409, language)
        except KeyError:
            return self._said(404, "not_found_heading", "not_found_text", language)
        return self._final(order, 200, language)
