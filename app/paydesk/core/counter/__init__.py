"""The counter: the sale in front of the buyer and the order the cashier is viewing.

``presenter.CounterPresenter`` owns both, hears the watch's events, and publishes
immutable snapshots (``views``: the cashier's panel, the buyer's screen) that every
screen only renders: the panel, the buyer's window, the buyer's web page and the
till program's API. ``buyer_memory`` remembers whose sale the buyer's screen shows
and how long a result stays on it.

Used by the window's payment part, the buyer's web screen and the till program's
API; it reads the watch's desk and events and nothing above it.
"""
