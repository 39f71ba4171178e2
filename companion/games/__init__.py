"""Pure rules engines: no Flask, no SQL. ``GAMES`` maps a game's name to its engine."""

from __future__ import annotations

from typing import Any

from .diavolo import RULES as DIAVOLO
from .engine import Rules
from .insonnia import RULES as INSONNIA
from .kaiserspiel import RULES as KAISERSPIEL
from .oscuri import RULES as OSCURI
from .quinta import RULES as QUINTA

GAMES: dict[str, Rules[Any, Any]] = {QUINTA.name: QUINTA, OSCURI.name: OSCURI, DIAVOLO.name: DIAVOLO,
                                     KAISERSPIEL.name: KAISERSPIEL, INSONNIA.name: INSONNIA}
# Games with a phone interface (every registered game has one now).
PLAYABLE = frozenset(GAMES)


def get_rules(name: str) -> Rules[Any, Any]:
    """The engine of a game, or KeyError naming the games that exist."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; available: {', '.join(sorted(GAMES))}") from None
