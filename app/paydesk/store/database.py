"""Opening the order book's SQLite file safely: refuse, configure, migrate.

A file is looked at before SQLite may change it: one that is not an order book,
or from a newer PayDesk, is refused and left byte-for-byte as it was; a damaged
one (a header, a first page or, read whole, a page that cannot be) is moved
aside, never deleted (store/quarantine.py). Each connection is then set up
(store/connection.py) and the schema's missing steps applied, after a backup.
A book that cannot be written is opened for reading only.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from paydesk.domain.catalogue import store_fact
from paydesk.store import held_files
from paydesk.store.connection import (
    add_functions,
    configure,
    connect,
    connect_read_only,
    is_damage,
    store_error,
)
from paydesk.store.errors import SchemaTooNewError, StoreError, StoreProblem
from paydesk.store.migrations import LATEST_SCHEMA_VERSION, MIGRATIONS, Migration
from paydesk.store.quarantine import (
    DamagedError,
    refuse_new_book_beside_a_damaged_one,
    set_aside,
)
from paydesk.support.private_files import create_private_file

_SQLITE_HEADER = b"SQLite format 3\x00"
_HEADER_SIZE = 100

#: STRICT tables need 3.37; RETURNING (used by every update) needs 3.35.
_MIN_SQLITE = (3, 37, 0)


def open_database(path: Path, *, check_whole_file: bool = True) -> sqlite3.Connection:
    """Connect to ``path`` and bring it to the latest schema.

    Raises :class:`StoreError` for a file that is not a SQLite database, is
    damaged (moved aside first) or cannot be used (locked, read-only...), and
    :class:`SchemaTooNewError` for one from a newer PayDesk; none of these files
    is written to. The connection belongs to the calling thread.

    ``check_whole_file`` reads every page first (``PRAGMA quick_check``): damage
    in the middle of the file shows only to a query that reads it, and an order
    written into a damaged book (and sent) is one support may not get back. It
    costs a read of the file (~0.1 s for 100 000 orders, more from a cold disk).
    """
    if sqlite3.sqlite_version_info < _MIN_SQLITE:
        raise StoreError(
            f"PayDesk needs SQLite {'.'.join(map(str, _MIN_SQLITE))} or newer; "
            f"this Python has {sqlite3.sqlite_version}."
        )
    try:
        # Refuse before configuring: switching to WAL rewrites the file header,
        # and a file from a newer PayDesk must stay byte-for-byte as it was.
        if _refuse_foreign_file(path):
            version, has_tables = _probe(path, check_whole_file=check_whole_file)
            if version > LATEST_SCHEMA_VERSION:
                raise SchemaTooNewError(path, version, LATEST_SCHEMA_VERSION)
            if version == 0 and has_tables:
                raise _foreign_schema_error(path)
        else:
            refuse_new_book_beside_a_damaged_one(path)
            _create_new_book(path)
    except DamagedError as damaged:
        raise set_aside(path, damaged.reason) from damaged.__cause__
    conn = connect(path)
    try:
        configure(conn)
        migrate(conn, path)  # checks the version again, under the write lock
    except BaseException:
        conn.close()
        raise
    return conn


def _create_new_book(path: Path) -> None:
    """An empty file (an empty SQLite database) only its owner may read: buyers'
    e-mails go in it, and SQLite gives its -wal and -shm the same mode."""
    try:
        create_private_file(path)
    except OSError as exc:
        raise StoreError(
            f"Cannot create the order book {path}: {exc.strerror}. Check that its folder "
            "may be written by this user and that the disk has room.",
            StoreProblem.CANNOT_OPEN,
            path=path,
        ) from exc


def _refuse_foreign_file(path: Path) -> bool:
    """Never let SQLite near a file that is plainly something else, or plainly broken.

    Returns whether the file exists (False: a new order book). A file that is not
    SQLite at all is refused and left alone; one with SQLite's signature but an
    impossible header is damaged (:class:`DamagedError`), caught before SQLite
    opens it (which could delete a ``-wal`` it cannot make sense of).

    Only before any connection of this process has opened the file: reading it
    then would drop SQLite's locks on it (store/held_files.py). A file SQLite
    has opened here was looked at before it was, and SQLite reports damage itself.
    """
    with held_files.first_look(path) as may_read:
        if not may_read:
            return True
        try:
            with path.open("rb") as file:
                header = file.read(_HEADER_SIZE)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise StoreError(f"Cannot read the order book {path}: {exc.strerror}.") from exc
    # An empty file is a valid, empty SQLite database.
    if header and not header.startswith(_SQLITE_HEADER):
        raise StoreError(
            f"{path} is not a PayDesk order book (not a SQLite database); "
            "it has been left as it is. Choose another file.",
            StoreProblem.NOT_A_BOOK,
            path=path,
        )
    problem = _header_problem(header) if header else None
    if problem is not None:
        raise DamagedError(problem)
    return True


def _header_problem(header: bytes) -> str | None:
    """What is impossible in a SQLite file header (https://sqlite.org/fileformat.html)."""
    if len(header) < _HEADER_SIZE:
        return "the file is shorter than a database header"
    page_size = int.from_bytes(header[16:18], "big")
    if not (page_size == 1 or (512 <= page_size <= 32768 and page_size & (page_size - 1) == 0)):
        return "its header is damaged (page size)"
    if header[18] not in (1, 2) or header[19] not in (1, 2):
        return "its header is damaged (file format)"
    if header[21:24] != b"\x40\x20\x20":
        return "its header is damaged (payload fractions)"
    return None


def _probe(path: Path, *, check_whole_file: bool) -> tuple[int, bool]:
    """The version and whether tables exist, read through a read-only connection.

    Read-only, so that whatever the file turns out to be, closing this connection
    cannot checkpoint a ``-wal`` into it or delete that ``-wal``.
    """
    probe = connect_read_only(path, "mode=ro")
    try:
        state = _read_state(probe, path)
        if check_whole_file:
            _check_whole_file(probe, path)
        return state
    finally:
        probe.close()


def _read_state(conn: sqlite3.Connection, path: Path) -> tuple[int, bool]:
    """The schema version and whether any table exists, from one snapshot.

    One statement, so a process creating the book at this moment cannot show
    us tables from after its commit next to the version from before it. This
    is also the first read, where a damaged file shows itself; a locked or
    unreadable one is *not* damaged and is only reported.
    """
    try:
        version, has_tables, pages = conn.execute(
            "SELECT (SELECT user_version FROM pragma_user_version),"
            " EXISTS (SELECT 1 FROM sqlite_schema),"
            " (SELECT page_count FROM pragma_page_count)"
        ).fetchone()
    except sqlite3.DatabaseError as exc:
        if is_damage(exc):
            raise DamagedError(str(exc)) from exc
        raise store_error(f"Cannot open the order book {path}", exc, path) from exc
    if version == 0 and not has_tables and pages > 1:
        # A new book has one page at most. Pages but no schema: the first page
        # (which holds the schema) was wiped. Creating tables there would bury the rest.
        raise DamagedError("its first page is blank but the file holds data")
    return int(version), bool(has_tables)


def _check_whole_file(conn: sqlite3.Connection, path: Path) -> None:
    """Read every page and check the b-trees' structure (not the indexes' agreement
    with the tables, which ``integrity_check`` adds at four times the cost)."""
    try:
        findings = conn.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as exc:
        if is_damage(exc):
            raise DamagedError(str(exc)) from exc
        raise store_error(f"Cannot open the order book {path}", exc, path) from exc
    if findings != [("ok",)]:
        first = str(findings[0][0]).replace("\n", " ")
        raise DamagedError(f"SQLite's check found: {first[:200]}")


# -- reading a book that cannot be written ----------------------------------------------


def open_read_only(path: Path) -> tuple[sqlite3.Connection, bool]:
    """An existing, up-to-date book opened for reading only; and whether it is immutable.

    For a book that cannot be written: a read-only folder or disk, a full disk.
    ``mode=ro`` reads a WAL book as long as its ``-shm`` exists or can be made
    (https://sqlite.org/wal.html#readonly). Where it can be neither (the folder is
    read-only and the book was closed cleanly, or the disk is full), ``immutable=1``
    reads the file alone, with no ``-shm`` and no locks. That is right only while
    nobody writes the file, and only if no ``-wal`` holds changes not yet in it
    (immutable ignores a ``-wal``). Both hold here: a writer keeps a ``-shm`` beside
    the book (then ``mode=ro`` would have worked), and a ``-wal`` with anything in
    it makes this refuse rather than show a book without its latest orders.
    """
    try:
        try:
            return _read_only_connection(path, "mode=ro"), False
        except StoreError as exc:
            # What SQLite says when it cannot make the -shm: CANTOPEN (a read-only
            # mount), READONLY_DIRECTORY (a folder this user may not write), IOERR
            # (a full disk).
            if exc.problem not in _NO_SHM:
                raise
            wal = path.with_name(path.name + "-wal")
            if wal.exists() and wal.stat().st_size > 0:
                raise StoreError(
                    f"Cannot read the order book {path}: its latest changes are in "
                    f"{wal.name}, which SQLite reads only with a file it must write beside "
                    f"the book, and {store_fact(exc.problem)}.",
                    exc.problem,
                    path=path,
                ) from exc
        return _read_only_connection(path, "mode=ro&immutable=1"), True
    except DamagedError as damaged:
        raise set_aside(path, damaged.reason) from damaged.__cause__


_NO_SHM = frozenset({StoreProblem.CANNOT_OPEN, StoreProblem.READ_ONLY, StoreProblem.DISK})


def _read_only_connection(path: Path, options: str) -> sqlite3.Connection:
    """Connected, read once (where a ``-shm`` that cannot be made shows), and checked to
    be a book this PayDesk reads as it is: without migrating, which would write."""
    conn = connect_read_only(path, options)
    try:
        version, has_tables = _read_state(conn, path)
    except BaseException:
        conn.close()
        raise
    if version != LATEST_SCHEMA_VERSION or not has_tables:
        conn.close()
        if version > LATEST_SCHEMA_VERSION:
            raise SchemaTooNewError(path, version, LATEST_SCHEMA_VERSION)
        raise StoreError(
            f"The order book {path} is from an older PayDesk and has to be upgraded before "
            "it can be read, which needs writing to it.",
            StoreProblem.READ_ONLY,
        )
    add_functions(conn)
    return conn


# -- bringing the schema up to date ---------------------------------------------------


def user_version(conn: sqlite3.Connection) -> int:
    version: int = conn.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(
    conn: sqlite3.Connection, path: Path, target_version: int = LATEST_SCHEMA_VERSION
) -> None:
    """Apply the missing steps up to ``target_version``, each in its own transaction.

    BEGIN IMMEDIATE takes the write lock before the version is read, so when two
    processes open a fresh or old file together, one migrates and the other
    finds the work done. An existing database is first copied to
    ``<name>.v<old>.bak``.
    """
    if user_version(conn) >= target_version:
        return
    _backup_before_migrating(conn, path, target_version)
    for step in MIGRATIONS:
        if step.version > target_version:
            break
        conn.execute("BEGIN IMMEDIATE")
        try:
            current = user_version(conn)
            if current > LATEST_SCHEMA_VERSION:  # a newer PayDesk got there first
                raise SchemaTooNewError(path, current, LATEST_SCHEMA_VERSION)
            if current < step.version:
                if current == 0:
                    _refuse_foreign_schema(conn, path)
                _apply(conn, step)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise


def _backup_before_migrating(conn: sqlite3.Connection, path: Path, target_version: int) -> None:
    """Copy an existing database (version 1 or later) before any step touches it.

    The copy is taken inside a read transaction: in WAL mode that is a fixed
    snapshot, so even if another process migrates meanwhile, the backup is the
    old version whole. (It cannot be taken under BEGIN IMMEDIATE: SQLite's
    backup refuses a source connection holding a write transaction.)

    A book with no rows is not copied: there is nothing to lose, and it is
    what another process sees between the steps of creating a new book.
    """
    conn.execute("BEGIN")
    try:
        current = user_version(conn)  # the read that fixes the snapshot
        if 1 <= current < target_version and _has_rows(conn):
            backup(conn, backup_path(path, current))
    finally:
        conn.execute("COMMIT")  # nothing was written; this ends the snapshot


def _has_rows(conn: sqlite3.Connection) -> bool:
    """Whether the book holds any order (every schema from version 1 has the table)."""
    return bool(conn.execute("SELECT EXISTS (SELECT 1 FROM orders)").fetchone()[0])


def _refuse_foreign_schema(conn: sqlite3.Connection, path: Path) -> None:
    """Version 0 with tables in it is some other program's database.

    Checked when opening, before anything is configured (WAL would rewrite
    the header), and again under the migration's write lock.
    """
    if conn.execute("SELECT 1 FROM sqlite_schema LIMIT 1").fetchone() is not None:
        raise _foreign_schema_error(path)


def _foreign_schema_error(path: Path) -> StoreError:
    return StoreError(
        f"{path} is a SQLite database of another program, not a PayDesk "
        "order book; it has been left as it is. Choose another file.",
        StoreProblem.NOT_A_BOOK,
        path=path,
    )


def _apply(conn: sqlite3.Connection, step: Migration) -> None:
    for statement in step.statements:
        conn.execute(statement)
    # PRAGMA takes no parameters; the version is an int from our own list.
    conn.execute(f"PRAGMA user_version = {int(step.version)}")


def backup_path(path: Path, version: int) -> Path:
    return path.with_name(f"{path.name}.v{version}.bak")


def backup(conn: sqlite3.Connection, target: Path) -> None:
    """Copy the database with SQLite's backup API, as of the caller's read snapshot.

    The copy is written beside the target and renamed into place, so a crash
    during the copy never leaves a half-written ``.bak`` behind.
    """
    partial = target.with_name(target.name + ".partial")
    try:
        partial.unlink(missing_ok=True)
        create_private_file(partial)
        copy = sqlite3.connect(partial)
        try:
            conn.backup(copy)
            # The source is in WAL mode and the copy inherits it; a backup should
            # be one self-contained file that can be copied or mailed as it is.
            copy.execute("PRAGMA journal_mode = DELETE")
        finally:
            copy.close()
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(
            f"Could not back up the order book to {target} before upgrading it ({exc}); "
            "nothing has been changed. Check that the folder is writable and has free "
            "space, then try again."
        ) from exc
