"""Card codes, decks, names and symbols."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games import cards
from companion.games.cards import Card, CardError


def test_deck_sizes() -> None:
    assert len(cards.deck_list(cards.FRENCH54)) == 54
    assert len(cards.deck_list(cards.TAROT78)) == 78
    assert len(cards.deck_list(cards.INSONNIA108)) == 108
    assert len(cards.deck_list(cards.KAISER40)) == 40
    assert len(cards.deck_list(cards.KAISER48)) == 48


def test_insonnia_has_two_of_each_sheep_and_four_fences_and_confused() -> None:
    counts = Counter(cards.deck_list(cards.INSONNIA108))
    assert counts["R7"] == 2 and counts["P10"] == 2
    assert counts["F"] == 4 and counts["X"] == 4
    assert len(counts) == 52


def test_french_and_tarot_codes_are_unique() -> None:
    for deck in (cards.FRENCH54, cards.TAROT78, cards.KAISER40, cards.KAISER48):
        codes = cards.deck_list(deck)
        assert len(set(codes)) == len(codes)


def test_parse_normalises_and_refuses_unknown() -> None:
    assert Card.parse(cards.FRENCH54, " 10h ") == Card("french54", "10H")
    assert Card.parse(cards.TAROT78, "ch").code == "CH"
    with pytest.raises(CardError):
        Card.parse(cards.FRENCH54, "CH")  # a cavalier is a tarot card
    with pytest.raises(CardError):
        Card.parse(cards.FRENCH54, "11S")
    with pytest.raises(CardError):
        cards.deck_list("uno")


def test_rank_and_suit() -> None:
    ten = Card("french54", "10H")
    assert (ten.rank, ten.suit) == ("10", "H")
    assert Card("french54", "JK1").suit is None
    assert Card("tarot78", "T15").suit is None
    assert Card("tarot78", "CD").rank == "C"
    assert Card("insonnia108", "B10").suit is None
    assert str(ten) == "10H"


@pytest.mark.parametrize(
    ("deck", "code", "it", "en"),
    [
        ("french54", "QH", "donna di cuori", "queen of hearts"),
        ("french54", "10S", "10 di picche", "10 of spades"),
        ("french54", "JK1", "jolly rosso", "red joker"),
        ("french54", "JK2", "jolly nero", "black joker"),
        ("tarot78", "T15", "il Diavolo", "the Devil"),
        ("tarot78", "T0", "il Matto", "the Fool"),
        ("tarot78", "T7", "trionfo 7", "trump 7"),
        ("tarot78", "CD", "cavallo di denari", "knight of coins"),
        ("kaiser40", "QS", "ober (cavallo) di spade", "ober of swords"),
        ("insonnia108", "G3", "pecora verde 3", "green sheep 3"),
        ("insonnia108", "F", "recinto", "fence"),
        ("insonnia108", "X", "pecora confusa", "confused sheep"),
    ],
)
def test_names_in_both_languages(deck: str, code: str, it: str, en: str) -> None:
    assert cards.card_name(deck, code, "it") == it
    assert cards.card_name(deck, code, "en") == en


def test_labels_and_colour() -> None:
    assert cards.card_label("10H") == "10♥"
    assert cards.card_label("AS") == "A♠"
    assert cards.card_label("JK2") == "JK2"
    assert cards.is_red("JK1") and cards.is_red("5D") and not cards.is_red("5C")
