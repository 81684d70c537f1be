"""The benchmark's order books: varied orders, a data folder holding them, a runtime on it."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bench_common import CLIENT_ID, SECRET

_NOTES = ("2 coffees", "Кофе с собой", "cake", "100% juice", "tea_time", "", "Latte", "сок",
          "Торт «Наполеон»", "delivery to the 3rd floor")
_STATUSES = ("approve", "approve", "approve", "pending", "decline", "expired")


def history_orders(count: int, now: datetime) -> Iterator[Any]:
    """``count`` varied orders, one every ~5 minutes up to ``now``, oldest first."""
    from paydesk.domain.orders import CreationState, Order, OrderStatus

    rng = random.Random(20260301)
    start = now - timedelta(minutes=5 * count)
    for number in range(count):
        created = start + timedelta(minutes=5 * number, seconds=rng.random() * 60)
        status = OrderStatus(rng.choice(_STATUSES))
        creation = CreationState.CONFIRMED
        if number % 97 == 0:
            creation, status = CreationState.UNCONFIRMED, OrderStatus.PENDING
        order_id = f"B{number:06d}-{rng.randrange(36**4):05d}"
        confirmed = creation is CreationState.CONFIRMED
        yield Order(
            client_id=CLIENT_ID,
            order_id=order_id,
            amount=rng.randrange(100, 5_000_00, 50),
            email=f"buyer{rng.randrange(500)}@Mail.ru" if rng.random() < 0.6 else None,
            note=f"{rng.choice(_NOTES)} #{rng.randrange(50)}",
            url=f"https://pay.example/pay/{order_id}" if confirmed else None,
            status=status,
            creation=creation,
            created_at=created,
            paid_at=created + timedelta(minutes=1) if status is OrderStatus.APPROVE else None,
            last_checked_at=created + timedelta(minutes=1) if confirmed else None,
            next_check_at=None,
        )


def prepare_data_dir(folder: Path, base_url: str, orders: Iterable[Any] = ()) -> Path:
    """A data folder with settings for ``base_url`` and a migrated order book."""
    from paydesk.store import OrderStore
    from paydesk.support.paths import AppPaths

    from bulk_orders import bulk_insert

    paths = AppPaths(folder).ensure()
    settings = {"base_url": base_url, "client_id": CLIENT_ID, "merchant_name": "Bench shop",
                "language": "en", "sound": False}
    paths.settings_file.write_text(json.dumps(settings), encoding="utf-8")
    with OrderStore.open(paths.database) as store:
        bulk_insert(store, orders)
    return folder


def runtime_for(data_dir: Path, base_url: str, **settings: Any) -> Any:
    from paydesk.core.runtime import Runtime
    from paydesk.core.settings.values import Settings
    from paydesk.support.paths import AppPaths

    os.environ["PAYDESK_SECRET_KEY"] = SECRET
    values: dict[str, Any] = {"base_url": base_url, "client_id": CLIENT_ID,
                              "merchant_name": "Bench shop", "sound": False}
    values.update(settings)
    return Runtime(AppPaths(data_dir).ensure(), Settings(**values))
