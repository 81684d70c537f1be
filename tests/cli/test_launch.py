"""``paydesk`` chooses its front end: the window for the window's own options, else a command.

The window's options are read with argparse as the full parser reads them; a
command never loads Qt or the window (tests/test_import_rules.py reads the
imports; this runs the commands).
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

import pytest

from paydesk import launch
from paydesk.cli.main import build_parser

from cli_process import PROCESS_TIMEOUT, paydesk_for


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
    options = launch.window_options(argv)
    parsed = build_parser().parse_args(argv)
    assert options is not None
    assert (options.data_dir, options.demo, options.verbose) == (
        parsed.data_dir, parsed.demo, parsed.verbose)
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
    assert launch.window_options(argv) is None


def test_no_command_after_all_opens_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[argparse.Namespace] = []
    monkeypatch.setattr(launch, "open_window", lambda options: opened.append(options) or 0)

    assert launch.main(["--dem", "--data-d", "/tmp/till"]) == 0

    [options] = opened
    assert (options.demo, options.data_dir, options.command) == (True, "/tmp/till", None)


#: Runs paydesk's entry point, then says on stderr whether Qt or the window were loaded.
PROBE = """
import sys
from paydesk.launch import main
code = main(sys.argv[1:])
loaded = sorted(name for name in sys.modules if name.startswith(("PySide6", "paydesk.ui")))
print("LOADED", loaded, file=sys.stderr)
raise SystemExit(code)
"""


@pytest.mark.parametrize("command", [("--demo", "create", "1", "--qr"), ("list",),
                                     ("--demo", "report"), ("config", "show")], ids=" ".join)
def test_a_command_never_loads_qt_or_the_window(tmp_path: Path, command: tuple[str, ...]) -> None:
    paydesk = paydesk_for(tmp_path)
    done = subprocess.run([sys.executable, "-c", PROBE, *command], env=paydesk.env,
                          capture_output=True, text=True, encoding="utf-8",
                          timeout=PROCESS_TIMEOUT, check=False)

    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stderr


#: Runs paydesk's entry point, then says on stderr which of PayDesk's modules it loaded.
MODULES_PROBE = """
import sys
from paydesk.launch import main
code = main(sys.argv[1:])
print("MODULES", sorted(name for name in sys.modules
                        if name.startswith(("paydesk", "requests", "shtab"))), file=sys.stderr)
raise SystemExit(code)
"""


def test_version_loads_no_command_and_no_sandbox(tmp_path: Path) -> None:
    from paydesk import __version__

    done = subprocess.run([sys.executable, "-c", MODULES_PROBE, "--version"],
                          env=paydesk_for(tmp_path).env, capture_output=True, text=True,
                          encoding="utf-8", timeout=PROCESS_TIMEOUT, check=False)

    assert (done.returncode, done.stdout) == (0, f"PayDesk {__version__}\n"), done.stderr
    [line] = [line for line in done.stderr.splitlines() if line.startswith("MODULES")]
    loaded = set(ast.literal_eval(line.removeprefix("MODULES ")))
    assert "paydesk.cli.version" in loaded  # the probe sees what was loaded
    commands = {"paydesk.cli.main", "paydesk.cli.order_commands", "paydesk.cli.config_command"}
    assert not loaded & commands
    assert not {name for name in loaded
                if name.startswith(("paydesk.sandbox", "paydesk.gateway", "requests", "shtab"))}


def test_version_is_the_full_parser_s_text(capsys: pytest.CaptureFixture[str]) -> None:
    from paydesk.cli.version import version_text

    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["--demo", "--version"])  # not the launcher's early answer
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"{version_text()}\n"
