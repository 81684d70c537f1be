"""Exit codes of ``paydesk``, distinct so scripts can tell failures apart."""

from __future__ import annotations

from paydesk.domain.failures import REFUSALS, SETTINGS_FAILURES, Failure

OK = 0
#: Something unexpected; the message says what.
FAILURE = 1
#: The command line, a typed value or the configuration is wrong: fix and rerun.
USAGE = 2
#: The payment service refused the request (credentials, a conflicting order, ...).
REFUSED = 3
#: The service could not be reached or answered badly; trying again later may work.
UNAVAILABLE = 4
#: The local order book could not be opened or written; nothing was sent.
STORAGE = 5
#: No program serves this data folder's buyer's web screen or till program's API
#: (``paydesk display link``, ``paydesk terminal url``); shares 5 with STORAGE.
NOT_RUNNING = 5
#: The payment service has the order, but the order book could not save its link:
#: never create it again; ``paydesk refresh`` (or the window) finishes it.
SENT_NOT_SAVED = 6
#: The window cannot open here: no graphical display, or Qt's libraries are missing.
#: The commands still work.
NO_WINDOW = 7
#: The receipt printer did not print (not found, refused, timed out, stopped mid-slip,
#: no permission); the message says how to fix it. Nothing else was changed.
PRINTER = 8
#: Refused by the shifts or the cashiers (shifts on and no shift open, a shift already
#: open, a wrong or locked PIN, not an owner, not your shift); nothing was changed.
SHIFT = 9
#: Stopped with Ctrl+C (SIGINT): 128 + the signal's number, as shells report it.
INTERRUPTED = 130


def for_failure(failure: Failure) -> int:
    """The exit code for a failure of the payment client, by its code."""
    # A configured address the client refuses (http:// off this computer) is the
    # configuration's fault, like a missing one: nothing was sent; so is an order
    # field the client refused.
    if failure.field is not None or failure.code in SETTINGS_FAILURES:
        return USAGE
    if failure.code in REFUSALS:
        return REFUSED
    return UNAVAILABLE
