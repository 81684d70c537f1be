"""The till program's API: a local HTTP service through which the shop's cash-register
software takes QR payments (``paydesk serve``, or served beside the window).

``api`` is the server (routes, limits, the Host check, problems as 4xx), ``till``
answers its requests in the window's (or serve's) thread through the counter and the
watch, ``events`` is its event stream, ``token`` its bearer token, and ``address``
where a data folder's API runs, for the commands that talk to it.

Called by the runtime's front ends (the window, ``paydesk serve``, ``paydesk
terminal``); it calls down into the watch and the counter.
"""
