"""Keeping a match in the library as it goes, and what saving has to tell the player: the save
after every move and undo, a failure said until a save succeeds, then once that the game is safe
again, and a game that another window's change made separate. Export writes a copy elsewhere."""

from __future__ import annotations

from rules import State
from rules.words import N_, Words

from .. import saves
from ..config import MatchConfig
from ..library import GameFile
from ..userfiles import write_text_atomically
from .events import SILENT, Said, Tone


class Autosave:
    """``Autosave(game_file)``: saves a match into ``game_file`` (a game of the library)."""

    def __init__(self, game_file: GameFile | None = None) -> None:
        self.game_file = game_file or GameFile()
        # shown apart from the guidance (which changes with every click and must not hide it)
        self.notice: Said = SILENT
        self._failed = False

    @property
    def saved(self) -> bool:
        """The game is on disk as it stands (False while saves fail: ``game_file.reason`` says why)."""
        return not self.game_file.problem

    def save(self, config: MatchConfig, state: State, by_person: bool) -> None:
        """Save now. A failure is said until a save succeeds (the game stays in memory, and the
        next save tries again); then that it is saved again. A notice said once goes at the next
        save ``by_person`` (a person's move, or any move where no person plays)."""
        said = self.game_file.save(config, state)
        if self.game_file.problem:
            self.notice, self._failed = Said(self.game_file.problem, Tone.WARN), True
        elif said:
            self.notice, self._failed = Said(said, Tone.INFO), False
        elif self._failed:
            self.notice, self._failed = Said(N_("Saved again: the game is safe on disk."), Tone.GOOD), False
        elif self.notice.words and by_person:
            self.notice = SILENT


def game_text(config: MatchConfig, state: State, variations: str = "") -> str:
    """The whole game as save text, its variations with it (for the clipboard and export)."""
    return saves.match_text(config, state, variations=variations)


def export_game(config: MatchConfig, state: State, variations: str = "") -> str:
    """Write the game to a new file; the words say where (or what went wrong)."""
    path = saves.export_path(config)
    try:
        write_text_atomically(path, game_text(config, state, variations))
    except OSError as e:
        return Words("The game could not be exported: {problem}.", problem=str(e.strerror or e))
    return Words("Exported to {path}", path=str(path))
