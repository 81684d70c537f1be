"""The payment service's HTTP client and the errors it raises.

``GatewayClient(base_url, client_id, secret_key)`` (a context manager) has
``create_order(order_id, amount, email=None) -> url``, ``get_order(order_id) ->
OrderStatus`` (``find_order``: with the amount, when the service names it) and
``verify_credentials()``; every failure is a ``GatewayError``.
"""

from __future__ import annotations

from paydesk.gateway.client import GatewayClient
from paydesk.gateway.errors import (
    CredentialsRefused,
    GatewayConfigError,
    GatewayConnectionError,
    GatewayError,
    GatewayTimeout,
    InvalidRequestError,
    OrderConflict,
    OrderNotFound,
    ParameterRefused,
    ProtocolError,
    RateLimited,
    ServiceRefused,
    ServiceUnavailable,
    TlsError,
)

__all__ = [
    "CredentialsRefused",
    "GatewayClient",
    "GatewayConfigError",
    "GatewayConnectionError",
    "GatewayError",
    "GatewayTimeout",
    "InvalidRequestError",
    "OrderConflict",
    "OrderNotFound",
    "ParameterRefused",
    "ProtocolError",
    "RateLimited",
    "ServiceRefused",
    "ServiceUnavailable",
    "TlsError",
]
