"""Everything one PayDesk process works with, built the same way for every front end.

The command line and the window both start here: which data folder, which
settings, which secret, and (in demo mode) the embedded sandbox; the settings in
force are kept, saved and announced by its SettingsKeeper. It is also
where the rest is built (the order book, the desk, the payment client, the
shared book's connection and sync), each factory importing what it builds when
it builds it, so the window's first frame, which imports this module, loads
none of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from paydesk.core.demo import DEMO_SECRET_KEY, DemoSandbox
from paydesk.core.events import EventHub, SettingsChanged
from paydesk.core.settings import values as settings_file
from paydesk.core.settings.values import Settings, SettingsKeeper
from paydesk.support.paths import AppPaths, resolve_data_dir
from paydesk.support.redaction import register_secret
from paydesk.support.secret_store import SecretStore

if TYPE_CHECKING:
    from paydesk.core.book.reader import OrderBookReader
    from paydesk.core.shared_book.sync import BookSync
    from paydesk.core.watch.desk import OrderDesk
    from paydesk.core.watch.polling import PollingPolicy
    from paydesk.core.watch.rate_limit import RateLimiter
    from paydesk.domain.clock import Clock
    from paydesk.gateway import GatewayClient
    from paydesk.store import OrderStore
    from paydesk.store.shared import BookAddress
    from paydesk.store.shared.book import SharedBook


class NotConfiguredError(Exception):
    """A setting the service needs is missing; the text says how to set it (on the
    command line). ``missing`` names it, stable for the window to choose its words by:
    "base_url", "client_id" or "secret_key"."""

    def __init__(self, missing: str, message: str) -> None:
        super().__init__(message)
        self.missing = missing
        self.message = message


class Runtime:
    """What one process works with, and the factories of the rest. The settings in force
    are its :class:`SettingsKeeper`'s (``keeper``), read here as ``settings``."""

    def __init__(
        self, paths: AppPaths, settings: Settings, demo: DemoSandbox | None = None, *,
        clock: Clock | None = None, steady: Clock | None = None,
        over_file: Callable[[Settings], Settings] | None = None,
        unsaved: Settings | None = None, hub: EventHub | None = None,
    ) -> None:
        """``clock``: the core's one clock: the desk's, and the times its requests'
        outcomes carry (None: the real UTC clock, paydesk.domain.clock's; with datetime,
        after the first frame). ``steady``: the clock of schedules and countdowns, which
        a corrected wall clock never steps (domain/clock.py); None: ``clock`` where one
        is injected (a test's stands for both), else one SteadyClock for the process,
        made at first use. ``over_file`` and ``unsaved``: see SettingsKeeper."""
        self.paths = paths
        self.demo = demo
        self.clock = clock
        self.steady = steady
        #: The process's one event hub: the settings (SettingsChanged), and every part
        #: built here (the desk's book, the shared book's sync) publish on it.
        self.hub = hub if hub is not None else EventHub()
        self._client: GatewayClient | None = None
        self.keeper = SettingsKeeper(paths.settings_file, settings, self._announce,
                                     over_file=over_file, unsaved=unsaved,
                                     close_client=self.reset_gateway)

    def _announce(self, settings: Settings) -> None:
        # The one place that tells what must follow them (the watching, its pool).
        self.hub.publish(SettingsChanged(settings))

    @property
    def settings(self) -> Settings:
        """The settings in force (the keeper's)."""
        return self.keeper.settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        """In force from now on, unsaved and unannounced (a test's set-up)."""
        self.keeper.settings = settings

    @property
    def is_demo(self) -> bool:
        return self.demo is not None

    @property
    def desk_client_id(self) -> int | None:
        """The account whose order book is open here (None before a desk is opened)."""
        return self.keeper.held_client_id

    def save_settings(self, changes: Mapping[str, Any], *, new_secret: bool = False) -> Settings:
        """Save ``changes`` and put them in force (SettingsKeeper.save): every front end
        saves here, the window's dialog and menu, and ``paydesk config set``. The account
        of an order book already open stays until the next start (the book belongs to
        it); the file has the new one."""
        return self.keeper.save(changes, new_secret=new_secret)

    def reload_settings(self) -> Settings:
        """Put in force what the settings file holds now (SettingsKeeper.reload), before
        the window shows them to be edited."""
        return self.keeper.reload()

    def secret_store(self) -> SecretStore:
        """Where the secrets are kept. The demo keeps its own (the till program's API
        token: its key is public) in its folder's private file, so trying it needs no
        keychain; it never holds a real account's."""
        return SecretStore(self.paths.secret_file,
                           use_file=self.is_demo or self.settings.secret_storage == "file")

    def policy(self) -> PollingPolicy:
        from paydesk.core.watch.polling import (
            PollingPolicy,  # with the order model: as the doc says
        )

        return PollingPolicy.from_settings(self.settings)

    def limiter(self) -> RateLimiter:
        from paydesk.core.watch.rate_limit import RateLimiter  # with the watching: as the doc says

        return RateLimiter(self.settings.max_requests_per_second)

    def open_store(self, *, check_whole_file: bool = True) -> OrderStore:
        """A new connection to the order book, for the calling thread only
        (``check_whole_file``: see OrderStore.open)."""
        from paydesk.store import OrderStore

        return OrderStore.open(self.paths.database, check_whole_file=check_whole_file)

    def open_store_for_reading(self) -> OrderStore:
        """The order book to list, export or report on: read-only if it cannot be written."""
        from paydesk.store import OrderStore

        return OrderStore.open_for_reading(self.paths.database)

    @contextmanager
    def reading_book(self) -> Iterator[OrderBookReader]:
        """The order book's read side for a command that only reads (list, export, report),
        closed after it: the account's orders (every account's while none is set), on a
        connection for the calling thread, read-only if the book cannot be written. A
        command reads the book here and nowhere else, as the window reads its desk's."""
        from paydesk.core.book.reader import OrderBookReader

        store = self.open_store_for_reading()
        try:
            yield OrderBookReader(store, self.settings.client_id, self.hub)
        finally:
            store.close()

    def open_desk(self, store: OrderStore) -> OrderDesk:
        from paydesk.core.watch.desk import OrderDesk

        client_id = self.require_client_id()
        self.keeper.hold_client_id(client_id)
        shifts = None
        if self.settings.shifts:
            from paydesk.core.shifts.till_shifts import TillShifts
            from paydesk.domain.clock import utc_now

            shifts = TillShifts(store, client_id, self.settings.till_name,
                                clock=self.clock or utc_now)
        return OrderDesk(
            store,
            client_id,
            policy=self.policy(),
            max_amount=self.settings.max_amount,
            clock=self.clock,
            steady=self.steady_clock(),
            till=self.settings.till_name,
            hub=self.hub,
            shifts=shifts,
        )

    def steady_clock(self) -> Clock:
        """The schedule's and the countdowns' clock, the same for every part of the
        process: the desk, the sync thread, the window's countdowns."""
        if self.steady is None:
            from paydesk.domain.clock import SteadyClock

            self.steady = self.clock or SteadyClock()
        return self.steady

    # -- the shop's shared order book ------------------------------------------------

    @property
    def shares_a_book(self) -> bool:
        """Whether this till's book is the journal of a shared order book."""
        return bool(self.settings.order_book) and not self.is_demo

    def book_address(self) -> BookAddress:
        from paydesk.store.shared import BookAddress

        return BookAddress.parse(self.settings.order_book)

    def connect_shared_book(self, address: BookAddress | None = None, *,
                            connect_timeout: float = 5.0, check: bool = True) -> SharedBook:
        """A connection to the shared order book (``address``, else the settings'), for the
        calling thread only, its schema checked (unless ``check`` is False: to set it up).
        The password, when the address has none, comes from the keychain, else from
        libpq's own places (~/.pgpass, PGPASSWORD)."""
        from paydesk.store.shared import SharedBookError
        from paydesk.store.shared.book import SharedBook

        address = address or self.book_address()
        password = address.password or self.secret_store().get_book_password(
            address.keychain_user)
        register_secret(password)  # masked in every log line and message from now on
        try:
            book = SharedBook.connect(address, password=password,
                                      connect_timeout=connect_timeout,
                                      application_name=f"paydesk {self.settings.till_name}")
        except SharedBookError as exc:
            if exc.code != "book_no_password":
                raise
            raise SharedBookError(exc.failure, exc.where,
                                  f"{exc} {self._how_to_give_a_password(address)}") from None
        if not check:
            return book
        try:
            book.check_schema()
        except BaseException:
            book.close()
            raise
        return book

    def _how_to_give_a_password(self, address: BookAddress) -> str:
        """How to give the password of ``address``'s user, in English (the command line,
        the log): kept by PayDesk when it is this till's book, else libpq's own places."""
        fields = (address.host, str(address.port), address.dbname, address.user)
        pgpass = ":".join(value or "*" for value in fields) + ":PASSWORD"
        line = f"~/.pgpass, as the line {pgpass} (the file readable only by you, mode 600)"
        own = bool(self.settings.order_book) and (
            self.book_address().keychain_user == address.keychain_user)
        if own:
            return f"Give it with 'paydesk config set book_password', or in {line}."
        return f"Give it in {line}, or in PGPASSWORD for this one command."

    def open_book_sync(self) -> BookSync | None:
        """The thread keeping this till's book and the shared one in step (not started;
        its news published on the runtime's hub); None without a shared book."""
        if not self.shares_a_book:
            return None
        from paydesk.core.shared_book.sync import BookSync

        address = self.book_address()
        return BookSync(
            open_journal=lambda: self.open_store(check_whole_file=False),
            connect=lambda: self.connect_shared_book(address),
            client_id=self.require_client_id(),
            till=self.settings.till_name,
            address=address.masked,
            clock=self.steady_clock(),  # it schedules checks of the orders it takes
            hub=self.hub,
        )

    def require_client_id(self) -> int:
        if self.settings.client_id is None:
            raise NotConfiguredError(
                "client_id",
                "PayDesk is not set up yet: the client id is missing. Set it with "
                "'paydesk config set client_id N', or try 'paydesk --demo'."
            )
        return self.settings.client_id

    def gateway(self) -> GatewayClient:
        """The one payment client of this process (one connection pool).

        The secret it signs with is masked in every log line from then on (the
        demo's key is public). It is read once per client, here: a locked
        keychain may ask the person to unlock it.
        """
        if self._client is None:
            from paydesk.gateway import GatewayClient

            if not self.settings.base_url:
                raise NotConfiguredError(
                    "base_url",
                    "PayDesk is not set up yet: the service address is missing. Set it with "
                    "'paydesk config set base_url https://...', or try 'paydesk --demo'."
                )
            client_id = self.require_client_id()
            secret = DEMO_SECRET_KEY if self.is_demo else self.secret_store().get(client_id)
            if not secret:
                raise NotConfiguredError(
                    "secret_key",
                    "PayDesk is not set up yet: the secret key is missing. Set it with "
                    "'paydesk config set secret_key' (it is kept in the OS keychain)."
                )
            if not self.is_demo:
                register_secret(secret)
            self._client = GatewayClient(
                self.settings.base_url,
                client_id,
                secret,
                deadline=self.settings.request_deadline_seconds,
            )
        return self._client

    def reset_gateway(self) -> None:
        """Settings changed: close the client; the next call builds a new one."""
        if self._client is not None:
            self._client.close()
            self._client = None

    def close(self) -> None:
        self.reset_gateway()
        if self.demo is not None:
            self.demo.stop()


