"""Words the rules say (a reason a move is refused, how a game ended, a note for the side to
move) in a form a translation can use: the English template with its values kept apart.

``Words`` is a ``str`` (the English sentence, so every caller that shows or compares text keeps
working) that also carries its ``template`` and ``values``: the front end looks the template up
in the player's language and fills the values in, themselves translated where they are words
(a side's name, a kind of piece). ``N_`` marks a plain string for the catalogue without
changing it (option labels, help, the rules text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .kinds import Refusal


class Words(str):
    """English text made from ``template.format(**values)``; ``template`` and ``values`` kept.
    ``Words.counted`` makes one whose wording depends on a number (a translation may have more
    than two plural forms)."""

    template: str
    values: dict[str, Any]
    plural: str  # the plural template ('' when the wording does not depend on a count)
    number: int  # the count a plural wording depends on

    def __new__(cls, template: str, **values: Any) -> Words:
        text = template.format(**values) if values else template
        if template.startswith("{text}"):  # a sentence (``sentence``): capitalised as it is written
            text = capitalised(text)
        made = super().__new__(cls, text)
        made.template, made.values, made.plural, made.number = template, values, "", 0
        return made

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, **values: Any) -> Words:
        """'took {n} stone' / 'took {n} stones' by ``count`` (given to the templates as ``n``)."""
        values = {"n": count, **values}
        made = super().__new__(cls, (singular if count == 1 else plural).format(**values))
        made.template, made.values, made.plural, made.number = singular, values, plural, count
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (the AI's process boundary) keep the parts
        return (_remake, (self.template, self.values, self.plural, self.number))


class Refused(Words):
    """The words of a refusal with a ``code`` the front end may decide on (say something
    better than the rules' plain 'not allowed' in the middle of a chain, say)."""

    code: Refusal

    def __new__(cls, code: Refusal, template: str, **values: Any) -> Refused:
        text = template.format(**values) if values else template
        made = str.__new__(cls, text)
        made.template, made.values, made.plural, made.number, made.code = template, values, "", 0, code
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Refused, (self.code, self.template), dict(values=self.values))

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.values = state["values"]


#: The rules' refusal when they have nothing better to say.
NOT_ALLOWED = Refused(Refusal.NOT_ALLOWED, "that move is not allowed here")


def _remake(template: str, values: dict[str, Any], plural: str = "", count: int = 0) -> Words:
    if plural:
        rest = {k: v for k, v in values.items() if k != "n"}
        return Words.counted(template, plural, count, **rest)
    return Words(template, **values)


def sentence(text: str) -> Words:
    """``text`` as a sentence: a capital first letter (where the language has them; point names
    such as 'e5' keep theirs) and a full stop."""
    return Words("{text}", text=text) if text.endswith(".") else Words("{text}.", text=text)


def capitalised(text: str) -> str:
    """``text`` with a capital first letter, unless it starts with a point name ('e5 is taken')."""
    if len(text) > 1 and text[0].islower() and text[1].isdigit():
        return text
    return text[:1].upper() + text[1:]


def listing(items: Sequence[str]) -> Words:
    """Items joined by commas, each translated on its own where it is shown."""
    return Words(
        ", ".join(f"{{item{i}}}" for i in range(len(items))), **{f"item{i}": t for i, t in enumerate(items)}
    )


def words_of(error: BaseException) -> str:
    """What an exception says, keeping its ``Words`` (``str(error)`` would flatten them)."""
    first = error.args[0] if error.args else ""
    return first if isinstance(first, Words) else str(error)


def N_counted(singular: str, plural: str) -> tuple[str, str]:
    """Mark a wording that depends on a number (for ``Words.counted`` later) for the catalogue."""
    return (singular, plural)


def N_(text: str) -> str:
    """Mark ``text`` for the catalogue; the front end translates it where it is shown."""
    return text


def paragraphs(text: str) -> list[str]:
    """Join the hard-wrapped lines of a rules text into paragraphs: what the rules screen wraps to
    the window, and what the catalogue holds (one entry per paragraph).

    A blank line ends a paragraph ('' is kept as a spacer); a bullet or a "House rule" line starts
    one, and a line ending in ':' stands alone as a heading."""
    paras: list[str] = []
    current = ""
    for raw in text.rstrip().split("\n"):
        line = raw.strip()
        if not line:
            if current:
                paras.append(current)
            paras.append("")
            current = ""
            continue
        heading = current.endswith(":") and len(current) < 48
        starts = line.startswith(("•", "-", "House rule")) or heading
        if current and not starts:
            current += " " + line
        else:
            if current:
                paras.append(current)
            current = line
    if current:
        paras.append(current)
    return paras
