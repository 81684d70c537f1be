"""The buyer's payment page: what it shows, and paying or refusing as a browser does."""

from __future__ import annotations

import threading
from collections.abc import Callable
from html.parser import HTMLParser
from typing import TYPE_CHECKING

import pytest
import requests

from paydesk.domain.orders import OrderStatus
from paydesk.sandbox import SandboxServer
from paydesk.sandbox.page_words import WORDS, choose_language

from payment_page import PaymentForm, decide, form_token, open_form

if TYPE_CHECKING:
    from conftest import SandboxCalls

HTML_TYPE = "text/html; charset=utf-8"


class PageParser(HTMLParser):
    """Collects what a browser would act on: forms, inputs, buttons, meta tags."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, str | None]] = []
        self.inputs: list[dict[str, str | None]] = []
        self.buttons: list[dict[str, str | None]] = []
        self.button_labels: list[str] = []
        self.meta: list[dict[str, str | None]] = []
        self._in_button = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "form":
            self.forms.append(attributes)
        elif tag == "input":
            self.inputs.append(attributes)
        elif tag == "button":
            self.buttons.append(attributes)
            self._in_button = True
            self.button_labels.append("")
        elif tag == "meta":
            self.meta.append(attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button":
            self._in_button = False

    def handle_data(self, data: str) -> None:
        if self._in_button:
            self.button_labels[-1] += data.strip()


def parse(page: requests.Response) -> PageParser:
    parser = PageParser()
    parser.feed(page.text)
    return parser


def test_payment_page_shows_the_order(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    url = calls.url("A-1001", 123450)
    (order,) = sandbox.orders()

    page = requests.get(url, timeout=5)

    assert page.status_code == 200
    assert page.headers["Content-Type"] == HTML_TYPE
    assert int(page.headers["Content-Length"]) == len(page.content)
    assert "PayDesk demo shop" in page.text
    # An English page writes the amount the English way, as PayDesk's English window.
    assert "1,234.50\u00a0₽" in page.text and "1\u00a0234,50" not in page.text
    assert "A-1001" in page.text
    assert order.expires_at.strftime("%H:%M") in page.text
    parsed = parse(page)
    assert {"name": "viewport", "content": "width=device-width, initial-scale=1"} in parsed.meta
    # A long order id may wrap anywhere on a phone; words wrap only between them (with
    # break-all a Chromium on a tablet wrote the Russian "осталось" as "остало|сь").
    assert "overflow-wrap: anywhere" in page.text and "break-all" not in page.text


def test_payment_page_has_one_form_with_pay_and_refuse(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    parsed = parse(requests.get(calls.url("A-1", 100), timeout=5))

    assert len(parsed.forms) == 1
    assert parsed.forms[0]["method"] == "post"
    assert [(b["name"], b["value"], b["type"]) for b in parsed.buttons] == [
        ("decision", "approve", "submit"),
        ("decision", "decline", "submit"),
    ]
    assert parsed.button_labels == ["Pay", "Refuse"]
    assert [(i["name"], i["type"]) for i in parsed.inputs] == [
        ("form_token", "hidden"),
        ("email", "email"),
    ]


def test_no_email_field_when_the_merchant_gave_one(calls: SandboxCalls) -> None:
    page = requests.get(calls.url("A-1", 100, email="buyer@example.com"), timeout=5)

    assert [i["name"] for i in parse(page).inputs] == ["form_token"]
    assert "buyer@example.com" in page.text


def test_paying_approves_the_order(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100)

    result = decide(url, "approve", " buyer@example.com ")

    assert result.status_code == 200
    assert result.headers["Content-Type"] == HTML_TYPE
    assert "Payment received" in result.text
    assert parse(result).forms == []
    assert calls.get("A-1").json() == {"status": True, "order_status": "approve"}
    order = sandbox.order("A-1")
    assert order is not None
    assert order.status is OrderStatus.APPROVE
    assert order.payer_email == "buyer@example.com"
    assert order.email is None  # idempotent create still matches the original terms
    assert calls.create("A-1", 100).json()["url"] == url


def test_paying_needs_no_email_when_the_merchant_gave_one(calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100, email="buyer@example.com")

    assert decide(url, "approve").status_code == 200
    assert calls.get("A-1").json()["order_status"] == "approve"


def test_refusing_declines_the_order(calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100)

    result = decide(url, "decline", "")  # a browser sends the empty e-mail field too

    assert result.status_code == 200
    assert "Payment refused" in result.text
    assert calls.get("A-1").json()["order_status"] == "decline"


@pytest.mark.parametrize(("typed", "says"), [("", "Enter your e-mail"), ("nobody", "'@'")])
def test_paying_without_a_valid_email_shows_the_form_again(
    calls: SandboxCalls, typed: str, says: str
) -> None:
    url = calls.url("A-1", 100)

    result = decide(url, "approve", typed)

    assert result.status_code == 400
    assert says in result.text.replace("&#x27;", "'")
    parsed = parse(result)
    assert len(parsed.forms) == 1
    assert parsed.inputs[1]["value"] == typed
    assert calls.get("A-1").json()["order_status"] == "pending"
    # The form shown again is the page's own: it works.
    again = PaymentForm(url, form_token(result.text)).submit("approve", "buyer@example.com")
    assert again.status_code == 200


def test_a_decision_on_a_final_order_changes_nothing(calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100)
    second_tab = open_form(url)
    decide(url, "approve", "buyer@example.com")

    late = second_tab.submit("decline")

    assert late.status_code == 409
    assert "Nothing was changed" in late.text
    assert "Payment received" in late.text
    assert calls.get("A-1").json()["order_status"] == "approve"
    again = requests.get(url, timeout=5)
    assert again.status_code == 200
    assert "Payment received" in again.text
    assert parse(again).forms == []


def test_expired_order_page_and_decision(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100)
    opened = open_form(url)
    sandbox.advance_clock(sandbox.config.ttl_seconds)

    page = requests.get(url, timeout=5)
    late = opened.submit("approve", "buyer@example.com")

    assert page.status_code == 200
    assert "expired" in page.text
    assert parse(page).forms == []
    assert late.status_code == 409
    assert "expired" in late.text
    assert calls.get("A-1").json()["order_status"] == "expired"


def test_only_one_of_two_racing_decisions_wins(sandbox: SandboxServer, calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100, email="buyer@example.com")
    form = open_form(url)
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def click(decision: str) -> None:
        barrier.wait()
        statuses.append(form.submit(decision).status_code)

    threads = [threading.Thread(target=click, args=(d,)) for d in ("approve", "decline")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)

    assert sorted(statuses) == [200, 409]
    order = sandbox.order("A-1")
    assert order is not None
    assert order.status in (OrderStatus.APPROVE, OrderStatus.DECLINE)


def test_unknown_token_is_a_404_page(sandbox: SandboxServer) -> None:
    for path in ("/pay/" + "x" * 32, "/pay/short", "/pay/", "/pay/a/b"):
        page = requests.get(f"{sandbox.base_url}{path}", timeout=5)
        assert page.status_code == 404, path
        assert page.headers["Content-Type"] == HTML_TYPE
        assert "not found" in page.text
        posted = requests.post(f"{sandbox.base_url}{path}", data={"decision": "approve"},
                               timeout=5)
        assert posted.status_code == 404


def test_bad_decisions_are_refused(calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100, email="buyer@example.com")
    form = open_form(url)

    unknown = form.submit("refund")
    doubled = requests.post(
        url,
        data=f"form_token={form.token}&decision=approve&decision=decline",
        timeout=5,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    not_a_form = requests.post(url, json={"decision": "approve"}, timeout=5)
    not_utf8 = requests.post(
        url,
        data=b"decision=approve&x=%FF",
        timeout=5,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    too_big = requests.post(url, data={"decision": "approve", "pad": "x" * 20_000}, timeout=5)

    assert [r.status_code for r in (unknown, doubled, not_a_form, not_utf8, too_big)] == [
        400,
        400,
        415,
        400,
        413,
    ]
    assert too_big.headers["Content-Type"] == HTML_TYPE
    assert calls.get("A-1").json()["order_status"] == "pending"


# -- only the page itself can pay or refuse -------------------------------------------------


def _post(url: str, body: str, **headers: str) -> requests.Response:
    return requests.post(
        url, data=body, timeout=5,
        headers={"Content-Type": "application/x-www-form-urlencoded", **headers},
    )


@pytest.mark.parametrize(
    "token",
    [None, "", "0" * 64, "not-the-token", "ключ", "TOKEN&form_token=TOKEN"],
    ids=["none", "empty", "zeros", "guessed", "not-ascii", "twice"],
)
@pytest.mark.parametrize("decision", ["approve", "decline"])
def test_a_form_posted_from_another_page_is_refused_and_changes_nothing(
    sandbox: SandboxServer, calls: SandboxCalls, token: str | None, decision: str
) -> None:
    """What a foreign page can send: the link it knows, any fields but the page's token."""
    url = calls.url("A-1", 100)
    real = open_form(url).token
    fields = f"decision={decision}&email=buyer%40example.com"
    if token is not None:
        fields += "&form_token=" + token.replace("TOKEN", real)

    posted = _post(url, fields, Origin="https://evil.example", Referer="https://evil.example/")

    assert posted.status_code == 403
    assert posted.headers["Content-Type"] == HTML_TYPE
    assert "did not come from this payment page" in posted.text
    assert "Open the payment link again" in posted.text
    order = sandbox.order("A-1")
    assert order is not None and order.status is OrderStatus.PENDING
    assert order.payer_email is None
    assert open_form(url).submit(decision, "buyer@example.com").status_code == 200  # still can