def open_runtime(
    data_dir: str | None = None, *, demo: bool = False, settings: Settings | None = None,
    share_demo: bool = False,
) -> Runtime:
    """Resolve the data folder and settings; in demo mode start the embedded sandbox.

    ``settings``: the folder's settings file, when the caller has read it already
    (the demo has a folder and settings of its own). ``share_demo``: a command's
    choice to use the demo sandbox a window already runs (core/demo.py).
    """
    paths = AppPaths(resolve_data_dir(data_dir))
    if not demo:
        if settings is None:
            settings = settings_file.load(paths.settings_file)
        return Runtime(ensure_folder(paths), settings, over_file=settings_file.with_environment,
                       unsaved=Settings())
    ensure_folder(paths)  # the demo's folder is inside: private too
    demo_paths = ensure_folder(paths.demo())
    # The demo keeps preferences of its own (the shop's name, the order lifetime,
    # the sound, the language, polling) in its folder, never the person's service,
    # account or secret: those are the sandbox's, laid over the file's in force.
    base = settings_file.load(demo_paths.settings_file, environ={})
    sandbox = DemoSandbox(demo_paths, ttl_seconds=base.order_lifetime_seconds,
                          merchant_name=base.merchant_name, language=base.language,
                          share=share_demo,
                          avoid=frozenset({base.web_display_port, base.terminal_api_port}))
    sandbox.start()
    runtime = Runtime(demo_paths, sandbox.settings(base), demo=sandbox,
                      over_file=sandbox.settings, unsaved=Settings())
    runtime.hub.subscribe(SettingsChanged, lambda event: sandbox.follow(event.settings))
    return runtime


def ensure_folder(paths: AppPaths) -> AppPaths:
    """The data folder, made if missing; one that cannot be made is a storage problem."""
    try:
        return paths.ensure()
    except OSError as exc:
        from paydesk.store import StoreError  # on failure only: as the module's doc says

        raise StoreError(
            f"Cannot create the data folder {paths.data_dir} ({exc.strerror}). Check that "
            "its parent folder exists and may be written, or choose another with --data-dir."
        ) from None
