"""The settings window's "Buyer's screen" section: the buyer's screen on a tablet or phone.

Where the page is served (off, this computer only, the shop's network, with a plain
warning and the address when on the network) and on which port; "Add a tablet or
phone" shows the QR of a fresh pairing address (single use, five minutes) for the
device to scan, with the name typed beside it for the device (empty: its kind and a
number, "Android tablet 2"); the paired devices, by name and last seen, each can be
renamed and removed (its page goes blank at once). Pairing and the list need the
server running: a saved "local" or "network" starts it (ui/payment/web_screen.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from paydesk.core.buyer_devices.devices import NAME_MAX
from paydesk.core.settings.values import Settings
from paydesk.ui.settings.rows import bounds, note_label, set_name
from paydesk.ui.shell.formatting import local_time, tr
from paydesk.ui.widgets.field_errors import FieldErrors, make_form
from paydesk.ui.widgets.qr_widget import QrCodeWidget

if TYPE_CHECKING:
    from paydesk.ui.payment.web_screen import WebScreenLink

#: The pairing code's size in the settings window: scanned from a phone held near it.
PAIRING_QR_PX = 180


class BuyerScreenSection(QGroupBox):
    def __init__(self, field_errors: FieldErrors, web_screen: WebScreenLink | None) -> None:
        super().__init__(tr("Buyer's screen on a tablet or phone"))
        self._web_screen = web_screen
        form = make_form(self)
        self.mode_combo = QComboBox()
        for mode, words in (("off", tr("Off")), ("local", tr("This computer only")),
                            ("network", tr("The shop's network"))):
            self.mode_combo.addItem(words, mode)
        field_errors.add(form, "web_display", tr("&Serve the page:"), self.mode_combo)
        set_name(self.mode_combo, tr("Serve the page"))
        self.port_spin = QSpinBox()
        low, high = bounds("web_display_port")
        self.port_spin.setRange(int(low), int(high))
        self.port_spin.setSpecialValueText(tr("any free port"))
        field_errors.add(form, "web_display_port", tr("P&ort:"), self.port_spin)
        set_name(self.port_spin, tr("Port"))
        self.warning = note_label("", name="web_display_warning", wrap=True)
        form.addRow(self.warning)
        # Pairing and the devices: shown while the page is served (a saved choice).
        self.devices_box = QWidget()
        box = QVBoxLayout(self.devices_box)
        box.setContentsMargins(0, 0, 0, 0)
        self.pair_button = QPushButton(tr("&Add a tablet or phone"))
        self.pair_button.setObjectName("web_display_pair_button")
        set_name(self.pair_button, tr("Add a tablet or phone"))
        self.pair_name_edit = QLineEdit()
        self.pair_name_edit.setObjectName("web_display_pair_name")
        self.pair_name_edit.setMaxLength(NAME_MAX)
        self.pair_name_edit.setPlaceholderText(tr("its name, e.g. Counter tablet"))
        self.pair_name_edit.setToolTip(tr(
            "The name the device is listed by. Empty: its kind and a number "
            "(\"Android tablet 2\")."))
        set_name(self.pair_name_edit, tr("Name of the device to add"))
        row = QHBoxLayout()
        row.addWidget(self.pair_name_edit, 1)
        row.addWidget(self.pair_button)
        box.addLayout(row)
        self.pairing_qr = QrCodeWidget(purpose=tr("QR code to pair a device"))
        self.pairing_qr.setFixedSize(PAIRING_QR_PX, PAIRING_QR_PX)
        self.pairing_qr.hide()
        self.pairing_note = note_label("", name="web_display_pairing_note", wrap=True)
        self.pairing_note.hide()
        pairing = QHBoxLayout()
        pairing.addWidget(self.pairing_qr)
        pairing.addWidget(self.pairing_note, 1)
        box.addLayout(pairing)
        box.addWidget(QLabel(tr("Paired devices:")))
        self.device_list = QListWidget()
        self.device_list.setObjectName("web_display_devices")
        self.device_list.setMaximumHeight(90)
        set_name(self.device_list, tr("Paired devices"))
        box.addWidget(self.device_list)
        self.remove_button = QPushButton(tr("&Remove"))
        self.remove_button.setObjectName("web_display_remove_button")
        set_name(self.remove_button, tr("Remove the paired device"))
        self.device_name_edit = QLineEdit()
        self.device_name_edit.setObjectName("web_display_device_name")
        self.device_name_edit.setMaxLength(NAME_MAX)
        set_name(self.device_name_edit, tr("Name of the paired device"))
        self.rename_button = QPushButton(tr("Re&name"))
        self.rename_button.setObjectName("web_display_rename_button")
        set_name(self.rename_button, tr("Rename the paired device"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.device_name_edit, 1)
        buttons.addWidget(self.rename_button)
        buttons.addWidget(self.remove_button)
        box.addLayout(buttons)
        form.addRow(self.devices_box)
        self.mode_combo.currentIndexChanged.connect(lambda _index: self._say_where())
        self.pair_button.clicked.connect(self.show_pairing_code)
        self.remove_button.clicked.connect(self.remove_selected)
        self.rename_button.clicked.connect(self.rename_selected)
        self.device_name_edit.returnPressed.connect(self.rename_selected)
        self.device_name_edit.textEdited.connect(lambda _text: self._enable())
        self.device_list.currentRowChanged.connect(lambda _row: self._device_chosen())
        if web_screen is not None:  # a device just paired opens the page: listed at once
            web_screen.count_changed.connect(self.list_devices)
        self.list_devices()

    def load(self, settings: Settings) -> None:
        self.mode_combo.setCurrentIndex(max(0, self.mode_combo.findData(settings.web_display)))
        self.port_spin.setValue(settings.web_display_port)
        self._say_where()

    def values(self) -> dict[str, Any]:
        return {"web_display": self.mode_combo.currentData(),
                "web_display_port": self.port_spin.value()}

    # -- pairing and the devices --------------------------------------------------------

    def show_pairing_code(self) -> None:
        """A fresh pairing address's QR, for the device to scan (single use, 5 minutes)."""
        server = None if self._web_screen is None else self._web_screen.server
        if server is None:
            return
        try:
            address, expires_at = server.pairing_address(self.pair_name_edit.text())
        except OSError as exc:
            self.pairing_note.setText(tr("No pairing code could be made: {0}").format(
                exc.strerror or exc))
            self.pairing_note.show()
            return
        self.pairing_qr.set_text(address)
        self.pairing_qr.show()
        self.pairing_note.setText(tr(
            "Scan this with the tablet or phone (its camera or a QR app), then put it on its "
            "stand facing the buyer. The code works once, until {0}.\n{1}").format(
                local_time(expires_at, with_date=False), address))
        self.pairing_note.show()

    def list_devices(self) -> None:
        """The paired devices, by name and last seen (the one chosen stays chosen)."""
        server = None if self._web_screen is None else self._web_screen.server
        chosen = self._chosen_id()
        self.device_list.clear()
        for device in [] if server is None else server.devices():
            item = QListWidgetItem(tr("{0} — last seen {1}").format(
                device.name, local_time(device.last_seen)))
            item.setData(256, device.device_id)  # Qt.ItemDataRole.UserRole
            item.setData(257, device.name)
            self.device_list.addItem(item)
            if device.device_id == chosen:
                self.device_list.setCurrentItem(item)
        self._device_chosen()

    def rename_selected(self) -> None:
        """The chosen device takes the name typed under the list."""
        server = None if self._web_screen is None else self._web_screen.server
        device_id = self._chosen_id()
        name = self.device_name_edit.text().strip()
        if server is None or device_id is None or not name:
            return
        server.rename_device(device_id, name)
        self.list_devices()

    def _chosen_id(self) -> str | None:
        item = self.device_list.currentItem()
        return None if item is None else str(item.data(256))

    def _device_chosen(self) -> None:
        item = self.device_list.currentItem()
        self.device_name_edit.setText("" if item is None else str(item.data(257)))
        self._enable()

    def remove_selected(self) -> None:
        """Unpair the selected device: its page goes blank at once."""
        server = None if self._web_screen is None else self._web_screen.server
        item = self.device_list.currentItem()
        if server is None or item is None:
            return
        server.remove_device(str(item.data(256)))
        self.list_devices()

    def _enable(self) -> None:
        running = self._web_screen is not None and self._web_screen.server is not None
        self.devices_box.setVisible(running)
        self.pair_button.setEnabled(running)
        chosen = running and self.device_list.currentItem() is not None
        self.remove_button.setEnabled(chosen)
        self.device_name_edit.setEnabled(chosen)
        self.rename_button.setEnabled(chosen and bool(self.device_name_edit.text().strip()))

    def _say_where(self) -> None:
        mode = self.mode_combo.currentData()
        server = None if self._web_screen is None else self._web_screen.server
        lines = []
        if mode == "network":
            lines.append(tr("Any device on the shop's network can reach this page; only "
                            "paired devices see the sale, and they only see it."))
        if server is not None:
            lines.append(tr("The page's address: {0}").format(server.base_url))
        elif self._web_screen is not None and self._web_screen.problem:
            lines.append(tr("The page could not be served: {0}").format(
                self._web_screen.problem))
        elif mode != "off":
            lines.append(tr("Save to serve the page; then add a tablet or phone here."))
        self.warning.setText("\n".join(lines))
        self.warning.setVisible(bool(lines))
        self._enable()
