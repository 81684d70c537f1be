"""CI runs every test: the README's test command (the fast set), then the scenarios it
leaves out. A newcomer's command and CI's must not drift apart."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_test_command() -> str:
    """The command in the README's code block after "Run the tests"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"Run the tests.*?```sh\n(.+?)\n```", readme, re.DOTALL)
    assert found, "the README has no test command"
    return found.group(1).strip()


def ci_lines() -> list[str]:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    return [line.strip() for line in script.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def test_the_readme_command_leaves_out_the_scenarios() -> None:
    assert readme_test_command().endswith('-m pytest -m "not scenario"')


def test_ci_runs_the_readme_command_and_then_the_scenarios() -> None:
    command = readme_test_command()
    lines = ci_lines()
    [first] = [index for index, line in enumerate(lines) if line.startswith(command)]
    [then] = [index for index, line in enumerate(lines)
              if line.startswith(".venv/bin/python -m pytest -m scenario")]
    assert first < then


def test_the_scenario_marker_is_declared() -> None:
    with (ROOT / "pyproject.toml").open("rb") as file:
        options = tomllib.load(file)["tool"]["pytest"]["ini_options"]
    assert any(marker.startswith("scenario:") for marker in options["markers"])
    assert "--strict-markers" in options["addopts"]
