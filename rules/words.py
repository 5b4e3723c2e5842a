"""Words the rules say (a reason a move is refused, how a game ended, a note for the side to
move) in a form a translation can use: the English template with its values kept apart.

``Words`` is a ``str`` (the English sentence, so every caller that shows or compares text keeps
working) that also carries its ``template`` and ``values``: the front end looks the template up
in the player's language and fills the values in, themselves translated where they are words
(a side's name, a kind of piece). ``N_`` marks a plain string for the catalogue without
changing it (option labels, help, the rules text).
"""

from __future__ import annotations

from typing import Any


class Words(str):
    """English text made from ``template.format(**values)``; ``template`` and ``values`` kept."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Words:
        made = super().__new__(cls, template.format(**values) if values else template)
        made.template = template
        made.values = values
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (the AI's process boundary) keep the parts
        return (_remake, (self.template, self.values))


def _remake(template: str, values: dict[str, Any]) -> Words:
    return Words(template, **values)


def N_(text: str) -> str:
    """Mark ``text`` for the catalogue; the front end translates it where it is shown."""
    return text