def test_another_payment_pages_token_does_not_fit(
    sandbox: SandboxServer, calls: SandboxCalls
) -> None:
    """The token belongs to its payment link: one order's page cannot pay another."""
    mine = open_form(calls.url("A-1", 100))
    theirs = open_form(calls.url("A-2", 100))
    assert mine.token != theirs.token

    posted = _post(theirs.link, f"form_token={mine.token}&decision=approve&email=b%40example.com")

    assert posted.status_code == 403
    assert [o.status for o in sandbox.orders()] == [OrderStatus.PENDING] * 2


def test_each_sandbox_signs_its_own_pages(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    """The token is not derived from the payment link alone: another sandbox (same
    settings, same kind of link) makes other tokens."""
    first, second = start_sandbox(), start_sandbox()
    first_form = open_form(make_calls(first).url("A-1", 100))
    second_form = open_form(make_calls(second).url("A-1", 100))
    forged = _post(
        second_form.link, f"form_token={first_form.token}&decision=approve&email=b%40example.com"
    )
    assert forged.status_code == 403


def test_everything_shown_is_escaped(
    start_sandbox: Callable[..., SandboxServer], make_calls: Callable[..., SandboxCalls]
) -> None:
    server = start_sandbox(merchant_name="<script>alert('shop')</script> & Co")
    client = make_calls(server)
    with_email = client.url("A-1", 100, email="<script>alert(1)</script>@evil.ru")
    without_email = client.url("A-2", 100)

    pages = [
        requests.get(with_email, timeout=5),
        decide(without_email, "approve", '"><script>alert(2)</script>'),
        decide(with_email, "approve"),
        requests.get(f"{server.base_url}/", timeout=5),
    ]

    for page in pages:
        assert "<script" not in page.text
        assert "&lt;script&gt;alert(&#x27;shop&#x27;)&lt;/script&gt; &amp; Co" in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;@evil.ru" in pages[0].text
    assert 'value="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"' in pages[1].text


def test_pages_tell_browsers_to_keep_the_token_private(calls: SandboxCalls) -> None:
    page = requests.get(calls.url("A-1", 100), timeout=5)

    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert page.headers["Cache-Control"] == "no-store"
    assert "default-src 'none'" in page.headers["Content-Security-Policy"]


def test_head_on_the_page_has_no_body(calls: SandboxCalls) -> None:
    url = calls.url("A-1", 100)
    with requests.Session() as session:
        head = session.head(url, timeout=5)
        get = session.get(url, timeout=5)

    assert head.status_code == 200
    assert head.content == b""
    assert int(head.headers["Content-Length"]) == len(get.content)


def test_index_page_says_what_this_is(sandbox: SandboxServer) -> None:
    page = requests.get(f"{sandbox.base_url}/", timeout=5)

    assert page.status_code == 200
    assert page.headers["Content-Type"] == HTML_TYPE
    assert "PayDesk sandbox" in page.text


RUSSIAN = {"Accept-Language": "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7"}


def test_a_russian_browser_gets_the_page_in_russian(calls: SandboxCalls) -> None:
    """A phone set to Russian: every word of the page, its errors and its result."""
    url = calls.url("A-7", 15050)
    with requests.Session() as browser:
        browser.headers.update(RUSSIAN)
        page = browser.get(url, timeout=5)
        parsed = parse(page)
        assert '<html lang="ru">' in page.text
        assert "150,50\u00a0₽" in page.text and "150.50" not in page.text
        assert parsed.button_labels == ["Оплатить", "Отказаться"]
        assert "E-mail для чека" in page.text and "осталось" in page.text
        assert "Песочница PayDesk" in page.text
        for english in ("Pay by", "Receipt", "min left", "no real money"):
            assert english not in page.text

        form = PaymentForm(url, form_token(page.text), browser)
        wrong = form.submit("approve", "nobody")
        assert wrong.status_code == 400
        assert "«@»" in wrong.text and "'@'" not in wrong.text.replace("&#x27;", "'")
        empty = form.submit("approve", "")
        assert "Введите e-mail для чека." in empty.text

        paid = form.submit("approve", "buyer@example.com")
        assert paid.status_code == 200 and "Оплата получена" in paid.text
        late = form.submit("decline", "")
        assert late.status_code == 409
        assert "Заказ оплачен. Спасибо! Ничего не изменилось." in late.text
        missing = browser.get(url.rsplit("/", 1)[0] + "/" + "x" * 32, timeout=5)
        assert missing.status_code == 404 and "Ссылка на оплату не найдена" in missing.text
    assert calls.get("A-7").json()["order_status"] == "approve"


@pytest.mark.parametrize(("header", "language"), [
    (None, "en"),
    ("", "en"),
    ("ru", "ru"),
    ("ru-RU", "ru"),
    ("en-GB,en;q=0.9,ru;q=0.8", "en"),
    ("de-DE,de;q=0.9,ru;q=0.5,en;q=0.3", "ru"),
    ("de-DE,fr;q=0.8", "en"),
    ("ru;q=0,en", "en"),
    ("RU;Q=0.9, en;q=0.95", "en"),
    ("ru;q=abc", "en"),
    ("*", "en"),
])
def test_the_page_speaks_the_first_of_its_languages_the_browser_prefers(
    header: str | None, language: str
) -> None:
    assert choose_language(header) == language


def test_both_languages_say_everything() -> None:
    assert WORDS["en"].keys() == WORDS["ru"].keys()
    for key, english in WORDS["en"].items():
        names = sorted(part.split("}")[0] for part in english.split("{")[1:])
        russian = WORDS["ru"][key]
        assert sorted(part.split("}")[0] for part in russian.split("{")[1:]) == names, key
