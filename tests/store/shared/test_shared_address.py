"""The shared book's address: parsed, masked, TLS required off loopback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import paydesk
from paydesk.domain.errors import InputError
from paydesk.store.shared import BookAddress, BookAddressError, split_password


def test_a_plain_address() -> None:
    address = BookAddress.parse("  postgresql://till@backoffice:5432/shop ")
    assert (address.user, address.host, address.port, address.dbname) == (
        "till", "backoffice", 5432, "shop")
    assert address.password is None
    assert not address.is_local
    assert address.masked == "postgresql://till@backoffice:5432/shop"
    assert address.conninfo == "postgresql://till@backoffice:5432/shop?sslmode=verify-full"
    assert address.keychain_user == "till@backoffice:5432/shop"


def test_postgres_scheme_and_default_port() -> None:
    address = BookAddress.parse("postgres://till@db.example.com/shop?sslmode=verify-full")
    assert address.port == 5432
    assert address.conninfo == "postgres://till@db.example.com/shop?sslmode=verify-full"
    assert address.keychain_user == "till@db.example.com:5432/shop"


@pytest.mark.parametrize("url", [
    "postgresql://till@127.0.0.1/shop",
    "postgresql://till@127.8.9.10:5433/shop",
    "postgresql://till@localhost/shop",
    "postgresql://till@LOCALHOST./shop",
    "postgresql://till@[::1]:5433/shop",
    "postgresql://till@[::ffff:127.0.0.1]/shop",
    "postgresql://till@%2Fvar%2Frun%2Fpostgresql/shop",
    "postgresql:///shop?host=/var/run/postgresql",
])
def test_loopback_and_unix_sockets_are_local(url: str) -> None:
    address = BookAddress.parse(url)
    assert address.is_local
    assert "sslmode" not in address.conninfo
    for mode in ("disable", "allow", "prefer", "require", "verify-ca"):
        assert BookAddress.parse(f"{url}{'&' if '?' in url else '?'}sslmode={mode}").is_local


@pytest.mark.parametrize("url", [
    "postgresql://till@192.168.1.10/shop",
    "postgresql://till@[2001:db8::1]/shop",
    "postgresql://till@backoffice.local/shop",
    "postgresql:///shop",  # the host then comes from PGHOST
    "postgresql://till@localhost/shop?hostaddr=10.0.0.5",
    "postgresql://till@127.0.0.1/shop?host=db.example.com",
])
def test_other_computers_need_verified_tls(url: str) -> None:
    address = BookAddress.parse(url)
    assert not address.is_local
    assert address.conninfo.endswith("sslmode=verify-full")
    for mode in ("disable", "allow", "prefer", "require", "verify-ca"):
        weaker = f"{url}{'&' if '?' in url else '?'}sslmode={mode}"
        with pytest.raises(BookAddressError) as raised:
            BookAddress.parse(weaker)
        assert raised.value.code == "tls_required"
        assert raised.value.detail == f"sslmode={mode}"


def test_the_password_is_masked_and_left_out_of_the_conninfo() -> None:
    address = BookAddress.parse("postgresql://till:s%40cr%3At@backoffice/shop?sslmode=verify-full")
    assert address.password == "s@cr:t"
    assert address.masked == "postgresql://till:***@backoffice/shop?sslmode=verify-full"
    assert str(address) == address.masked and "s%40cr" not in repr(address)
    assert address.conninfo == "postgresql://till@backoffice/shop?sslmode=verify-full"
    assert address.keychain_user == "till@backoffice:5432/shop"
    in_query = BookAddress.parse("postgresql://till@127.0.0.1/shop?password=secret&x=1")
    assert in_query.password == "secret"
    assert "secret" not in in_query.masked and "secret" not in in_query.conninfo
    assert in_query.masked == "postgresql://till@127.0.0.1/shop?password=***&x=1"
    with pytest.raises(BookAddressError) as raised:
        BookAddress.parse("postgresql://till:pw@backoffice/shop", refuse_password=True)
    assert raised.value.code == "password_in_url"
    assert "pw" not in str(raised.value)


@pytest.mark.parametrize(("text", "code"), [
    ("", "empty"),
    ("   ", "empty"),
    ("postgresql://till@back office/shop", "spaces"),
    ("https://backoffice.example/shop", "not_postgresql"),
    ("backoffice:5432/shop", "not_postgresql"),
    ("mysql://till@backoffice/shop", "not_postgresql"),
    ("postgresql://till@a,b/shop", "several_hosts"),
    ("postgresql://till@a:5432,b:5432/shop", "several_hosts"),
    ("postgresql://till@backoffice:port/shop", "bad_port"),
    ("postgresql://till@backoffice:99999/shop", "bad_port"),
    ("postgresql://till@backoffice/shop?sslmode=strict", "bad_sslmode"),
    ("postgresql://till@backoffice/shop#x", "not_url"),
])
def test_unusable_addresses(text: str, code: str) -> None:
    with pytest.raises(BookAddressError) as raised:
        BookAddress.parse(text)
    assert raised.value.code == code
    assert isinstance(raised.value, InputError) and raised.value.field == "order_book"
    assert str(raised.value)


def test_checking_an_address_loads_no_database_driver() -> None:
    code = ("import sys, paydesk.store, paydesk.store.shared;"
            " paydesk.store.shared.BookAddress.parse('postgresql://till@backoffice/shop');"
            " assert 'psycopg' not in sys.modules, 'psycopg loaded'")
    app = str(Path(paydesk.__file__).resolve().parent.parent)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, env={**os.environ, "PYTHONPATH": app})
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("text", "address", "password"), [
    ("postgresql://till:pw@host/shop", "postgresql://till@host/shop", "pw"),
    # As libpq reads the user part: to the first "@" before any "/"; %-escapes decoded.
    ("postgresql://till:p%40w#1?x@h:5432/shop?sslmode=verify-full",
     "postgresql://till@h:5432/shop?sslmode=verify-full", "p@w#1?x"),
    ("postgresql://till@h/shop?password=a+b%26c&sslmode=require",
     "postgresql://till@h/shop?sslmode=require", "a b&c"),
    # Being typed: a port, or the start of a password; nothing to take yet.
    ("postgresql://till:pw", "postgresql://till:pw", None),
    ("postgresql://till:pw@", "postgresql://till@", "pw"),
    ("postgresql://h:5432/db?user=a@b", "postgresql://h:5432/db?user=a@b", None),
    ("postgresql://till:@h/db", "postgresql://till@h/db", None),
    ("not an address", "not an address", None),
])
def test_a_password_is_taken_out_of_any_text(
    text: str, address: str, password: str | None
) -> None:
    assert split_password(text) == (address, password)


def test_a_password_in_the_query_is_left_while_it_is_typed() -> None:
    text = "postgresql://till@h/shop?password=half-typ"
    assert split_password(text, in_query=False) == (text, None)
    assert split_password("postgresql://till:pw@h/shop?password=x", in_query=False) == (
        "postgresql://till@h/shop?password=x", "pw")
