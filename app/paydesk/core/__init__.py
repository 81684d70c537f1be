"""The core: what the window and the command line both do with orders, Qt-free.

``desk.OrderDesk`` owns the order book and runs in one thread (the GUI thread, or
the command line's only thread). The functions in ``remote`` are the only ones
that talk to the service; they touch no storage, so they can run in worker
threads, and their outcomes go back to the desk's thread to be written down.
``book_reader.OrderBookReader`` (``desk.reader``) is the read side on the desk's
connection: the list, its totals, the report and the export, and word of changes
made elsewhere. ``watch.WatchEngine`` decides what is due, sent and sent again;
the window (a QTimer and a QThreadPool) and the command line (plain threads,
``refresh`` and ``watch_threads``) drive it. ``counter_presenter.CounterPresenter``
holds the sale in front of the buyer and the order the cashier is looking at, and
publishes what every screen shows of them (``counter_views``).
``runtime.Runtime`` puts it together from the settings, the keychain and the
data folder, and publishes the settings in force after each save on its event hub.
"""
