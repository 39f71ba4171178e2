"""Kaiserspiel card power and trick evaluation (kaiserspiel.md §5, DECISIONs K3, K7, K8)."""

from __future__ import annotations

import pytest

from companion.games.kaiserspiel.tricks import (
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
    trump_from,
)

# (trump, deck size, declared Kaisers, cards in order of play, index of the winning card, why)
CASES = [
    ("H", 40, "", "QD 3H KD 6H", 3, "Parlett: 3H beats QD, KD beats 3H, 6H beats KD"),
    ("H", 40, "", "QD 3H KS", 1, "Parlett: a King of another suit leaves 3H the trick"),
    ("H", 40, "AD", "7H AD 5H", 0, "the led Devil beats the top full trumps"),
    ("H", 40, "", "7H 5H JH", 2, "only the trump Unter beats the led Devil"),
    ("H", 40, "", "7H JH 5H", 2, "after JH took over, 5H beats it normally"),
    ("H", 40, "AD", "7H JH AD", 2, "after JH, the Bells Kaiser beats it"),
    ("H", 40, "", "7H KH QD", 0, "a led Devil against the trump King and a plain card"),
    ("H", 40, "", "5D 7H", 0, "a Devil not led beats nothing"),
    ("H", 40, "", "QH 3H KH", 1, "trump Ober led, the Ober-beater takes it, the trump King cannot"),
    ("H", 40, "", "QH KH 3H", 1, "trump Ober led, the trump King takes it, an Ober-beater cannot"),
    ("H", 40, "", "QH 4H", 0, "an Unter-beater does not beat the trump Ober"),
    ("H", 40, "", "KH 3H 4H", 0, "partial trumps do not beat the trump King"),
    ("H", 40, "", "KH 2H", 1, "a full trump beats the trump King"),
    ("H", 40, "", "KH KD", 0, "a plain card never beats a non-plain lead"),
    ("H", 40, "", "5D 3H KD", 2, "a King of the led suit beats an Ober-beater"),
    ("H", 40, "", "5D 3H QD", 1, "an Ober of the led suit does not beat an Ober-beater"),
    ("H", 40, "", "5D 4H QD", 2, "an Ober of the led suit beats an Unter-beater"),
    ("H", 40, "", "5D 4H JD", 1, "an Unter of the led suit does not beat an Unter-beater"),
    ("H", 40, "", "KD 3H", 0, "an Ober-beater stops at the King of the led suit"),
    ("H", 40, "", "QD 4H", 0, "an Unter-beater stops at the Ober of the led suit"),
    ("H", 40, "", "JD 4H", 1, "an Unter-beater beats the Unter of the led suit"),
    ("H", 40, "", "5D 4H QD 3H KD", 4, "not transitive: evaluated one card at a time (K8)"),
    ("H", 40, "", "5D KS QC", 0, "cards of another plain suit never win"),
    ("H", 40, "", "2H 6H", 1, "full trumps: 6 over 2"),
    ("H", 40, "", "6H JH", 1, "full trumps: Unter over 6"),
    ("H", 40, "", "JH 5H", 1, "full trumps: 5 over Unter"),
    ("H", 40, "AD", "5H AD", 1, "full trumps: the Bells Kaiser over the 5"),
    ("H", 40, "AH", "AH 2H", 1, "the Roses Kaiser is the lowest full trump"),
    ("H", 40, "AH", "3H AH", 1, "a full trump beats an Ober-beater"),
    ("H", 40, "AS", "4H AS", 1, "partial trumps: the Shields Kaiser over the 4"),
    ("H", 40, "AS", "AS 3H", 1, "partial trumps: the 3 over the Shields Kaiser"),
    ("H", 40, "AC", "AC 4H", 1, "partial trumps: the 4 over the Acorns Kaiser"),
    ("H", 40, "AC", "4H AC", 0, "the Acorns Kaiser is the lowest partial trump"),
    ("H", 40, "", "4H 3H KD", 1, "an Ober-beater over an Unter-beater; plain cards cannot win a trump lead"),
    ("H", 40, "", "5D AD JD", 2, "an undeclared Ace counts as a ten: above 5, below the Unter"),
    ("H", 40, "", "5D AH", 0, "an undeclared trump Ace on a plain lead is off suit"),
    ("S", 40, "AD", "5C AD 5S", 1, "the Bells Kaiser is a full trump whatever the trump suit"),
    ("S", 40, "AD", "5S AD", 1, "the Bells Kaiser beats the 5 of trumps"),
    ("D", 40, "AD", "AD 5D", 0, "with Bells trumps the Bells Kaiser is still the top"),
    ("H", 48, "", "9H 5H", 0, "48 cards: the 9 of trumps is the Devil (K7)"),
    ("H", 48, "", "9H 6H JH", 2, "48 cards: only the trump Unter beats the led 9"),
    ("H", 48, "", "7H 8H", 1, "48 cards: the 7 and 8 of trumps are plain trump-suit cards (K7)"),
    ("H", 48, "", "7H AH 8H", 1, "48 cards: an undeclared trump Ace is a plain ten"),
    ("H", 48, "", "5D 8H", 0, "a plain trump-suit card on a plain lead is off suit"),
    ("H", 48, "", "9S 4H KS", 2, "48 cards: the King of the led suit over an Unter-beater"),
    ("H", 48, "", "7D 7H", 0, "48 cards: the 7 of trumps is no Devil and no trump"),
]


