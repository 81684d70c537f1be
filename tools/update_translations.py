"""Keep resources/translations/paydesk_ru.ts in step with the texts the code translates.

Run ``python tools/update_translations.py`` after changing visible texts, fill in
the new ``unfinished`` entries (Qt Linguist, or any editor), and commit the
.ts; the wheel build compiles it to .qm (setup.py). ``--check`` changes nothing
and exits non-zero when a text has no finished Russian translation, which the
test suite runs, so an untranslated string cannot slip in.

Why not ``pyside6-lupdate``: its Python parser files a text under the enclosing
class's name and does not know our free ``tr()`` (paydesk.ui.shell.formatting.tr,
which always uses the context "PayDesk"), so it would miss or misfile most
texts. Reading the code with :mod:`ast` is exact and small. What it collects:

- ``tr("literal")``, with ``tr`` imported from paydesk.ui.shell.formatting;
- ``tr(NAME)`` where NAME is a module constant holding one string literal;
- ``QT_TRANSLATE_NOOP("PayDesk", "literal")`` (texts marked where they are
  defined and passed to ``tr(str(...))`` where they are shown; where Qt is not
  loaded, the core and the command line, paydesk.support.translations has a
  marker of the same name, whose texts the command line translates from the
  same catalogue, paydesk/cli/words.py);
- ``QCoreApplication.translate("PayDesk", "literal")``.

What it refuses (the run fails, listing file and line): ``tr()`` of anything
else (an f-string can never match a translation: write
``tr("... {0} ...").format(...)``), another context than "PayDesk", and
``QObject.tr()`` / ``self.tr()``, which files the text under the class name.
``tr(str(...))`` is accepted as the way to show a text marked elsewhere.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "app" / "paydesk"
TS_FILE = ROOT / "resources" / "translations" / "paydesk_ru.ts"
CONTEXT = "PayDesk"
LANGUAGE = "ru_RU"
FORMATTING = "paydesk.ui.shell.formatting"

#: Signs a translation must keep when its source has them (the cashier reads them
#: at a glance: Enter, paid, refused, warning, the ruble, a menu item's "…").
KEPT_SIGNS = "⏎✓✗⚠⟳◷⊘₽…"
_PLACEHOLDER_RE = re.compile(r"\{[^{}]*\}")
_MNEMONIC_RE = re.compile(r"&(?=[^&\s])")
_APPLICATION_CLASSES = {"QCoreApplication", "QGuiApplication", "QApplication"}
_REFUSED_MARKERS = {"QT_TR_NOOP", "QT_TRANSLATE_NOOP3", "QT_TR_N_NOOP", "QT_TRANSLATE_N_NOOP"}


# -- reading the code ----------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Location:
    path: Path
    line: int


@dataclass
class Extraction:
    """Every text found, with where; and every call that cannot be extracted."""

    messages: dict[str, set[Location]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add(self, text: str, where: Location) -> None:
        self.messages.setdefault(text, set()).add(where)


def python_files(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)
        else:
            yield path


def extract(paths: Iterable[Path]) -> Extraction:
    """Read ``paths`` (files, or folders searched for ``*.py``) without importing them."""
    found = Extraction()
    for path in python_files(paths):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (OSError, UnicodeDecodeError, SyntaxError) as error:
            found.problems.append(f"{_shown(path)}: cannot be read: {error}")
            continue
        _ModuleReader(path, found).visit_module(tree)
    return found


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


class _ModuleReader(ast.NodeVisitor):
    def __init__(self, path: Path, found: Extraction) -> None:
        self.path = path
        self.found = found
        formatting = SOURCES / "ui" / "shell" / "formatting.py"
        self.is_formatting = path.resolve() == formatting.resolve()
        self.tr_names: set[str] = {"tr"} if self.is_formatting else set()
        self.formatting_aliases: set[str] = set()
        self.constants: dict[str, str] = {}
        self._function_stack: list[str] = []

    def visit_module(self, tree: ast.Module) -> None:
        self._read_imports(tree)
        self._read_constants(tree)
        self.visit(tree)

    def _read_imports(self, tree: ast.Module) -> None:
        in_ui = self.path.resolve().parent == (SOURCES / "ui").resolve()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level == 1 and in_ui:
                    module = f"paydesk.ui.{module}" if module else "paydesk.ui"
                for alias in node.names:
                    bound = alias.asname or alias.name
                    if module == FORMATTING and alias.name == "tr":
                        self.tr_names.add(bound)
                    elif f"{module}.{alias.name}" == FORMATTING:
                        self.formatting_aliases.add(bound)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == FORMATTING and alias.asname:
                        self.formatting_aliases.add(alias.asname)

    def _read_constants(self, tree: ast.Module) -> None:
        """Module names bound once, to one string literal: ``tr(NAME)`` may use them."""
        seen: dict[str, int] = {}
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, ast.AnnAssign) else []
            )
            for target in targets:
                if isinstance(target, ast.Name):
                    seen[target.id] = seen.get(target.id, 0) + 1
                    value = getattr(node, "value", None)
                    text = _literal(value) if isinstance(value, ast.expr) else None
                    if text is not None:
                        self.constants[target.id] = text
        for name, count in seen.items():
            if count > 1:
                self.constants.pop(name, None)

    # -- visiting ---------------------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._in_function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._in_function(node)

    def _in_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._function_stack.append(node.name)
        self.generic_visit(node)
        self._function_stack.pop()

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name) and func.id in self.tr_names:
            self._tr_call(node)
        elif isinstance(func, ast.Attribute) and func.attr == "tr":
            if isinstance(func.value, ast.Name) and func.value.id in self.formatting_aliases:
                self._tr_call(node)
            else:
                self._problem(node, f"{ast.unparse(func)}() files the text under a class "
                              "name; use paydesk.ui.shell.formatting.tr")
        elif _marker_name(func) == "QT_TRANSLATE_NOOP":
            self._context_call(node, "QT_TRANSLATE_NOOP")
        elif _marker_name(func) in _REFUSED_MARKERS:
            self._problem(node, f"{_marker_name(func)} is not supported; use "
                          f'QT_TRANSLATE_NOOP("{CONTEXT}", "...")')
        elif (
            isinstance(func, ast.Attribute)
            and func.attr == "translate"
            and isinstance(func.value, ast.Name)
            and func.value.id in _APPLICATION_CLASSES
            and not (self.is_formatting and "tr" in self._function_stack)
        ):
            self._context_call(node, f"{func.value.id}.translate")
        self.generic_visit(node)

    def _tr_call(self, node: ast.Call) -> None:
        if len(node.args) != 1 or node.keywords:
            self._problem(node, "tr() takes exactly one argument, the text")
            return
        arg = node.args[0]
        text = _literal(arg)
        if text is None and isinstance(arg, ast.Name):
            text = self.constants.get(arg.id)
        if text is not None:
            self._text(node, text)
            return
        if (
            isinstance(arg, ast.Call)
            and isinstance(arg.func, ast.Name)
            and arg.func.id == "str"
            and len(arg.args) == 1
        ):
            return  # a text marked with QT_TRANSLATE_NOOP where it is defined
        hint = ""
        if isinstance(arg, ast.JoinedStr):
            hint = ' (an f-string: write tr("... {0} ...").format(...))'
        self._problem(node, f"tr() needs a plain string literal, got {ast.unparse(arg)}{hint}")

    def _context_call(self, node: ast.Call, name: str) -> None:
        if len(node.args) < 2:
            self._problem(node, f"{name}() needs a context and a text")
            return
        context, text = _literal(node.args[0]), _literal(node.args[1])
        if context != CONTEXT:
            self._problem(node, f'{name}() must use the context "{CONTEXT}", '
                          f"got {ast.unparse(node.args[0])}")
        elif text is None:
            self._problem(node, f"{name}() needs a plain string literal, "
                          f"got {ast.unparse(node.args[1])}")
        else:
            self._text(node, text)

    def _text(self, node: ast.Call, text: str) -> None:
        if not text.strip():
            self._problem(node, "an empty text needs no translation")
            return
        self.found.add(text, Location(self.path.resolve(), node.lineno))

    def _problem(self, node: ast.AST, message: str) -> None:
        line = getattr(node, "lineno", 0)
        self.found.problems.append(f"{_shown(self.path)}:{line}: {message}")


def _marker_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


# -- the .ts file --------------------------------------------------------------------

FINISHED = ""
UNFINISHED = "unfinished"
VANISHED = "vanished"


@dataclass
class Entry:
    source: str
    translation: str = ""
    kind: str = UNFINISHED
    locations: list[Location] = field(default_factory=list)
    translator_comment: str = ""

    @property
    def finished(self) -> bool:
        return self.kind == FINISHED and bool(self.translation.strip())


def read_ts(path: Path) -> dict[str, Entry]:
    """The entries of the "PayDesk" context by source text; nothing when there is no file."""
    if not path.exists():
        return {}
    entries: dict[str, Entry] = {}
    root = ET.parse(path).getroot()  # noqa: S314 (our own file, from our repository)
    for context in root.iter("context"):
        if context.findtext("name") != CONTEXT:
            continue
        for message in context.iter("message"):
            translation = message.find("translation")
            source = message.findtext("source") or ""
            kind = translation.get("type", FINISHED) if translation is not None else UNFINISHED
            if kind == "obsolete":
                kind = VANISHED
            entries[source] = Entry(
                source=source,
                translation=(translation.text or "") if translation is not None else "",
                kind=kind,
                translator_comment=message.findtext("translatorcomment") or "",
            )
    return entries


def merge(existing: dict[str, Entry], found: Extraction, *, drop_vanished: bool = False
          ) -> list[Entry]:
    """Found texts keep their translations (a returning one is finished again); new
    ones are unfinished; gone ones are dropped, or kept as vanished when translated."""
    merged: list[Entry] = []
    for source, where in found.messages.items():
        old = existing.get(source)
        entry = Entry(source=source, locations=sorted(where))
        if old is not None:
            entry.translation = old.translation
            entry.translator_comment = old.translator_comment
            entry.kind = FINISHED if old.kind == VANISHED else old.kind
            if not entry.translation.strip():
                entry.kind = UNFINISHED
        merged.append(entry)
    for source, old in existing.items():
        if source in found.messages or drop_vanished:
            continue
        if old.translation.strip() and old.kind in (FINISHED, VANISHED):
            merged.append(Entry(source=source, translation=old.translation, kind=VANISHED,
                                translator_comment=old.translator_comment))
    return sorted(merged, key=lambda e: (e.source.casefold(), e.source))


def _xml(text: str) -> str:
    return escape(text, {'"': "&quot;", "'": "&apos;"})


def render_ts(entries: Sequence[Entry], ts_path: Path) -> str:
    """The file as lupdate writes it (so Qt Linguist leaves it as it is), sorted and stable."""
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        "<!DOCTYPE TS>",
        f'<TS version="2.1" language="{LANGUAGE}" sourcelanguage="en_US">',
        "<context>",
        f"    <name>{CONTEXT}</name>",
    ]
    for entry in entries:
        lines.append("    <message>")
        for where in entry.locations:
            name = Path(os.path.relpath(where.path, ts_path.resolve().parent)).as_posix()
            lines.append(f'        <location filename="{_xml(name)}" line="{where.line}"/>')
        lines.append(f"        <source>{_xml(entry.source)}</source>")
        if entry.translator_comment:
            lines.append(
                f"        <translatorcomment>{_xml(entry.translator_comment)}</translatorcomment>"
            )
        kind = f' type="{entry.kind}"' if entry.kind else ""
        lines.append(f"        <translation{kind}>{_xml(entry.translation)}</translation>")
        lines.append("    </message>")
    lines += ["</context>", "</TS>", ""]
    return "\n".join(lines)


# -- checking ------------------------------------------------------------------------


def check(existing: dict[str, Entry], found: Extraction) -> list[str]:
    """What stops a release: unreadable calls, and texts without a sound translation."""
    problems = list(found.problems)
    for source in sorted(found.messages, key=str.casefold):
        where = min(found.messages[source])
        place = f"{_shown(where.path)}:{where.line}"
        entry = existing.get(source)
        if entry is None or entry.kind == VANISHED:
            problems.append(f"{place}: missing from the .ts: {source!r}")
        elif not entry.finished:
            problems.append(f"{place}: unfinished: {source!r}")
        else:
            problems.extend(f"{place}: {issue}: {source!r}" for issue in _mismatches(entry))
    return problems


def _mismatches(entry: Entry) -> list[str]:
    """A translation that drops a placeholder breaks .format() at run time; one that
    drops a sign or a menu mnemonic reads differently from the English."""
    issues = []
    source, translation = entry.source, entry.translation
    if sorted(_PLACEHOLDER_RE.findall(source)) != sorted(_PLACEHOLDER_RE.findall(translation)):
        issues.append("the translation's {placeholders} differ from the source's")
    lost = [sign for sign in KEPT_SIGNS if sign in source and sign not in translation]
    if lost:
        issues.append(f"the translation drops {''.join(lost)}")
    if len(_MNEMONIC_RE.findall(source)) != len(_MNEMONIC_RE.findall(translation)):
        issues.append("the translation's &mnemonic differs from the source's")
    return issues


# -- command line --------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[SOURCES],
                        help="files or folders to read (default: app/paydesk)")
    parser.add_argument("--ts", type=Path, default=TS_FILE, help="the .ts file to update")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; fail when a text lacks a finished translation")
    parser.add_argument("--drop-vanished", action="store_true",
                        help="forget translations of texts no longer in the code")
    args = parser.parse_args(argv)

    found = extract(args.paths)
    existing = read_ts(args.ts)
    if args.check:
        problems = check(existing, found)
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            print(f"{len(problems)} translation problem(s); run tools/update_translations.py "
                  f"and translate the unfinished entries in {_shown(args.ts)}.", file=sys.stderr)
            return 1
        print(f"{len(found.messages)} texts, all translated.")
        return 0
    entries = merge(existing, found, drop_vanished=args.drop_vanished)
    text = render_ts(entries, args.ts)
    args.ts.parent.mkdir(parents=True, exist_ok=True)
    if not args.ts.exists() or args.ts.read_text(encoding="utf-8") != text:
        args.ts.write_text(text, encoding="utf-8")
    counts = {kind: sum(e.kind == kind for e in entries) for kind in (FINISHED, UNFINISHED,
                                                                      VANISHED)}
    new = sum(source not in existing for source in found.messages)
    print(f"{_shown(args.ts)}: {len(found.messages)} texts ({counts[FINISHED]} translated, "
          f"{counts[UNFINISHED]} unfinished, {new} new), {counts[VANISHED]} vanished kept.")
    for problem in found.problems:
        print(problem, file=sys.stderr)
    if found.problems:
        print("The calls above could not be read; their texts are not in the .ts.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
