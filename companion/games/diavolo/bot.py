"""Diavolo bot: ask while the next card is more likely to help than to bust, or while the
pot pays for the chance of an exact 15 (or the Devil); otherwise withdraw.

The bot counts only what it has seen: its own cards this deal. Every other card of the
78 may be the next one (the other players' cards are face down), so the chances are
taken over the cards it has not seen.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..cards import TAROT78, deck_list
from .state import DEVIL, Ask, Deal, End, Withdraw, value

FULL = Fraction(15)
CALM = 0.8  # the chance that one rival still in does not end the deal before the next card
EVENING = 8  # deals in an evening; then the dealer ends it, once no pot waits for a winner (D9)
LAST_DEAL = 3 * EVENING  # a pot still unwon by then goes back to those who paid into it
_VALUES = {c: value(c) for c in deck_list(TAROT78) if c != DEVIL}


def ask_value(cards: Sequence[str], pot: int, stake: int, rivals: int) -> float:
    """What asking is worth now, in chips, playing on as well as possible afterwards.

    The next cards are drawn from those the bot has not seen (the Devil always wins, any
    other card adds its value); the chips already paid are gone whatever it does, so
    withdrawing is worth 0. Each rival still in may end the deal first: the value of
    going on is discounted by ``CALM ** rivals`` per card.
    """
    unseen = [c for c in _VALUES if c not in cards]
    size = len(unseen) + (DEVIL not in cards)
    counts: dict[Fraction, int] = {}
    for c in unseen:
        counts[_VALUES[c]] = counts.get(_VALUES[c], 0) + 1
    prize = float(pot + stake)
    calm = CALM ** rivals
    memo: dict[Fraction, float] = {}

    def best(total: Fraction) -> float:  # the value of holding ``total`` before deciding
        if total > FULL:
            # Only the Devil helps now: asking forever pays while one card in ``size`` wins.
            hit = 1 / size
            return max(0.0, (hit * prize - stake) / (1 - (1 - hit) * calm))
        if total not in memo:
            memo[total] = max(0.0, ask(total))
        return memo[total]

    def ask(total: Fraction) -> float:
        value = prize / size - stake  # the Devil
        for v, n in counts.items():
            if total + v == FULL:
                value += n / size * prize
            elif v > 0:
                value += n / size * calm * best(total + v)
        # A card worth 0 (the Fool) leaves the total as it was: the same choice comes back.
        zero = counts.get(Fraction(0), 0) / size * calm
        return value / (1 - zero)

    return ask(sum((value(c) for c in cards), Fraction(0)))


class DiavoloBot:
    """Heuristic Diavolo player (see the module's note)."""

    name = "diavolo"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """Ask, withdraw, or (between deals) deal again until the evening is long enough."""
        paced = self.between_deals(view, legal)
        if paced is not None:
            return paced
        ask = next((a for a in legal if isinstance(a, Ask)), None)
        withdraw = next(a for a in legal if isinstance(a, Withdraw))
        if ask is None:
            return withdraw
        cards: list[str] = list(view.get("cards") or ())
        me = int(ask.player)
        rivals = sum(1 for p, out in enumerate(view["withdrawn"]) if p != me and not out)
        worth = ask_value(cards, int(view["pot"]), int(view["stake"]), rivals)
        return ask if worth > 0 else withdraw

    def between_deals(self, view: Mapping[str, Any], legal: Sequence[Any]) -> Any | None:
        """Deal again until the evening is long enough and no pot waits for a winner (the pot
        is indivisible, D9), then end it; None when this is no choice between deals."""
        if not any(isinstance(a, Deal) for a in legal):
            return None
        end = next((a for a in legal if isinstance(a, End)), None)
        deals = int(view["deal"])
        if end is not None and deals >= EVENING and (int(view["pot"]) == 0 or deals >= LAST_DEAL):
            return end
        return next(a for a in legal if isinstance(a, Deal))
