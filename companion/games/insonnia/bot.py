"""Insonnia bot: lay as many cards as possible on its own counts, block the opponent nearest
to finishing with confused sheep, clear its own confused sheep, and help nobody else.

Each legal action is scored from the table the bot sees: a sheep or fence on its own run is
worth most (more when it fills a gap towards a complete count, and most when it empties the
hand with a count complete), a confused sheep on a rival's run is worth more the fuller that
run, a card laid on a rival's run costs. Concentrating and guessing free a blocked count.
Passing is a choice too (DECISION I10): it costs the highest sheep in front and two cards,
so the bot passes on purpose when every card it could lay would bring a rival near his win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .runs import CONFUSED, DECKS, FENCE
from .state import Concentrate, EndTurn, Guess, Pass, Play, Reshuffle, StartRun

OWN_CARD = 10.0
FENCE_BONUS = -2.0  # a fence is a joker: keep it for a slot no sheep can fill soon
CONFUSED_ON_RIVAL = 4.0
CONCENTRATE = -1.0  # two more cards in hand: only when no card can be laid usefully
GUESS = -1.5  # a miss (most guesses) brings three cards
GIFT = 1.0  # a sheep laid on someone else's count still leaves the hand...
DANGER = 8.0  # ...but not when it brings that player near his win
PASS = -5.0  # the penalty: the highest sheep in front goes, and two cards come
PASS_EMPTY = -3.0  # with no sheep in front a pass only brings two cards


class InsonniaBot:
    """Heuristic Insonnia player (see the module's note)."""

    name = "insonnia"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """The action with the best score, ties broken at random."""
        return max(legal, key=lambda a: (self.score(view, a), rng.random()))

    def score(self, view: Mapping[str, Any], a: Any) -> float:
        """How good ``a`` looks from the bot's seat."""
        me = int(a.player)
        kinds = DECKS[view["deck"]].kinds
        hand = len(view.get("hand") or ())
        if isinstance(a, Play):
            total = 0.0
            for p in a.placements:
                role = kinds[p.card].role
                filled = len(view["runs"][p.owner][p.run])
                if role == CONFUSED:
                    near = filled >= 7 or view["hand_sizes"][p.owner] <= 4
                    total += 1 + (CONFUSED_ON_RIVAL + filled * 0.3 if near else 0)
                elif p.owner == me:
                    total += OWN_CARD + filled * 0.3 + (FENCE_BONUS if role == FENCE else 0)
                else:
                    near = filled >= 8 or view["hand_sizes"][p.owner] <= 3
                    total += GIFT - (DANGER if near else 0) - filled * 0.3
            if len(a.placements) == hand and _completes(view, me, a, kinds):
                total += 100  # the hand empties with a count complete: the game is won
            return total
        if isinstance(a, StartRun):
            if hand == 1 and any(view["complete"][me]):
                return 100.0  # the last card: the hand empties with a count complete
            return _start_value(view, a, kinds, hand)
        if isinstance(a, Concentrate):
            return CONCENTRATE
        if isinstance(a, Guess):
            return GUESS
        if isinstance(a, EndTurn | Reshuffle):
            return 0.0
        assert isinstance(a, Pass)
        return _pass_value(view, me, kinds)


def _pass_value(view: Mapping[str, Any], me: int, kinds: Mapping[str, Any]) -> float:
    """What the penalty costs: the highest sheep in front (worth more in a fuller count)."""
    best: tuple[int, int] | None = None  # (number, cards in its run)
    for run in view["runs"][me]:
        for card in run.values():
            kind = kinds[card]
            if kind.role != CONFUSED and kind.role != FENCE and (best is None or kind.number > best[0]):
                best = (int(kind.number), len(run))
    if best is None:
        return PASS_EMPTY
    return PASS - best[1] * 0.3


def _completes(view: Mapping[str, Any], me: int, a: Play, kinds: Mapping[str, Any]) -> bool:
    """True when one of the bot's counts is complete after ``a`` (or already was)."""
    for r, run in enumerate(view["runs"][me]):
        if view["complete"][me][r]:
            return True
        if any(kinds[c].role == CONFUSED for c in run.values()):
            continue
        added = [p for p in a.placements if p.owner == me and p.run == r]
        if len(run) + len(added) == 10 and all(kinds[p.card].role != CONFUSED for p in added):
            return True
    return False


def _start_value(view: Mapping[str, Any], a: StartRun, kinds: Mapping[str, Any], hand: int) -> float:
    """A new count is best started where the hand can grow it both ways."""
    number = int(kinds[a.card].number)
    numbers = {kinds[c].number for c in view.get("hand") or () if kinds[c].number}
    near = sum(1 for n in numbers if n != number and abs(n - number) <= 3)
    return 3.0 + near - abs(number - 5.5) * 0.2
