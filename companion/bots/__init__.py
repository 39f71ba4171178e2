"""Bots for the practice table: one heuristic player per game, and a random one.

Pure like the engines (no Flask, no storage). A bot sees only what its seat would see:
:func:`base.decide` gives it ``rules.view(state, seat)`` and the seat's legal actions.
"""

from __future__ import annotations

from .base import BadChoice, Bot, NoMove, RandomBot, decide
from .diavolo import DiavoloBot
from .insonnia import InsonniaBot
from .kaiserspiel import KaiserspielBot
from .oscuri import OscuriBot
from .quinta import QuintaBot

HEURISTIC: dict[str, type[Bot]] = {"quinta": QuintaBot, "oscuri": OscuriBot,
                                   "kaiserspiel": KaiserspielBot, "diavolo": DiavoloBot,
                                   "insonnia": InsonniaBot}


def bot_for(game: str, kind: str = "heuristic") -> Bot:
    """A new bot for ``game``: ``heuristic`` (the game's own) or ``random``."""
    if kind == "random":
        return RandomBot()
    if kind != "heuristic":
        raise ValueError(f"unknown kind of bot {kind!r}: heuristic or random")
    try:
        return HEURISTIC[game]()
    except KeyError:
        raise ValueError(f"no bot plays {game!r}; available: {', '.join(sorted(HEURISTIC))}") from None


__all__ = ["HEURISTIC", "BadChoice", "Bot", "NoMove", "RandomBot", "bot_for", "decide"]
