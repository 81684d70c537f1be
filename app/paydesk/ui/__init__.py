"""The counter window (PySide6). Everything here drives the Qt-free core;
nothing here talks to the network or sleeps in the GUI thread.

The core the first frame needs is imported here, before any module of this
package imports PySide6: once PySide6 is loaded, it reads the source of every
module imported after it (its ``__feature__`` check looks for the word
"PySide6"), which for the core and the standard library it pulls in cost ~12 ms
of the window's start (tests/perf/bench.py, ``startup_ratio``). The order book
and the services come after the first frame (ui/main_window.py), and pay it then.
"""

import paydesk.crash_report
import paydesk.logs
import paydesk.runtime  # noqa: F401
