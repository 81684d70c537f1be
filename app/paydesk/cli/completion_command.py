"""``paydesk completion bash|zsh|fish``: the shell's completion script, made from the parser.

shtab reads the same argparse parser the commands run with, so a new command or
option completes as soon as it exists; nothing is written by hand to drift.
docs/command-line.md ("Shell completion") has the line that installs it for each shell.
"""

from __future__ import annotations

import argparse

from paydesk.cli import exit_codes

SHELLS = ("bash", "zsh", "fish")

_INSTALL = (
    "Install: bash: paydesk completion bash > ~/.local/share/bash-completion/completions/paydesk; "
    "zsh: paydesk completion zsh > ~/.zfunc/_paydesk (with fpath+=~/.zfunc before compinit "
    "in ~/.zshrc); fish: paydesk completion fish > ~/.config/fish/completions/paydesk.fish"
)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    completion = sub.add_parser(
        "completion", help="print the shell completion script (bash, zsh or fish)",
        description="Prints the script that completes paydesk's commands and options.",
        epilog=_INSTALL,
    )
    completion.add_argument("shell", choices=SHELLS)


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of ``parser`` (the whole command line's) for ``shell``."""
    import shtab  # only here: it loads importlib.metadata, which no other command needs

    return str(shtab.complete(parser, shell=shell))


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    print(script(parser, args.shell))
    return exit_codes.OK
