"""The shared order book's address: a PostgreSQL URL, checked before any connection.

A till is given its book as ``postgresql://till@backoffice:5432/shop`` (or
``postgres://``, libpq's own URL form). Off loopback the connection must be
encrypted and the server's certificate checked against its name, as the
payment service must be https: an address asking for less (``sslmode`` of
disable, allow, prefer, require or verify-ca) is refused, and one that says
nothing gets ``sslmode=verify-full``. On loopback (127.0.0.0/8, ::1,
``localhost``) or a unix socket, nothing travels over a network, so any mode goes.

The password belongs in libpq's own places (``~/.pgpass``, a service file,
``PGPASSWORD``) or the keychain, never in settings: :attr:`BookAddress.password`
gives one found in the URL so it can be moved to the keychain,
:attr:`BookAddress.conninfo` leaves it out, :attr:`BookAddress.masked` shows
``***`` for it. Pure Python: parsing an address loads no database driver.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import ClassVar
from urllib.parse import parse_qsl, unquote, unquote_plus, urlencode, urlsplit

from paydesk.domain.errors import InputError
from paydesk.support.redaction import MASK, hide_address_passwords

SCHEMES = ("postgresql", "postgres")
DEFAULT_PORT = 5432
#: sslmode values that check the server's certificate and its name.
STRICT_SSLMODE = "verify-full"
_SSLMODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")


class BookAddressError(InputError):
    """The order book address cannot be used; ``code`` says why, ``detail`` what was found.

    Codes: ``empty``, ``spaces``, ``not_postgresql``, ``not_url``, ``several_hosts``,
    ``bad_port``, ``bad_sslmode``, ``tls_required``, ``password_in_url``.
    """

    field = "order_book"

    _MESSAGES: ClassVar[dict[str, str]] = {
        "empty": "The order book address is empty.",
        "spaces": "The order book address cannot contain spaces.",
        "not_postgresql": "The order book address must start with postgresql://.",
        "not_url": "The order book address is not a valid PostgreSQL URL.",
        "several_hosts": "The order book address must name one server.",
        "bad_port": "The order book address has an invalid port.",
        "bad_sslmode": "The order book address has an unknown sslmode.",
        "tls_required": "A shared order book on another computer needs a verified secure"
                        " connection (sslmode=verify-full).",
        "password_in_url": "Do not put the password in the order book address.",
    }

    def __init__(self, code: str, detail: str | None = None) -> None:
        message = self._MESSAGES.get(code, "The order book address cannot be used.")
        super().__init__(code, message if detail is None else f"{message} ({detail})")
        self.detail = detail


@dataclass(frozen=True, slots=True, repr=False)
class BookAddress:
    """A checked PostgreSQL URL. Build it with :meth:`parse`."""

    #: The URL as given (it may hold a password: never show or log it, use ``masked``).
    url: str
    user: str | None
    host: str | None
    port: int
    dbname: str | None
    #: The query parameters, as given (sslmode among them, password left out).
    params: tuple[tuple[str, str], ...]
    password: str | None

    @classmethod
    def parse(cls, text: str, *, refuse_password: bool = False) -> BookAddress:
        """Check ``text`` and return it as an address; :class:`BookAddressError` if it
        cannot be used (``refuse_password``: a password in it is refused too)."""
        text = text.strip() if isinstance(text, str) else ""
        if not text:
            raise BookAddressError("empty")
        if any(ch.isspace() for ch in text):
            raise BookAddressError("spaces")
        scheme, colon, _rest = text.partition("://")
        if not colon or scheme.lower() not in SCHEMES:
            raise BookAddressError("not_postgresql", scheme if colon else None)
        try:
            parts = urlsplit(text)
        except ValueError:
            raise BookAddressError("not_url") from None
        host_text, port_text = _host_and_port(parts.netloc.rpartition("@")[2])
        if "," in host_text or "," in port_text:
            raise BookAddressError("several_hosts")
        if port_text and not (port_text.isdigit() and 0 < int(port_text) < 65536):
            raise BookAddressError("bad_port", port_text)
        port = int(port_text) if port_text else None
        if parts.fragment:
            raise BookAddressError("not_url", "#")
        params = tuple(parse_qsl(parts.query, keep_blank_values=True))
        named = dict(params)
        password = named.get("password")
        if parts.password is not None:
            password = unquote(parts.password)
        if password is not None and refuse_password:
            raise BookAddressError("password_in_url")
        host = named.get("host") or unquote(host_text) or None
        if host is not None and "," in host:
            raise BookAddressError("several_hosts")
        if "port" in named:
            if not named["port"].isdigit():
                raise BookAddressError("bad_port", named["port"])
            port = int(named["port"])
        address = cls(
            url=text,
            user=named.get("user") or (unquote(parts.username) if parts.username else None),
            host=host,
            port=port or DEFAULT_PORT,
            dbname=named.get("dbname") or (unquote(parts.path[1:]) if parts.path[1:] else None),
            params=tuple((key, value) for key, value in params if key != "password"),
            password=password,
        )
        sslmode = named.get("sslmode")
        if sslmode is not None and sslmode not in _SSLMODES:
            raise BookAddressError("bad_sslmode", sslmode)
        if sslmode is not None and sslmode != STRICT_SSLMODE and not address.is_local:
            raise BookAddressError("tls_required", f"sslmode={sslmode}")
        return address

    @property
    def is_local(self) -> bool:
        """Whether the book is on this computer: loopback or a unix socket.

        A URL without a host is not: libpq then takes it from ``PGHOST``, which
        may name another computer.
        """
        hosts = [self.host, dict(self.params).get("hostaddr")]
        given = [host for host in hosts if host]
        return bool(given) and all(_is_loopback(host) for host in given)

    @property
    def masked(self) -> str:
        """The URL with the password shown as ``***`` (for logs, settings, messages)."""
        if self.password is None:
            return self.url
        parts = urlsplit(self.url)
        netloc = parts.netloc
        if parts.password is not None:
            userinfo, _at, hostinfo = netloc.rpartition("@")
            user = userinfo.partition(":")[0]
            netloc = f"{user}:{MASK}@{hostinfo}"
        query = urlencode([(key, MASK if key == "password" else value)
                           for key, value in parse_qsl(parts.query, keep_blank_values=True)],
                          safe="/*:@")
        return _assemble(parts.scheme, netloc, parts.path, query)

    @property
    def conninfo(self) -> str:
        """The URL for libpq without its password, with ``sslmode=verify-full`` added
        off loopback when it names no sslmode."""
        parts = urlsplit(self.url)
        netloc = parts.netloc
        if parts.password is not None:
            userinfo, _at, hostinfo = netloc.rpartition("@")
            netloc = f"{userinfo.partition(':')[0]}@{hostinfo}"
        params = list(self.params)
        if not self.is_local and "sslmode" not in dict(params):
            params.append(("sslmode", STRICT_SSLMODE))
        return _assemble(parts.scheme, netloc, parts.path, urlencode(params, safe="/"))

    def without_password(self) -> BookAddress:
        """The same address with its password taken out (for the settings file)."""
        if self.password is None:
            return self
        parts = urlsplit(self.url)
        netloc = parts.netloc
        if parts.password is not None:
            userinfo, _at, hostinfo = netloc.rpartition("@")
            netloc = f"{userinfo.partition(':')[0]}@{hostinfo}"
        query = urlencode(self.params, safe="/")
        return BookAddress.parse(_assemble(parts.scheme, netloc, parts.path, query))

    @staticmethod
    def mask_text(text: str) -> str:
        """``text`` with anything that may be a password masked, even when it is no
        usable address (to quote it in a message)."""
        return hide_address_passwords(str(text))

    @property
    def keychain_user(self) -> str:
        """``user@host:port/dbname``: the keychain entry of this book's password."""
        return f"{self.user or ''}@{self.host or ''}:{self.port}/{self.dbname or ''}"

    def __str__(self) -> str:
        return self.masked

    def __repr__(self) -> str:
        return f"BookAddress({self.masked!r})"


