"""The shop's shared order book (PostgreSQL), for a shop with several tills.

``sync`` keeps a till's own book and the shared book in step (each till writes its
own orders first, then copies them; reads everyone's). ``actions`` is what a person
does with the shared book (join, leave, check, set its password), the same for the
window's Settings and the command line.

Used by the runtime, Settings and ``paydesk book``; the storage itself is
``paydesk.store.shared``.
"""
