"""Whether a host name stays on this computer (the client's plain-HTTP rule, the sandbox's
listen rule)."""

from __future__ import annotations

import ipaddress


def is_loopback_host(host: str) -> bool:
    """``localhost``, ``127.0.0.0/8`` or ``::1``: traffic that never leaves this computer."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
