"""Insonnia's cards and runs (shared/rules/insonnia.md §1, §3, §5, §6): pure geometry.

A card is a numbered sheep (a number 1-10 and a colour), a fence or a confused
sheep. A run is ten slots; this module answers where a card may lie, whether a
run is complete, and what a penalty takes away. It knows nothing of turns.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import INSONNIA88, INSONNIA108, deck_list

SHEEP, FENCE, CONFUSED = "sheep", "fence", "confused"
SLOTS = range(1, 11)
FENCE_SLOTS = range(2, 10)  # "not before the 2 nor after the 9" (DECISION I6)
VARIANTS = ("base", "rainbow", "family")


@dataclass(frozen=True, slots=True)
class Kind:
    """What a card is: its role, and for a sheep its number and colour."""

    role: str  # sheep | fence | confused
    number: int = 0
    colour: str = ""


@dataclass(frozen=True)
class Deck:
    """One way to hold Insonnia's cards: the printed deck or two French decks."""

    name: str  # option value: printed | french
    cards_deck: str  # the id in cards.py, for card names
    cards: tuple[str, ...]  # every physical card, copies repeated
    kinds: Mapping[str, Kind]
    copies: Mapping[str, int]
    max_players: int

    def kind(self, code: str) -> Kind | None:
        """The card's kind, None when the code is not a card of this deck."""
        return self.kinds.get(code)

    def sheep_codes(self, number: int) -> tuple[str, ...]:
        """The distinct sheep codes of a number, in a fixed order."""
        return _BY_NUMBER[self.name][number]


_PRINTED_SHEEP = re.compile(r"^([RYGBP])(10|[1-9])$")
_FRENCH_SHEEP = re.compile(r"^(A|10|[2-9])([SHDC])$")


def _printed_kind(code: str) -> Kind:
    if code == "F":
        return Kind(FENCE)
    if code == "X":
        return Kind(CONFUSED)
    m = _PRINTED_SHEEP.match(code)
    assert m is not None
    return Kind(SHEEP, int(m.group(2)), m.group(1))


def _french_kind(code: str) -> Kind:
    if code.startswith("K"):
        return Kind(FENCE)
    if code.startswith("JK"):
        return Kind(CONFUSED)
    m = _FRENCH_SHEEP.match(code)
    assert m is not None
    return Kind(SHEEP, 1 if m.group(1) == "A" else int(m.group(1)), m.group(2))


def _deck(name: str, cards_deck: str, max_players: int) -> Deck:
    cards = deck_list(cards_deck)
    reader = _printed_kind if name == "printed" else _french_kind
    kinds = {c: reader(c) for c in cards}
    copies: dict[str, int] = {}
    for c in cards:
        copies[c] = copies.get(c, 0) + 1
    return Deck(name, cards_deck, cards, kinds, copies, max_players)


PRINTED = _deck("printed", INSONNIA108, 6)  # DECISION I2: 2-6 players
FRENCH = _deck("french", INSONNIA88, 5)  # DECISION I2: 2-5 players
DECKS: dict[str, Deck] = {"printed": PRINTED, "french": FRENCH}
_BY_NUMBER = {
    d.name: {n: tuple(sorted((c for c, k in d.kinds.items() if k.role == SHEEP and k.number == n)))
             for n in SLOTS}
    for d in DECKS.values()
}


@dataclass(frozen=True, slots=True)
class Run:
    """A count in front of its owner: slot n holds ``cards[n - 1]`` (None = empty).

    ``colour`` tells which sheep are foreign in Family (DECISION I14, revised): the colour of
    the run's first card, until no sheep of that colour is left in the run; then the colour of
    its lowest remaining sheep (:func:`recolour`).
    """

    cards: tuple[str | None, ...]
    colour: str = ""

    @staticmethod
    def new(slot: int, card: str, colour: str) -> Run:
        """A run of one card."""
        return Run(tuple(card if n == slot else None for n in SLOTS), colour)

    def at(self, slot: int) -> str | None:
        """The card in a slot (None outside 1-10 or when empty)."""
        return self.cards[slot - 1] if 1 <= slot <= 10 else None

    def put(self, slot: int, card: str | None) -> Run:
        """This run with ``card`` in ``slot`` (None empties it)."""
        cards = list(self.cards)
        cards[slot - 1] = card
        return Run(tuple(cards), self.colour)

    def filled(self) -> Iterator[tuple[int, str]]:
        """(slot, card) of every occupied slot, lowest first."""
        for n, c in zip(SLOTS, self.cards, strict=True):
            if c is not None:
                yield n, c

    def is_empty(self) -> bool:
        """True when no slot holds a card."""
        return all(c is None for c in self.cards)

    def to_json(self) -> dict[str, str]:
        """``{"4": "R4", "5": "Y5"}``, slots as strings like the scenario files."""
        return {str(n): c for n, c in self.filled()}


def _role(deck: Deck, card: str | None) -> str:
    return "" if card is None else deck.kinds[card].role


def is_open(deck: Deck, run: Run, slot: int) -> bool:
    """An empty slot next to a sheep or a fence, or a gap between cards (§3, §5).

    A slot next only to a confused sheep is not open: a count cannot go on beyond it.
    """
    if not 1 <= slot <= 10 or run.at(slot) is not None:
        return False
    if any(_role(deck, run.at(n)) in (SHEEP, FENCE) for n in (slot - 1, slot + 1)):
        return True
    below = any(run.at(n) is not None for n in range(1, slot))
    above = any(run.at(n) is not None for n in range(slot + 1, 11))
    return below and above


