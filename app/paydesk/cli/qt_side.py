"""What a command asks of Qt, handed to the command line by the launcher.

Qt is the window's (paydesk/ui/); the command line never imports it. Two commands
need it: ``paydesk about`` loads the icon and the Russian catalogue the way the window
does, and the words the command line writes in Russian (a report, a slip, a CSV's
headings) are read from the window's compiled catalogue. paydesk/launch.py gives
these as :class:`QtSide`, loading Qt only when one is called; where Qt cannot load,
the call raises ImportError (``about`` says so) or reads no catalogue (the words stay
English).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

#: A check's outcome: whether it passed, and the words shown after its label.
Probe = tuple[bool, str]


class Catalogue(Protocol):
    """A compiled catalogue: a text in its context, translated (empty or None: none)."""

    def translate(self, context: str, text: str, /) -> str | None: ...


#: Qt's version and, when asked to ``check``, the icon and the Russian catalogue loaded.
AboutQt = Callable[..., tuple[str, Probe | None, Probe | None]]
#: The compiled catalogue at a path, read; None when it cannot be.
ReadCatalogue = Callable[[Path], Catalogue | None]


@dataclass(frozen=True, slots=True)
class QtSide:
    about: AboutQt
    catalogue: ReadCatalogue
