"""What every bot shares: the protocol, the random bot, and the one door through which a
bot looks at a game.

A bot never sees the engine's state. :func:`decide` hands it what the seat itself would
see on its phone (``rules.view(state, seat)``: the public table plus the bot's own hand)
and the seat's legal actions; the bot returns one of those actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

from .engine import Rules


class Bot(Protocol):
    """A player for one game: picks one of ``legal`` from the seat's own ``view``."""

    name: str

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """One action of ``legal`` (never empty), chosen from what ``view`` shows."""
        ...


class RandomBot:
    """Any legal action, uniformly: the yardstick the heuristic bots are measured against."""

    name = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """A legal action drawn at random."""
        return legal[rng.randrange(len(legal))]


class LazyView(Mapping[str, Any]):
    """A seat's view, asked of the engine only when a bot first reads it (a random bot never does)."""

    def __init__(self, rules: Rules[Any, Any], state: Any, seat: int) -> None:
        self._rules, self._state, self._seat = rules, state, seat
        self._view: dict[str, Any] | None = None

    def _data(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._rules.view(self._state, self._seat)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._data()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())


class NoMove(Exception):
    """The seat asked to act has no legal action (a bug in the caller or the engine)."""


class BadChoice(Exception):
    """A bot answered with an action that was not among its legal ones (a bug in the bot)."""


def decide(bot: Bot, rules: Rules[Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
    """The action ``bot`` takes for ``seat``, seeing only that seat's view and legal actions.

    The bot's answer must be one of the seat's legal actions; anything else is a bug
    (:class:`BadChoice`), never silently replaced.
    """
    legal = rules.legal_actions(state, seat)
    if not legal:
        raise NoMove(f"seat {seat} has no legal action in {rules.name}")
    if len(legal) == 1:
        return legal[0]
    choice = bot.choose(LazyView(rules, state, seat), legal, rng)
    if choice not in legal:
        raise BadChoice(f"the {bot.name} bot chose {choice!r}, not a legal action of seat {seat}")
    return choice
