"""Quinta bot: take rows when the taking is likely and pays, never set one up for others.

Taking is good in Quinta (a pile only scores), so each card is valued by what it would
probably bring into the bot's pile, counted as the points the pile gains (pairs, threes,
fours, jokers placed for the best), less what it would hand to the next player.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import rank_of, suit_of
from .scoring import score_pile
from .state import JOKER_ROWS, RANK_ORDER, ChooseRow, Play

# Once a queen has waited this long it is thrown anyway: a row's cards are worth more later.
QUEEN_PATIENCE = 1.0


def gain(pile: Sequence[str], taken: Sequence[str]) -> int:
    """How many points ``taken`` adds to ``pile``."""
    return score_pile([*pile, *taken]) - score_pile(pile)


class QuintaBot:
    """Heuristic Quinta player (see the module's note)."""

    name = "quinta"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """The row for a joker, or the card to lay this round."""
        me = _me(view, legal)
        pile = view["piles"][me]
        rows: Mapping[str, list[str]] = view["rows"]
        if isinstance(legal[0], ChooseRow):
            joker = view["pending_jokers"][0]["card"]
            waiting = [w["card"] for w in view["waiting"]]
            return max(legal, key=lambda a: (_joker_row(rows[a.row], a.row, joker, waiting, pile),
                                             rng.random()))
        others = len(view["hand_sizes"]) - 1
        return max(legal, key=lambda a: (_card_value(a, rows, pile, others), rng.random()))


def _me(view: Mapping[str, Any], legal: Sequence[Any]) -> int:
    return int(legal[0].player)


def _row_value(row: Sequence[str], card: str, pile: Sequence[str]) -> float:
    """Laying one card on ``row``: take it when it is the fifth, else the harm of a full row."""
    if len(row) == 4:
        return gain(pile, [*row[1:], card]) + 0.5
    return -0.4 * len(row)  # a row made longer is nearer to somebody else's fifth card


def _joker_row(row: Sequence[str], suit: str, joker: str, waiting: Sequence[str],
               pile: Sequence[str]) -> float:
    """A revealed joker's row: the plain cards still to be laid there are known too."""
    value = _row_value(row, joker, pile)
    if len(row) < 4 and len(row) + 1 + sum(suit_of(c) == suit for c in waiting) >= 5:
        value -= 2  # the cards still to come would make somebody the fifth
    return value


def _card_value(a: Play, rows: Mapping[str, Sequence[str]], pile: Sequence[str], others: int) -> float:
    card = a.card
    if card in JOKER_ROWS:
        return max(_row_value(rows[r], card, pile) for r in JOKER_ROWS[card]) - 0.3
    suit, rank = suit_of(card) or "", rank_of(card)
    row = rows[suit]
    if rank == "Q":  # takes its row at once, whatever its length
        return gain(pile, [*row[1:], card]) - QUEEN_PATIENCE
    low = 1 - RANK_ORDER.get(rank, 0) / 12  # lower cards are laid first in their row
    if len(row) == 4:
        # The fifth place goes to the lowest card of the suit laid this round.
        chance = float(low ** (others / 2))
        return float(chance) * (gain(pile, [*row[1:], card]) + 0.5) - (1 - chance) * 0.2
    if len(row) == 3:
        return -0.8 - 0.4 * low  # a fourth card: another's card of the suit would take it
    return -0.1 * len(row) + 0.05 * RANK_ORDER.get(rank, 0) / 12
