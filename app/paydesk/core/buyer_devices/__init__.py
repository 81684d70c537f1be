"""Tablets and phones paired as the buyer's screen: a small web server inside PayDesk.

``web_server`` serves the page and its event stream, ``devices`` keeps the paired
devices and the codes that pair them, ``guard`` stands in front of every request
(token, Host header, sizes, rates), and ``page`` words each buyer's view as the page
reads it.

Started by the window when Settings turn it on; renders the counter's buyer view and
nothing else.
"""
