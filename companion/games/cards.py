"""Card codes and decks shared by every game (see shared/rules/README.md §1).

A card is a pair (deck, code). Codes are the strings used by the scenarios and
the recogniser: ``QH``, ``10S``, ``JK1`` (French), ``T15``, ``CH`` (tarot),
``R7``, ``F``, ``X`` (Insonnia). Names exist in Italian and English.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

FRENCH54 = "french54"
TAROT78 = "tarot78"
INSONNIA108 = "insonnia108"
INSONNIA88 = "insonnia88"  # Insonnia with two French decks (insonnia.md §1.2, DECISION I1)
KAISER40 = "kaiser40"
KAISER48 = "kaiser48"

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset({"H", "D"})

FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
TAROT_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
KAISER40_RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
KAISER48_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K")
INSONNIA_COLOURS = ("R", "Y", "G", "B", "P")

_SUIT_NAMES = {
    FRENCH54: {
        "it": {"S": "picche", "H": "cuori", "D": "quadri", "C": "fiori"},
        "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    },
    TAROT78: {
        "it": {"S": "spade", "H": "coppe", "D": "denari", "C": "bastoni"},
        "en": {"S": "swords", "H": "cups", "D": "coins", "C": "batons"},
    },
}
_SUIT_NAMES[KAISER40] = _SUIT_NAMES[TAROT78]
_SUIT_NAMES[KAISER48] = _SUIT_NAMES[TAROT78]

_RANK_NAMES = {
    "it": {
        "A": "asso", "J": "fante", "Q": "donna", "K": "re", "C": "cavallo",
    },
    "en": {
        "A": "ace", "J": "jack", "Q": "queen", "K": "king", "C": "knight",
    },
}
_KAISER_RANK_NAMES = {
    "it": {"A": "banner (asso)", "J": "unter (fante)", "Q": "ober (cavallo)", "K": "re"},
    "en": {"A": "banner (ace)", "J": "unter", "Q": "ober", "K": "king"},
}
_COLOUR_NAMES = {
    "it": {"R": "rossa", "Y": "gialla", "G": "verde", "B": "blu", "P": "viola"},
    "en": {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"},
}
_TRUMP_NAMES = {
    0: ("il Matto", "the Fool"),
    15: ("il Diavolo", "the Devil"),
    20: ("l'Angelo", "the Angel"),
    21: ("il Mondo", "the World"),
}
_SUIT_CARD = re.compile(r"^(10|[2-9AJQKC])([SHDC])$")


class CardError(ValueError):
    """A card code that does not exist in the named deck."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card of a deck, identified by its code (``QH``, ``T15``, ``R7``)."""

    deck: str
    code: str

    def __post_init__(self) -> None:
        if self.code not in deck_codes(self.deck):
            raise CardError(f"{self.code!r} is not a card of the {self.deck} deck")

    @classmethod
    def parse(cls, deck: str, code: str) -> Card:
        """Parse a code, accepting lower case and surrounding spaces."""
        return cls(deck, normalise_code(code))

    def __str__(self) -> str:
        return self.code

    @property
    def rank(self) -> str:
        """The rank part of a suited card (``10`` for ``10H``), the code otherwise."""
        m = _SUIT_CARD.match(self.code)
        return m.group(1) if m and self.deck != INSONNIA108 else self.code

    @property
    def suit(self) -> str | None:
        """The suit letter (S H D C) of a suited card, None for jokers, trumps, sheep."""
        if self.deck == INSONNIA108 or self.code.startswith(("JK", "T")):
            return None
        m = _SUIT_CARD.match(self.code)
        return m.group(2) if m else None

    def name(self, lang: str = "en") -> str:
        """A readable name in Italian (``it``) or English (``en``)."""
        return card_name(self.deck, self.code, lang)


def normalise_code(code: str) -> str:
    """Upper-case a code and strip spaces: ``' 10h'`` -> ``'10H'``."""
    return code.strip().upper()


def _suited(ranks: Sequence[str]) -> list[str]:
    return [r + s for s in SUITS for r in ranks]


def _build_decks() -> dict[str, tuple[str, ...]]:
    insonnia = [f"{c}{n}" for c in INSONNIA_COLOURS for n in range(1, 11)] * 2
    insonnia += ["F"] * 4 + ["X"] * 4
    # Two French decks: ace to 10 of both (suits are the colours), one king of each suit
    # (the fences) and the four jokers (the confused sheep); the other cards stay in the box.
    french_sheep = _suited(FRENCH_RANKS[:10])
    insonnia88 = french_sheep * 2 + [f"K{s}" for s in SUITS] + ["JK1", "JK1", "JK2", "JK2"]
    return {
        FRENCH54: tuple(_suited(FRENCH_RANKS) + ["JK1", "JK2"]),
        TAROT78: tuple([f"T{i}" for i in range(22)] + _suited(TAROT_RANKS)),
        INSONNIA108: tuple(insonnia),
        INSONNIA88: tuple(insonnia88),
        KAISER40: tuple(_suited(KAISER40_RANKS)),
        KAISER48: tuple(_suited(KAISER48_RANKS)),
    }


