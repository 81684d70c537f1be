"""A virtual X server (Xvfb) for the tests that run the real window on X11."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

#: ``@needs_xvfb`` on a test that starts one.
needs_xvfb = pytest.mark.skipif(shutil.which("Xvfb") is None,
                                reason="needs Xvfb (apt-get install xvfb)")


@contextmanager
def x_display(screen: str = "1280x800x24") -> Iterator[str]:
    """A fresh Xvfb on a free display number; its ``DISPLAY`` (``":5"``) once it serves."""
    ready, told = os.pipe()  # Xvfb writes its display's number there once it serves
    server = subprocess.Popen(["Xvfb", "-displayfd", str(told), "-screen", "0", screen,
                               "-nolisten", "tcp"], pass_fds=(told,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(told)
    try:
        with os.fdopen(ready) as said:
            number = said.readline().strip()
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=60)
