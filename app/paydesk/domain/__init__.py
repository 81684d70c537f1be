"""The domain: kopecks, order statuses and phases, order ids, signatures, the clock.

Plain Python with no I/O and no imports from the rest of PayDesk: every other
layer (store, gateway, sandbox, core, the front ends) builds on it."""
