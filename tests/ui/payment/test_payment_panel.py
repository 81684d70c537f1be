"""The payment panel in every state a payment goes through, and what it does with the link."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices, QGuiApplication, QImage
from PySide6.QtWidgets import QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from paydesk.core.counter.views import Place
from paydesk.domain.orders import CreationState
from paydesk.domain.phase import OrderPhase
from paydesk.ui.payment.panel import PaymentPanel
from paydesk.ui.shell.formatting import money

from fake_time import FakeClock
from panel_orders import LINK, NOW, OnPanel, an_order, shown_panel
from qt_images import decode_qimage, grey_rows
from screenshots import save_screenshot
from url_catcher import UrlCatcher

PANEL_SIZE = (520, 760)

# The offscreen platform cannot resize a shown window to new size hints; harmless.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
def panel(qtbot: QtBot, clock: FakeClock) -> PaymentPanel:
    return shown_panel(qtbot, PANEL_SIZE)


@pytest.fixture
def on(panel: PaymentPanel, clock: FakeClock) -> OnPanel:
    """The panel shown an order as the counter presenter shows it (OnPanel)."""
    return OnPanel(panel, clock)


@pytest.fixture
def screenshot() -> Callable[[QWidget, str], Path]:
    """Save what the widget looks like, for a person to look at (git-ignored)."""

    def save(widget: QWidget, name: str) -> Path:
        return save_screenshot(widget, f"payment_panel_{name}")

    return save


def buttons(panel: PaymentPanel) -> list[QPushButton]:
    return [panel.copy_button, panel.open_button, panel.save_button]


def test_idle_panel_invites_an_amount(
    panel: PaymentPanel, screenshot: Callable[[QWidget, str], Path],
    on: OnPanel,
) -> None:
    assert panel.is_idle()
    assert panel.idle_label.text() == "Type an amount and press Enter"
    assert not any(button.isEnabled() for button in buttons(panel))
    assert not on.countdown_running()
    screenshot(panel, "idle")


def test_creating_blanks_the_panel_then_shows_the_amount_and_no_link_yet(
    panel: PaymentPanel, qtbot: QtBot, screenshot: Callable[[QWidget, str], Path],
    on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(minutes=15))  # the sale before
    on.creating(15_000)

    # At once: nothing of the order before stays in sight, its code least of all.
    assert not panel.is_idle() and panel.creating_card_due()
    assert panel.qr.matrix() is None
    assert len(set(grey_rows(panel.grab().toImage()).cast("B"))) == 1  # one plain colour
    # An answer slower than a moment: the card says what is going on.
    qtbot.waitUntil(lambda: not panel.creating_card_due(), timeout=5000)
    assert len(set(grey_rows(panel.grab().toImage()).cast("B"))) > 1  # uncovered
    assert panel.amount_label.text() == money(15_000)
    assert panel.badge.text() == "⟳ Creating…"
    assert panel.qr.matrix() is None
    assert panel.link_label.text() == "" and panel.link_label.link() is None
    assert not any(button.isEnabled() for button in buttons(panel))
    assert not on.countdown_running()
    screenshot(panel, "creating")


def test_pending_order_shows_a_scannable_code_link_and_countdown(
    panel: PaymentPanel, clock: FakeClock, screenshot: Callable[[QWidget, str], Path],
    on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(minutes=15))

    link_label = panel.findChild(QLabel, "payment_link")
    assert link_label is panel.link_label and link_label.text() == LINK
    assert link_label.accessibleName() == LINK  # whole, however it is elided
    assert link_label.toolTip() == LINK
    flags = link_label.textInteractionFlags()
    assert flags & Qt.TextInteractionFlag.TextSelectableByMouse
    assert flags & Qt.TextInteractionFlag.TextSelectableByKeyboard
    assert all(button.isEnabled() for button in buttons(panel))
    assert panel.amount_label.text() == money(125_050)
    assert panel.badge.phase() is OrderPhase.PENDING
    assert panel.countdown_label.text() == "Expires in 15:00"
    assert on.countdown_running()
    assert panel.order_id_label.text() == "Order K3QX9A"  # the short id; whole in the tooltip
    assert panel.order_id_label.toolTip() == "20261121-120000000-K3QX9A"
    assert panel.note_label.text() == "2 coffees, 1 croissant"
    assert panel.qr.is_active()
    assert panel.qr.width() == panel.qr.height() >= 300  # square, as large as it fits
    assert decode_qimage(panel.qr.grab().toImage()) == [LINK]
    assert decode_qimage(panel.grab().toImage()) == [LINK]
    screenshot(panel, "pending")

    clock.now += timedelta(minutes=14, seconds=1)
    on.tick()
    assert panel.countdown_label.text() == "Expires in 0:59"


def test_the_sale_says_it_is_on_the_buyers_screen(
    panel: PaymentPanel, screenshot: Callable[[QWidget, str], Path],
    on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(minutes=15))
    assert panel.buyer_note.text() == "Current sale"  # until the window says more
    on.place(Place.ON_DISPLAY)
    assert panel.buyer_note.isVisible() and panel.buyer_note.text() == "On the buyer's screen"
    assert not panel.show_to_buyer_button.isVisible()
    assert not panel.back_to_sale_button.isVisible()
    assert panel.card.property("looked_up") is False
    screenshot(panel, "on_display")


@pytest.mark.parametrize(
    ("place", "words"),
    [(Place.NOT_SHOWN, "Not shown to the buyer"), (Place.NOT_SALE, "Not the current sale")],
)
def test_a_looked_up_order_says_so_and_offers_to_show_it_or_go_back(
    qtbot: QtBot, panel: PaymentPanel, screenshot: Callable[[QWidget, str], Path],
    place: Place, words: str, on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(minutes=15))
    on.place(place, can_show=True, sale_amount=7_700)
    assert panel.buyer_note.text() == words
    assert panel.card.property("looked_up") is True
    assert panel.back_to_sale_button.text() == f"Back to the sale of {money(7_700)}"
    with qtbot.waitSignal(panel.show_to_buyer_requested):
        qtbot.mouseClick(panel.show_to_buyer_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(panel.back_to_sale_requested):
        qtbot.mouseClick(panel.back_to_sale_button, Qt.MouseButton.LeftButton)
    screenshot(panel, f"looked_up_{place}")

    # Paid already, and no sale on the counter: nothing to show, nowhere to go back to.
    on.show(an_order("approve"), NOW + timedelta(minutes=15))
    on.place(place, can_show=False, sale_amount=None)
    assert panel.buyer_note.text() == words
    assert not panel.show_to_buyer_button.isVisible()
    assert not panel.back_to_sale_button.isVisible()
    on.place(Place.SALE)
    assert panel.card.property("looked_up") is False


def test_creating_says_how_to_go_on_without_waiting(
    panel: PaymentPanel, qtbot: QtBot, on: OnPanel,
) -> None:
    on.creating(15_000)
    qtbot.waitUntil(lambda: "Esc starts the next payment" in panel.countdown_label.text(),
                    timeout=5000)


def test_countdown_follows_the_tick_and_at_zero_the_code_goes_while_checking(
    qtbot: QtBot, panel: PaymentPanel, clock: FakeClock,
    on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(seconds=90))
    clock.now += timedelta(seconds=30)
    on.tick()  # the counter's tick, at the second's turn
    assert panel.countdown_label.text() == "Expires in 1:00"

    clock.now += timedelta(seconds=61)
    on.tick()
    assert not on.countdown_running()  # the service, not our clock, says it expired
    assert panel.countdown_label.text() == "Asking the payment service whether it was paid…"
    assert panel.badge.text() == "⟳ Time is up — checking…"
    # As on the buyer's screen: no code to scan while the service has not answered.
    assert panel.qr.is_concealed() and not panel.qr.is_active()
    assert decode_qimage(panel.qr.grab().toImage()) == []


@pytest.mark.parametrize(
    ("status", "overlay", "state"),
    [
        ("approve", "✓ Paid", "paid"),
        ("decline", "✗ Refused", "refused"),
        ("expired", "Expired", "expired"),
    ],
)
def test_final_orders_grey_out_the_code(
    panel: PaymentPanel,
    screenshot: Callable[[QWidget, str], Path],
    status: str,
    overlay: str,
    state: str, on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(minutes=15))
    paid_at = NOW + timedelta(minutes=1) if status == "approve" else None

    on.show(an_order(status, paid_at=paid_at), NOW + timedelta(minutes=15))

    assert panel.qr.inactive_reason() == overlay
    assert not panel.qr.is_active()
    assert 0x00 not in grey_rows(panel.qr.grab().toImage()).tobytes()
    assert not on.countdown_running()
    assert "Expires" not in panel.countdown_label.text()
    assert panel.card.property("state") == state
    assert panel.link_label.text() == LINK  # still there for support, just not scannable
    screenshot(panel, state)


def test_paid_panel_says_when(panel: PaymentPanel, on: OnPanel) -> None:
    paid_at = NOW + timedelta(minutes=2, seconds=5)

    seen_unpaid = paid_at - timedelta(seconds=2)
    on.show(an_order("approve", paid_at=paid_at, last_pending_at=seen_unpaid), None)

    assert panel.badge.text() == "✓ Paid"
    assert panel.countdown_label.text().startswith("Paid at ")


def test_a_payment_seen_long_after_it_could_be_made_is_not_given_an_exact_time(
    panel: PaymentPanel, on: OnPanel,
) -> None:
    """The service does not say when the buyer paid; checks failed for ten minutes."""
    paid_at = NOW + timedelta(minutes=12)
    on.show(an_order("approve", paid_at=paid_at,
                              last_pending_at=paid_at - timedelta(minutes=10)), None)
    assert panel.countdown_label.text().startswith("Paid by ")
    assert panel.countdown_label.text().endswith("the exact time is not known")


def test_unsent_and_abandoned_orders_have_no_link_to_act_on(
    panel: PaymentPanel, screenshot: Callable[[QWidget, str], Path],
    on: OnPanel,
) -> None:
    on.show(an_order(creation=CreationState.UNCONFIRMED), None)
    assert panel.badge.phase() is OrderPhase.NOT_SENT
    assert not any(button.isEnabled() for button in buttons(panel))
    assert panel.qr.matrix() is None
    screenshot(panel, "not_sent")

    on.show(an_order(creation=CreationState.ABANDONED), None)
    assert panel.badge.phase() is OrderPhase.ABANDONED
    assert not on.countdown_running()

    on.show(None, None)
    assert panel.is_idle() and panel.qr.matrix() is None


def test_copy_puts_the_whole_link_on_the_clipboard(
    qtbot: QtBot, panel: PaymentPanel, on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(minutes=15))
    QGuiApplication.clipboard().clear()

    with qtbot.waitSignal(panel.copy_requested) as copied:
        qtbot.mouseClick(panel.copy_button, Qt.MouseButton.LeftButton)

    assert copied.args == [LINK]
    assert QGuiApplication.clipboard().text() == LINK
    assert panel.copy_button.text() == "Copied ✓"


def test_a_polls_update_of_the_same_order_keeps_feedback_and_countdown(
    qtbot: QtBot, panel: PaymentPanel, clock: FakeClock,
    on: OnPanel,
) -> None:
    order = an_order()
    on.show(order, NOW + timedelta(minutes=15))
    qtbot.mouseClick(panel.copy_button, Qt.MouseButton.LeftButton)
    matrix = panel.qr.matrix()
    clock.now += timedelta(seconds=2)

    on.show(order, NOW + timedelta(minutes=15))

    assert panel.copy_button.text() == "Copied ✓"
    assert on.countdown_running()
    assert panel.countdown_label.text() == "Expires in 14:58"
    assert panel.qr.matrix() is matrix  # not rebuilt


def test_an_unknown_status_is_not_offered_for_scanning(panel: PaymentPanel, on: OnPanel) -> None:
    on.show(an_order("refunded"), NOW + timedelta(minutes=15))

    assert panel.badge.text() == "? Unknown status: refunded"
    assert panel.qr.inactive_reason() == "Not payable"
    assert not on.countdown_running()


def test_a_narrow_panel_elides_the_link_but_copies_it_whole(
    qtbot: QtBot, panel: PaymentPanel, screenshot: Callable[[QWidget, str], Path],
    on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(minutes=15))
    panel.resize(320, 640)
    qtbot.waitUntil(lambda: panel.link_label.is_elided())
    assert "…" in panel.link_label.text()
    assert panel.link_label.toolTip() == LINK
    QGuiApplication.clipboard().clear()

    panel.link_label.setFocus()
    qtbot.keyClick(panel.link_label, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)

    assert QGuiApplication.clipboard().text() == LINK
    screenshot(panel, "narrow")


def test_open_in_browser_hands_the_link_to_the_desktop(
    qtbot: QtBot, panel: PaymentPanel,
    on: OnPanel,
) -> None:
    catcher = UrlCatcher()
    # PySide6 wants the slot's name as str at run time; its stub says bytes.
    QDesktopServices.setUrlHandler("https", catcher, "open")  # type: ignore[arg-type]
    try:
        on.show(an_order(), NOW + timedelta(minutes=15))
        qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
        on.show(an_order(url="file:///etc/passwd"), None)
        panel.open_link()  # not a web link: never handed to the desktop
    finally:
        QDesktopServices.unsetUrlHandler("https")

    assert [url.toString() for url in catcher.urls] == [LINK]


@pytest.mark.parametrize("name", ["code.png", "code.svg", "code.qr"])
def test_save_qr_writes_a_file_that_decodes(
    panel: PaymentPanel, tmp_path: Path, name: str,
    on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(minutes=15))

    path = panel.save_qr_to(tmp_path / name)

    if path.suffix == ".svg":
        assert path.read_text(encoding="utf-8").startswith("<?xml")
        assert decode_qimage(_render_svg(path)) == [LINK]
    else:
        assert decode_qimage(QImage(str(path))) == [LINK]


def test_save_qr_without_a_link_is_refused(
    panel: PaymentPanel, tmp_path: Path, on: OnPanel,
) -> None:
    on.creating(100)

    with pytest.raises(ValueError, match="no QR code"):
        panel.save_qr_to(tmp_path / "code.png")


def test_every_control_is_named_and_reachable_by_tab(
    qtbot: QtBot, panel: PaymentPanel, screenshot: Callable[[QWidget, str], Path],
    on: OnPanel,
) -> None:
    on.show(an_order(), NOW + timedelta(minutes=15))
    chain = [panel.link_label, *buttons(panel)]
    for widget in chain:
        assert widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        assert widget.accessibleName()
    assert [button.accessibleName() for button in buttons(panel)] == [
        "Copy link",
        "Open in browser",
        "Save QR…",
    ]

    panel.activateWindow()
    panel.link_label.setFocus()
    qtbot.waitUntil(panel.link_label.hasFocus)
    for widget in chain[1:]:
        qtbot.keyClick(QGuiApplication.focusObject(), Qt.Key.Key_Tab)
        qtbot.waitUntil(widget.hasFocus)
    screenshot(panel, "focus_on_save")


def _render_svg(path: Path) -> QImage:
    from PySide6.QtGui import QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(path))
    image = QImage(renderer.defaultSize(), QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    return image


def test_an_order_no_longer_checked_by_itself_says_so_and_shows_no_code(
    panel: PaymentPanel, on: OnPanel,
) -> None:
    """A day past its expected expiry PayDesk stops checking an open order by itself:
    it reads "status unknown — check", never "waiting", and offers no code to scan."""
    on.show(an_order(next_check_at=None), NOW + timedelta(minutes=15))
    assert panel.badge.phase() is OrderPhase.UNCHECKED
    assert panel.badge.text() == "? Status unknown — check"
    assert panel.qr.is_concealed()
    assert "F5" in panel.countdown_label.text()