@pytest.mark.parametrize(("trump", "size", "kaisers", "cards", "winner", "why"), CASES,
                         ids=[c[5] for c in CASES])
def test_trick_winner(trump: str, size: int, kaisers: str, cards: str, winner: int, why: str) -> None:
    ctx = Context(trump, size, frozenset(kaisers.split()))
    best, verdicts = evaluate(cards.split(), ctx)
    assert best == winner, why
    assert len(verdicts) == len(cards.split()) and verdicts[0].reason == "lead"
    # The last card to take over wins.
    assert max(i for i, v in enumerate(verdicts) if v.takes) == winner


def test_classes_of_card() -> None:
    ctx = Context("C", 40, frozenset({"AD", "AH", "AS", "AC"}))
    assert [ctx.kind(c) for c in ("AD", "5C", "JC", "6C", "2C", "AH")] == [FULL] * 6
    assert [ctx.kind(c) for c in ("3C", "AS")] == [OBER_BEATER] * 2
    assert [ctx.kind(c) for c in ("4C", "AC")] == [UNTER_BEATER] * 2
    assert (ctx.kind("KC"), ctx.kind("QC"), ctx.kind("7C")) == (TRUMP_KING, TRUMP_OBER, DEVIL)
    assert ctx.order == ("AD", "5C", "JC", "6C", "2C", "AH", "3C", "AS", "4C", "AC")
    plain = Context("C", 40)
    assert all(plain.kind(a) == PLAIN for a in ("AD", "AH", "AS", "AC", "KD", "3D"))
    assert Context("C", 48).kind("7C") == PLAIN and Context("C", 48).devil == "9C"


def test_a_single_verdict_names_its_reason() -> None:
    ctx = Context("H")
    v = beats("3H", "QD", "QD", ctx)
    assert v.takes and v.reason == "ober_beater_plain" and v.against == "QD"
    assert beats("KD", "3H", "QD", ctx).reason == "king_over_ober_beater"
    assert beats("5H", "7H", "7H", ctx).reason == "devil_led"


@pytest.mark.parametrize(("face_up", "trump", "index"), [
    (["6C", "2H", "KS", "2D"], "H", 1),  # a tie: the first dealt decides (K3)
    (["4D", "3S", "5C", "JS"], "S", 1),
    (["AS", "KH", "QD", "JC"], "S", 0),  # an Ace counts as a ten: lower than the figures
    (["9S", "8C", "2H", "4D"], "H", 2),
    (["KD", "KH", "KS", "KC"], "D", 0),
])
def test_the_lowest_face_up_card_fixes_trumps(face_up: list[str], trump: str, index: int) -> None:
    assert trump_from(face_up) == (trump, index)