_DECKS = _build_decks()
_DECK_SETS = {name: frozenset(codes) for name, codes in _DECKS.items()}
DECKS = tuple(_DECKS)


# Decks whose cards are another deck's cards: Insonnia's French adaptation is played with
# French cards, so whatever reads French cards reads it.
_FACES = {INSONNIA88: FRENCH54}


def faces_of(deck: str) -> str:
    """The deck whose printed faces the cards of ``deck`` carry (itself for most decks)."""
    return _FACES.get(deck, deck)


def deck_list(deck: str) -> tuple[str, ...]:
    """Every code of a deck in a canonical order, with repeats where the deck has copies."""
    try:
        return _DECKS[deck]
    except KeyError:
        raise CardError(f"unknown deck {deck!r}; known decks: {', '.join(DECKS)}") from None


def deck_codes(deck: str) -> frozenset[str]:
    """The distinct codes of a deck."""
    if deck not in _DECK_SETS:
        raise CardError(f"unknown deck {deck!r}; known decks: {', '.join(DECKS)}")
    return _DECK_SETS[deck]


def is_card(deck: str, code: str) -> bool:
    """True when ``code`` names a card of ``deck``."""
    return code in deck_codes(deck)


def suit_of(code: str) -> str | None:
    """The suit letter of a suited French/tarot/Kaiser code, None otherwise."""
    if code.startswith(("JK", "T")):
        return None
    m = _SUIT_CARD.match(code)
    return m.group(2) if m else None


def rank_of(code: str) -> str:
    """The rank part of a suited code (``10H`` -> ``10``), the whole code otherwise."""
    m = _SUIT_CARD.match(code)
    return m.group(1) if m and not code.startswith("JK") else code


_IT_ARTICLE = {"asso": "l'", "8": "l'", "donna": "la "}


def french_card_it(code: str) -> str:
    """A French card's Italian name with its article: ``il 9 di quadri``, ``l'asso di picche``,
    ``la donna di cuori``, ``il jolly rosso``."""
    name = card_name(FRENCH54, code, "it")
    return _IT_ARTICLE.get(name.split()[0], "il ") + name


def card_name(deck: str, code: str, lang: str = "en") -> str:
    """The name of a card for players, in ``it`` or ``en``."""
    if code not in deck_codes(deck):
        raise CardError(f"{code!r} is not a card of the {deck} deck")
    it = lang == "it"
    if deck == INSONNIA108:
        if code == "F":
            return "recinto" if it else "fence"
        if code == "X":
            return "pecora confusa" if it else "confused sheep"
        colour = _COLOUR_NAMES["it" if it else "en"][code[0]]
        return f"pecora {colour} {code[1:]}" if it else f"{colour} sheep {code[1:]}"
    if deck == INSONNIA88:
        return _insonnia88_name(code, lang)
    if code in ("JK1", "JK2"):
        red = code == "JK1"
        if it:
            return "jolly rosso" if red else "jolly nero"
        return "red joker" if red else "black joker"
    if code.startswith("T"):
        n = int(code[1:])
        if n in _TRUMP_NAMES:
            return _TRUMP_NAMES[n][0 if it else 1]
        return f"trionfo {n}" if it else f"trump {n}"
    rank, suit = rank_of(code), suit_of(code)
    assert suit is not None
    suit_name = _SUIT_NAMES.get(deck, _SUIT_NAMES[FRENCH54])["it" if it else "en"][suit]
    names = _KAISER_RANK_NAMES if deck in (KAISER40, KAISER48) else _RANK_NAMES
    rank_name = names["it" if it else "en"].get(rank) or _RANK_NAMES["it" if it else "en"].get(
        rank, rank
    )
    return f"{rank_name} di {suit_name}" if it else f"{rank_name} of {suit_name}"


def _insonnia88_name(code: str, lang: str) -> str:
    """A French card with its Insonnia role: kings are fences, jokers confused sheep."""
    name = card_name(FRENCH54, code, lang)
    if code.startswith("K"):
        return f"{name} (recinto)" if lang == "it" else f"{name} (fence)"
    if code.startswith("JK"):
        return f"{name} (pecora confusa)" if lang == "it" else f"{name} (confused sheep)"
    return name


def card_label(code: str) -> str:
    """A short face label for screens: ``10♥``, ``Q♠``, ``🃏`` codes stay readable."""
    suit = suit_of(code)
    if suit is None:
        return code
    return rank_of(code) + SUIT_SYMBOLS[suit]


def card_text(code: str, lang: str) -> str:
    """A card as a sentence names it: its face label (``10♥``), or, for a joker, which has no
    suit to show, its name in ``lang`` (``red joker``, ``jolly rosso``)."""
    if code in ("JK1", "JK2"):
        return card_name(FRENCH54, code, lang)
    return card_label(code)


def is_red(code: str) -> bool:
    """True for hearts, diamonds and the red joker ``JK1``."""
    return code == "JK1" or suit_of(code) in RED_SUITS
