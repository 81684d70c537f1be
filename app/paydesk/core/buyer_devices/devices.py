"""The tablets and phones paired as the buyer's screen, and the codes that pair them.

Kept in the data folder (``web-display.json``, the owner's alone), so a device
stays paired across restarts, and shared with ``paydesk display link``: that
command writes a new pairing code into the file, and the running server reads it
from there when the device opens the address. Only hashes are kept: a device's
token (128 random bits, in the browser's cookie) and a pairing code (the same,
single use, for :data:`CODE_SECONDS`) are never written, logged or shown back.
The file is changed under its own short lock (another program may write a code
at the same moment).

Each device has a name the merchant can tell it by in the till's list: the one given
with its pairing code (Settings, ``paydesk display link --name``), else its browser's
kind and a number ("Android tablet 2"); renamed later in Settings. A file written
before codes carried names reads as it did.

A code's life runs on the computer's steady clock (one clock for every program of
this boot, which a corrected wall clock does not move; on Linux the one that counts a
suspend too), from the moment it was made; the wall-clock time kept beside it is for
people to read ("works until 14:05"). A code from another boot (the steady clock
started again) is dead: Linux names each boot; elsewhere a steady clock reading
before the code's start says so, and the wall clock bounds it loosely: an hour past
its "works until", a code is dead whatever the steady clock reads.

Thread-safe: the server's thread pairs and looks tokens up; the window lists and
removes devices.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from paydesk.support.held_lock import holder_address, wait_for_lock
from paydesk.support.private_files import write_private_file

#: How long a pairing address can be opened (once).
CODE_SECONDS = 300
#: Past its "works until" on the wall clock by this much, a code is dead however the
#: steady clock reads (a code of an earlier boot where the system names no boot).
WALL_GRACE = timedelta(hours=1)
#: Held by the program serving the page while it runs; its address is written beside it.
LOCK_FILE = "web-display.lock"
ADDRESS_FILE = "web-display-address"
#: The file the devices and the codes live in, in the data folder.
DEVICES_FILE = "web-display.json"
#: How long a change of the file waits for another program's (which takes milliseconds).
_LOCK_WAIT = 5.0
#: The most devices kept: a tablet and spares, not a crowd.
MAX_DEVICES = 32
#: The longest name of a device.
NAME_MAX = 60


def device_name(text: str) -> str:
    """``text`` as a device's name: one line, single spaces, at most :data:`NAME_MAX`."""
    return " ".join(text.split())[:NAME_MAX].strip()


def numbered(kind: str, taken: set[str]) -> str:
    """``kind`` and the lowest number that makes a name not in ``taken`` ("Linux 2")."""
    number = 1
    while f"{kind} {number}" in taken:
        number += 1
    return f"{kind} {number}"


def secret_hash(secret: str) -> str:
    """What is kept of a token or a code: its SHA-256 (128 random bits need no salt)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    """128 random bits, URL-safe (a cookie's value, a pairing address's code)."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True, slots=True)
class Device:
    """One paired device as the till lists it (its token's hash stays inside)."""

    device_id: str
    name: str
    paired_at: datetime
    last_seen: datetime


