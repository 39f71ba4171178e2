"""Pure rules engines: no Flask, no SQL. One folder a game; ``registry`` lists them.

``GAMES`` maps a game's name to its engine; :mod:`companion.games.registry` holds the rest.
"""

from __future__ import annotations

from .registry import GAMES, PLAYABLE, get_rules

__all__ = ["GAMES", "PLAYABLE", "get_rules"]
