"""Kaiserspiel's pack on a real table (kaiserspiel.md §1): which physical deck stands for it.

The engine speaks the logical codes of the specification (French letters: ``K``
King, ``Q`` Ober, ``J`` Unter, ``A`` Banner, ``2``–``9``). A table plays with one
physical pack, chosen when it is created:

- ``french``: a French deck without the 10s and the jokers (and the 8s and 9s for 40);
- ``tarot``: a tarot cut down (§1.4): the Cavallo is the Ober, the Queens, 10s,
  trumps and the Fool stay in the box (and the 8s and 9s for 40);
- ``italian``: an Italian regional 40-card deck, which already is the 40-card pack;
- ``swiss``: a Swiss-suited Kaiser pack (Banner, Under, Ober, King, 9 to 2).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..cards import (
    FRENCH54,
    KAISER40,
    KAISER48,
    SUITS,
    TAROT78,
    card_name,
    deck_list,
    rank_of,
    suit_of,
)
from ..engine import SetupError

PACKS = ("french", "tarot", "italian", "swiss")
SIZES = (40, 48)

# Logical names. English: the Swiss game's own words; Italian: the seed's (it names the Kaisers
# "asso di Denari", "asso di Coppe": Italian suits).
_RANKS = {
    "en": {"K": "King", "Q": "Ober", "J": "Unter", "A": "Banner"},
    "it": {"K": "re", "Q": "cavallo", "J": "fante", "A": "asso"},
}
_SUITS = {
    "en": {"S": "Shields", "H": "Roses", "D": "Bells", "C": "Acorns"},
    "it": {"S": "spade", "H": "coppe", "D": "denari", "C": "bastoni"},
}
# Physical Swiss pack names (the seed's Italian names of the Swiss suits).
_SWISS_RANKS = {
    "en": {"K": "King", "Q": "Ober", "J": "Under", "A": "Banner"},
    "it": {"K": "re", "Q": "ober", "J": "under", "A": "stendardo"},
}
_SWISS_SUITS = {
    "en": {"S": "Shields", "H": "Roses", "D": "Bells", "C": "Acorns"},
    "it": {"S": "scudi", "H": "fiori", "D": "campanelle", "C": "ghiande"},
}


def logical_deck(size: int) -> str:
    """The cards.py deck of the logical pack: ``kaiser40`` or ``kaiser48``."""
    if size not in SIZES:
        raise SetupError("option 'deck' must be 40 or 48")
    return KAISER40 if size == 40 else KAISER48


# The enrolled decks a camera can read each physical pack with (a Swiss pack: its own faces, or
# an Italian deck's for the 40-card game).
CAMERA_PACKS = {"tarot": (TAROT78,), "italian": (KAISER40,), "swiss": (KAISER48, KAISER40),
                "french": (FRENCH54,)}

def logical_cards(size: int) -> tuple[str, ...]:
    """Every logical code of the 40- or 48-card pack."""
    return deck_list(logical_deck(size))


def check_pack(pack: str, size: int) -> None:
    """Refuse a pack that cannot give the chosen number of cards."""
    if pack not in PACKS:
        raise SetupError(f"option 'pack' must be one of: {', '.join(PACKS)}")
    logical_deck(size)
    if pack == "italian" and size == 48:
        raise SetupError("an Italian deck has no 8s and 9s: play with 40 cards, "
                         "or with a tarot or a French deck")


def kaiser_name(code: str, lang: str = "en", kaiser: bool = False) -> str:
    """A logical card's Kaiserspiel name: ``Ober of Roses`` / ``cavallo di coppe``.

    ``kaiser`` names a declared Ace: ``Kaiser of Bells`` / ``Kaiser di denari``.
    """
    lang = "it" if lang == "it" else "en"
    rank, suit = rank_of(code), suit_of(code) or ""
    suit_name = _SUITS[lang][suit]
    if kaiser and rank == "A":
        return f"Kaiser of {suit_name}" if lang == "en" else f"Kaiser di {suit_name}"
    rank_name = _RANKS[lang].get(rank, rank)
    return f"{rank_name} of {suit_name}" if lang == "en" else f"{rank_name} di {suit_name}"


@dataclass(frozen=True, slots=True)
class Physical:
    """The physical card a logical card stands for: its deck, its code, its names."""

    deck: str
    code: str
    name_en: str
    name_it: str

    def name(self, lang: str = "en") -> str:
        """The physical card's name in ``it`` or ``en``."""
        return self.name_it if lang == "it" else self.name_en


