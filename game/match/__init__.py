"""The match model: one game being played, without pygame (``model.Match``), what it says
(``words``, ``guides``), the clicks it turns into moves (``routes``), looking back (``review``)
and the computer's part (``computer``). The play scene draws it and feeds it input."""

from .events import BoardReset, Event, Flash, Played, Said, Sound, Tone
from .model import Match

__all__ = ["BoardReset", "Event", "Flash", "Match", "Played", "Said", "Sound", "Tone"]
