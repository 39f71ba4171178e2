"""Quinta's cards, actions and state: the four rows, the hands and piles, the round's face-down
choices, and the order in which laid cards are resolved.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..cards import FRENCH54, deck_list, rank_of, suit_of

ROWS = ("H", "D", "C", "S")  # top to bottom, the seed's canonical order


LAYING_SUITS = ("S", "C", "D", "H")  # DECISION Q1: lowest suit first


ACES = {"H": "AH", "D": "AD", "C": "AC", "S": "AS"}


RANK_ORDER = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))}


JOKER_ROWS = {"JK1": ("H", "D"), "JK2": ("C", "S")}


JOKER_SUITS = {"JK1": ("H", "D"), "JK2": ("C", "S")}


ALL_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


HAND_SIZE = {3: 16, 4: 12, 5: 10, 6: 8}


OPTIONS = frozenset({"hands"})


@dataclass(frozen=True, slots=True)
class Play:
    """Choose a card face down for this round."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class ChooseRow:
    """Put a revealed joker in a row of its colour."""

    player: int
    row: str


Action = Play | ChooseRow


# Actions are values: the legal plays are built once, not on every call.
_PLAYS = [{c: Play(p, c) for c in deck_list(FRENCH54)} for p in range(6)]


@dataclass(frozen=True, slots=True)
class QuintaState:
    """A whole Quinta game. ``hands[i]`` is None when seat i's hand is unknown."""

    players: int
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    rows: tuple[tuple[str, ...], ...]  # in ROWS order, the ace first
    piles: tuple[tuple[str, ...], ...]
    put_aside: tuple[str, ...] | None  # None when unknown (never looked at, Q9)
    chosen: tuple[str | None, ...]  # this round's face-down choices
    phase: str  # choose | joker_row | over
    pending_jokers: tuple[tuple[int, str], ...] = ()  # (seat, joker) awaiting a row
    waiting: tuple[tuple[int, str], ...] = ()  # plain cards laid after the jokers
    round: int = 1
    revealed: tuple[tuple[int, str], ...] = ()  # the last revealed round
    captures: tuple[tuple[int, str, tuple[str, ...]], ...] = ()  # (seat, row, cards) last round
    # A card entered by two players (unknown hands): found at the reveal, those players choose again.
    conflict: tuple[str, tuple[int, ...]] | None = None

    def row(self, suit: str) -> tuple[str, ...]:
        """The row of a suit letter."""
        return self.rows[ROWS.index(suit)]

    @property
    def known(self) -> bool:
        """True when every hand is known to the engine."""
        return all(h is not None for h in self.hands)

    def public(self) -> frozenset[str]:
        """Every card everybody has seen: the rows, the piles, the revealed cards still to lay.

        Other players' face-down choices and hands are not in it: refusing a card
        because someone else chose it would tell the table what he chose.
        """
        cards: set[str] = set()
        for r in self.rows:
            cards.update(r)
        for p in self.piles:
            cards.update(p)
        cards.update(c for _, c in self.pending_jokers)
        cards.update(c for _, c in self.waiting)
        return frozenset(cards)

    def out_of_hands(self) -> frozenset[str]:
        """The cards no hand can hold, as everybody knows: the four aces and :meth:`public`."""
        return frozenset(ACES.values()) | self.public()


_STATE_FIELDS = tuple(f.name for f in fields(QuintaState))


_set = object.__setattr__


def replace(s: QuintaState, **changes: Any) -> QuintaState:
    """A copy of ``s`` with ``changes`` (a faster ``dataclasses.replace`` for the hot path)."""
    new = object.__new__(QuintaState)
    for name in _STATE_FIELDS:
        _set(new, name, getattr(s, name))
    for name, value in changes.items():
        _set(new, name, value)
    return new


_CARDS = tuple(c for c in deck_list(FRENCH54))


_SUIT = {c: suit_of(c) or "" for c in _CARDS}


_RANK = {c: rank_of(c) for c in deck_list(FRENCH54)}


# DECISION Q1: lowest suit first (♠ ♣ ♦ ♥), ascending rank inside a suit (Q8: J=11, K=13).
_LAY_KEY = {c: (LAYING_SUITS.index(_SUIT[c] or "S"), RANK_ORDER.get(_RANK[c], 0)) for c in _SUIT}


def _display_key(code: str) -> tuple[int, int]:
    """Hands shown by suit (♥ ♦ ♣ ♠, as the rows) and rank, jokers last."""
    if code in JOKER_ROWS:
        return (4, int(code[-1]))
    return (ROWS.index(suit_of(code) or "H"), RANK_ORDER.get(rank_of(code), 0))


class _Table:
    """A mutable working copy of the rows and piles while a round is resolved."""

    def __init__(self, s: QuintaState) -> None:
        self.rows = list(s.rows)
        self.piles = list(s.piles)
        self.captures = list(s.captures)

    def take(self, seat: int, suit: str, cards: tuple[str, ...]) -> None:
        """Seat takes ``cards`` from the row of ``suit``, which goes back to its ace."""
        self.rows[ROWS.index(suit)] = (ACES[suit],)
        self.piles[seat] = self.piles[seat] + cards
        self.captures.append((seat, suit, cards))

    def lay(self, seat: int, card: str, suit: str) -> None:
        """Lay ``card`` at the end of a row; the fifth card takes the four after the ace."""
        i = ROWS.index(suit)
        row = self.rows[i] + (card,)
        if len(row) == 5:
            self.take(seat, suit, row[1:])
        else:
            self.rows[i] = row
