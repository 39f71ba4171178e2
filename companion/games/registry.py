"""The game registry: every game the app runs, one line each, and the look-ups over them.

Adding a game is adding its folder (``companion/games/<game>/``, whose ``__init__.py``
builds its :class:`~companion.games.game.Game`) and its line in :data:`REGISTRY`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import diavolo, insonnia, kaiserspiel, oscuri, quinta
from .bots import Bot, RandomBot
from .engine import Rules
from .game import Game
from .hints import Hints
from .rulebook import Book

# One line a game, in the order the app lists them.
REGISTRY: tuple[Game, ...] = (
    quinta.GAME,
    oscuri.GAME,
    diavolo.GAME,
    kaiserspiel.GAME,
    insonnia.GAME,
)

BY_NAME: dict[str, Game] = {g.name: g for g in REGISTRY}
GAMES: dict[str, Rules[Any, Any]] = {g.name: g.rules for g in REGISTRY}
# Games with a phone interface (every registered game has one now).
PLAYABLE = frozenset(GAMES)
BOOKS: dict[str, Book] = {g.name: g.book for g in REGISTRY}
HEURISTIC: dict[str, Callable[[], Bot]] = {g.name: g.bot for g in REGISTRY}


def get_game(name: str) -> Game:
    """Everything about a game, or KeyError naming the games that exist."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; available: {', '.join(sorted(BY_NAME))}") from None


def get_rules(name: str) -> Rules[Any, Any]:
    """The engine of a game, or KeyError naming the games that exist."""
    return get_game(name).rules


def anchor_for(rule: str, game: str | None = None) -> tuple[str, str] | None:
    """``(game, anchor)`` of the paragraph explaining a rule id: an engine's (``quinta.joker_colour``,
    its book is in its name) or the app's own (``undo.revealed``, explained in every book: the
    book of ``game``, the table's)."""
    named = rule.split(".", 1)[0]
    book = named if named in BOOKS else game
    found = BOOKS.get(book) if book is not None else None
    if found is None:
        return None
    anchor = found.anchor_of(rule)
    return None if anchor is None else (found.game, anchor)


def rule_link(rule: str, game: str | None = None) -> str | None:
    """The rule book address of the paragraph explaining ``rule`` (None when no paragraph does);
    ``game``: the table's game, whose book explains the app's own refusals."""
    place = anchor_for(rule, game)
    return None if place is None else f"/rules/{place[0]}#{place[1]}"


def hints_for(game: str, rules: Any, state: Any, seat: int, names: Sequence[str]) -> Hints:
    """The hints of ``seat`` at a table of ``game`` (no moves once the game is over)."""
    if rules.outcome(state) is not None:
        return Hints(note_en="The game is over.", note_it="La partita è finita.")
    return get_game(game).hints(rules, state, seat, names)


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