class DeviceBook:
    """The paired devices and the pending pairing codes of one data folder."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / DEVICES_FILE
        self._lock = threading.Lock()
        self._devices: dict[str, Device] = {}
        self._hashes: dict[str, str] = {}  # token hash -> device id
        with self._lock:
            self._load(self._read())

    # -- pairing ----------------------------------------------------------------------------

    def new_code(self, now: datetime, steady: float | None = None,
                 name: str = "") -> tuple[str, datetime]:
        """A fresh pairing code and when it stops working (on the wall clock, for people
        to read); only its hash is written. ``steady``: the steady clock now (seconds);
        ``name``: the name of the device it pairs (empty: its kind and a number)."""
        code = new_secret()
        started = steady_seconds() if steady is None else steady
        expires_at = now + timedelta(seconds=CODE_SECONDS)
        boot = _boot_id()

        def add(data: dict[str, Any]) -> None:
            data["codes"] = [c for c in data["codes"] if _lives(c, now, started, boot)]
            data["codes"].append({"hash": secret_hash(code), "expires_at": expires_at.isoformat(),
                                  "steady_from": started, "boot": boot,
                                  "name": device_name(name)})

        self._change(add)
        return code, expires_at

    def pair(self, code: str, name: str, now: datetime,
             steady: float | None = None) -> str | None:
        """The new device's token if ``code`` is pending and in time on the steady clock
        (it is used up then), else None. ``name``: the device's kind ("Android tablet"),
        its name with a number unless the code was given one; ``now``: the wall clock,
        for the device's record; ``steady``: the steady clock now (seconds)."""
        wanted = secret_hash(code)
        token = new_secret()
        found: list[bool] = []
        steady_now = steady_seconds() if steady is None else steady
        boot = _boot_id()

        def use(data: dict[str, Any]) -> None:
            live = [c for c in data["codes"] if _lives(c, now, steady_now, boot)]
            kept = [c for c in live if not secrets.compare_digest(c["hash"], wanted)]
            data["codes"] = kept
            if len(kept) == len(live):
                return
            found.append(True)
            used = next(c for c in live if c not in kept)
            given = device_name(str(used.get("name") or ""))
            taken = {d["name"] for d in data["devices"]}
            chosen = given or numbered(device_name(name) or "Browser", taken)
            device = {"id": new_secret()[:8], "name": chosen, "token_hash": secret_hash(token),
                      "paired_at": now.isoformat(), "last_seen": now.isoformat()}
            data["devices"] = [*data["devices"], device][-MAX_DEVICES:]

        self._change(use)
        return token if found else None

    # -- the devices ------------------------------------------------------------------------

    def device_of(self, token: str) -> Device | None:
        """The device ``token`` belongs to, or None (unknown, removed)."""
        with self._lock:
            device_id = self._hashes.get(secret_hash(token))
            return None if device_id is None else self._devices.get(device_id)

    def seen(self, device_id: str, now: datetime) -> None:
        """The device asked for something now (kept in memory; written with the next change)."""
        with self._lock:
            device = self._devices.get(device_id)
            if device is not None:
                self._devices[device_id] = replace(device, last_seen=now)

    def devices(self) -> list[Device]:
        """Every paired device, the first paired first."""
        with self._lock:
            return sorted(self._devices.values(), key=lambda d: d.paired_at)

    def rename(self, device_id: str, name: str) -> bool:
        """Give a paired device another name (one line, at most :data:`NAME_MAX`); whether
        it was paired. ValueError for a name with nothing in it."""
        new_name = device_name(name)
        if not new_name:
            raise ValueError("a device's name cannot be empty")
        renamed: list[bool] = []

        def give(data: dict[str, Any]) -> None:
            for device in data["devices"]:
                if device["id"] == device_id:
                    device["name"] = new_name
                    renamed.append(True)

        self._change(give)
        return bool(renamed)

    def remove(self, device_id: str) -> bool:
        """Unpair a device (its token stops working at once); whether it was paired."""
        removed: list[bool] = []

        def drop(data: dict[str, Any]) -> None:
            kept = [d for d in data["devices"] if d["id"] != device_id]
            if len(kept) != len(data["devices"]):
                removed.append(True)
            data["devices"] = kept

        self._change(drop)
        return bool(removed)

    def save_last_seen(self) -> None:
        """Write the last times seen (at the server's stop)."""
        self._change(lambda _data: None)

    # -- the file ---------------------------------------------------------------------------

    def _change(self, change: Any) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock = wait_for_lock(self.path.with_name("web-display-devices.lock"), _LOCK_WAIT)
        if lock is None:
            raise OSError(f"{self.path} is held by another PayDesk program")
        try:
            with self._lock:
                data = self._read()
                for device in data["devices"]:  # the times seen here are newer
                    known = self._devices.get(device["id"])
                    if known is not None:
                        device["last_seen"] = known.last_seen.isoformat()
                change(data)
                write_private_file(self.path, json.dumps(data, indent=1) + "\n")
                self._load(data)
        finally:
            lock.release()

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        if not isinstance(data, dict):
            data = {}
        devices = [d for d in data.get("devices", []) if _is_device(d)]
        codes = [c for c in data.get("codes", []) if _is_code(c)]
        return {"devices": devices, "codes": codes}

    def _load(self, data: dict[str, Any]) -> None:
        self._devices = {d["id"]: Device(d["id"], d["name"], _time(d["paired_at"]),
                                         _time(d["last_seen"])) for d in data["devices"]}
        self._hashes = {d["token_hash"]: d["id"] for d in data["devices"]}


def pairing_address(book: DeviceBook, base_url: str, now: datetime,
                    name: str = "") -> tuple[str, datetime]:
    """A new single-use pairing address at ``base_url`` and when it stops working;
    ``name``: the name of the device it pairs (empty: its kind and a number)."""
    code, expires_at = book.new_code(now, name=name)
    return f"{base_url}/pair?code={code}", expires_at


def running_address(data_dir: Path) -> str | None:
    """The address of the buyer's web screen another program serves for ``data_dir``,
    or None when none does (its lock is free)."""
    return holder_address(Path(data_dir) / LOCK_FILE, Path(data_dir) / ADDRESS_FILE)



def _time(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return datetime.min.replace(tzinfo=UTC)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _is_device(item: object) -> bool:
    keys = ("id", "name", "token_hash", "paired_at", "last_seen")
    return isinstance(item, dict) and all(isinstance(item.get(k), str) for k in keys)


def _is_code(item: object) -> bool:
    return (isinstance(item, dict)
            and all(isinstance(item.get(k), str) for k in ("hash", "expires_at"))
            and isinstance(item.get("steady_from"), (int, float))
            and isinstance(item.get("boot", ""), (str, type(None)))
            and isinstance(item.get("name", ""), (str, type(None))))


def steady_seconds() -> float:
    """The steady clock the codes live on: one for every program of this boot, never
    set; on Linux the one that goes on counting while the computer sleeps."""
    if hasattr(time, "CLOCK_BOOTTIME"):
        return time.clock_gettime(time.CLOCK_BOOTTIME)
    return time.monotonic()


def _lives(code: dict[str, Any], now: datetime, steady: float, boot: str | None) -> bool:
    """Whether ``code`` still pairs at ``steady`` (the steady clock now) on this boot
    (``now``: the wall clock, its loose bound)."""
    if code.get("boot") != boot or now > _time(code["expires_at"]) + WALL_GRACE:
        return False
    try:
        started = float(code["steady_from"])
    except (OverflowError, ValueError):  # a file edited by hand
        return False
    return started <= steady < started + CODE_SECONDS


def _boot_id() -> str | None:
    """This boot's name where the system gives one (Linux), else None."""
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
    except OSError:
        return None


def as_json(device: Device) -> dict[str, str]:
    """A device as ``paydesk display`` prints it (no secret in it)."""
    return {k: v.isoformat() if isinstance(v, datetime) else v for k, v in asdict(device).items()}
