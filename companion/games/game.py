"""What one game brings to the app: its engine, its story, its rule book, its hints, its bot and
how it reads a scenario file.

Each game's package (``companion/games/<game>/``) builds one :class:`Game` in its
``__init__.py``; the registry lists them. Pure like the engines: no Flask, no SQL.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import Bot
from .engine import Rules
from .hints import Hints
from .rulebook import Book

Line = dict[str, str]
# The sentences that tell a move: (seat names, the state before, the action, the state after).
Narrator = Callable[[Sequence[str], Any, Any, Any], list[Line]]
# The sentences that tell how a game starts, before any move (a deal made at setup): (seat
# names, the first state).
Opening = Callable[[Sequence[str], Any], list[Line]]
# A seat's hints: (the engine, the state, the seat, the seat names).
Hinter = Callable[[Any, Any, int, Sequence[str]], Hints]


class ScenarioError(ValueError):
    """A scenario file that cannot be replayed: malformed, or naming an unknown game."""


@dataclass(frozen=True)
class Adapter:
    """How one game reads a ``rules-scenario/1`` file (its ``scenario.py``) and writes its snapshot."""

    build: Callable[[list[str], Mapping[str, Any], Mapping[str, Any]], Any]
    snapshot: Callable[[Any, list[str]], dict[str, Any]]
    system: Callable[[Any], int | None] = lambda state: None  # the seat a "system" action is for
    # Turns an action's parameters that name players (a deal's cards by name) into seat form.
    params: Callable[[dict[str, Any], list[str]], dict[str, Any]] = lambda params, names: params
    winner: Callable[[Any], Any] | None = None  # a team game's winner (else the outcome's winners)


def names_only(names: list[str], mapping: Any, what: str) -> None:
    """Refuse a scenario's ``setup.<what>`` that is not an object keyed by the players' names."""
    if not isinstance(mapping, Mapping):
        raise ScenarioError(f"setup.{what} must be an object keyed by player name")
    strangers = set(mapping) - set(names)
    if strangers:
        raise ScenarioError(f"setup.{what} names players not in options.players: {sorted(strangers)}")


@dataclass(frozen=True)
class Game:
    """One game: everything the app needs of it, each piece from the module that holds it."""

    rules: Rules[Any, Any]  # engine.py: state, legal actions, check, apply, outcome, views
    narrate: Narrator  # story.py: the sentences that explain a turn
    book: Book  # rulebook.py: the rule book, every refusal's paragraph
    hints: Hinter  # hints.py: a seat's legal moves and what each would do
    can_hint: Callable[[Any, int], bool]  # hints.py: whether the app knows what a seat's hints need
    bot: Callable[[], Bot]  # bot.py: the practice table's player
    practice_bots: int  # bots at a practice table when the player does not say
    scenario: Adapter  # scenario.py: how a rules-scenario/1 file is read and its snapshots written
    opening: Opening = lambda names, state: []  # story.py: what the setup itself did (a first deal)

    @property
    def name(self) -> str:
        """The game's name (``quinta``), as tables and URLs use it."""
        return self.rules.name
