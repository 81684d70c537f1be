"""A throwaway PostgreSQL server for the tests of the shop's shared order book.

The tests start their own cluster, once per session: ``initdb`` into a fresh
temporary folder, the server listening on 127.0.0.1 (a free port) and on a unix
socket in that folder, stopped and removed at the end. The server binaries come
from ``pg_config --bindir`` or ``/usr/lib/postgresql/*/bin``; where there are
none, every test that needs the server is skipped with one reason. PostgreSQL
refuses to run as root, so under root initdb and the server run as the
``postgres`` user (the folder is handed to it).

Local connections are trusted, except for :data:`PASSWORD_ROLE`, which must give
its password (scram-sha-256), so password handling is tested for real.

Fixtures (registered for the whole suite by tests/conftest.py):
``postgres_server`` (the session's :class:`PostgresServer`), ``book_url``
(a fresh, empty database for one test, as a ``postgresql://`` URL on 127.0.0.1) and
``password_book`` (a book set up whose role must give its password).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

SKIP_REASON = "PostgreSQL server not installed: apt-get install postgresql"
SUPERUSER = "postgres"
#: A role that logs in with a password only (never trusted), with its password.
PASSWORD_ROLE = "till_with_password"
ROLE_PASSWORD = "pw-Kx7#long:secret@value"

_SETTINGS = (
    "listen_addresses=127.0.0.1",
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
    "max_connections=60",
)


def server_bindir() -> Path | None:
    """Where initdb, pg_ctl and postgres are, or None when no server is installed."""
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        done = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                              check=False)
        if done.returncode == 0 and done.stdout.strip():
            candidates.append(Path(done.stdout.strip()))

    def version(path: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", path.parent.name))

    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=version, reverse=True)
    for bindir in candidates:
        if all((bindir / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return bindir
    return None


def _free_port() -> int:
    """A free port below the system's ephemeral range.

    The tests stop and start the server on its port. A port the system hands out to
    outgoing connections could be taken meanwhile by one of them (a till trying to
    reconnect may even connect to itself on it), and the server would come back
    unreachable; ports below that range are never handed out.
    """
    low = _ephemeral_low()
    rng = random.Random()
    for _attempt in range(200):
        port = rng.randrange(max(1024, low - 12_000), low)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port below the ephemeral range for PostgreSQL")


def _ephemeral_low() -> int:
    try:
        text = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text(encoding="ascii")
        return int(text.split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


class PostgresServer:
    """One throwaway cluster; :meth:`start` it, :meth:`destroy` it at the end."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="paydesk-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root / "socket"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self._names = count(1)
        self._as_root = os.geteuid() == 0

    # -- running the binaries ------------------------------------------------------
    def _run(self, name: str, *args: str) -> None:
        command = [str(self.bindir / name), *args]
        if self._as_root:
            command = ["runuser", "-u", SUPERUSER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False,
                              cwd=self.root)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"{name} failed ({done.returncode}): {done.stderr}\n{log}")

    def init(self) -> PostgresServer:
        self.socket_dir.mkdir()
        if self._as_root:
            shutil.chown(self.root, SUPERUSER)
            shutil.chown(self.socket_dir, SUPERUSER)
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "-A", "trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        # The password role must give its password, over TCP and the socket alike;
        # everyone else is trusted (a throwaway server on loopback).
        hba = self.data / "pg_hba.conf"
        hba.write_text(
            f"local all {PASSWORD_ROLE} scram-sha-256\n"
            f"host all {PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256\n"
            "local all all trust\n"
            "host all all 127.0.0.1/32 trust\n",
            encoding="utf-8",
        )
        self.start()
        with self.admin() as admin:
            admin.execute(sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
                sql.Identifier(PASSWORD_ROLE), sql.Literal(ROLE_PASSWORD)))
        return self

    def start(self) -> None:
        options = " ".join(f"-c {setting}" for setting in _SETTINGS)
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.data), "-l", str(self.log),
                  "-o", f"-p {self.port} -k {self.socket_dir} {options}")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: clients are disconnected; ``immediate``: a crash)."""
        self._run("pg_ctl", "stop", "-w", "-t", "60", "-D", str(self.data), "-m", mode)

    @property
    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    @contextmanager
    def stopped(self, mode: str = "fast") -> Iterator[None]:
        """The server stopped for the body of the ``with``, then started again."""
        self.stop(mode)
        try:
            yield
        finally:
            self.start()

    def destroy(self) -> None:
        if self.running:
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)

    # -- addresses and administration ----------------------------------------------
    def url(self, dbname: str, *, user: str = SUPERUSER, password: str | None = None) -> str:
        """A URL of ``dbname`` over TCP on 127.0.0.1."""
        who = user if password is None else f"{user}:{_quote(password)}"
        return f"postgresql://{who}@127.0.0.1:{self.port}/{dbname}"

    def socket_url(self, dbname: str, *, user: str = SUPERUSER) -> str:
        """A URL of ``dbname`` over the unix socket."""
        return f"postgresql://{user}@{_quote(str(self.socket_dir))}:{self.port}/{dbname}"

    def admin(self, dbname: str = "postgres") -> psycopg.Connection[tuple[object, ...]]:
        """A superuser connection over the socket, in autocommit (close it after use)."""
        return psycopg.connect(host=str(self.socket_dir), port=self.port, user=SUPERUSER,
                               dbname=dbname, autocommit=True)

    def create_database(self, owner: str = SUPERUSER) -> str:
        """A new empty database; its name."""
        name = f"book_{next(self._names)}"
        with self.admin() as admin:
            admin.execute(sql.SQL("CREATE DATABASE {} OWNER {} TEMPLATE template0").format(
                sql.Identifier(name), sql.Identifier(owner)))
        return name

    def drop_database(self, name: str) -> None:
        with self.admin() as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                sql.Identifier(name)))

    def backends(self, dbname: str, application_name: str | None = None) -> list[int]:
        """The server processes serving clients of ``dbname`` (of one application)."""
        with self.admin() as admin:
            rows = admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s"
                " AND (%s::text IS NULL OR application_name = %s) AND pid <> pg_backend_pid()",
                (dbname, application_name, application_name),
            ).fetchall()
        return [int(str(pid)) for (pid,) in rows]

    def terminate(self, dbname: str, application_name: str | None = None) -> int:
        """Cut the clients of ``dbname`` (``pg_terminate_backend``); how many were cut."""
        pids = self.backends(dbname, application_name)
        with self.admin() as admin:
            for pid in pids:
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        return len(pids)

    def waiting_for_lock(self, dbname: str) -> int:
        """How many of ``dbname``'s clients wait for a lock now."""
        with self.admin() as admin:
            row = admin.execute(
                "SELECT count(*) FROM pg_locks AS l JOIN pg_stat_activity AS a USING (pid)"
                " WHERE NOT l.granted AND a.datname = %s", (dbname,)).fetchone()
        assert row is not None
        return int(str(row[0]))


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server (skips the test where none is installed)."""
    bindir = server_bindir()
    if bindir is None:
        pytest.skip(SKIP_REASON)
    server = PostgresServer(bindir)
    try:
        server.init()
        yield server
    finally:
        server.destroy()


@pytest.fixture
def book_database(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh empty database for one test: its name (dropped after the test)."""
    name = postgres_server.create_database()
    yield name
    if not postgres_server.running:  # a fault test left it stopped
        postgres_server.start()
    postgres_server.drop_database(name)


@pytest.fixture
def book_url(postgres_server: PostgresServer, book_database: str) -> str:
    """The fresh database's URL over 127.0.0.1, as the (trusted) superuser."""
    return postgres_server.url(book_database)


@pytest.fixture
def password_book(postgres_server: PostgresServer) -> Iterator[str]:
    """A shared book set up, owned by the role that must give its password: its URL,
    without the password. libpq finds no password of its own (no ~/.pgpass, no
    PGPASSWORD): only what PayDesk gives."""
    from paydesk.store.shared.book import SharedBook

    name = postgres_server.create_database(owner=PASSWORD_ROLE)
    with SharedBook.connect(postgres_server.url(name, user=PASSWORD_ROLE,
                                                password=ROLE_PASSWORD)) as book:
        book.init_schema()
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("PGPASSWORD", raising=False)
        patch.setenv("PGPASSFILE", str(postgres_server.root / "no-pgpass"))
        yield postgres_server.url(name, user=PASSWORD_ROLE)
    if not postgres_server.running:  # a fault test left it stopped
        postgres_server.start()
    postgres_server.drop_database(name)
