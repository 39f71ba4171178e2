"""Kaiserspiel bot: keep the five strongest cards, declare every Ace, raise on a strong hand,
answer a raise by weighing the points at stake, and win tricks as cheaply as possible.

Card strength follows the engine's classes (kaiserspiel_tricks.Context.kind): full trumps
first, then the partial trumps, the Devil (strong only when led), plain Kings and Obers; the
rest is ballast. In a trick the bot asks the engine's own ``beats`` whether a card would take
over, never looking at anything but the cards on the table and its own hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import rank_of
from .state import (
    Accept,
    DeclareKaiser,
    Discard,
    Pass,
    Play,
    Raise,
    Refuse,
)
from .tricks import (
    DEVIL,
    FULL,
    OBER_BEATER,
    PLAIN,
    TRUMP_KING,
    TRUMP_OBER,
    UNTER_BEATER,
    Context,
    beats,
    evaluate,
    plain_power,
)

PLAIN_FIGURES = {"K": 6.0, "Q": 4.5, "J": 3.5, "A": 2.5}
AVERAGE_HAND = 24.0  # the five cards kept by a bot score about this much on average
RAISE_AT = 0.72  # the team's chance to win the hand above which the bot raises
MAX_VALUE = 13  # no raise beyond this value


def card_score(card: str, ctx: Context) -> float:
    """How strong a card is in play under ``ctx`` (higher is stronger)."""
    kind = ctx.kind(card)
    if kind in (FULL, OBER_BEATER, UNTER_BEATER):
        return {FULL: 15.0, OBER_BEATER: 9.0, UNTER_BEATER: 8.0}[kind] - 0.5 * ctx.order.index(card)
    if kind == DEVIL:
        return 8.5
    if kind == TRUMP_KING:
        return 3.0
    if kind == TRUMP_OBER:
        return 1.0
    assert kind == PLAIN
    return PLAIN_FIGURES.get(rank_of(card), plain_power(card) * 0.2)


def hand_score(cards: Sequence[str], ctx: Context) -> float:
    """The strength of a hand: its five best cards."""
    return sum(sorted((card_score(c, ctx) for c in cards), reverse=True)[:5])


def win_chance(cards: Sequence[str], ctx: Context) -> float:
    """A rough chance that the bot's team wins the hand, from its own five cards only."""
    return min(0.95, max(0.05, 0.5 + (hand_score(cards, ctx) - AVERAGE_HAND) / 30))


def _context(view: Mapping[str, Any], hand: Sequence[str], mine: bool) -> Context:
    kaisers = {k["card"] for k in view["kaisers"]}
    if mine:  # the bot means to declare every Ace it keeps
        kaisers |= {c for c in hand if c.startswith("A")}
    return Context(view["trump"] or "S", int(view["deck"]), frozenset(kaisers))


class KaiserspielBot:
    """Heuristic Kaiserspiel player (see the module's note)."""

    name = "kaiserspiel"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """Discard, declare, answer a raise, or play a card."""
        hand: list[str] = list(view.get("hand") or ())
        first = legal[0]
        if isinstance(first, Discard):
            ctx = _context(view, hand, True)
            score = {c: card_score(c, ctx) for c in hand}  # keep the five best: throw the two worst
            return min(legal, key=lambda a: (sum(score[c] for c in a.cards), rng.random()))
        if isinstance(first, Accept | Refuse):
            return self._answer(view, hand, legal)
        if any(isinstance(a, Pass | Raise | DeclareKaiser) for a in legal):
            return self._declare(view, hand, legal)
        return self._play(view, hand, legal, rng)

    def _declare(self, view: Mapping[str, Any], hand: Sequence[str], legal: Sequence[Any]) -> Any:
        kaisers = [a for a in legal if isinstance(a, DeclareKaiser)]
        if kaisers:  # AD and AH are full trumps: show the best first
            order = {"AD": 0, "AH": 1, "AS": 2, "AC": 3}
            return min(kaisers, key=lambda a: order.get(a.card, 9))
        chance = win_chance(hand, _context(view, hand, False))
        if chance >= RAISE_AT and view["hand_value"] < MAX_VALUE:
            return next(a for a in legal if isinstance(a, Raise))
        return next(a for a in legal if isinstance(a, Pass))

    def _answer(self, view: Mapping[str, Any], hand: Sequence[str], legal: Sequence[Any]) -> Any:
        value, amount = int(view["hand_value"]), int(view["pending"]["amount"])
        chance = win_chance(hand, _context(view, hand, False))
        # Refusing gives the value to the other team; accepting plays for value + amount.
        accept = (2 * chance - 1) * (value + amount) > -value
        kind = Accept if accept else Refuse
        return next(a for a in legal if isinstance(a, kind))

    def _play(self, view: Mapping[str, Any], hand: Sequence[str], legal: Sequence[Any],
              rng: random.Random) -> Any:
        ctx = _context(view, hand, False)
        plays = [a for a in legal if isinstance(a, Play)]
        trick = view["trick"]
        score = {a.card: card_score(a.card, ctx) for a in plays}
        if not trick:  # lead: the Devil wins led (only the trump Unter beats it)
            return max(plays, key=lambda a: (score[a.card], rng.random()))
        me = int(plays[0].player)
        cards = [t["card"] for t in trick]
        best, _ = evaluate(cards, ctx)
        weakest = min(plays, key=lambda a: (score[a.card], rng.random()))
        if trick[best]["player"] % 2 == me % 2 and (len(trick) == 3 or _holds(cards[best], ctx)):
            return weakest
        winners = [a for a in plays if beats(a.card, cards[best], cards[0], ctx).takes]
        if not winners:
            return weakest
        return min(winners, key=lambda a: (score[a.card], rng.random()))


def _holds(card: str, ctx: Context) -> bool:
    """A partner's winning card that the opponents can hardly beat."""
    return card_score(card, ctx) >= 12
