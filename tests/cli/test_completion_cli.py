"""``paydesk completion bash|zsh|fish``: scripts made from the parser, that the shells take."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from paydesk.cli.main import build_parser

from cli_process import PROCESS_TIMEOUT, Paydesk, paydesk_for

SHELLS = ("bash", "zsh", "fish")


def subcommands() -> set[str]:
    parser = build_parser()
    [sub] = [action for action in parser._actions if action.dest == "command"]
    assert isinstance(sub.choices, dict)
    return set(sub.choices)


def shell_run(paydesk: Paydesk, shell: str, script: str) -> subprocess.CompletedProcess[str]:
    """``script`` in ``shell``, with ``$@`` (fish: ``$argv``) the command that runs this
    test's paydesk."""
    name = [] if shell == "fish" else [shell]  # $0 in bash
    return subprocess.run([shell, "-c", script, *name, *paydesk.command([])], env=paydesk.env,
                          capture_output=True, text=True, encoding="utf-8",
                          timeout=PROCESS_TIMEOUT, check=False)


@pytest.mark.parametrize("shell", SHELLS)
def test_each_script_names_every_command(tmp_path: Path, shell: str) -> None:
    run = paydesk_for(tmp_path).run("completion", shell)

    assert (run.code, run.err) == (0, "")
    assert {"create", "status", "list", "refresh", "export", "report", "config", "about",
            "sandbox", "completion"} <= subcommands()
    for command in subcommands():
        assert command in run.out, (shell, command)
    assert "json" in run.out and "data-dir" in run.out  # fish: -l json
    assert not (tmp_path / "data").exists()  # no data folder, no log, for a script


def test_bash_sources_it_and_completes(tmp_path: Path) -> None:
    paydesk = paydesk_for(tmp_path)
    done = shell_run(paydesk, "bash", """
        source <("$@" completion bash) || exit 9
        COMP_WORDS=(paydesk ""); COMP_CWORD=1; COMP_LINE="paydesk "; COMP_POINT=8
        _shtab_paydesk; echo "commands: ${COMPREPLY[*]}"
        COMP_WORDS=(paydesk list --fo); COMP_CWORD=2; COMP_LINE="paydesk list --fo"; COMP_POINT=17
        _shtab_paydesk; echo "options: ${COMPREPLY[*]}"
    """)

    assert done.returncode == 0, done.stderr
    commands, options = done.stdout.splitlines()
    assert set(commands.removeprefix("commands: ").split()) >= subcommands()
    assert options.removeprefix("options: ").split() == ["--format"]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_read_it_without_a_syntax_error(tmp_path: Path, shell: str) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed here")
    paydesk = paydesk_for(tmp_path)
    script = tmp_path / f"paydesk.{shell}"
    script.write_text(paydesk.run("completion", shell).out, encoding="utf-8")

    done = subprocess.run([shell, "-n", str(script)], capture_output=True, text=True,
                          timeout=PROCESS_TIMEOUT, check=False)

    assert done.returncode == 0, done.stderr


def test_fish_completes_the_commands(tmp_path: Path) -> None:
    if shutil.which("fish") is None:
        pytest.skip("fish is not installed here")
    paydesk = paydesk_for(tmp_path)
    done = shell_run(paydesk, "fish", "source ($argv completion fish | psub); "
                                      "complete -C 'paydesk '")

    assert done.returncode == 0, done.stderr
    offered = {line.split("\t")[0] for line in done.stdout.splitlines()}
    assert subcommands() <= offered


def test_an_unknown_shell_is_a_usage_error(tmp_path: Path) -> None:
    run = paydesk_for(tmp_path).run("completion", "powershell")
    assert run.code == 2 and "invalid choice" in run.err
