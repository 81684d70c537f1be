"""The core: what the window, the command line and the servers all do with orders, Qt-free.

One package per subsystem; each package's docstring says what it owns and who may
call it. A few modules stay loose because every subsystem uses them:

- ``runtime``: builds everything one process works with (settings, keychain, data
  folder, the order book, the hub) the same way for every front end.
- ``events``: the one event hub of a process: typed events, and who hears them.
- ``problems``: any error the core meets, as a failure code with details.
- ``demo``: the sandbox running inside the app, with its own data.
- ``served_loop``: what PayDesk's two small HTTP servers share (the buyer's web
  screen and the till program's API): limits per client, doors, connections.

The packages, from the sale outwards:

- ``watch``: creating orders and asking the service about them until each is final
  (the desk that owns the book's writes, the engine that decides what is due).
- ``counter``: the sale in front of the buyer and the order the cashier views, as
  the snapshots every screen renders.
- ``book``: the order book's read side: the list, totals, report, export.
- ``shared_book``: the shop's shared PostgreSQL book, kept in step with the till's.
- ``terminal``: the till program's API (``paydesk serve``).
- ``buyer_devices``: tablets and phones paired as the buyer's screen.
- ``receipts``: the receipt printer's slips and the printing of them.
- ``settings``: typed settings, each declared once, and the connection check.
- ``shifts``: cashiers and their PINs, a till's shifts, and the shift's report.
"""