def physical_card(code: str, pack: str, size: int = 40) -> Physical:
    """The card of ``pack`` that stands for the logical ``code``."""
    check_pack(pack, size)
    if code not in logical_cards(size):
        raise ValueError(f"{code!r} is not a card of the {size}-card Kaiserspiel pack")
    rank, suit = rank_of(code), suit_of(code) or ""
    if pack == "french":
        return Physical(FRENCH54, code, card_name(FRENCH54, code, "en"), card_name(FRENCH54, code, "it"))
    tarot = ("C" if rank == "Q" else rank) + suit
    if pack == "tarot":
        return Physical(TAROT78, tarot, card_name(TAROT78, tarot, "en"), card_name(TAROT78, tarot, "it"))
    deck = logical_deck(size)
    if pack == "italian":
        return Physical(deck, code, card_name(TAROT78, tarot, "en"), card_name(TAROT78, tarot, "it"))
    en = f"{_SWISS_RANKS['en'].get(rank, rank)} of {_SWISS_SUITS['en'][suit]}"
    it = f"{_SWISS_RANKS['it'].get(rank, rank)} di {_SWISS_SUITS['it'][suit]}"
    return Physical(deck, code, en, it)


def logical_card(physical: str, pack: str, size: int = 40) -> str | None:
    """The logical code of a physical card of ``pack``; None for a card that stays in the box."""
    check_pack(pack, size)
    cards = logical_cards(size)
    if pack == "tarot":
        rank, suit = rank_of(physical), suit_of(physical)
        if suit is None or rank == "Q":
            return None
        code = ("Q" if rank == "C" else rank) + suit
        return code if code in cards else None
    return physical if physical in cards else None


def cards_to_remove(pack: str, size: int = 40) -> list[str]:
    """The physical cards the dealer takes out of the box before the game, in deck order."""
    check_pack(pack, size)
    if pack in ("italian", "swiss"):
        return [] if size == 48 or pack == "italian" else [r + s for s in SUITS for r in ("8", "9")]
    deck = FRENCH54 if pack == "french" else TAROT78
    return [c for c in deck_list(deck) if logical_card(c, pack, size) is None]


def describe(code: str, pack: str, size: int = 40) -> dict[str, str]:
    """Everything a screen shows about a card: its Kaiserspiel names and the physical card."""
    phys = physical_card(code, pack, size)
    return {
        "code": code,
        "name_en": kaiser_name(code, "en"),
        "name_it": kaiser_name(code, "it"),
        "physical": phys.code,
        "physical_en": phys.name_en,
        "physical_it": phys.name_it,
    }


_PACK_SUITS = {
    "french": {"en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
               "it": {"S": "picche", "H": "cuori", "D": "quadri", "C": "fiori"}},
    "tarot": {"en": {"S": "swords", "H": "cups", "D": "coins", "C": "batons"},
              "it": {"S": "spade", "H": "coppe", "D": "denari", "C": "bastoni"}},
    "swiss": {"en": _SWISS_SUITS["en"], "it": _SWISS_SUITS["it"]},
}
_PACK_SUITS["italian"] = _PACK_SUITS["tarot"]
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def suit_name(suit: str, pack: str = "french", lang: str = "en", symbol: bool = True) -> str:
    """A suit as the players of ``pack`` call it, with its symbol (``hearts ♥``, ``coppe ♥``)
    unless ``symbol`` is False (``coppe``: what a screen reader says)."""
    names = _PACK_SUITS.get(pack, _PACK_SUITS["french"])["it" if lang == "it" else "en"]
    return f"{names[suit]} {_SYMBOLS[suit]}" if symbol else names[suit]


@lru_cache(maxsize=16)
def _pack_info(pack: str, size: int) -> dict[str, Any]:
    physical_deck = {"french": FRENCH54, "tarot": TAROT78}.get(pack)
    cards = {}
    for code in logical_cards(size):
        info = describe(code, pack, size)
        if code.startswith("A"):
            info["kaiser_en"] = kaiser_name(code, "en", kaiser=True)
            info["kaiser_it"] = kaiser_name(code, "it", kaiser=True)
        cards[code] = info
    def named(c: str, lang: str) -> str:
        if physical_deck:
            return card_name(physical_deck, c, lang)
        suit = _SWISS_SUITS[lang][suit_of(c) or ""]
        return f"{rank_of(c)} of {suit}" if lang == "en" else f"{rank_of(c)} di {suit}"

    remove = [{"code": c, "en": named(c, "en"), "it": named(c, "it")}
              for c in cards_to_remove(pack, size)]
    return {"pack": pack, "size": size, "cards": cards, "remove": remove,
            "suits": {s: {"en": suit_name(s, pack, "en"), "it": suit_name(s, pack, "it"),
                          "word_en": suit_name(s, pack, "en", symbol=False),
                          "word_it": suit_name(s, pack, "it", symbol=False)} for s in SUITS}}


def pack_info(pack: str, size: int) -> dict[str, Any]:
    """What a screen needs to name a table's cards: for every logical card its Kaiserspiel
    names (and a Kaiser's, for an Ace) and the physical card it stands for; the physical cards
    the dealer leaves in the box; the suits as the pack's players call them (with the suit's
    symbol, for the eye, and as a word alone, for a screen reader). JSON-ready; a
    fresh copy each time."""
    check_pack(pack, size)
    return copy.deepcopy(_pack_info(pack, size))
