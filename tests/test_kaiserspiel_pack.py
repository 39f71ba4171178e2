"""Kaiserspiel's pack on a real table: the physical decks and the logical cards (kaiserspiel.md §1)."""

from __future__ import annotations

import pytest

from companion.games.cards import FRENCH54, KAISER40, KAISER48, TAROT78, deck_list
from companion.games.engine import SetupError
from companion.games.kaiserspiel.cards import (
    PACKS,
    cards_to_remove,
    describe,
    kaiser_name,
    logical_card,
    logical_cards,
    physical_card,
    suit_name,
)


def test_logical_packs_have_40_and_48_cards() -> None:
    assert logical_cards(40) == deck_list(KAISER40) and len(logical_cards(40)) == 40
    assert logical_cards(48) == deck_list(KAISER48) and len(logical_cards(48)) == 48
    assert not any(c.startswith("10") or c[0] in "89" for c in logical_cards(40))


@pytest.mark.parametrize(("pack", "size", "removed"), [
    ("french", 40, 14), ("french", 48, 6), ("tarot", 40, 38), ("tarot", 48, 30),
    ("italian", 40, 0), ("swiss", 48, 0), ("swiss", 40, 8),
])
def test_the_cards_left_in_the_box(pack: str, size: int, removed: int) -> None:
    out = cards_to_remove(pack, size)
    assert len(out) == removed == len(set(out))


def test_what_the_dealer_takes_out_of_a_french_and_a_tarot_deck() -> None:
    assert set(cards_to_remove("french", 48)) == {"10S", "10H", "10D", "10C", "JK1", "JK2"}
    tarot = set(cards_to_remove("tarot", 48))
    assert {f"T{i}" for i in range(22)} <= tarot and {"QS", "QH", "QD", "QC", "10C"} <= tarot
    assert "CH" not in tarot and "JH" not in tarot and "9H" not in tarot
    assert "9H" in cards_to_remove("tarot", 40) and "8C" in cards_to_remove("french", 40)


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize("size", [40, 48])
def test_every_logical_card_has_exactly_one_physical_card(pack: str, size: int) -> None:
    if pack == "italian" and size == 48:
        with pytest.raises(SetupError):
            physical_card("9H", pack, size)
        return
    seen = set()
    for code in logical_cards(size):
        phys = physical_card(code, pack, size)
        assert logical_card(phys.code, pack, size) == code
        seen.add(phys.code)
    assert len(seen) == size
    full = {"french": FRENCH54, "tarot": TAROT78}.get(pack)
    if full is not None:  # the box minus what stays in it is exactly the pack
        assert set(deck_list(full)) - set(cards_to_remove(pack, size)) == seen


def test_the_tarot_cavallo_is_the_ober_and_the_queen_stays_in_the_box() -> None:
    ober = physical_card("QH", "tarot")
    assert (ober.deck, ober.code) == (TAROT78, "CH")
    assert ober.name("it") == "cavallo di coppe" and ober.name("en") == "knight of cups"
    assert logical_card("QH", "tarot") is None and logical_card("T15", "tarot") is None
    assert physical_card("QH", "french").name("en") == "queen of hearts"


def test_names_in_both_languages() -> None:
    assert kaiser_name("QH") == "Ober of Roses" and kaiser_name("QH", "it") == "cavallo di coppe"
    assert kaiser_name("AD", kaiser=True) == "Kaiser of Bells"
    assert kaiser_name("AD", "it", kaiser=True) == "Kaiser di denari"
    assert kaiser_name("JC") == "Unter of Acorns" and kaiser_name("AS") == "Banner of Shields"
    assert physical_card("AC", "swiss").name("en") == "Banner of Acorns"
    assert physical_card("JD", "swiss").name("it") == "under di campanelle"
    assert physical_card("KS", "italian").name("it") == "re di spade"
    assert describe("5D", "tarot")["physical_it"] == "5 di denari"
    assert suit_name("H", "french", "it") == "cuori ♥" and suit_name("H", "swiss") == "Roses ♥"


def test_bad_packs_are_refused() -> None:
    with pytest.raises(SetupError):
        cards_to_remove("italian", 48)
    with pytest.raises(SetupError):
        cards_to_remove("piacentine", 40)
    with pytest.raises(ValueError):
        physical_card("9H", "french", 40)