def open_slots(deck: Deck, run: Run) -> list[int]:
    """Every open slot of a run, lowest first."""
    return list(_open_slots(deck.name, run.cards))


@lru_cache(maxsize=16384)
def _open_slots(deck: str, cards: tuple[str | None, ...]) -> tuple[int, ...]:
    """The open slots of a run's cards (legal moves and every view ask for them, often)."""
    run, table = Run(cards), DECKS[deck]
    return tuple(n for n in SLOTS if is_open(table, run, n))


def clashes(deck: Deck, run: Run, slot: int, card: str) -> bool:
    """Rainbow: a sheep next to a sheep of its own colour (§6)."""
    colour = deck.kinds[card].colour
    for n in (slot - 1, slot + 1):
        other = run.at(n)
        if other is not None and deck.kinds[other].role == SHEEP and deck.kinds[other].colour == colour:
            return True
    return False


def fence_fits(deck: Deck, run: Run, slot: int) -> bool:
    """A fence: an open slot from 2 to 9, not next to another fence (DECISION I6)."""
    return slot in FENCE_SLOTS and is_open(deck, run, slot) and not any(
        _role(deck, run.at(n)) == FENCE for n in (slot - 1, slot + 1))


def sheep_fits(deck: Deck, variant: str, run: Run, slot: int, card: str) -> bool:
    """A sheep as the start of a chain: its own number, an open slot, Rainbow obeyed."""
    return (deck.kinds[card].number == slot and is_open(deck, run, slot)
            and not (variant == "rainbow" and clashes(deck, run, slot, card)))


def is_foreign(deck: Deck, variant: str, run: Run, slot: int) -> bool:
    """Family: a sheep of another colour than the run's (§6)."""
    card = run.at(slot)
    if variant != "family" or card is None:
        return False
    kind = deck.kinds[card]
    return kind.role == SHEEP and kind.colour != run.colour


def removable(deck: Deck, variant: str, run: Run, slot: int) -> bool:
    """What the owner may concentrate or guess on: a confused sheep, or a foreign one."""
    return _role(deck, run.at(slot)) == CONFUSED or is_foreign(deck, variant, run, slot)


def guess_hits(deck: Deck, variant: str, run: Run, slot: int, card: str) -> bool:
    """The revealed card is exactly the one that belongs in the slot (§4.2 d, §6).

    Rainbow: it must not touch a sheep of its colour. Family: it must be the run's colour
    (for a confused sheep too: only that card belongs in a family count).
    """
    kind = deck.kinds[card]
    if kind.role != SHEEP or kind.number != slot:
        return False
    emptied = run.put(slot, None)
    if variant == "rainbow":
        return not clashes(deck, emptied, slot, card)
    if variant == "family":
        return kind.colour == run.colour
    return True


def is_complete(deck: Deck, variant: str, run: Run) -> bool:
    """Ten slots of sheep or fences, no confused sheep; Family: all its sheep of one colour
    ("tutte pecore dello stesso colore", DECISION I14, revised), whichever colour that is."""
    colours: set[str] = set()
    for card in run.cards:
        if card is None:
            return False
        kind = deck.kinds[card]
        if kind.role == CONFUSED:
            return False
        if kind.role == SHEEP:
            colours.add(kind.colour)
    return variant != "family" or len(colours) <= 1


def first_colour(deck: Deck, cards: Sequence[str | None]) -> str:
    """The colour of the lowest-numbered sheep (a run loaded from a setup, scenarios.md §4)."""
    for card in cards:
        if card is not None and deck.kinds[card].role == SHEEP:
            return deck.kinds[card].colour
    return ""


def recolour(deck: Deck, run: Run) -> Run:
    """The run with its colour kept while one of its sheep has it; otherwise (the last sheep of
    that colour went, by a penalty) the colour of its lowest remaining sheep (DECISION I14)."""
    if any(deck.kinds[c].role == SHEEP and deck.kinds[c].colour == run.colour
           for c in run.cards if c is not None):
        return run
    colour = first_colour(deck, run.cards)
    return run if colour == "" else Run(run.cards, colour)


def highest_sheep(deck: Deck, runs: Sequence[Run]) -> tuple[int, int] | None:
    """(run, slot) of the highest-numbered sheep in front of a player; a tie goes to the
    earliest run (DECISION I8)."""
    best: tuple[int, int] | None = None
    for r, run in enumerate(runs):
        for slot, card in run.filled():
            if deck.kinds[card].role == SHEEP and (best is None or slot > best[1]):
                best = (r, slot)
    return best


def take_with_strays(deck: Deck, run: Run, slot: int) -> tuple[Run, list[str]]:
    """Remove the card in ``slot``; fences and confused sheep left with no sheep next to
    them go too (DECISION I9), spreading from the emptied slot. Returns the run and the
    cards removed, the first one first."""
    taken = [run.cards[slot - 1] or ""]
    run = run.put(slot, None)
    emptied = [slot]
    while emptied:
        gone = emptied.pop()
        for n in (gone - 1, gone + 1):
            card = run.at(n)
            if card is None or deck.kinds[card].role == SHEEP:
                continue
            if not any(_role(deck, run.at(m)) == SHEEP for m in (n - 1, n + 1)):
                taken.append(card)
                run = run.put(n, None)
                emptied.append(n)
    return run, taken
