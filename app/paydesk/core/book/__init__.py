"""The order book's read side: what the orders list, its totals, the report and the
exports ask of the book.

``reader.OrderBookReader`` reads on the desk's connection, in the desk's thread, and
says when orders changed elsewhere. ``report`` computes the owner's end-of-day report;
``export`` turns orders into CSV and JSON rows from one column list, written by
``csv_format`` the way spreadsheets open it.

Used by the window's orders list and report, the command line and the watch's desk.
"""
