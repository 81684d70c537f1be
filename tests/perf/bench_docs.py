"""The benchmark's figures on docs/performance.md, written by the benchmark itself.

``bench.py --write-docs`` replaces what stands between the page's two markers with
the run's table (each figure, its value, its budget, whether it held) and when and
at which commit it was measured, so the page shows the last full run, never a figure
copied by hand. The rest of the page (how to run it, what dominates each figure) is
prose, and stays as it is.
"""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "performance.md"
BEGIN = "<!-- figures: written by tests/perf/bench.py --write-docs; edits here are replaced -->"
END = "<!-- end of the figures -->"


class MarkersError(ValueError):
    """The page has not exactly one pair of markers, in order: nothing is written."""


def commit() -> str:
    """The checkout's short commit, ``+`` when it has changes not committed; ``?`` outside git."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True,
                              text=True, timeout=30, check=False)
        return done.stdout.strip() if done.returncode == 0 else ""

    head = git("rev-parse", "--short", "HEAD")
    if not head:
        return "?"
    return head + ("+" if git("status", "--porcelain", "--untracked-files=no") else "")


def figures_block(result: Mapping[str, Any], budgets: Mapping[str, tuple[float, str]], *,
                  measured_at: datetime, at_commit: str) -> str:
    """The text between the markers: the table of the figures this run has, in the
    budgets' order, and one line saying when, where and how they were measured."""
    lines = ["| figure | value | budget | held | what |", "|---|---:|---:|---|---|"]
    for key, (budget, what) in budgets.items():
        if key not in result:
            continue
        value = float(result[key])
        held = "held" if value <= budget else "**over**"
        lines.append(f"| `{key}` | {value:.2f} | ≤ {budget:g} | {held} | {what} |")
    machine = result.get("machine", {})
    lines += [
        "",
        f"Measured {measured_at:%Y-%m-%d %H:%M} UTC at commit `{at_commit}` with "
        f"`{result.get('command', 'python tests/perf/bench.py')}`"
        f" ({result.get('seconds', '?')} s), on {machine.get('cpu', '?')},"
        f" {machine.get('cores', '?')} cores, Python {machine.get('python', '?')},"
        f" Qt {machine.get('qt', '?')}, SQLite {machine.get('sqlite', '?')}.",
    ]
    return "\n".join(lines)


def replace_block(page: str, block: str) -> str:
    """``page`` with what stands between its markers replaced by ``block``."""
    if page.count(BEGIN) != 1 or page.count(END) != 1 or page.index(BEGIN) > page.index(END):
        raise MarkersError(f"the page needs the lines {BEGIN!r} and {END!r}, once each")
    before, rest = page.split(BEGIN)
    _old, after = rest.split(END)
    return f"{before}{BEGIN}\n{block}\n{END}{after}"


def write_docs(result: Mapping[str, Any], budgets: Mapping[str, tuple[float, str]],
               page: Path = DOCS, *, measured_at: datetime | None = None,
               at_commit: str | None = None) -> None:
    """Write the run's figures into ``page`` between its markers (MarkersError: untouched)."""
    block = figures_block(result, budgets, measured_at=measured_at or datetime.now(UTC),
                          at_commit=at_commit or commit())
    text = replace_block(page.read_text(encoding="utf-8"), block)
    page.write_text(text, encoding="utf-8")
