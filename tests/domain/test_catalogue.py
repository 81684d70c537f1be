"""paydesk.domain.catalogue: one table of words for every failure code, and only one.

Every code of paydesk.domain.failures has words (a code added without them fails
here); every text of the table is in the translation catalogue with a finished
Russian translation; and no other module of the application writes one of those
sentences again.
"""

from __future__ import annotations

import ast
import enum
import inspect
from pathlib import Path

import pytest

from paydesk.domain import catalogue, failures
from paydesk.domain.catalogue import SERVICE, say
from paydesk.domain.failures import (
    ApiFailureCode,
    BookFailureCode,
    Failure,
    FailureCode,
    OtherFailureCode,
    SetupFailureCode,
    ShiftFailureCode,
    StoreProblem,
)

from scripts import load_script

APP = Path(__file__).resolve().parents[2] / "app" / "paydesk"
CATALOGUE = APP / "domain" / "catalogue.py"
#: The migration step that turned the sentences old books stored into codes: it must
#: match those sentences as they were written then, whatever the table says now.
FROZEN = APP / "store" / "migrations.py"
tool = load_script("tools/update_translations.py")

#: Every kind of code the failures module declares, found by reading it: a new kind
#: is checked without this list changing.
CODE_KINDS = [kind for _name, kind in inspect.getmembers(failures, inspect.isclass)
              if issubclass(kind, enum.StrEnum) and kind.__module__ == failures.__name__]
EVERY_CODE = [code for kind in CODE_KINDS for code in kind]
FALLBACK = SERVICE[FailureCode.FAILED]


def table_texts() -> list[str]:
    texts = [text for table in (*catalogue.TABLES, catalogue.STORE_FACTS)
             for text in table.values()]
    return [*texts, catalogue.REFUSED_WITH_REASON, catalogue.SET_ASIDE,
            catalogue.REFERENCE_REUSED_AMOUNTS, catalogue.REFERENCE_REUSED_SAME_AMOUNT]


def test_the_failures_module_declares_the_kinds_of_code_this_test_knows() -> None:
    assert set(CODE_KINDS) == {FailureCode, BookFailureCode, StoreProblem, SetupFailureCode,
                               OtherFailureCode, ApiFailureCode, ShiftFailureCode}


@pytest.mark.parametrize("code", EVERY_CODE, ids=str)
def test_every_code_has_words_of_its_own(code: str) -> None:
    if code in catalogue.AS_SAID:  # its detail is the sentence, kept as it was said
        assert say(Failure(code, "Said as it was.")) == "Said as it was."
        return
    assert any(code in table for table in catalogue.TABLES), f"{code!r} has no words"
    words = say(Failure(code, places=("/data/paydesk.sqlite3",)))
    assert words and "{" not in words
    if code is not FailureCode.FAILED:
        assert words != FALLBACK  # not the words of a code nobody knows


@pytest.mark.parametrize("problem", list(StoreProblem), ids=str)
def test_every_problem_of_the_order_book_has_a_fact_too(problem: StoreProblem) -> None:
    assert catalogue.store_fact(problem) == catalogue.STORE_FACTS[problem]


def test_a_code_the_table_does_not_know_says_the_general_words() -> None:
    assert say(Failure("from_a_newer_paydesk")) == FALLBACK


def test_each_text_is_the_words_of_one_code_only() -> None:
    texts = [text for table in catalogue.TABLES for text in table.values()]
    assert len(texts) == len(set(texts))


def test_every_text_of_the_table_is_found_and_translated() -> None:
    """The translation tool finds the table's texts where they are written, so the
    window shows them in Russian; the command line says the same source texts."""
    found = tool.extract([CATALOGUE])
    assert found.problems == []
    entries = tool.read_ts(tool.TS_FILE)
    for text in table_texts():
        assert text in found.messages, text
        assert entries[text].finished, text


def _string_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_no_other_module_writes_the_tables_sentences_again() -> None:
    """The English words were written twice (the gateway's and the window's, kept equal
    by a test) and more in the core and the store: now only the table has them."""
    texts = set(table_texts())
    written_again = {
        path.relative_to(APP).as_posix(): sorted(texts & _string_constants(path))
        for path in sorted(APP.rglob("*.py")) if path not in (CATALOGUE, FROZEN)
    }
    assert {name: found for name, found in written_again.items() if found} == {}


def test_every_printing_problem_has_words_in_the_table() -> None:
    """The receipt printer's codes live with its transport (support may not name the
    domain); their words are the catalogue's, like every other failure's."""
    from paydesk.support.receipt_printer import PrintProblem

    assert set(catalogue.PRINTER) == {problem.value for problem in PrintProblem}
    assert all(catalogue.PRINTER[problem] for problem in PrintProblem)
