"""The buyer's web screen in a real browser (Chromium, driven by Selenium) against the real
window and the real sandbox: pair, idle, a sale typed at the counter whose QR the browser
shows (decoded from its screenshot), a looked-up order that never reaches it, paid on the
sandbox's page, removal, a cut connection, a stalled one (a proxy that stops forwarding
and closes nothing). Screenshots: a 1280×800 tablet and a 390×844
phone, in English and Russian (tests/screenshots/web-display-*.png)."""

from __future__ import annotations

import dataclasses
import shutil
import socket
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from paydesk.core.buyer_devices import web_server as web_display
from paydesk.core.counter.views import BuyerState, Place
from paydesk.core.runtime import Runtime
from paydesk.domain.writing import money_text
from paydesk.ui.main_window import MainWindow
from paydesk.ui.settings.dialog import SettingsDialog

from counter_steps import WAIT_MS, type_sale
from payment_page import decide
from qt_images import decode_qimage
from screenshots import SCREENSHOTS
from stalling_proxy import StallingProxy

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed "
                                "(pip install -e '.[test]')")
CHROMEDRIVER = shutil.which("chromedriver")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.skipif(CHROMEDRIVER is None or CHROMIUM is None,
                       reason="Chromium not installed: apt-get install chromium chromium-driver"),
    pytest.mark.slow,
    pytest.mark.scenario,
]
#: The browser's waits: generous, only a stuck page gets near them.
PAGE_WAIT_S = 10


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def runtime(runtime: Runtime) -> Runtime:
    """The page served on this computer, on a fixed port (a restart finds it again)."""
    runtime.keeper.settings = dataclasses.replace(
        runtime.settings, web_display="local", web_display_port=free_port())
    return runtime


@pytest.fixture(params=[(1280, 800)], ids=lambda size: f"{size[0]}x{size[1]}")
def browser(request: pytest.FixtureRequest) -> Iterator[object]:
    """Headless Chromium, its page exactly ``width × height`` CSS pixels."""
    from selenium.webdriver.chrome.service import Service

    width, height = request.param
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def quick_pings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's streams ping every second (before the window starts its server): a
    stall is noticed in 2.5 s."""
    monkeypatch.setattr(web_display, "PING_SECONDS", 1.0)


def pair(window: MainWindow, qtbot: QtBot, driver: object,
         through: StallingProxy | None = None) -> None:
    """Settings → Buyer's screen → Add a tablet or phone; the browser opens the QR's address
    (``through`` the proxy, as a device behind a Wi-Fi would)."""
    dialog = SettingsDialog(window.runtime.settings, window.runtime.secret_store(),
                            web_screen=window.parts.web_screen, parent=window)
    qtbot.addWidget(dialog)
    section = dialog.buyer_screen_section
    section.pair_button.click()
    [address] = decode_qimage(section.pairing_qr.grab().toImage())
    if through is not None:
        server = window.parts.web_screen.server
        assert server is not None and address.startswith(server.base_url + "/")
        address = through.base_url + address[len(server.base_url):]
    driver.get(address)  # type: ignore[attr-defined]
    page_shows(driver, "idle")


def page_shows(driver: object, state: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, PAGE_WAIT_S).until(
        lambda d: state in d.find_element("tag name", "body").get_attribute("class").split())


def text_of(driver: object, element_id: str) -> str:
    """The element's text as shown (WebDriver writes a no-break space as a space)."""
    return str(driver.find_element("id", element_id).text)  # type: ignore[attr-defined]


def shown_money(kopecks: int) -> str:
    return money_text(kopecks, "en").replace("\u00a0", " ")


