"""Whole games played by bots alone: for the tests, the benchmark and tuning the heuristics."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..games import get_rules
from ..games.bots import Bot, decide
from ..games.engine import Outcome

MAX_ACTIONS = 20_000  # a game longer than this is a bug (every game has an end)


class Unfinished(Exception):
    """A bots' game that ran past ``MAX_ACTIONS``."""


@dataclass(frozen=True)
class Result:
    """How a bots' game ended."""

    outcome: Outcome
    actions: int


def play(game: str, bots: Sequence[Bot], seed: int, options: Mapping[str, Any] | None = None) -> Result:
    """Deal a game with ``seed`` and let ``bots`` (one per seat) play it to the end.

    Every action goes through the engine's ``apply``, which checks it: an illegal move
    raises ``IllegalAction`` (a bad choice by a bot raises ``BadChoice``).
    """
    rules = get_rules(game)
    state = rules.new_state(len(bots), dict(options or {}), seed)
    rng = random.Random(seed * 7919 + 1)
    actions = 0
    while actions < MAX_ACTIONS:
        out = rules.outcome(state)
        if out is not None:
            return Result(out, actions)
        seats = sorted(rules.to_act(state))
        if not seats:
            raise Unfinished(f"{game} seed {seed}: nobody may act and the game is not over")
        # Simultaneous choices (Quinta): each seat decides on its own view, one after another.
        for seat in seats:
            if seat in rules.to_act(state):
                state = rules.apply(state, decide(bots[seat], rules, state, seat, rng))
                actions += 1
    raise Unfinished(f"{game} seed {seed}: more than {MAX_ACTIONS} actions")


def score_of(outcome: Outcome, seats: Sequence[int]) -> float:
    """The result of a group of seats (a team): the payouts when there are any, else scores."""
    values = outcome.payouts or outcome.scores
    return float(sum(values[s] for s in seats))


# Per game: the number of players in a match, and the seats the heuristic side holds
# (Kaiserspiel: a team of two partners). The others are random players.
MATCH: dict[str, tuple[int, tuple[int, ...]]] = {
    "quinta": (3, (0,)), "oscuri": (2, (0,)), "kaiserspiel": (4, (0, 2)),
    "diavolo": (2, (0,)), "insonnia": (2, (0,)),
}


class Paced:
    """A random player who leaves the pace of the evening to the table's usual rule.

    Between Diavolo deals the next dealer deals again or ends the evening: the table's choice,
    not a measure of play. A pot nobody won goes back to those who paid it (DECISION D9), so a
    random end would mostly undo the evening; both sides follow the heuristic's rule instead.
    """

    def __init__(self, player: Bot, pace: Bot) -> None:
        self.name = player.name
        self._player, self._pace = player, pace

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """The table's rule between deals, the player's own choice otherwise."""
        rule = getattr(self._pace, "between_deals", None)
        paced = rule(view, legal) if rule is not None else None
        return paced if paced is not None else self._player.choose(view, legal, rng)


def match(game: str, seed: int, heuristic: Bot, random_bot: Bot) -> tuple[bool, Result]:
    """One game of the heuristic side against random players, the sides' seats rotated by
    ``seed`` (first player, dealer). True when the heuristic side "beats" the random one:
    its score (payouts, or points) is strictly above every random seat's (team's)."""
    players, ours = MATCH.get(game, (get_rules(game).seats.start, (0,)))  # a new game: its fewest players
    shift = seed % players
    mine = {(s + shift) % players for s in ours}
    other = Paced(random_bot, heuristic)
    bots = [heuristic if s in mine else other for s in range(players)]
    result = play(game, bots, seed)
    me = score_of(result.outcome, sorted(mine))
    if game == "kaiserspiel":
        theirs = [score_of(result.outcome, [s for s in range(players) if s not in mine])]
    else:
        theirs = [score_of(result.outcome, [s]) for s in range(players) if s not in mine]
    return me > max(theirs), result
