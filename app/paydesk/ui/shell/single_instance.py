"""One counter window per data folder: a second start brings the first one to the front.

Two windows on one order book would both poll and both write; a cashier who
double-clicks the icon means "show me PayDesk". Qt's QLocalServer/QLocalSocket
(a Unix socket, a named pipe on Windows) carries a one-line "activate" from the
new process to the running one, which answers "ok".

The name is a hash of the user and the resolved data folder: the demo (its own
``demo/`` folder) and the real counter run side by side, another user's PayDesk
is never reached, and the path itself (which may hold a user name) is not put
in a world-visible pipe or socket name. Commands never look at it: they share
the database safely (WAL and a busy timeout) and finish in a moment.

A window that crashed leaves its socket file behind on Unix; a connection to it
is refused, and only then is it removed (``QLocalServer.removeServer``), so a
live window's socket is never taken away. For the same reason no socket option
is set: with ``UserAccessOption`` Qt binds elsewhere and renames the socket into
place, silently replacing a live window's. Other users are kept out by the
name (it hashes the user) and the socket file's mode (write access is needed
to connect; the umask gives it to the owner only).

Whether another window is there at all is first asked of a lock file in the
data folder (QLockFile, in QtCore: no socket, no hashing). The running window
takes it at once and opens its server after its first frame. A start that
finds the lock held asks the holder to come forward and, answered or not, opens
no second window. A lock left by a crashed window names a dead process and is
taken over; a folder where no lock can be made falls back to the socket alone.
"""

from __future__ import annotations

import functools
import getpass
import hashlib
import logging
import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEventLoop, QLockFile, QObject, QTimer
from PySide6.QtNetwork import QAbstractSocket, QLocalServer, QLocalSocket

log = logging.getLogger(__name__)

#: In the data folder; holds the window's process id while it runs.
LOCK_FILE = "window.lock"
ACTIVATE = b"activate\n"
ANSWER = b"ok\n"
#: How long a new start waits for the running window: it answers at once unless hung.
TIMEOUT_MS = 2000


def server_name(data_dir: Path) -> str:
    """``paydesk-<hash>``: the same for every start on this folder by this user."""
    folder = os.path.normcase(str(Path(data_dir).expanduser().resolve()))
    digest = hashlib.sha256(f"{_user()}\0{folder}".encode()).hexdigest()
    return f"paydesk-{digest[:32]}"


def _user() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):  # no login name in the environment or the password file
        return str(getattr(os, "getuid", lambda: "")())


class SingleInstance(QObject):
    """The running window's server, or the new start's knock on its door."""

    def __init__(self, data_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._data_dir = Path(data_dir)
        self._lock = QLockFile(str(self._data_dir / LOCK_FILE))
        # Never stale by age: a window may run for weeks. A dead holder's lock
        # (its process id no longer runs) is still taken over.
        self._lock.setStaleLockTime(0)
        self._server: QLocalServer | None = None
        self._on_activate: Callable[[], None] | None = None

    @functools.cached_property
    def name(self) -> str:
        """Hashed on first use: only a server or a knock on its door needs it."""
        return server_name(self._data_dir)

    def another_is_running(self) -> bool:
        """Whether another window has this folder; if not, this one has it from now on.

        A lock file answers without QtNetwork. Where no lock can be made (a
        folder this user cannot write), a running window's server is asked.
        """
        if self._lock.isLocked() or self._lock.tryLock(0):
            return False
        if self._lock.error() == QLockFile.LockError.LockFailedError:
            return True
        log.warning("No window lock in %s (%s); asking for a running window instead",
                    self._data_dir, self._lock.error().name)
        return self._answered_probe()

    def try_activate_running(self, timeout_ms: int = TIMEOUT_MS) -> bool:
        """Ask a running window on this folder to come to the front; True if one is there.

        A window that takes the connection but does not answer in time still
        counts as running (hung, or very busy): its database is in use either way.
        The answer is awaited in a local event loop, so a server in this same
        thread (the tests) is served meanwhile.
        """
        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(timeout_ms):
            return False
        socket.write(ACTIVATE)
        socket.flush()
        answered = _wait_for_answer(socket, timeout_ms)
        if not answered:
            log.warning("The PayDesk window already open did not answer within %d ms",
                        timeout_ms)
        socket.disconnectFromServer()
        return True

    def listen(self, on_activate: Callable[[], None]) -> bool:
        """Serve "activate" requests by calling ``on_activate``; False if that is impossible.

        Not being able to listen never stops the window; a later start just
        opens a second one, as before this existed.
        """
        # QtNetwork after the first frame, when the window serves: see the module's doc.

        self._on_activate = on_activate
        if not self._lock.isLocked():
            self._lock.tryLock(0)  # a window serves only while it holds the folder
        if self._answered_probe():
            # Unix refuses a second listener anyway; Windows would let two pipes share a name.
            log.warning("Another PayDesk window already serves %s", self.name)
            return False
        server = QLocalServer(self)
        if not server.listen(self.name) and (
            server.serverError() == QAbstractSocket.SocketError.AddressInUseError
        ):
            # Nobody answered just now: a socket file left by a crash.
            log.info("Removing the stale single-instance socket %s", self.name)
            QLocalServer.removeServer(self.name)
            server.listen(self.name)
        if not server.isListening():
            log.warning("Cannot listen as %s (%s); another start will open a second window",
                        self.name, server.errorString())
            server.deleteLater()
            return False
        server.newConnection.connect(self._accept)
        self._server = server
        return True

    def is_listening(self) -> bool:
        return self._server is not None

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server.deleteLater()
            self._server = None
        if self._lock.isLocked():
            self._lock.unlock()

    def _answered_probe(self) -> bool:
        probe = QLocalSocket()
        probe.connectToServer(self.name)
        alive = probe.waitForConnected(TIMEOUT_MS)
        probe.abort()
        return alive

    def _accept(self) -> None:
        server = self._server
        while server is not None and server.hasPendingConnections():
            socket = server.nextPendingConnection()
            socket.setParent(self)
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        while socket.canReadLine():
            line = bytes(socket.readLine().data())
            if line != ACTIVATE:
                log.warning("Unknown single-instance request %r ignored", line[:40])
                continue
            socket.write(ANSWER)
            socket.flush()
            log.info("Another start asked this window to come to the front")
            if self._on_activate is not None:
                self._on_activate()


def _wait_for_answer(socket: QLocalSocket, timeout_ms: int) -> bool:
    loop = QEventLoop()
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    socket.readyRead.connect(loop.quit)
    socket.disconnected.connect(loop.quit)
    timer.start(timeout_ms)
    while not socket.canReadLine() and timer.isActive() and socket.isOpen():
        loop.exec()
        if socket.state() != QLocalSocket.LocalSocketState.ConnectedState:
            break
    timer.stop()
    return socket.canReadLine() and bytes(socket.readLine().data()) == ANSWER
