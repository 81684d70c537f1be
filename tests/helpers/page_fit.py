"""Whether the buyer's web page fits its screen, as Chromium lays it out: a headless
Chromium whose page is exactly a device's size, and what a person would call cut (a
part past the screen's edge, an amount's digit clipped, text under the full-screen
button, a code too small to scan, a page that scrolls)."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import QImage

from qt_images import decode_qimage
from screenshots import SCREENSHOTS

CHROMEDRIVER = shutil.which("chromedriver")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: The smallest code that scans at arm's length: 45 mm on a 6" phone's 360 CSS px width
#: (74.7 mm), so 60 % of a screen's short side, and never under 217 CSS px.
CODE_SHARE = 0.6
CODE_FLOOR_PX = 217
#: Half a pixel: what layout rounding may put past an edge without cutting anything.
SLACK = 0.5

#: Every part of the page (by id) and its box, its text's box and lines, and whether its
#: content is clipped, read in one call.
_MEASURE = """
var ids = arguments[0], root = document.documentElement, body = document.body;
var out = {width: root.clientWidth, height: root.clientHeight,
           scroll_width: Math.max(root.scrollWidth, body.scrollWidth),
           scroll_height: Math.max(root.scrollHeight, body.scrollHeight), parts: {}};
ids.forEach(function (id) {
  var el = document.getElementById(id);
  if (!el) { return; }
  var style = getComputedStyle(el), r = el.getBoundingClientRect();
  var part = {box: [r.left, r.top, r.right, r.bottom],
              shown: r.width > 0 && r.height > 0 && style.visibility !== "hidden",
              clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
              font_px: parseFloat(style.fontSize), text: null, lines: 0};
  if (el.tagName !== "IMG" && el.textContent.trim()) {
    var range = document.createRange();
    range.selectNodeContents(el);
    var t = range.getBoundingClientRect(), tops = {};
    Array.prototype.forEach.call(range.getClientRects(), function (line) {
      if (line.width > 0) { tops[Math.round(line.bottom)] = true; }
    });
    part.text = [t.left, t.top, t.right, t.bottom];
    part.lines = Object.keys(tops).length;
  }
  out.parts[id] = part;
});
return out;
"""


def start_chromium(width: int = 1920, height: int = 1080) -> Any:
    """Headless Chromium (Selenium), its window big enough for every size it is given."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--hide-scrollbars",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def set_screen(driver: Any, width: int, height: int) -> None:
    """The page exactly ``width × height`` CSS pixels, one device pixel each, as a phone
    (touch, the viewport tag read) when its short side is a phone's; returns once the
    page has that size and has handled its resize (two frames later)."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1,
        "mobile": min(width, height) < 600})
    WebDriverWait(driver, 10, 0.02).until(lambda d: d.execute_script(
        "return [window.innerWidth, window.innerHeight];") == [width, height])
    next_frames(driver)


def next_frames(driver: Any) -> None:
    """Returns after the page has drawn two more frames (a resize's handler has run)."""
    driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "requestAnimationFrame(function () { requestAnimationFrame(function () { done(); }); });")


@dataclass(frozen=True)
class Part:
    box: tuple[float, float, float, float]
    shown: bool
    clipped: bool
    font_px: float
    text: tuple[float, float, float, float] | None
    lines: int

    @property
    def width(self) -> float:
        return self.box[2] - self.box[0]

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    scroll_width: int
    scroll_height: int
    parts: dict[str, Part]

    def inside(self, box: tuple[float, float, float, float]) -> bool:
        left, top, right, bottom = box
        return (left >= -SLACK and top >= -SLACK and right <= self.width + SLACK
                and bottom <= self.height + SLACK)


def measure(driver: Any, ids: list[str]) -> Layout:
    raw = driver.execute_script(_MEASURE, ids)
    parts = {}
    for key, part in raw["parts"].items():
        text = part["text"]
        parts[key] = Part(tuple(part["box"]), part["shown"], part["clipped"],
                          part["font_px"], None if text is None else tuple(text),
                          part["lines"])
    return Layout(raw["width"], raw["height"], raw["scroll_width"], raw["scroll_height"], parts)


def overlap(one: tuple[float, float, float, float], other: tuple[float, float, float, float]
            ) -> bool:
    return (min(one[2], other[2]) - max(one[0], other[0]) > SLACK
            and min(one[3], other[3]) - max(one[1], other[1]) > SLACK)


def what_is_cut(layout: Layout, *, whole: tuple[str, ...], clamped: tuple[str, ...] = (),
                one_line: tuple[str, ...] = (), code: str | None = None,
                button: str = "full-screen") -> list[str]:
    """What a person would call cut: ``whole`` parts (their text never clipped) past an
    edge or clipped; ``clamped`` parts (the shop's name, which may end in an ellipsis)
    past an edge; a ``one_line`` part (an amount) broken over lines; any of them under
    the full-screen button or on the code; the code not square, or smaller than it
    scans at; the page scrolling."""
    problems = []
    if layout.scroll_width > layout.width or layout.scroll_height > layout.height:
        problems.append(f"the page scrolls: {layout.scroll_width}x{layout.scroll_height}"
                        f" in {layout.width}x{layout.height}")
    shown = {key: part for key, part in layout.parts.items() if part.shown}
    for key in (*whole, *clamped, *([code] if code else [])):
        if key not in shown:
            problems.append(f"#{key} is not shown")
    for key, part in shown.items():
        if key not in (*whole, *clamped) and key != code:
            continue
        if not layout.inside(part.box):
            problems.append(f"#{key} is past the screen's edge: {_box(part.box)}")
        if key in whole:
            if part.clipped:
                problems.append(f"#{key}'s text is clipped")
            if part.text is not None and not layout.inside(part.text):
                problems.append(f"#{key}'s text is past the screen's edge: {_box(part.text)}")
        if key in one_line and part.lines != 1:
            problems.append(f"#{key} is on {part.lines} lines")
    if code in shown:
        part = shown[code]
        floor = max(CODE_FLOOR_PX, CODE_SHARE * min(layout.width, layout.height))
        if abs(part.width - part.height) > 1:
            problems.append(f"the code is not square: {part.width:.0f}x{part.height:.0f}")
        if min(part.width, part.height) < floor - SLACK:
            problems.append(f"the code is {min(part.width, part.height):.0f} px, under "
                            f"{floor:.0f}")
        for key in (*whole, *clamped):
            other = shown.get(key)
            if other is not None and overlap(part.box, other.text or other.box):
                problems.append(f"#{key} is on the code")
    if button in shown:
        for key in (*whole, *clamped, *([code] if code else [])):
            other = shown.get(key)
            if other is not None and overlap(shown[button].box, other.text or other.box):
                problems.append(f"#{key} is under the full-screen button")
    return problems


def screenshot(driver: Any, name: str) -> bytes:
    """Chromium's screenshot of the page (PNG), kept as ``tests/screenshots/<name>.png``
    for a person to look at."""
    png: bytes = driver.get_screenshot_as_png()
    path = SCREENSHOTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png)
    return png


def screenshot_codes(driver: Any, name: str) -> list[str]:
    """What Chromium's screenshot of the page (kept as :func:`screenshot` keeps it)
    decodes to."""
    return decode_qimage(QImage.fromData(screenshot(driver, name)))


def _box(box: tuple[float, float, float, float]) -> str:
    return "({:.0f}, {:.0f})-({:.0f}, {:.0f})".format(*box)
