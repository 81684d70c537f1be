"""paydesk.ui.shell.messages: every error the core raises gets the window's own words.

In English those words are the core's own sentences, so the checks here are
exact: whatever the core says, the window says the same, through tr().
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from paydesk.core.problems import english
from paydesk.core.runtime import NotConfiguredError, Runtime
from paydesk.core.settings.values import Settings
from paydesk.domain.catalogue import say
from paydesk.domain.errors import AmountError, EmailError, InputError, OrderIdError
from paydesk.domain.failures import Failure, FailureCode
from paydesk.domain.money import MAX_AMOUNT, check_kopecks, parse_amount
from paydesk.domain.orders import normalize_email, validate_order_id
from paydesk.gateway import (
    CredentialsRefused,
    GatewayClient,
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
from paydesk.gateway.replies import RawReply, classify
from paydesk.store.errors import StoreError, StoreProblem
from paydesk.support.paths import AppPaths
from paydesk.support.secret_store import NoKeychainError, SecretStoreError
from paydesk.ui.shell.formatting import money
from paydesk.ui.shell.messages import (
    book_error_text,
    failure_text,
    input_error_text,
    problem_text,
)

from book_troubles import book_troubles

CORE = Path(__file__).resolve().parents[3] / "app" / "paydesk"
FALLBACKS = {"Check the amount.", "Check the e-mail address.", "Check the order id.",
             "Check what you typed."}


def raised_input_errors() -> list[tuple[str, str, str]]:
    """(class, code, English message) of every InputError the core raises, read from its code."""
    kinds = {"AmountError", "EmailError", "OrderIdError"}
    found = []
    for path in sorted(CORE.rglob("*.py")):
        if "ui" in path.relative_to(CORE).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in kinds and len(node.args) == 2
                    and isinstance(node.args[0], ast.Constant)):
                message = node.args[1]
                text = message.value if isinstance(message, ast.Constant) else ast.unparse(message)
                found.append((node.func.id, str(node.args[0].value), str(text)))
    return found


@pytest.mark.parametrize(("kind", "code", "message"), raised_input_errors())
def test_every_input_error_the_core_raises_has_its_own_words(
    kind: str, code: str, message: str
) -> None:
    cls = {"AmountError": AmountError, "EmailError": EmailError, "OrderIdError": OrderIdError}[kind]
    text = input_error_text(cls(code, message))
    assert text not in FALLBACKS
    if "{" not in message:  # a plain sentence: the window's words are the core's
        assert text == message


def test_the_core_raises_a_good_number_of_input_errors() -> None:
    assert len(raised_input_errors()) >= 20  # the scan above really finds them


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda: validate_order_id("x" * 65), "An order id has at most 64 characters."),
        (lambda: normalize_email("a" * 250 + "@b.ru"),
         "An e-mail address has at most 254 characters."),
        (lambda: parse_amount("1,5.0"),
         "Use one decimal separator (a comma or a point), not both."),
        (lambda: check_kopecks(True), "The amount must be a whole number of kopecks."),
    ],
)
def test_real_input_errors_read_as_the_core_wrote_them(make: object, expected: str) -> None:
    with pytest.raises(InputError) as raised:
        make()  # type: ignore[operator]
    assert input_error_text(raised.value) == expected


def test_the_ceiling_keeps_its_amount_in_the_local_format() -> None:
    with pytest.raises(AmountError) as raised:
        parse_amount("1 000 000", ceiling=5_000_00)
    assert input_error_text(raised.value) == f"The amount cannot be more than {money(5_000_00)}."
    unreadable = AmountError("too_large", "The amount is more than the service allows.")
    assert input_error_text(unreadable) == "The amount is more than the service allows."


def test_an_unknown_code_still_says_which_field() -> None:
    assert input_error_text(AmountError("new_rule", "Some new rule.")) == "Check the amount."
    assert input_error_text(InputError("odd", "Odd.")) == "Check what you typed."


GATEWAY_CLASSES = [
    GatewayError, GatewayConfigError, GatewayConnectionError, GatewayTimeout, TlsError,
    ServiceRefused, CredentialsRefused, OrderNotFound, OrderConflict, ParameterRefused,
    RateLimited,
    ServiceUnavailable, ProtocolError,
]


@pytest.mark.parametrize("cls", GATEWAY_CLASSES)
def test_each_gateway_error_class_reads_as_its_default(cls: type[GatewayError]) -> None:
    error = cls("technical account for the log")
    assert problem_text(error) == say(Failure(cls.default_code))


def test_a_refused_parameter_appends_the_services_own_reason() -> None:
    refusal = RawReply("create_order", 200, {},
                       b'{"status": false, "message": "Parameter amount is too large."}')
    with pytest.raises(ParameterRefused) as raised:
        classify(refusal)
    text = problem_text(raised.value)
    assert text == "The payment service refused the request: Parameter amount is too large."
    assert text == raised.value.user_message


def test_a_refusal_appends_the_services_own_reason() -> None:
    refusal = RawReply("create_order", 200, {}, b'{"status": false, "message": "Shop blocked"}')
    with pytest.raises(ServiceRefused) as raised:
        classify(refusal)
    assert type(raised.value) is ServiceRefused
    text = problem_text(raised.value)
    assert text == "The payment service refused the request: Shop blocked"
    assert text == raised.value.user_message


@pytest.mark.parametrize(
    "reply",
    [
        RawReply("get_order", 502, {}, b"<html>Bad gateway</html>"),
        RawReply("get_order", 302, {}, b""),
        RawReply("get_order", 500, {}, b'{"oops": 1}'),
    ],
)
def test_specific_reply_sentences_are_kept(reply: RawReply) -> None:
    with pytest.raises(GatewayError) as raised:
        classify(reply)
    assert problem_text(raised.value) == raised.value.user_message


@pytest.mark.parametrize(
    "base_url",
    ["", "https://pay.example.com /x", "ftp://pay.example.com", "https://",
     # A user name that reads like the host: the classic look-alike address.
     "https://pay.example.com@pay.example.net", "https://pay.example.com/?x=1",
     "http://pay.example.com", "https://pay.example.com:99999"],
)
def test_address_problems_read_as_the_gateway_wrote_them(base_url: str) -> None:
    with pytest.raises(GatewayConfigError) as raised:
        GatewayClient(base_url, 1, "key")
    text = problem_text(raised.value)
    assert text == raised.value.user_message
    assert text != say(Failure(GatewayConfigError.default_code))


def test_an_invalid_request_speaks_of_the_field() -> None:
    with pytest.raises(InvalidRequestError) as raised:
        GatewayClient("http://127.0.0.1:9", 1, "key").create_order("a:b", 100)
    assert problem_text(raised.value) == "An order id cannot contain a colon."


def test_problems_before_any_request(tmp_path: Path) -> None:
    runtime = Runtime(AppPaths(tmp_path).ensure(), Settings(client_id=5))
    with pytest.raises(NotConfiguredError) as raised:
        runtime.gateway()
    assert problem_text(raised.value) == (
        "PayDesk is not set up yet: enter the payment service address in settings."
    )
    assert "keychain" in problem_text(NoKeychainError())
    assert problem_text(SecretStoreError("The keychain refused the key (X).")) == (
        "The secret key could not be read or stored: the keychain refused."
    )
    assert problem_text(GatewayTimeout("slow")) == say(Failure(GatewayTimeout.default_code))
    assert problem_text(RuntimeError("odd")) == "odd"


@pytest.mark.parametrize("code", [code for code in FailureCode if code is not FailureCode.LEGACY])
def test_every_failure_code_reads_as_the_core_says_it(code: FailureCode) -> None:
    failure = Failure(code)
    assert failure_text(failure) == english(failure)
    if code not in (FailureCode.FAILED, FailureCode.NEVER_SENT, FailureCode.UNKNOWN):
        assert failure_text(failure) != failure_text(Failure(FailureCode.FAILED))


def test_stored_failures_read_by_their_code() -> None:
    assert failure_text(Failure("timeout")) == say(Failure(GatewayTimeout.default_code))
    refused = Failure(FailureCode.REFUSED, "Shop blocked")
    assert failure_text(refused) == "The payment service refused the request: Shop blocked"
    assert failure_text(Failure(FailureCode.PARAMETER_REFUSED, "Bad amount")) == (
        "The payment service refused the request: Bad amount"
    )
    # The service's words are kept for support, but this code's text does not use them.
    assert failure_text(Failure(FailureCode.CREDENTIALS_REFUSED, "wrong sign")) == (
        say(Failure(CredentialsRefused.default_code))
    )
    assert failure_text(Failure("legacy", "Something only the log knows")) == (
        "Something only the log knows"
    )
    # A code from a newer PayDesk still says something sensible.
    assert failure_text(Failure("from_the_future")) == say(Failure(GatewayError.default_code))


def test_a_stored_input_failure_reads_as_the_field_error() -> None:
    assert failure_text(Failure("order_id.colon", "An order id cannot contain a colon.")) == (
        "An order id cannot contain a colon."
    )
    ceiling = Failure("amount.too_large", str(5_000_00))
    assert failure_text(ceiling) == f"The amount cannot be more than {money(5_000_00)}."
    assert failure_text(Failure("email.too_long", "...")) == (
        "An e-mail address has at most 254 characters."
    )
    assert failure_text(Failure("amount.new_rule", "Some new rule.")) == "Check the amount."


def test_a_live_invalid_request_and_its_stored_failure_read_alike() -> None:
    client = GatewayClient("http://127.0.0.1:9", 1, "key")
    with pytest.raises(InvalidRequestError) as raised:
        client.create_order("A-1", MAX_AMOUNT + 1)
    failure = raised.value.failure
    assert failure == Failure("amount.too_large", str(MAX_AMOUNT))
    assert failure_text(failure) == problem_text(raised.value) == (
        f"The amount cannot be more than {money(MAX_AMOUNT)}."
    )
    assert english(failure) == raised.value.user_message


def test_messages_choose_by_code_not_by_sentence() -> None:
    """The window never reads the core's English to know what happened."""
    source = (CORE / "ui" / "shell" / "messages.py").read_text(encoding="utf-8")
    assert "startswith" not in source
    assert "import re" not in source
    tree = ast.parse(source)
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name and name.startswith(
        ("paydesk.gateway", "paydesk.store"))}


def test_the_order_books_failures_are_said_by_their_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Real failures of the real store, said from their problem and the file they name,
    never from the store's English (which the command line prints)."""
    troubles = book_troubles(tmp_path, monkeypatch)

    locked = troubles[StoreProblem.LOCKED]
    assert book_error_text(locked) == problem_text(locked) == (
        "The order book is locked by another program (another PayDesk window or command, "
        "or a backup tool). Nothing was changed; close the other program or wait, then try "
        "again."
    )
    too_new = troubles[StoreProblem.TOO_NEW]
    assert book_error_text(too_new) == (
        f"The order book {tmp_path / 'too_new' / 'paydesk.sqlite3'} was written by a newer "
        "version of PayDesk. Update PayDesk to open it; the file has not been changed."
    )
    not_a_book = troubles[StoreProblem.NOT_A_BOOK]
    assert book_error_text(not_a_book).startswith(
        f"{tmp_path / 'not_a_book' / 'paydesk.sqlite3'} is not a PayDesk order book; "
    )
    damaged = troubles[StoreProblem.DAMAGED]
    [aside] = (tmp_path / "damaged").glob("paydesk.sqlite3.corrupt-*")
    text = book_error_text(damaged)
    assert damaged.moved_to == aside
    assert f"It has been moved to {aside}; nothing was deleted." in text
    assert f"move {aside.name} out of {tmp_path / 'damaged'}" in text
    for error in troubles.values():  # the window's words, not the store's sentence
        assert book_error_text(error) != str(error)


@pytest.mark.parametrize("problem", list(StoreProblem))
def test_every_problem_of_the_book_has_its_words(problem: StoreProblem, tmp_path: Path) -> None:
    error = StoreError("The store's English.", problem, path=tmp_path / "paydesk.sqlite3")
    text = book_error_text(error)
    assert text != "The store's English." and "{" not in text


def test_a_failure_of_the_book_with_no_problem_keeps_the_stores_sentence() -> None:
    error = StoreError("PayDesk needs SQLite 3.35 or newer; this Python has 3.31.")
    assert book_error_text(error) == problem_text(error) == str(error)


@pytest.mark.parametrize("language", ["en", "ru"], indirect=True)
def test_an_amount_in_the_words_is_written_the_way_of_their_language(language: str) -> None:
    """English words write amounts the English way, Russian ones the Russian way: the
    window's in its language, the core's English (the command line's, the API's, the
    log's) in English whatever the window speaks."""
    ceiling = Failure("amount.too_large", str(MAX_AMOUNT))
    assert failure_text(ceiling) == {
        "en": "The amount cannot be more than 1,000,000,000.00\u00a0₽.",
        "ru": "Сумма не может быть больше 1\u00a0000\u00a0000\u00a0000,00\u00a0₽.",
    }[language]
    with pytest.raises(AmountError) as raised:
        parse_amount("abc", language="ru")
    assert input_error_text(raised.value) == {
        "en": "The amount must be a number of rubles, such as 150 or 150.50.",
        "ru": "Введите сумму в рублях, например 150 или 150,50.",
    }[language]
    assert english(ceiling) == str(raised_ceiling()) == (
        "The amount cannot be more than 1,000,000,000.00\u00a0₽.")


def raised_ceiling() -> AmountError:
    with pytest.raises(AmountError) as raised:
        check_kopecks(MAX_AMOUNT + 1)
    return raised.value
