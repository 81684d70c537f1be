from __future__ import annotations

import zxingcpp

from paydesk.support.qr import QUIET_ZONE, qr_matrix, render_text

from qr_decode import decode_matrix, read_matrix

LINK = "http://127.0.0.1:8765/pay/PnDGRqet8L6EXCwOXSkTZ4cQdb84La9r"


def test_matrix_decodes_to_the_link() -> None:
    assert decode_matrix(qr_matrix(LINK)) == [LINK]


def test_quiet_zone_is_light() -> None:
    matrix = qr_matrix(LINK)
    size = len(matrix)
    for index in range(QUIET_ZONE):
        assert not any(matrix[index]) and not any(matrix[size - 1 - index])
        assert not any(row[index] or row[size - 1 - index] for row in matrix)


def test_terminal_rendering_is_the_same_matrix() -> None:
    matrix = qr_matrix(LINK)
    # Read the half blocks back: light modules are printed as ink on a dark terminal.
    top = {"█": False, "▀": False, " ": True, "▄": True}
    bottom = {"█": False, "▀": True, " ": True, "▄": False}
    rows: list[list[bool]] = []
    for line in render_text(matrix).splitlines():
        rows.append([top[ch] for ch in line])
        rows.append([bottom[ch] for ch in line])
    assert rows[: len(matrix)] == matrix
    assert decode_matrix(rows[: len(matrix)]) == [LINK]


def test_smallest_version_at_level_m_as_another_encoder_picks() -> None:
    # zxing-cpp reads back the level and version of our code, and its own encoder
    # keeps the size honest (a bigger version than needed means smaller modules
    # on screen).
    for text in (LINK, "https://pay.example.com/оплата/42?note=кофе", "x" * 300):
        matrix = qr_matrix(text)
        version = (len(matrix) - 2 * QUIET_ZONE - 17) // 4
        [read] = read_matrix(matrix)
        assert read.text == text
        assert read.extra["ECLevel"] == "M" and read.extra["Version"] == str(version)
        other = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="M")
        assert other.to_image(scale=1, add_quiet_zones=False).shape[0] == 17 + 4 * version


def test_each_caller_gets_its_own_copy() -> None:
    first = qr_matrix(LINK)
    first[5][5] = not first[5][5]
    assert qr_matrix(LINK)[5][5] != first[5][5]
