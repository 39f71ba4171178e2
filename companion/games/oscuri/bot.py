"""Oscuri bot: put a stake where it will stay, throw the weakest card where it cannot.

Every candidate card is scored by the chips it should bring back this turn: a card that
beats the reference takes the stakes on the holder and keeps them if nobody after it beats
it (guessed from its strength and how many players are still to play); a card that cannot
beat loses its stake. Death takes the whole table, and led it takes one stake from every
other player. Strong cards kept in hand are worth something, so they are not wasted.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import rank_of, suit_of
from .state import ANGELS, DEATHS, FIGURES, RANK_POWER, SKULL_FIGURES, SUIT_POWER, Discard

DEATH_KEEP = 1.5  # what an unused Death is worth in hand
ANGEL_KEEP = 0.6
RIVAL_SPECIALS = 0.12  # chance, per later player, that he answers with an Angel or Death


def power(card: str) -> int:
    """Rank inside a suit: 2 lowest, then 3 ... 10, the ace, the two equal figures."""
    rank = rank_of(card)
    return 11 if rank in FIGURES else RANK_POWER[rank]


def strength(card: str) -> float:
    """0..1: how hard a suit card is to beat (a higher suit beats any lower one)."""
    suit = SUIT_POWER[suit_of(card) or "S"]
    return ((suit - 1) * 12 + power(card)) / 47


def answer(card: str, ref: str | None) -> str:
    """How a suit card answers the reference card: beat, equal, lower or lower_suit."""
    if ref is None or (card == "2S" and ref in SKULL_FIGURES):
        return "beat"
    mine, theirs = suit_of(card) or "", suit_of(ref) or ""
    if mine == theirs:
        a, b = power(card), power(ref)
        return "beat" if a > b else "equal" if a == b else "lower"
    return "beat" if SUIT_POWER[mine] > SUIT_POWER[theirs] else "lower_suit"


class OscuriBot:
    """Heuristic Oscuri player (see the module's note)."""

    name = "oscuri"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        """The card to play (or, after a led Death, to throw away face down)."""
        if isinstance(legal[0], Discard):
            return min(legal, key=lambda a: (_keep(a.card), rng.random()))
        me = int(legal[0].player)
        trick = view["trick"]
        played = {t["player"] for t in trick}
        later = sum(1 for p, n in enumerate(view["hand_sizes"])
                    if p != me and p not in played and n > 0 and not view["out"][p])
        holder = view["holder"]
        on_holder = trick[holder]["stakes"] if holder is not None else 0
        pot = sum(t["stakes"] for t in trick)
        return max(legal, key=lambda a: (
            _value(a.card, view["ref"], not trick, later, on_holder, pot) - _keep(a.card),
            rng.random()))


def _keep(card: str) -> float:
    if card in DEATHS:
        return DEATH_KEEP
    if card in ANGELS:
        return ANGEL_KEEP
    return 0.5 * strength(card)


def _value(card: str, ref: str | None, leading: bool, later: int, on_holder: int, pot: int) -> float:
    """Stake units this card should win back this turn (one is put down with it)."""
    if card in DEATHS:
        return float(later if leading else pot)
    rivals = float((1 - RIVAL_SPECIALS) ** later)
    if card in ANGELS:
        return 0.5 ** later * rivals * (on_holder + 1) - 1
    how = answer(card, ref)
    keep = float(strength(card) ** (later * 0.7)) * float(rivals)
    if leading:  # followers of the suit who cannot beat it add their stakes to it
        return keep * (1 + 0.5 * later) - 1
    if how == "beat":
        return keep * (on_holder + 1) - 1
    if how == "equal":
        return keep - 1
    return -1.0
