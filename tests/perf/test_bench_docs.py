"""``bench.py --write-docs`` writes its figures into docs/performance.md between the markers.

No benchmark is run: a run's result, as bench.py makes it, is written into a copy
of the page, and what stands outside the markers must come through unchanged.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

import bench_docs  # noqa: E402

BUDGETS = {
    "startup_ratio": (1.5, "start to first frame / bare QMainWindow"),
    "terminal_create_ratio": (1.3, "POST /v1/payments answered / bare create_order"),
    "sandbox_p50_ms": (3, "sequential get_order on loopback"),
}
RESULT = {
    "startup_ratio": 1.31,
    "terminal_create_ratio": 6.59,
    "details": {"terminal_create_floor_ratio": 2.4},
    "machine": {"cpu": "Test CPU", "cores": 2, "python": "3.11.7", "qt": "6.11.3",
                "sqlite": "3.40.1"},
    "command": "python tests/perf/bench.py --write-docs",
    "seconds": 288.0,
}
WHEN = datetime(2026, 12, 2, 1, 30, tzinfo=UTC)


def page_with(inside: str) -> str:
    return (f"# PayDesk's performance\n\nBefore.\n\n{bench_docs.BEGIN}\n{inside}\n"
            f"{bench_docs.END}\n\nAfter, how to run it.\n")


def test_the_run_replaces_what_stands_between_the_markers(tmp_path: Path) -> None:
    page = tmp_path / "performance.md"
    page.write_text(page_with("| old | table |\n\nMeasured long ago."), encoding="utf-8")

    bench_docs.write_docs(RESULT, BUDGETS, page, measured_at=WHEN, at_commit="abc1234")

    text = page.read_text(encoding="utf-8")
    assert "old | table" not in text and "long ago" not in text
    assert text.startswith("# PayDesk's performance\n\nBefore.\n\n")
    assert text.endswith(f"{bench_docs.END}\n\nAfter, how to run it.\n")
    assert "| `startup_ratio` | 1.31 | ≤ 1.5 | held | start to first frame" in text
    assert "| `terminal_create_ratio` | 6.59 | ≤ 1.3 | **over** |" in text
    assert "sandbox_p50_ms" not in text  # not measured in this run: no row
    assert "2026-12-02 01:30 UTC at commit `abc1234`" in text
    assert "`python tests/perf/bench.py --write-docs` (288.0 s), on Test CPU, 2 cores" in text


def test_written_twice_the_page_holds_one_table(tmp_path: Path) -> None:
    page = tmp_path / "performance.md"
    page.write_text(page_with(""), encoding="utf-8")
    bench_docs.write_docs(RESULT, BUDGETS, page, measured_at=WHEN, at_commit="abc1234")
    once = page.read_text(encoding="utf-8")
    bench_docs.write_docs(RESULT, BUDGETS, page, measured_at=WHEN, at_commit="abc1234")
    assert page.read_text(encoding="utf-8") == once
    assert once.count("| figure | value | budget | held | what |") == 1


@pytest.mark.parametrize("text", [
    "# A page without markers\n",
    f"{bench_docs.END}\nreversed\n{bench_docs.BEGIN}\n",
    f"{bench_docs.BEGIN}\none\n{bench_docs.END}\n{bench_docs.BEGIN}\ntwo\n{bench_docs.END}\n",
], ids=["none", "reversed", "twice"])
def test_a_page_without_one_pair_of_markers_is_left_untouched(tmp_path: Path,
                                                               text: str) -> None:
    page = tmp_path / "performance.md"
    page.write_text(text, encoding="utf-8")
    with pytest.raises(bench_docs.MarkersError):
        bench_docs.write_docs(RESULT, BUDGETS, page, measured_at=WHEN, at_commit="abc1234")
    assert page.read_text(encoding="utf-8") == text


def test_the_projects_page_has_its_markers_and_a_table_in_the_writers_form() -> None:
    text = bench_docs.DOCS.read_text(encoding="utf-8")
    inside = text.split(bench_docs.BEGIN)[1].split(bench_docs.END)[0]
    assert text.count(bench_docs.BEGIN) == 1 and text.count(bench_docs.END) == 1
    assert "| figure | value | budget | held | what |" in inside


@pytest.mark.parametrize("argv", [["--quick", "--write-docs"],
                                  ["--only", "startup", "--write-docs"]],
                         ids=["quick", "some-parts"])
def test_only_a_full_run_writes_the_page(argv: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A quick run measures nothing and a partial one leaves figures out: both are
    refused before anything runs, and the page stays as it is."""
    import bench

    before = bench_docs.DOCS.read_text(encoding="utf-8")
    with pytest.raises(SystemExit) as refused:
        bench.main(argv)
    assert refused.value.code == 2
    assert "--write-docs takes a full run" in capsys.readouterr().err
    assert bench_docs.DOCS.read_text(encoding="utf-8") == before