def split_password(text: str, *, in_query: bool = True) -> tuple[str, str | None]:
    """``text`` with a password written into it taken out, and that password (None: it
    had none). Any text, even an address still being typed: the rest is left as it is.

    The password in the user part (``postgresql://till:pw@host``) is found once its
    ``@`` is there, as libpq reads it: the user part ends at the first ``@`` before
    any ``/`` (so ``#``, ``?`` or ``:`` typed in a password stay in it). One in the
    query (``?password=pw``) only with ``in_query``, since while it is typed nothing
    tells where it ends.
    """
    scheme, colon, rest = text.partition("://")
    if not colon:
        return text, None
    password = None
    stop = next((i for i, ch in enumerate(rest) if ch in "@/"), len(rest))
    if rest[stop:stop + 1] == "@":
        user, has_colon, written = rest[:stop].partition(":")
        if has_colon:
            password = unquote(written) or None
            rest = f"{user}{rest[stop:]}"
    before, mark, query = rest.partition("?")
    if in_query and mark:
        query, hash_mark, fragment = query.partition("#")
        pairs = query.split("&")
        given = [value for key, _eq, value in (pair.partition("=") for pair in pairs)
                 if key == "password"]
        if given:
            password = unquote_plus(given[-1]) or password
            kept = "&".join(pair for pair in pairs if pair.partition("=")[0] != "password")
            rest = before + (f"?{kept}" if kept else "") + hash_mark + fragment
    return f"{scheme}://{rest}", password


def _assemble(scheme: str, netloc: str, path: str, query: str) -> str:
    """A URL from its parts (an empty host kept as ``scheme:///``, as libpq reads it)."""
    return f"{scheme}://{netloc}{path}" + (f"?{query}" if query else "")


def _host_and_port(hostinfo: str) -> tuple[str, str]:
    """The host (an IPv6 one without its brackets) and the port text of a URL's netloc."""
    if hostinfo.startswith("["):
        host, _bracket, rest = hostinfo[1:].partition("]")
        return host, rest.removeprefix(":")
    host, _colon, port = hostinfo.partition(":")
    return host, port


def _is_loopback(host: str) -> bool:
    if host.startswith(("/", "@")):  # a unix socket's folder (or Linux's abstract name)
        return True
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        ip = ipaddress.ip_address(host.strip("[]").partition("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback

