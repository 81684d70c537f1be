"""One table of words for a failure, whichever front end says it.

The command line, run as a person runs it, and the window say the same English
sentence for the same failure, because both take it from paydesk.domain.catalogue;
the watch's events carry a Failure (a code and details, never the exception), and
the window says it in Russian from the same table.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from paydesk.core.watch.events import Problem, ProblemCode, WatchEvent
from paydesk.domain.catalogue import say
from paydesk.domain.failures import Failure, FailureCode
from paydesk.sandbox import Fault, SandboxServer
from paydesk.store import OrderStore
from paydesk.ui.main_window import MainWindow
from paydesk.ui.shell.messages import failure_text, watch_problem_text

from cli_process import paydesk_for, service_env
from counter_steps import WAIT_MS, type_amount
from russian import MissRecorder
from test_values import TEST_CLIENT_ID


def test_the_command_line_and_the_window_say_a_refusal_alike(
    tmp_path: Path, sandbox: SandboxServer
) -> None:
    """The order the command line could not get confirmed is in the book with its
    failure; the window says that failure (in English) as the command line did."""
    paydesk = paydesk_for(tmp_path)
    created = paydesk.run("create", "5", env=service_env(sandbox, secret="not-the-shops-key-1"))
    order_id = created.out.split()[1]
    with OrderStore.open(paydesk.book) as store:
        order = store.get(TEST_CLIENT_ID, order_id)
    assert order is not None and order.last_error is not None
    failure = order.last_error

    assert failure.code == FailureCode.CREDENTIALS_REFUSED
    sentence = failure_text(failure)  # the English window's words, as its details show them
    assert sentence == say(failure)
    assert f"Problem {sentence}" in created.out.splitlines()
    assert f"The order is saved but not confirmed: {sentence}" in created.err.splitlines()


def test_a_lookup_refused_reads_alike_in_both(tmp_path: Path, sandbox: SandboxServer) -> None:
    run = paydesk_for(tmp_path).run("status", "nobody-has-this-1", env=service_env(sandbox))
    assert run.code == 3
    sentence = failure_text(Failure(FailureCode.ORDER_NOT_FOUND))
    assert run.err == f"nobody-has-this-1: {sentence}\n"


def _exceptions_in(event: object) -> list[str]:
    return [field.name for field in dataclasses.fields(event)  # type: ignore[arg-type]
            if isinstance(getattr(event, field.name), BaseException)]


def test_a_watch_problem_carries_a_failure_the_window_says_in_russian(
    window: MainWindow, qtbot: QtBot, sandbox: SandboxServer, russian: MissRecorder
) -> None:
    heard: list[WatchEvent] = []
    unsubscribe = window.parts.engine.hub.subscribe(WatchEvent, heard.append)
    try:
        sandbox.inject(Fault.UNAVAILABLE, times=100, endpoint="create_order")
        type_amount(qtbot, window, "42")
        qtbot.waitUntil(lambda: window.banner.isVisible(), timeout=WAIT_MS)
    finally:
        unsubscribe()

    [problem] = [event for event in heard if isinstance(event, Problem)]
    assert problem.code is ProblemCode.NOT_CONFIRMED
    assert isinstance(problem.failure, Failure)
    assert problem.failure.code == FailureCode.SERVICE_FAULT
    assert [_exceptions_in(event) for event in heard if _exceptions_in(event)] == []
    expected = (f"Заказ {problem.order_id} сохранён, но платёжный сервис его не подтвердил: "
                "У платёжного сервиса сейчас неполадки. Повторите через несколько минут.")
    assert window.banner.message.text() == watch_problem_text(problem) == expected
    assert russian.misses == set()


@pytest.mark.parametrize("code", [FailureCode.TIMEOUT, FailureCode.NEVER_SENT])
def test_the_window_says_a_stored_failure_in_russian(
    code: FailureCode, russian: MissRecorder
) -> None:
    text = failure_text(Failure(code))
    assert text != say(Failure(code)) and text.isascii() is False
    assert russian.misses == set()
