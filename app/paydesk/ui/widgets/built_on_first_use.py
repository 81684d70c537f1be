"""Attributes a widget builds when they are first read: what its first frame does without.

A window shows its first frame sooner when it builds only what that frame
shows (tests/perf/bench.py, ``startup_ratio``); the rest is built right after
it. Code and tests that read such an attribute earlier get it built then, so
no reader has to know whether the first frame has passed. Only reading the
attribute builds it: what Qt holds (``findChildren``, a menu's ``actions()``,
a shortcut's key press) is there once its builder has run.
"""

from __future__ import annotations

from typing import Any


class _BuiltOnFirstUse:
    """Reading it before its owner's ``build`` method ran calls that method.

    A non-data descriptor: the method sets the instance attribute of the same
    name, which Python reads directly from then on.
    """

    def __init__(self, build: str) -> None:
        self._build = build
        self._name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    def __get__(self, instance: object | None, owner: type | None = None) -> Any:
        if instance is None:
            return self
        getattr(instance, self._build)()
        try:
            return instance.__dict__[self._name]
        except KeyError:
            raise AttributeError(
                f"{type(instance).__name__}.{self._build}() did not set {self._name}"
            ) from None


def built_by(build: str) -> Any:
    """A class attribute set by the method named ``build``, which its first read calls.

    Typed as the attribute it stands for: ``qr: QrCodeWidget = built_by("prepare_card")``.
    """
    return _BuiltOnFirstUse(build)
