"""What each setting is, said once, beside its field in
:class:`paydesk.core.settings.values.Settings`.

A field is written ``name: type = setting(default, help=..., ...)``: its name, type
and default are the field's; the rest of what is known about it rides along as the
field's metadata and is read back as a :class:`SettingVar` (Electrum's
``simple_config.ConfigVar`` is the model). Everything that treats settings by kind
reads these declarations instead of a list of its own: the check of bounds, the
environment's overrides, which settings rebuild the payment client, which wait for
the next start, which the demo holds fixed; ``paydesk config`` and its help, the
settings window's rows and its notes, the demo. A value is turned into its
setting's type here too; what is wrong with one is a :class:`SettingsError`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

#: The key of a setting's facts in its dataclass field's metadata.
_FACTS = "paydesk.setting"


class SettingsProblem(enum.StrEnum):
    """What is wrong, stable for a front end to choose (and translate) its words by."""

    OUT_OF_RANGE = "out_of_range"  # ``setting``, ``bounds``, ``value``
    BACKOFF_ORDER = "backoff_order"  # the slowest check is faster than the first (``bounds``)
    CLIENT_ID_NOT_POSITIVE = "client_id_not_positive"
    SECRET_STORAGE_CHOICE = "secret_storage_choice"
    BASE_URL_SCHEME = "base_url_scheme"
    NOT_WHOLE_NUMBER = "not_whole_number"  # ``setting``, ``value``
    NOT_NUMBER = "not_number"
    NOT_ON_OFF = "not_on_off"
    NOT_TEXT = "not_text"
    UNKNOWN_SETTING = "unknown_setting"  # ``setting``
    UNREADABLE_FILE = "unreadable_file"  # ``path``, ``reason``
    NOT_AN_OBJECT = "not_an_object"  # ``path``
    CANNOT_SAVE = "cannot_save"  # ``path`` (the folder), ``reason``
    #: Another program's save held the settings past SAVE_WAIT_SECONDS (``path``: the folder).
    SAVE_BUSY = "save_busy"
    ORDER_BOOK_ADDRESS = "order_book_address"  # ``value`` (masked), ``reason`` (a code)
    TILL_NAME = "till_name"  # ``value``
    PRINTER_ADDRESS = "printer_address"  # ``value``, ``reason`` (a PrinterAddressProblem)
    PRINTER_PAPER = "printer_paper"  # ``value``
    PRINTER_CODE_PAGE = "printer_code_page"  # ``value``
    WEB_DISPLAY_CHOICE = "web_display_choice"  # ``value``
    TERMINAL_API_CHOICE = "terminal_api_choice"  # ``value``


class SettingsError(Exception):
    """The settings file or a value given for it is not usable; says which and why.

    ``str()`` is the English sentence the command line prints; ``code`` and the
    details (``setting``, ``bounds``, ``value``, ``path``, ``reason``) let the window
    say it in its own, translated, words and under the field it concerns.
    """

    def __init__(
        self,
        code: SettingsProblem,
        message: str,
        *,
        setting: str = "",
        bounds: tuple[float, float] | None = None,
        value: object = None,
        path: Path | None = None,
        reason: str = "",
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.setting = setting
        self.bounds = bounds
        self.value = value
        self.path = path
        self.reason = reason


class Applies(enum.Enum):
    """When a saved value is taken up by the running program."""

    #: By the running program as soon as it is saved (the hub's SettingsChanged).
    AT_ONCE = "at_once"
    #: Only as the program starts (the window's texts are chosen then): after a restart.
    AT_START = "at_start"
    #: When the order book is opened: at once before a window has opened its book, at
    #: the next start once it has (the book and its sync are opened with it).
    WITH_BOOK = "with_book"


@dataclass(frozen=True, slots=True)
class SettingVar:
    """One setting's declaration, as read from its field (:func:`declared_in`)."""

    name: str
    #: The field's annotation as text ("int", "float", "bool", "str", "int | None").
    kind: str
    default: Any
    #: One line for ``paydesk config set --help``: what the setting does.
    help: str
    #: The lowest and highest value allowed (numbers only).
    bounds: tuple[float, float] | None = None
    #: The environment variable whose value, when set, is laid over the file's.
    env: str = ""
    applies: Applies = Applies.AT_ONCE
    #: The demo holds it as the sandbox's (or at its default), whatever is set.
    fixed_in_demo: bool = False
    #: The payment client is built with it: a new value closes the client in use.
    rebuilds_client: bool = False

    def waits_for_restart(self, *, book_open: bool, demo: bool) -> bool:
        """Whether a value saved now is taken up only at the next start (``book_open``:
        the running window has opened its order book). Never for one the demo holds."""
        if demo and self.fixed_in_demo:
            return False
        if self.applies is Applies.AT_START:
            return True
        return self.applies is Applies.WITH_BOOK and book_open


    def parse(self, raw: Any) -> Any:
        """The typed value from text or JSON; SettingsError (NOT_...) if it is not one."""
        return coerce(self.name, self.kind, raw)


def setting(
    default: Any, *, help: str, bounds: tuple[float, float] | None = None, env: str = "",
    applies: Applies = Applies.AT_ONCE, fixed_in_demo: bool = False,
    rebuilds_client: bool = False,
) -> Any:
    """A settings dataclass field with its default and what else is declared of it."""
    facts = {"help": help, "bounds": bounds, "env": env, "applies": applies,
             "fixed_in_demo": fixed_in_demo, "rebuilds_client": rebuilds_client}
    return field(default=default, metadata={_FACTS: facts})


def declared_in(cls: type) -> dict[str, SettingVar]:
    """Every field of the settings dataclass ``cls`` as a declaration, in field order;
    TypeError for a field not made with :func:`setting`."""
    declared = {}
    for item in fields(cls):
        if _FACTS not in item.metadata:
            raise TypeError(f"{cls.__name__}.{item.name} is not declared with setting()")
        declared[item.name] = SettingVar(item.name, str(item.type), item.default,
                                         **item.metadata[_FACTS])
    return declared


def coerce(name: str, kind: str, raw: Any) -> Any:
    """Turn a JSON or command-line value into the field's type, or say why not.

    ``kind`` is the annotation as text (this module uses postponed annotations).
    """
    if kind in ("int", "int | None"):
        if isinstance(raw, bool) or not str(raw).strip().isdigit():
            raise SettingsError(SettingsProblem.NOT_WHOLE_NUMBER,
                                f"{name} must be a whole number (got {raw!r}).",
                                setting=name, value=raw)
        return int(str(raw).strip())
    if kind == "float":
        try:
            if isinstance(raw, bool):
                raise ValueError
            return float(raw)
        except (TypeError, ValueError):
            raise SettingsError(SettingsProblem.NOT_NUMBER,
                                f"{name} must be a number (got {raw!r}).",
                                setting=name, value=raw) from None
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise SettingsError(SettingsProblem.NOT_ON_OFF,
                            f"{name} must be on or off (got {raw!r}).", setting=name, value=raw)
    if not isinstance(raw, str):
        raise SettingsError(SettingsProblem.NOT_TEXT,
                            f"{name} must be text (got {raw!r}).", setting=name, value=raw)
    return raw.strip()