def page_code(driver: object) -> list[str]:
    """What the browser's screenshot of the page decodes to, once its code is drawn."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, PAGE_WAIT_S).until(lambda d: d.execute_script(
        "var c = document.getElementById('code'); return c.complete && c.naturalWidth > 0;"))
    image = QImage.fromData(driver.get_screenshot_as_png())  # type: ignore[attr-defined]
    return decode_qimage(image)


def save(driver: object, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"web-display-{name}.png"))  # type: ignore[attr-defined]


def test_the_buyers_page_in_a_browser_follows_the_sale_only(
        window: MainWindow, qtbot: QtBot, browser: object) -> None:
    web = window.parts.web_screen
    pair(window, qtbot, browser)
    qtbot.waitUntil(lambda: web.connected == 1, timeout=WAIT_MS)
    earlier = type_sale(qtbot, window, "11")
    window.new_payment()
    sale = type_sale(qtbot, window, "1234.50")
    page_shows(browser, "pending")
    assert page_code(browser) == [sale.url]
    assert text_of(browser, "amount") == shown_money(sale.amount)
    # The cashier looks the earlier order up: the page keeps the sale.
    window.parts.engine.view(earlier.order_id)
    qtbot.waitUntil(lambda: window.parts.payment_panel.link_label.link() == earlier.url,
                    timeout=WAIT_MS)
    assert page_code(browser) == [sale.url]
    assert text_of(browser, "amount") == shown_money(sale.amount)
    # The buyer pays on the sandbox's page: the window shows it, then the page.
    assert sale.url is not None
    decide(sale.url, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: window.parts.presenter.screens.buyer.state is BuyerState.PAID,
                    timeout=WAIT_MS)
    page_shows(browser, "paid")
    assert text_of(browser, "result-words") == "Paid"
    # In the paid phase's one green (paydesk.domain.phase_looks: the window's too), set
    # by the page's script under its strict Content-Security-Policy.
    for element in ("result-words", "symbol-paid"):
        colour = browser.find_element("id", element).value_of_css_property(  # type: ignore[attr-defined]
            "color")
        assert colour == "rgba(24, 128, 56, 1)", (element, colour)  # #188038


def test_a_cut_connection_comes_back_to_the_current_state(
        window: MainWindow, qtbot: QtBot, browser: object) -> None:
    web = window.parts.web_screen
    pair(window, qtbot, browser)
    sale = type_sale(qtbot, window, "300")
    page_shows(browser, "pending")
    settings = window.runtime.settings
    window.runtime.keeper.save({"web_display": "off"})  # the till's end of the Wi-Fi is gone
    assert web.server is None
    page_shows(browser, "offline")
    assert sale.url is not None
    decide(sale.url, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: window.parts.presenter.screens.buyer.state is BuyerState.PAID,
                    timeout=WAIT_MS)
    window.runtime.keeper.save({"web_display": "local",
                                "web_display_port": settings.web_display_port})
    assert web.server is not None
    page_shows(browser, "paid")  # the state now, never the sale's old code


def shows_no_code(driver: object) -> bool:
    """No sale on the page: no code's picture, no amount, no countdown."""
    return bool(driver.execute_script(  # type: ignore[attr-defined]
        "var c = document.getElementById('code');"
        "return !c.getAttribute('src') && c.offsetWidth === 0"
        " && !document.getElementById('amount').textContent"
        " && !document.getElementById('time-left').textContent;"))


