"""The buyer's web page fits every screen from a 360×640 phone to a 1920×1080 screen, in
both orientations and both languages: the code (square, big enough to scan at arm's
length, decoded from Chromium's screenshot to the sale's link), the whole amount up to
the largest the service takes, the countdown, the words and a 90-character shop name,
nothing past an edge, under the full-screen button or on the code, and no scrolling.
One headless Chromium for the module, its page resized between cases; the real server
(core/buyer_devices/web_server.py) and the real page, in the till's words in each language."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from paydesk.core.buyer_devices.page import PageWords
from paydesk.core.buyer_devices.web_server import WebDisplay
from paydesk.core.counter.views import BuyerState, BuyerView
from paydesk.domain.money import MAX_AMOUNT
from paydesk.domain.writing import money_text
from paydesk.ui.shell.formatting import tr

from page_fit import (
    CHROMEDRIVER,
    CHROMIUM,
    measure,
    next_frames,
    screenshot,
    screenshot_codes,
    set_screen,
    start_chromium,
    what_is_cut,
)
from russian import russian_ui

pytest.importorskip("selenium.webdriver", reason="selenium is not installed "
                    "(pip install -e '.[test]')")
pytestmark = [
    pytest.mark.skipif(CHROMEDRIVER is None or CHROMIUM is None,
                       reason="Chromium not installed: apt-get install chromium chromium-driver"),
    pytest.mark.slow,
    pytest.mark.scenario,
]
#: Phones and tablets held both ways, laptops and a big screen (CSS pixels).
SIZES = [(360, 640), (640, 360), (390, 844), (844, 390), (768, 1024), (1024, 768),
         (800, 1280), (1280, 800), (1366, 768), (1920, 1080)]
#: Typical sums, and the largest the service takes (1 000 000 000,00 ₽).
AMOUNTS = [123450, 1234567, 123456789, MAX_AMOUNT]
LANGUAGES = ["en", "ru"]
#: 90 characters, as long a name as a shop gives itself.
SHOPS = {"en": "Corner Hardware & Garden Supplies of Upper Riverside Street, Unit 14B "
               "(open till midnight)",
         "ru": "Хозтовары и всё для сада с Верхней Набережной улицы, павильон № 14Б "
               "(открыты до полуночи)."}
#: A payment link as the service makes them: its address and a random token.
LINK = "https://pay.example.ru/pay/" + secrets.token_urlsafe(24)
#: The parts of each view, as the page's ids name them.
SALE = {"whole": ("amount", "scan", "countdown"), "clamped": ("shop",),
        "one_line": ("amount",), "code": "code"}
RESULT = {"whole": ("result-amount", "result-words", "result-more"), "clamped": ("shop",),
          "one_line": ("result-amount",)}
IDS = ["shop", "amount", "scan", "code", "countdown", "result-amount", "result-words",
       "result-more", "ready", "preparing-words", "full-screen"]
#: The browser's waits: generous, only a stuck page gets near them.
PAGE_WAIT_S = 10
POLL_S = 0.02


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


@pytest.fixture(scope="module")
def words(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory) -> dict[str, PageWords]:
    """The page's words in each language, as the window makes them (its translation)."""
    made = {"en": PageWords.made("en", SHOPS["en"], tr)}
    with russian_ui(qapp, tmp_path_factory.mktemp("qm")) as missed:
        made["ru"] = PageWords.made("ru", SHOPS["ru"], tr)
    assert not missed.misses
    return made


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    driver = start_chromium()
    try:
        yield driver
    finally:
        driver.quit()


