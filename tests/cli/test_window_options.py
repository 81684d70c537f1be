"""`paydesk` with only the window's options skips argparse; it must read them as argparse would."""

from __future__ import annotations

import pytest

from paydesk.cli.main import WindowOptions, _window_options, build_parser


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--demo"],
        ["-v"],
        ["--verbose", "--demo"],
        ["--data-dir", "/tmp/till"],
        ["--data-dir=/tmp/till", "-v"],
        ["--data-dir="],
        ["--demo", "--data-dir", "till two", "--verbose"],
    ],
)
def test_the_window_options_read_as_the_full_parser_reads_them(argv: list[str]) -> None:
    options = _window_options(argv)
    parsed = build_parser().parse_args(argv)
    assert options == WindowOptions(parsed.data_dir, parsed.demo, parsed.verbose)
    assert parsed.command is None


@pytest.mark.parametrize(
    "argv",
    [
        ["list"],
        ["--demo", "create", "150"],
        ["--help"],
        ["--version"],
        ["--dem"],  # an abbreviation: argparse's to accept
        ["--data-dir"],  # no value: argparse's to refuse, with its usage text
        ["--data-dir", "-v"],
        ["-x"],
    ],
)
def test_anything_else_goes_to_the_full_parser(argv: list[str]) -> None:
    assert _window_options(argv) is None
