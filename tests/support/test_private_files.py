"""support/private_files.py: a file replaced whole, by each writer with its own temp file."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from paydesk.support import private_files
from paydesk.support.private_files import write_private_file


def test_two_writers_of_one_file_at_once_each_replace_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One writer is held after writing its temp file, before renaming it; another
    writes the same file meanwhile. Both succeed, neither renames the other's half,
    and the file ends as the last rename left it, with no temp file behind."""
    path = tmp_path / "settings.json"
    held, go_on = threading.Event(), threading.Event()
    real_fsync = os.fsync

    def fsync_holding_the_first(fd: int) -> None:
        real_fsync(fd)
        if not held.is_set():  # the first writer's: wait here, its temp file written
            held.set()
            go_on.wait()

    monkeypatch.setattr(private_files.os, "fsync", fsync_holding_the_first)
    failures: list[BaseException] = []

    def first() -> None:
        try:
            write_private_file(path, "first\n")
        except BaseException as error:  # said by the test below
            failures.append(error)

    writer = threading.Thread(target=first)
    writer.start()
    try:
        assert held.wait(timeout=30)
        write_private_file(path, "second\n")  # the other program, meanwhile
        assert path.read_text(encoding="utf-8") == "second\n"
    finally:
        go_on.set()
        writer.join(timeout=30)
    assert failures == []
    assert path.read_text(encoding="utf-8") == "first\n"  # the last rename
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
