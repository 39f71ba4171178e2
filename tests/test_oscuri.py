"""Oscuri rules: one test per rule and DECISION of shared/rules/oscuri.md not covered by the scenarios."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from companion.games.engine import IllegalAction, SetupError
from companion.games.oscuri.engine import RULES as O
from companion.games.oscuri.state import Discard, OscuriState, Play, cut_rank


def table(hands: Sequence[Sequence[str]], deck: Sequence[str] = (), leader: int = 0,
          stake: int = 1) -> OscuriState:
    names = [f"P{i}" for i in range(len(hands))]
    return O.from_setup(names, stake, leader, hands, deck, [0] * len(hands))


def play(s: OscuriState, *cards: str) -> OscuriState:
    for card in cards:
        s = O.apply(s, Play(s.to_play if s.to_play is not None else -1, card))
    return s


def stakes(s: OscuriState) -> list[tuple[str, int, bool]]:
    return [(p.card, p.stakes, p.frozen) for p in s.trick]


def test_setup_limits_and_options() -> None:
    with pytest.raises(SetupError):
        O.new_state(1, {}, 0)
    with pytest.raises(SetupError):
        O.new_state(7, {}, 0)
    with pytest.raises(SetupError):
        O.new_state(3, {"stake": 0}, 0)
    s = O.new_state(4, {"stake": 5}, 3)
    assert all(len(h or ()) == 3 for h in s.hands) and s.deck_size == 54 - 12 and s.stake == 5


def test_decision_o2_cut_order() -> None:
    assert cut_rank("KS") > cut_rank("JK1") > cut_rank("2H") > cut_rank("QD")
    assert cut_rank("JH") == cut_rank("QH") and cut_rank("AH") < cut_rank("JH")


def test_the_two_of_crosses_beats_the_skull_figures_and_nothing_else() -> None:
    s = play(table([["QH", "3C"], ["2S", "4C"], ["5C", "6C"]]), "QH", "2S")
    assert stakes(s) == [("QH", 0, False), ("2S", 2, False)]
    s = play(table([["AH", "3C"], ["2S", "4C"], ["5C", "6C"]]), "AH", "2S")
    assert stakes(s) == [("AH", 2, True), ("2S", 0, False)]  # a lower suit: frozen


def test_decision_o4_two_of_crosses_must_still_follow_suit() -> None:
    s = play(table([["QH", "3C"], ["2S", "4H"], ["5C", "6C"]]), "QH")
    with pytest.raises(IllegalAction) as e:
        O.apply(s, Play(1, "2S"))
    assert e.value.rule == "oscuri.follow_suit"


def test_decision_o8_a_led_angel_sets_no_suit_and_any_card_takes_it() -> None:
    s = play(table([["JK1", "3C"], ["2S", "4H"], ["5C", "6C"]]), "JK1")
    assert s.suit is None and s.ref is None
    s = play(s, "2S")
    assert stakes(s) == [("JK1", 0, False), ("2S", 2, False)] and s.suit == "S"


def test_decision_o16_an_angel_takes_the_stakes_of_another_angel() -> None:
    s = play(table([["7D", "3C"], ["JK1", "4H"], ["JK2", "6C"], ["5D", "8C"]]), "7D", "JK1", "JK2")
    assert stakes(s) == [("7D", 0, False), ("JK1", 0, False), ("JK2", 3, False)]
    assert s.trick[s.ref or 0].card == "7D" and s.suit == "D"


def test_equal_figures_freeze_the_earlier_stakes() -> None:
    s = play(table([["JC", "3H"], ["QC", "4H"], ["5C", "6H"]]), "JC", "QC", "5C")
    # The turn is over: JC kept its stake (frozen), QC collected its own and the 5C's.
    assert [(p.card, p.stakes) for p in s.last_turn] == [("JC", 1), ("QC", 2), ("5C", 0)]
    assert s.balances == (0, 1, -1) and s.leader == 1


def test_decision_o6_death_takes_frozen_stakes_too() -> None:
    s = play(table([["10C", "3H"], ["5S", "4H"], ["KD", "6H"], ["QC", "7H"]]), "10C", "5S", "KD")
    assert s.balances == (-1, -1, 2, 0) and s.leader == 2
    assert [(p.card, p.stakes) for p in s.last_turn][-1] == ("KD", 2)


def test_decision_o11_ties_go_to_the_latest_player() -> None:
    s = play(table([["JD", "3C"], ["2D", "9C"], ["QD", "7S"], ["3D", "6C"]]), "JD", "2D", "QD", "3D")
    assert s.leader == 2  # JD and QD hold 2 each: QD was played later


def test_decisions_o13_o14_players_without_cards_leave_and_the_game_ends() -> None:
    s = play(table([["2C"], ["3C", "4H"], ["5C", "6H"]]), "2C", "3C", "5C")
    assert s.out == (True, False, False) and s.order == (2, 1) and s.phase == "play"
    s = play(s, "6H", "4H")
    assert s.phase == "over"
    out = O.outcome(s)
    assert out is not None and sum(out.payouts) == 0 and out.scores == s.balances


def test_led_death_discards_are_checked() -> None:
    s = play(table([["KS", "5C"], ["4D", "2H"], ["JC", "3S"]], deck=["6D"]), "KS")
    assert s.phase == "death_discard" and s.owing == (1, 2) and s.balances == (2, -1, -1)
    with pytest.raises(IllegalAction):
        O.apply(s, Discard(1, None))  # a known hand names its card
    s = O.apply(O.apply(s, Discard(1, "2H")), Discard(2, "3S"))
    assert s.phase == "play" and s.hands[0] == ("5C", "6D") and s.out_face_down == 2


def test_unknown_hands_flag_a_renege_proved_by_later_play() -> None:
    s = replace(O.new_state(3, {"hands": "unknown"}, seed=4), deck_size=0)  # nothing left to draw
    first = s.order
    s = O.apply(s, Play(first[0], "9D"))
    s = O.apply(s, Play(first[1], "4C"))  # "no diamonds": it cannot be checked now
    s = O.apply(s, Play(first[2], "10D"))
    assert s.reneges == () and s.turn == 2
    while s.to_play != first[1]:
        s = O.apply(s, Play(s.to_play or 0, ["2S", "3S"][len(s.trick)]))
    # He has drawn nothing since: this diamond was in his hand when he played the club.
    s = O.apply(s, Play(first[1], "5D"))
    assert s.reneges == ((first[1], "D", 1),)
    assert O.view(s, None)["reneges"] == [{"player": first[1], "suit": "D", "turn": 1}]
    assert s.to_play is not None  # everybody still holds a card
    with pytest.raises(IllegalAction) as e:
        O.apply(s, Play(s.to_play, "9D"))
    assert e.value.rule == "oscuri.card_seen"  # played in turn 1, face up


def test_the_lead_passes_left_when_the_winner_has_no_card_left() -> None:
    s = play(table([["9D"], ["3D", "5C"], ["4D", "6C"]]), "9D", "3D", "4D")
    assert s.out[0] and s.leader == 1 and s.to_play == 1


def test_payouts_are_the_changes_since_the_setup() -> None:
    s = O.from_setup(["A", "B"], 1, 0, [["9D"], ["3D"]], [], [5, 0])
    s = play(s, "9D", "3D")
    out = O.outcome(s)
    assert out is not None and out.payouts == (1, -1) and out.scores == (6, -1)


def test_more_cards_of_a_suit_than_cards_drawn_prove_a_renege() -> None:
    s = replace(O.new_state(3, {"hands": "unknown"}, seed=4), deck_size=1)
    p0, p1, p2 = s.order
    s = O.apply(s, Play(p0, "9D"))
    s = O.apply(s, Play(p1, "4H"))  # "no diamonds"; a higher suit: he wins and draws the last card
    s = O.apply(s, Play(p2, "2C"))
    assert s.leader == p1 and s.deck_size == 0
    s = O.apply(s, Play(p1, "5D"))  # may be the card he drew
    assert s.reneges == ()
    s = O.apply(s, Play(p2, "2S"))
    s = O.apply(s, Play(p0, "3S"))
    assert s.leader == p1  # 5D kept its frozen stakes
    s = O.apply(s, Play(p1, "6D"))  # a second diamond, and only one card drawn: he had one
    assert s.reneges == ((p1, "D", 1),)


def test_a_face_down_discard_is_never_named_when_the_hand_is_unknown() -> None:
    s = O.new_state(3, {"hands": "unknown"}, seed=4)
    s = O.apply(s, Play(s.order[0], "KS"))
    with pytest.raises(IllegalAction) as e:
        O.apply(s, Discard(s.owing[0], "QH"))
    assert e.value.rule == "oscuri.discard_unseen"
    assert O.apply(s, Discard(s.owing[0], None)).out_face_down == 1


def test_the_real_cut_chooses_the_first_leader_and_the_deal_stays_the_same() -> None:
    """The players cut the real deck (DECISION O2) and the table records the winner: the
    cards dealt are the ones the app would deal after its own cut."""
    drawn = O.new_state(4, {"hands": "known"}, seed=11)
    for seat in range(4):
        chosen = O.new_state(4, {"hands": "known", "leader": seat}, seed=11)
        assert chosen.leader == seat and chosen.to_play == seat
        assert chosen.order == tuple((seat + i) % 4 for i in range(4))
        assert chosen.hands == drawn.hands and chosen.deck == drawn.deck
    for bad in (4, -1, "1", 1.5, False, [0]):
        with pytest.raises(SetupError, match="option 'leader' must be a seat from 0 to 3"):
            O.new_state(4, {"leader": bad}, seed=11)
