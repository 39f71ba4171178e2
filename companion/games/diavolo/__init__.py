"""Il Diavolo (seed 003, shared/rules/diavolo.md): reach exactly 15 with the tarot; the Devil saves.

One folder holds the whole game: the engine, the story, the rule book, the hints, the bot and
how it reads a scenario file.
"""

from __future__ import annotations

from ..game import Game
from .bot import DiavoloBot
from .engine import RULES
from .hints import can_hint, hints
from .rulebook import BOOK
from .scenario import ADAPTER
from .story import narrate, opening

GAME = Game(rules=RULES, narrate=narrate, book=BOOK, hints=hints, can_hint=can_hint,
            bot=DiavoloBot, practice_bots=3,
            scenario=ADAPTER, opening=opening)
