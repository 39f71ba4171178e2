"""Il Cerchio degli Oscuri (seed 000, shared/rules/oscuri.md): stakes that travel between cards.

One folder holds the whole game: the engine, the story, the rule book, the hints, the bot and
how it reads a scenario file.
"""

from __future__ import annotations

from ..game import Game
from .bot import OscuriBot
from .engine import RULES
from .hints import can_hint, hints
from .rulebook import BOOK
from .scenario import ADAPTER
from .story import narrate

GAME = Game(rules=RULES, narrate=narrate, book=BOOK, hints=hints, can_hint=can_hint,
            bot=OscuriBot, practice_bots=2,
            scenario=ADAPTER)