class Screen:
    """The server and the paired browser: a language, a size and a view at a time."""

    def __init__(self, data_dir: Path, words: dict[str, PageWords], driver: Any) -> None:
        self.words = words
        self.driver = driver
        self.language = "en"
        self.server = WebDisplay(data_dir, words["en"], idle_seconds=60)
        self.server.start()
        address, _expires_at = self.server.pairing_address()
        driver.get(address)
        self.shows(BuyerView(), "idle")

    def stop(self) -> None:
        self.server.stop()

    def speak(self, language: str) -> None:
        """The page in ``language``: the server's words, and the page loaded again."""
        from selenium.webdriver.support.ui import WebDriverWait

        if language != self.language:
            self.language = language
            self.server.set_words(self.words[language])
            WebDriverWait(self.driver, PAGE_WAIT_S, POLL_S).until(
                lambda d: self._loaded_in(language))

    def _loaded_in(self, language: str) -> bool:
        """Whether the page is in ``language``; if not, it is loaded again (the server
        takes its new words in its own thread)."""
        if self.driver.execute_script("return document.documentElement.lang;") == language:
            return True
        self.driver.refresh()
        return False

    def shows(self, view: BuyerView, state: str) -> None:
        """``view`` on the page: its state, and its amount in the page's language."""
        from selenium.webdriver.support.ui import WebDriverWait

        self.server.show(view)
        amount = "" if view.amount is None else money_text(view.amount, self.language)
        field = "result-amount" if state in ("paid", "refused", "expired") else "amount"
        WebDriverWait(self.driver, PAGE_WAIT_S, POLL_S).until(lambda d: d.execute_script(
            "var b = document.body.className.split(' ');"
            "return b.indexOf(arguments[0]) >= 0 && (!arguments[1] ||"
            " document.getElementById(arguments[2]).textContent === arguments[1]);",
            state, amount, field))
        if view.link and view.state is BuyerState.PENDING:
            WebDriverWait(self.driver, PAGE_WAIT_S, POLL_S).until(lambda d: d.execute_script(
                "var c = document.getElementById('code');"
                "return c.complete && c.naturalWidth > 0;"))
        next_frames(self.driver)

    def at(self, language: str, size: tuple[int, int]) -> None:
        self.speak(language)
        self.shows(BuyerView(), "idle")  # each case's view is new to the page
        set_screen(self.driver, *size)


@pytest.fixture(scope="module")
def screen(words: dict[str, PageWords], chromium: Any,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Screen]:
    made = Screen(tmp_path_factory.mktemp("web-display"), words, chromium)
    try:
        yield made
    finally:
        made.stop()


def sale(amount: int, state: BuyerState = BuyerState.PENDING) -> BuyerView:
    return BuyerView(state, amount, LINK, 899)


CASES = [pytest.param(language, size, amount,
                      id=f"{language}-{size_id(size)}-{amount}")
         for language in LANGUAGES for size in SIZES for amount in AMOUNTS]


@pytest.mark.parametrize(("language", "size", "amount"), CASES)
def test_a_sale_fits_the_screen_and_its_code_scans(screen: Screen, language: str,
                                                    size: tuple[int, int], amount: int) -> None:
    screen.at(language, size)
    screen.shows(sale(amount), "pending")
    problems = what_is_cut(measure(screen.driver, IDS), **SALE)
    assert not problems, "\n".join(problems)
    assert screenshot_codes(screen.driver, f"web-fit/{language}-{size_id(size)}-{amount}") == [LINK]


STATES = [pytest.param(language, size, id=f"{language}-{size_id(size)}")
          for language in LANGUAGES for size in SIZES]


