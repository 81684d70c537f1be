"""Creating orders and watching them until the service says what became of each.

Owns the order book's writes: ``desk.OrderDesk`` runs in the one thread that holds
the database connection (the GUI thread, or the command line's only thread) and
writes every order before its request goes out. ``remote`` holds the only calls to
the service; they touch no storage and run in worker threads, and their
``outcomes`` come back to the desk's thread to be written down. ``engine.WatchEngine``
decides what is due, sent and sent again (``polling`` is its clock-free arithmetic,
``rate_limit`` its shared bucket) and announces what happened as the plain values of
``events``. ``threads`` drives the engine with plain threads for the command line;
the window drives it with a timer and a thread pool. ``refresh`` checks every
pending order once; ``saving`` retries the write of a create_order's answer.

Called by the runtime, the counter, the till program's API and the front ends'
drivers; it calls nothing above it.
"""
