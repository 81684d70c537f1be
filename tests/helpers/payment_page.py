"""The sandbox's payment page as a buyer's browser uses it: open the page, post its form.

The form carries the page's own token (a foreign page cannot post one), so a
test pays or refuses the way a person does: through the page it opened.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import requests

_TOKEN_RE = re.compile(r'<input type="hidden" name="form_token" value="([^"]+)">')


def form_token(page: str) -> str:
    """The token of the payment form in ``page`` (which must have one)."""
    found = _TOKEN_RE.search(page)
    assert found is not None, "the page has no payment form"
    return found[1]


@dataclass(frozen=True)
class PaymentForm:
    """A payment page open in a browser tab: its link and its form's token."""

    link: str
    token: str
    session: requests.Session | None = None
    timeout: float = 5.0

    def submit(self, decision: str, email: str | None = None) -> requests.Response:
        """Press Pay ("approve") or Refuse ("decline"), with ``email`` typed if given."""
        fields = {"form_token": self.token, "decision": decision}
        if email is not None:
            fields["email"] = email
        http = self.session or requests
        return http.post(self.link, data=fields, timeout=self.timeout)


def open_form(
    link: str, *, session: requests.Session | None = None, timeout: float = 5.0
) -> PaymentForm:
    page = (session or requests).get(link, timeout=timeout)
    page.raise_for_status()
    return PaymentForm(link, form_token(page.text), session, timeout)


def decide(
    link: str,
    decision: str,
    email: str | None = None,
    *,
    session: requests.Session | None = None,
    timeout: float = 5.0,
) -> requests.Response:
    """Open the payment page and press Pay or Refuse at once."""
    return open_form(link, session=session, timeout=timeout).submit(decision, email)