def test_a_stalled_connection_takes_the_code_off_until_the_till_is_heard_again(
        quick_pings: None, window: MainWindow, qtbot: QtBot, browser: object) -> None:
    """A Wi-Fi that hangs closes nothing: the page must notice by itself that it hears
    nothing, never leave the set-aside sale's code up, and the window must not count it
    as a buyer's screen; when the till is heard again, the page shows the sale now."""
    from selenium.webdriver.support.ui import WebDriverWait

    web = window.parts.web_screen
    panel = window.parts.payment_panel
    assert web.server is not None
    with StallingProxy("127.0.0.1", window.runtime.settings.web_display_port) as proxy:
        pair(window, qtbot, browser, through=proxy)
        qtbot.waitUntil(lambda: web.connected == 1, timeout=WAIT_MS)
        earlier = type_sale(qtbot, window, "11")
        page_shows(browser, "pending")
        assert page_code(browser) == [earlier.url]
        proxy.stall()
        window.new_payment()  # Esc: the sale set aside, then the next buyer's
        sale = type_sale(qtbot, window, "1234.50")
        page_shows(browser, "offline")
        WebDriverWait(browser, PAGE_WAIT_S).until(shows_no_code)
        assert text_of(browser, "offline-words") == "Reconnecting to the till…"
        image = QImage.fromData(browser.get_screenshot_as_png())  # type: ignore[attr-defined]
        assert decode_qimage(image) == []
        qtbot.waitUntil(lambda: web.connected == 0, timeout=WAIT_MS)
        assert web.label is not None and web.label.text() == "Buyer's screens: 0"
        qtbot.waitUntil(lambda: panel.place() is Place.SALE, timeout=WAIT_MS)
        save(browser, "stalled")
        proxy.resume()
        page_shows(browser, "pending")
        assert page_code(browser) == [sale.url]
        assert text_of(browser, "amount") == shown_money(sale.amount)
        qtbot.waitUntil(lambda: web.connected == 1, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: panel.place() is Place.ON_DISPLAY, timeout=WAIT_MS)


def test_a_removed_device_goes_blank(window: MainWindow, qtbot: QtBot, browser: object) -> None:
    web = window.parts.web_screen
    pair(window, qtbot, browser)
    assert web.server is not None
    [device] = web.server.devices()
    web.server.remove_device(device.device_id)
    page_shows(browser, "blank")
    browser.refresh()  # type: ignore[attr-defined]
    assert "not paired" in browser.page_source  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
@pytest.mark.parametrize("browser", [(1280, 800), (390, 844)], indirect=True,
                         ids=["tablet", "phone"])
def test_screenshots_of_the_buyers_page(language: str, window: MainWindow, qtbot: QtBot,
                                        browser: object) -> None:
    pair(window, qtbot, browser)
    kind = "tablet" if browser.get_window_size()["width"] > 600 else "phone"  # type: ignore[attr-defined]
    name = f"{kind}-{language}"
    save(browser, f"{name}-idle")
    sale = type_sale(qtbot, window, "1234.50")
    page_shows(browser, "pending")
    assert page_code(browser) == [sale.url]
    save(browser, f"{name}-sale")
    assert sale.url is not None
    decide(sale.url, "approve", "b@example.com").raise_for_status()
    qtbot.waitUntil(lambda: window.parts.presenter.screens.buyer.state is BuyerState.PAID,
                    timeout=WAIT_MS)
    page_shows(browser, "paid")
    save(browser, f"{name}-paid")


def test_the_shops_new_name_reloads_the_page(window: MainWindow, qtbot: QtBot,
                                             browser: object) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    pair(window, qtbot, browser)
    assert text_of(browser, "shop") == "Test shop"
    window.runtime.keeper.save({"merchant_name": "Corner café"})
    WebDriverWait(browser, PAGE_WAIT_S).until(lambda d: text_of(d, "shop") == "Corner café")
    page_shows(browser, "idle")


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
@pytest.mark.parametrize("browser", [(1024, 768), (360, 640)], indirect=True,
                         ids=["tablet", "phone"])
def test_screenshots_of_the_page_that_lost_the_till(
        quick_pings: None, language: str, window: MainWindow, qtbot: QtBot,
        browser: object) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    with StallingProxy("127.0.0.1", window.runtime.settings.web_display_port) as proxy:
        pair(window, qtbot, browser, through=proxy)
        type_sale(qtbot, window, "1234.50")
        page_shows(browser, "pending")
        proxy.stall()
        page_shows(browser, "offline")
        WebDriverWait(browser, PAGE_WAIT_S).until(shows_no_code)
        assert text_of(browser, "offline-words") == {
            "en": "Reconnecting to the till…", "ru": "Переподключение к кассе…"}[language]
        width = browser.get_window_size()["width"]  # type: ignore[attr-defined]
        save(browser, f"{'tablet' if width > 600 else 'phone'}-{language}-reconnecting")
