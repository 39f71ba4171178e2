"""Oscuri DECISIONs O3, O5 and O18 (shared/rules/oscuri.md), each shown on its own."""

from __future__ import annotations

import pytest

from companion.games.oscuri.engine import RULES as O

from .test_oscuri import play, stakes, table


@pytest.mark.parametrize("king", ["KS", "KH", "KD", "KC"])
def test_decision_o3_every_king_is_death_whatever_its_suit(king: str) -> None:
    """A king played after the lead takes every stake and ends the turn; he leads next."""
    s = play(table([["5C", "3H"], ["9C", "4H"], [king, "6H"], ["7C", "8H"]]), "5C", "9C", king)
    assert s.phase == "play" and s.trick == ()  # the turn ended at once: the fourth never played
    assert s.leader == 2 and s.balances == (-1, -1, 2, 0)


def test_decision_o3_the_jack_and_queen_are_the_two_equal_figures() -> None:
    """Q on J of the same suit is neither higher nor lower: the J's stakes freeze."""
    s = play(table([["JD", "3H"], ["QD", "4H"], ["5S", "6H"]]), "JD", "QD")
    assert stakes(s) == [("JD", 1, True), ("QD", 1, False)]


def test_decision_o5_no_stake_goes_on_a_death_card() -> None:
    """The Death player puts nothing down: he gains exactly the stakes already played."""
    s = play(table([["5C", "3H"], ["KH", "4H"], ["7C", "8H"]], stake=3), "5C", "KH")
    assert s.balances == (-3, 3, 0)
    assert [(p.card, p.stakes) for p in s.last_turn] == [("5C", 0), ("KH", 3)]  # chips: his own would make 6


def test_decision_o18_a_card_that_beats_takes_every_stake_on_the_holder() -> None:
    """The lower 3C's stake joins the 5C's on the holder; the 9C that beats takes both."""
    s = play(table([["5C", "3H"], ["3C", "4H"], ["9C", "6H"], ["KH", "8H"]]), "5C", "3C")
    assert stakes(s) == [("5C", 2, False), ("3C", 0, False)]
    s = play(s, "9C")
    assert stakes(s) == [("5C", 0, False), ("3C", 0, False), ("9C", 3, False)]
    assert sum(p.stakes for p in s.trick) == 3 and O.outcome(s) is None


def test_decision_o19_a_leader_without_cards_hands_the_lead_to_his_left() -> None:
    """DECISION O19 of the spec (once the app's own A1), shown in the rule book in both languages,
    and played so: P0 wins the turn with his last card; P1, on his left, leads the next one."""
    from companion.games.registry import BOOKS

    para = next(p for p in BOOKS["oscuri"].paragraphs() if p.decision == "O19")
    assert para.anchor == "decision-o19" and not any(p.decision == "A1" for p in BOOKS["oscuri"].paragraphs())
    assert "on their left" in para.en and "Reason:" in para.en
    assert "sinistra" in para.it and "Motivo:" in para.it
    s = play(table([["AC"], ["3C", "4H"], ["5C", "6H"], ["7C", "8H"]]), "AC", "3C", "5C", "7C")
    assert s.out[0] and s.leader == 1 and s.to_play == 1
