"""HTML for the sandbox's pages: plain strings, every shown value through html.escape.

Kept free of any request or database logic so the escaping is easy to audit:
each function takes plain values and interpolates them only via :func:`_e`.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from paydesk.sandbox.page_words import Language, words

_CSS = """
:root { color-scheme: light; --ink: #1d2433; --muted: #667085; --line: #e4e7ec;
  --ok: #12805c; --bad: #b42318; --accent: #2457d6; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center;
  justify-content: center; background: #f2f4f7; color: var(--ink);
  font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: 100%; max-width: 420px; margin: 16px; padding: 28px 24px;
  background: #fff; border-radius: 16px; box-shadow: 0 8px 30px rgba(16,24,40,.08); }
.merchant { margin: 0; color: var(--muted); font-size: 15px; }
h1 { margin: 4px 0 16px; font-size: 24px; }
.amount { margin: 8px 0 20px; font-size: 40px; font-weight: 700; letter-spacing: -.5px; }
dl { margin: 0 0 20px; display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; }
dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
label { display: block; margin-bottom: 6px; font-weight: 600; }
input[type=email] { width: 100%; padding: 12px; font-size: 16px;
  border: 1px solid var(--line); border-radius: 10px; margin-bottom: 16px; }
.buttons { display: flex; gap: 12px; }
button { flex: 1; padding: 14px; font-size: 17px; font-weight: 600; border-radius: 10px;
  border: 1px solid var(--line); background: #fff; color: var(--ink); cursor: pointer; }
button.pay { background: var(--accent); border-color: var(--accent); color: #fff; flex: 2; }
.error { padding: 10px 12px; margin: 0 0 16px; border-radius: 10px;
  background: #fef3f2; color: var(--bad); }
.ok h1 { color: var(--ok); } .bad h1 { color: var(--bad); }
.note { color: var(--muted); font-size: 14px; margin: 16px 0 0; }
code { background: #f2f4f7; padding: 1px 5px; border-radius: 5px; }
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


@dataclass(frozen=True, slots=True)
class PaymentDetails:
    """What the payment page shows about one order (plain, unescaped values)."""

    merchant: str
    amount_text: str  # written the page's way: "1,234.50 ₽", "1 234,50 ₽"
    order_id: str
    expires_text: str  # e.g. "2026-11-21 15:42 UTC"
    minutes_left: int
    email: str | None  # the e-mail the merchant gave, if any


def layout(title: str, content: str, *, tone: str = "", language: Language = "en") -> str:
    """A whole page; ``content`` must already be escaped HTML."""
    tone_class = f' class="{_e(tone)}"' if tone else ""
    return (
        f'<!DOCTYPE html>\n<html lang="{_e(language)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="robots" content="noindex">\n'
        f"<title>{_e(title)}</title>\n<style>{_CSS}</style>\n</head>\n"
        f"<body>\n<main{tone_class}>\n{content}\n</main>\n</body>\n</html>\n"
    )


def _summary(details: PaymentDetails, language: Language) -> str:
    w = words(language)
    left = w["minutes_left"].format(minutes=details.minutes_left)
    rows = [
        (w["order"], details.order_id),
        (w["pay_by"], f"{details.expires_text} ({left})"),
    ]
    if details.email is not None:
        rows.append((w["receipt_to"], details.email))
    items = "".join(f"<dt>{_e(name)}</dt><dd>{_e(value)}</dd>" for name, value in rows)
    return (
        f'<p class="merchant">{_e(details.merchant)}</p>\n'
        f'<div class="amount">{_e(details.amount_text)}</div>\n<dl>{items}</dl>\n'
    )


def payment_form(
    details: PaymentDetails, form_token: str, *, error: str | None = None, email_value: str = "",
    language: Language = "en",
) -> str:
    """The page with one form and two buttons; "Pay" comes first so Enter pays.
    ``form_token`` proves a post came from this page (pages.py)."""
    w = words(language)
    parts = [_summary(details, language)]
    if error:
        parts.append(f'<p class="error" role="alert">{_e(error)}</p>\n')
    parts.append(
        '<form method="post">\n'
        f'<input type="hidden" name="form_token" value="{_e(form_token)}">\n'
    )
    if details.email is None:
        parts.append(
            f'<label for="email">{_e(w["email_label"])}</label>\n'
            '<input type="email" id="email" name="email" autocomplete="email" '
            f'inputmode="email" maxlength="254" value="{_e(email_value)}">\n'
        )
    parts.append(
        '<div class="buttons">\n'
        '<button class="pay" type="submit" name="decision" value="approve">'
        f'{_e(w["pay"])}</button>\n'
        '<button type="submit" name="decision" value="decline" formnovalidate>'
        f'{_e(w["refuse"])}</button>\n'
        "</div>\n</form>\n"
        f'<p class="note">{_e(w["note"])}</p>'
    )
    title = w["title"].format(amount=details.amount_text, merchant=details.merchant)
    return layout(title, "".join(parts), language=language)


def outcome_page(details: PaymentDetails, heading: str, text: str, *, tone: str,
                 language: Language = "en") -> str:
    """A result or "nothing to do" page for an order: what happened, and the order."""
    content = (
        f"<h1>{_e(heading)}</h1>\n{_summary(details, language)}"
        f'<p>{_e(text)}</p>\n<p class="note">{_e(words(language)["note"])}</p>'
    )
    return layout(heading, content, tone=tone, language=language)


def message_page(heading: str, text: str, language: Language = "en") -> str:
    """A page with no order behind it (unknown link, unreadable request)."""
    return layout(heading, f"<h1>{_e(heading)}</h1>\n<p>{_e(text)}</p>", tone="bad",
                  language=language)


def index_page(merchant: str) -> str:
    content = (
        "<h1>PayDesk sandbox</h1>\n"
        f'<p class="merchant">{_e(merchant)}</p>\n'
        "<p>This is the PayDesk sandbox: a local stand-in for the payment service, for "
        "demos and tests. No real money moves.</p>\n"
        "<dl><dt>Create</dt><dd><code>GET /backend/create_order</code></dd>"
        "<dt>Status</dt><dd><code>GET /backend/get_order</code></dd>"
        "<dt>Pay</dt><dd><code>/pay/&lt;token&gt;</code></dd></dl>"
    )
    return layout("PayDesk sandbox", content)