@pytest.mark.parametrize(("language", "size"), STATES)
def test_every_other_state_fits_the_screen(screen: Screen, language: str,
                                           size: tuple[int, int]) -> None:
    screen.at(language, size)
    problems = {}

    def look(state: str, **parts: Any) -> None:
        problems[state] = what_is_cut(measure(screen.driver, IDS), **parts)
        screenshot(screen.driver, f"web-fit/{language}-{size_id(size)}-{state}")

    screen.shows(sale(MAX_AMOUNT, BuyerState.CHECKING), "checking")
    look("checking", **{**SALE, "code": None, "whole": ("amount", "scan")})
    for state in (BuyerState.PAID, BuyerState.REFUSED, BuyerState.EXPIRED):
        screen.shows(BuyerView(state, MAX_AMOUNT), state.value)
        look(state.value, **RESULT)
    screen.shows(BuyerView(BuyerState.PREPARING), "preparing")
    look("preparing", whole=("preparing-words",), clamped=("shop",))
    screen.shows(BuyerView(), "idle")
    look("idle", whole=("ready",), clamped=("shop",))
    assert {state: found for state, found in problems.items() if found} == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tablet_turned_while_its_code_is_shown_fits_again(screen: Screen,
                                                            language: str) -> None:
    screen.at(language, (768, 1024))
    screen.shows(sale(MAX_AMOUNT), "pending")
    for size in ((1024, 768), (360, 640), (1920, 1080)):
        set_screen(screen.driver, *size)
        problems = what_is_cut(measure(screen.driver, IDS), **SALE)
        assert not problems, (size, problems)
        assert screenshot_codes(screen.driver, f"web-fit/{language}-turned-{size_id(size)}"
                                ) == [LINK], size


#: A refused browser's page: its heading and what to do, by the refusal.
NOTICES = {"not-paired": ("This screen is not paired with the till",
                          "Ask the cashier for a new pairing code and scan it with this device."),
           "code-refused": ("This pairing code does not work",
                            "A pairing code works once, for a few minutes. Ask the cashier for "
                            "a new one and scan it with this device."),
           "locked": ("Too many wrong pairing codes",
                      "Wait a minute, then ask the cashier for a new pairing code.")}
#: Where each part of a notice page is, and its font's size.
_NOTICE = """
var main = document.querySelector("main"), h1 = main && main.querySelector("h1");
var p = main && main.querySelector("p");
function part(el) {
  if (!el) { return null; }
  var r = el.getBoundingClientRect();
  return {text: el.textContent, box: [r.left, r.top, r.right, r.bottom],
          font_px: parseFloat(getComputedStyle(el).fontSize)};
}
return {lang: document.documentElement.lang, title: document.title,
        h1s: document.querySelectorAll("h1").length, heading: part(h1), text: part(p)};
"""


@pytest.fixture
def refusing(words: dict[str, PageWords], language: str,
             tmp_path: Path) -> Iterator[WebDisplay]:
    """Another till's screen in ``language``, which the module's browser was never paired
    with (the cookie it sends is the other screen's)."""
    server = WebDisplay(tmp_path, words[language], idle_seconds=60)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(360, 640), (1280, 800)], ids=size_id)
def test_a_refused_browser_gets_a_page_it_can_read(
        refusing: WebDisplay, chromium: Any, language: str, size: tuple[int, int]) -> None:
    set_screen(chromium, *size)
    wrong = refusing.base_url + "/pair?code=wrong"
    english = language == "en"
    for kind, address in (("not-paired", refusing.base_url + "/"), ("code-refused", wrong),
                          ("locked", None)):
        if address is None:  # nine more wrong codes lock pairing
            for _ in range(9):
                chromium.get(wrong)
            address = wrong
        chromium.get(address)
        page = chromium.execute_script(_NOTICE)
        layout = measure(chromium, [])
        assert page["lang"] == language, kind
        assert page["h1s"] == 1 and page["heading"] and page["text"], kind
        if english:
            assert (page["heading"]["text"], page["text"]["text"]) == NOTICES[kind]
        else:
            assert page["heading"]["text"] != NOTICES[kind][0], kind  # translated
        assert page["title"] == page["heading"]["text"]
        # Big enough to read at arm's length, centred, nothing past an edge, no scrolling.
        assert page["heading"]["font_px"] >= 24 and page["text"]["font_px"] >= 16, kind
        for shown in (page["heading"], page["text"]):
            assert layout.inside(shown["box"]), (kind, shown)
            middle = (shown["box"][0] + shown["box"][2]) / 2
            assert abs(middle - size[0] / 2) <= 2, (kind, shown)
        assert page["heading"]["box"][1] > size[1] / 6, kind
        assert layout.scroll_width <= layout.width and layout.scroll_height <= layout.height
        screenshot(chromium, f"web-fit/notice-{kind}-{language}-{size_id(size)}")
