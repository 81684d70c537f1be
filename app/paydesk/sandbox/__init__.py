"""A local, faithful payment service (service-contract.md) for demo mode and tests.

Stdlib only: ``http.server`` on loopback, orders in SQLite, a payment page a
person can pay or refuse on, and switches for latency and failures::

    with SandboxServer(SandboxConfig(secret_key="k")) as server:
        ...  # point a client at server.base_url
"""

from __future__ import annotations

from paydesk.sandbox.config import SandboxConfig
from paydesk.sandbox.faults import Fault
from paydesk.sandbox.ledger import SandboxOrder
from paydesk.sandbox.server import SandboxServer

__all__ = ["Fault", "SandboxConfig", "SandboxOrder", "SandboxServer"]
