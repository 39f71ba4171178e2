"""Insonnia (seed 004, shared/rules/insonnia.md): count sheep from 1 to 10 and empty your hand.

One folder holds the whole game: the engine, the story, the rule book, the hints, the bot and
how it reads a scenario file.
"""

from __future__ import annotations

from ..game import Game
from .bot import InsonniaBot
from .engine import RULES
from .hints import can_hint, hints
from .rulebook import BOOK
from .scenario import ADAPTER
from .story import narrate

GAME = Game(rules=RULES, narrate=narrate, book=BOOK, hints=hints, can_hint=can_hint,
            bot=InsonniaBot, practice_bots=2,
            scenario=ADAPTER)
