"""The base of Keliya's typed kinds and codes: a string enum whose members are their values
wherever text is made (f-strings, ``str``, JSON), so position text, saves and settings keep the
words they always had, while code compares members, never English text."""

from __future__ import annotations

from enum import Enum


class Code(str, Enum):
    """A kind or code: ``Mode.PASS == "pass"`` and ``f"{Mode.PASS}" == "pass"``."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
