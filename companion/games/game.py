"""What one game brings to the app: its engine, its story, its rule book, its hints and its bot.

Each game's package (``companion/games/<game>/``) builds one :class:`Game` in its
``__init__.py``; the registry lists them. Pure like the engines: no Flask, no SQL.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import Bot
from .engine import Rules
from .hints import Hints
from .rulebook import Book

Line = dict[str, str]
# The sentences that tell a move: (seat names, the state before, the action, the state after).
Narrator = Callable[[Sequence[str], Any, Any, Any], list[Line]]
# A seat's hints: (the engine, the state, the seat, the seat names).
Hinter = Callable[[Any, Any, int, Sequence[str]], Hints]


@dataclass(frozen=True)
class Game:
    """One game: everything the app needs of it, each piece from the module that holds it."""

    rules: Rules[Any, Any]  # engine.py: state, legal actions, check, apply, outcome, views
    narrate: Narrator  # story.py: the sentences that explain a turn
    book: Book  # rulebook.py: the rule book, every refusal's paragraph
    hints: Hinter  # hints.py: a seat's legal moves and what each would do
    bot: Callable[[], Bot]  # bot.py: the practice table's player
    practice_bots: int  # bots at a practice table when the player does not say

    @property
    def name(self) -> str:
        """The game's name (``quinta``), as tables and URLs use it."""
        return self.rules.name
