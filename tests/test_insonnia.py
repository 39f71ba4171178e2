"""Insonnia rules: one test per rule and DECISION of shared/rules/insonnia.md (base game, printed deck)."""

from __future__ import annotations

import pytest

from companion.games.engine import SetupError
from companion.games.insonnia.engine import RULES as R
from companion.games.insonnia.state import (
    Concentrate,
    EndTurn,
    Guess,
    InsonniaState,
    Pass,
    PlacementRefused,
    Reshuffle,
    StartRun,
)

from .insonnia_helpers import play, refused, runs_of, table

NINE = {"1": "R1", "2": "Y2", "3": "G3", "4": "B4", "5": "P5", "6": "R6", "7": "Y7", "8": "G8", "9": "B9"}
TEN = {**NINE, "10": "P10"}


# ---- setting up ---------------------------------------------------------------
def test_a_dealt_game_gives_ten_cards_each_and_starts_after_the_dealer() -> None:
    s = R.new_state(4, {}, 7)
    assert [len(h or ()) for h in s.hands] == [10] * 4 and s.pile_size == 108 - 40
    assert s.phase == "first_turn" and s.turn == s.first
    assert sorted([*(c for h in s.hands for c in h or ()), *(s.pile or ())]) == sorted(s.cards.cards)


@pytest.mark.parametrize("options", [{"deck": "tarot"}, {"variant": "chaos"}, {"stake": 2},
                                     {"hands": "maybe"}])
def test_bad_options_are_refused(options: dict[str, str]) -> None:
    with pytest.raises(SetupError):
        R.new_state(3, options, 0)


def test_decision_i2_player_counts() -> None:
    R.new_state(6, {}, 0)
    R.new_state(5, {"deck": "french"}, 0)
    for players, options in ((1, {}), (7, {}), (6, {"deck": "french"})):
        with pytest.raises(SetupError):
            R.new_state(players, options, 0)


# ---- the first turn -----------------------------------------------------------
def test_first_turn_one_numbered_sheep_each_without_drawing() -> None:
    s = table(hands={0: ["R4", "F", "X"], 1: ["Y8", "B2"]}, pile=["G5", "P6"], first_turn=True)
    assert s.phase == "first_turn" and s.turn == 0
    assert refused(s, StartRun(0, "F")).rule == "insonnia.start_sheep"
    assert refused(s, StartRun(0, "X")).rule == "insonnia.start_sheep"
    assert refused(s, play(0, ("R4", 0, 0, 4))).rule == "insonnia.first_turn"
    assert refused(s, Pass(0)).rule == "insonnia.first_turn"
    assert refused(s, StartRun(1, "Y8")).rule == "insonnia.not_your_turn"
    assert refused(s, StartRun(0, "G9")).rule == "insonnia.not_in_hand"
    s = R.apply(s, StartRun(0, "R4"))
    assert runs_of(s, 0) == [{"4": "R4"}] and (s.phase, s.turn, s.pile_size) == ("first_turn", 1, 2)
    s = R.apply(s, StartRun(1, "Y8"))
    # The first player now begins the ordinary turns with a draw.
    assert (s.phase, s.turn) == ("turn", 0) and s.hands[0] == ("F", "X", "G5") and s.pile_size == 1


def test_decision_i3_the_first_turn_goes_round_from_the_first_player() -> None:
    s = table(hands={0: ["R4"], 1: ["Y8"], 2: ["B2"]}, pile=["G5"], players=3, to_act=1, first_turn=True)
    s = R.apply(s, StartRun(1, "Y8"))
    s = R.apply(s, StartRun(2, "B2"))
    assert s.phase == "first_turn" and s.turn == 0
    s = R.apply(s, StartRun(0, "R4"))
    assert (s.phase, s.turn, s.hands[1]) == ("turn", 1, ("G5",))


# ---- chains ---------------------------------------------------------------------
def _chains_table() -> InsonniaState:
    return table(runs={0: [{"5": "R5"}], 1: [TEN, {"2": "B2"}]},
                 hands={0: ["Y6", "G7", "P4", "B3", "R3", "Y4"], 1: ["Y1"]}, pile=["G8", "B9"])


def test_a_chain_goes_up_from_an_open_slot() -> None:
    s = R.apply(_chains_table(), play(0, ("Y6", 0, 0, 6), ("G7", 0, 0, 7), ("G8", 0, 0, 8)))
    assert runs_of(s, 0) == [{"5": "R5", "6": "Y6", "7": "G7", "8": "G8"}]
    assert s.hands[0] == ("P4", "B3", "R3", "Y4") and s.turn == 1 and s.hands[1] == ("Y1", "B9")


def test_a_chain_goes_down_and_may_go_on_another_players_run() -> None:
    s = R.apply(_chains_table(), play(0, ("P4", 0, 0, 4), ("B3", 0, 0, 3)))
    assert runs_of(s, 0) == [{"3": "B3", "4": "P4", "5": "R5"}]
    s = R.apply(_chains_table(), play(0, ("R3", 1, 1, 3), ("Y4", 1, 1, 4)))
    assert runs_of(s, 1)[1] == {"2": "B2", "3": "R3", "4": "Y4"}


def test_a_chain_must_be_consecutive_one_way_and_on_one_run() -> None:
    s = _chains_table()
    e = refused(s, play(0, ("Y6", 0, 0, 6), ("G8", 0, 0, 8)))
    assert e.rule == "insonnia.chain_gap"
    # the way on names only an empty slot: beside the 4 lies the red 5 already
    e = refused(s, play(0, ("Y4", 0, 0, 4), ("Y6", 0, 0, 6)))
    assert e.rule == "insonnia.chain_gap"
    assert e.message.endswith("after slot 4 comes slot 3.") and e.message_it.endswith("viene la 3.")
    # a chain with a direction says so, rather than naming a slot behind it as the next
    e = refused(s, play(0, ("P4", 0, 0, 4), ("B3", 0, 0, 3), ("Y6", 0, 0, 6)))
    assert e.rule == "insonnia.chain_gap"
    assert "one way only, downwards, one slot at a time: after slot 3 comes slot 2" in e.message
    assert "in un solo verso, verso il basso" in e.message_it
    e = refused(s, play(0, ("Y6", 0, 0, 6), ("G7", 0, 0, 7), ("Y6", 0, 0, 6)))
    assert e.rule in ("insonnia.slot_taken", "insonnia.not_in_hand")  # turning back
    e = refused(s, play(0, ("P4", 0, 0, 4), ("R3", 1, 1, 3)))
    assert e.rule == "insonnia.chain_one_run"


def test_a_chain_starts_in_an_open_slot_with_each_sheep_in_its_own_slot() -> None:
    s = _chains_table()
    assert refused(s, play(0, ("G7", 0, 0, 7))).rule == "insonnia.not_open"
    # Laying order matters: the first sheep must touch the run.
    assert refused(s, play(0, ("G7", 0, 0, 7), ("Y6", 0, 0, 6))).rule == "insonnia.not_open"
    assert refused(s, play(0, ("B3", 0, 0, 4))).rule == "insonnia.wrong_slot"
    assert refused(s, play(0, ("Y6", 0, 0, 11))).rule == "insonnia.slot_range"
    assert refused(s, play(0, ("Y6", 0, 3, 6))).rule == "insonnia.no_run"
    assert refused(s, play(0, ("R5", 0, 0, 5))).rule == "insonnia.not_in_hand"
    assert refused(s, play(0, ("Z6", 0, 0, 6))).rule == "insonnia.unknown_card"
    assert refused(s, play(0)).rule == "insonnia.empty_play"
    assert refused(s, play(1, ("B9", 0, 0, 9))).rule == "insonnia.not_your_turn"


def test_a_play_is_one_unit_and_its_refusal_names_the_placement() -> None:
    s = _chains_table()
    before = R.dump_state(s)
    e = refused(s, play(0, ("Y6", 0, 0, 6), ("G7", 0, 0, 7), ("B9", 0, 0, 9)))
    assert isinstance(e, PlacementRefused)
    assert (e.index, e.card, e.slot) == (2, "B9", 9) and e.rule == "insonnia.not_in_hand"
    assert e.message.startswith("Card 3 (blue sheep 9, slot 9 of your run 1)")
    assert e.message_it.startswith("Carta 3 (pecora blu 9, casella 9 della tua serie 1)")
    assert R.dump_state(s) == before


def test_open_slots_gaps_and_confused_sheep() -> None:
    # A gap between cards is open, even between two confused sheep (§5); beyond one is not.
    s = table(runs={0: [{"3": "R3", "5": "R5"}], 1: [{"1": "R1", "2": "X", "4": "X", "5": "R5", "6": "X"}]},
              hands={0: ["P4", "B3", "Y7"]}, pile=["G4"])
    assert runs_of(R.apply(s, play(0, ("P4", 0, 0, 4))), 0) == [{"3": "R3", "4": "P4", "5": "R5"}]
    assert R.apply(s, play(0, ("B3", 1, 0, 3))).runs[1][0].at(3) == "B3"
    assert refused(s, play(0, ("Y7", 1, 0, 7))).rule == "insonnia.not_open"


# ---- confused sheep --------------------------------------------------------------
def _confused_table() -> InsonniaState:
    return table(runs={0: [{"5": "R5"}], 1: [{"4": "B4", "5": "P5"}]},
                 hands={0: ["X", "X", "Y6"], 1: ["Y6", "G3"]}, pile=["G9", "B7", "R8"])


def test_confused_sheep_go_on_other_players_runs_only() -> None:
    s = _confused_table()
    assert refused(s, play(0, ("X", 0, 0, 6))).rule == "insonnia.confused_own"
    s2 = R.apply(s, play(0, ("X", 1, 0, 6)))
    assert runs_of(s2, 1) == [{"4": "B4", "5": "P5", "6": "X"}]


def test_decision_i5_confused_sheep_with_a_chain_and_several_at_once() -> None:
    s = R.apply(_confused_table(), play(0, ("X", 1, 0, 3), ("Y6", 0, 0, 6), ("X", 1, 0, 6)))
    assert runs_of(s, 1) == [{"3": "X", "4": "B4", "5": "P5", "6": "X"}]
    assert runs_of(s, 0) == [{"5": "R5", "6": "Y6"}] and s.hands[0] == ("G9",)


def test_decision_i13_a_confused_sheep_blocks_and_only_its_owner_removes_it() -> None:
    s = R.apply(_confused_table(), play(0, ("X", 1, 0, 6)))
    assert s.turn == 1 and s.hands[1] == ("Y6", "G3", "B7")
    assert refused(s, play(1, ("Y6", 1, 0, 6))).rule == "insonnia.slot_taken"
    assert refused(s, play(1, ("B7", 1, 0, 7))).rule == "insonnia.not_open"
    assert refused(s, Concentrate(1, 0, 0, 5)).rule == "insonnia.not_your_run"
    assert refused(s, Concentrate(1, 1, 0, 5)).rule == "insonnia.nothing_to_remove"
    # The other end stays open.
    assert runs_of(R.apply(s, play(1, ("G3", 1, 0, 3))), 1)[0]["3"] == "G3"
    # A confused sheep is no place to lay another beyond it.
    s3 = R.apply(_confused_table(), play(0, ("X", 1, 0, 6)))
    s3 = R.apply(s3, play(1, ("G3", 1, 0, 3)))
    assert refused(s3, play(0, ("X", 1, 0, 7))).rule == "insonnia.not_open"


# ---- fences ----------------------------------------------------------------------
def _fence_table() -> InsonniaState:
    return table(runs={0: [{"5": "R5"}], 1: [{"2": "B2"}, {"9": "B9"}]},
                 hands={0: ["F", "F", "Y6", "G7"], 1: ["B1"]}, pile=["P3"])


def test_a_fence_is_played_alone_in_slots_2_to_9() -> None:
    s = _fence_table()
    e = refused(s, play(0, ("F", 0, 0, 6), ("G7", 0, 0, 7)))
    assert e.rule == "insonnia.fence_alone" and isinstance(e, PlacementRefused) and e.index == 0
    e = refused(s, play(0, ("Y6", 0, 0, 6), ("F", 0, 0, 7)))
    assert e.rule == "insonnia.fence_alone" and isinstance(e, PlacementRefused) and e.index == 1
    assert refused(s, play(0, ("F", 1, 0, 1))).rule == "insonnia.fence_slot"
    assert refused(s, play(0, ("F", 1, 1, 10))).rule == "insonnia.fence_slot"
    assert refused(s, play(0, ("F", 0, 0, 7))).rule == "insonnia.not_open"
    assert runs_of(R.apply(s, play(0, ("F", 1, 0, 3))), 1)[0] == {"2": "B2", "3": "F"}


def test_decision_i6_no_fence_next_to_a_fence_and_sheep_jump_a_fence() -> None:
    s = R.apply(_fence_table(), play(0, ("F", 0, 0, 6)))
    s = R.apply(s, play(1, ("B1", 1, 0, 1)))
    assert s.turn == 0
    assert refused(s, play(0, ("F", 0, 0, 7))).rule == "insonnia.fence_next_to_fence"
    s = R.apply(s, play(0, ("G7", 0, 0, 7)))
    assert runs_of(s, 0) == [{"5": "R5", "6": "F", "7": "G7"}]


# ---- a new run -------------------------------------------------------------------
def test_decision_i7_a_new_run_only_without_an_incomplete_one() -> None:
    s = table(runs={0: [TEN, {"4": "R4"}]}, hands={0: ["Y3", "F"], 1: ["B1"]}, pile=["G8", "B2"])
    assert refused(s, StartRun(0, "Y3")).rule == "insonnia.start_incomplete"
    s = table(runs={0: [TEN]}, hands={0: ["Y3", "F"], 1: ["B1"]}, pile=["G8", "B2"])
    assert refused(s, StartRun(0, "F")).rule == "insonnia.start_sheep"
    s = R.apply(s, StartRun(0, "Y3"))
    assert runs_of(s, 0) == [TEN, {"3": "Y3"}] and s.turn == 1 and s.hands[0] == ("F", "G8")
    # No run at all (lost to a penalty) is no incomplete run either.
    s = table(runs={1: [{"4": "R4"}]}, hands={0: ["Y3"]}, pile=["G8"])
    assert runs_of(R.apply(s, StartRun(0, "Y3")), 0) == [{"3": "Y3"}]


# ---- concentrate and guess ------------------------------------------------------
def test_concentrate_discards_the_confused_sheep_draws_two_and_ends_the_turn() -> None:
    s = table(runs={0: [{"4": "R4", "5": "X"}]}, hands={0: ["Y5"], 1: ["B1"]}, pile=["G8", "B2", "P3", "Y9"])
    s = R.apply(s, Concentrate(0, 0, 0, 5))
    assert runs_of(s, 0) == [{"4": "R4"}] and s.discard == ("X",)
    assert s.hands[0] == ("Y5", "G8", "B2", "P3") and s.turn == 1 and s.hands[1] == ("B1", "Y9")


def test_a_good_guess_replaces_the_confused_sheep_and_the_turn_goes_on() -> None:
    s = table(runs={0: [{"4": "R4", "5": "X"}]}, hands={0: ["Y6", "F"], 1: ["B1"]},
              pile=["G8", "B5", "P3"])
    assert refused(s, EndTurn(0)).rule == "insonnia.end_turn"
    # Naming a card is refused alike whether it is the top card or not: the refusal must
    # not tell a phone what lies on top of the pile the app holds.
    wrong, right = refused(s, Guess(0, 0, 0, 5, "R1")), refused(s, Guess(0, 0, 0, 5, "B5"))
    assert wrong.rule == right.rule == "insonnia.guess_card" and wrong.message == right.message
    s = R.apply(s, Guess(0, 0, 0, 5))
    assert s.phase == "continue" and s.turn == 0 and runs_of(s, 0) == [{"4": "R4", "5": "B5"}]
    assert s.discard == ("X",) and s.hands[0] == ("Y6", "F", "G8")
    for a in (Concentrate(0, 0, 0, 5), Guess(0, 0, 0, 5)):
        assert refused(s, a).rule == "insonnia.after_guess"
    # A pass is never refused (I10), even now, and costs the penalty as ever; ending the turn
    # does the same for free, so only that is offered.
    assert Pass(0) not in R.legal_actions(s, 0) and EndTurn(0) in R.legal_actions(s, 0)
    p = R.apply(s, Pass(0))  # B5 goes; P3, then the pile is empty: the discards wait to be shuffled
    assert runs_of(p, 0) == [{"4": "R4"}] and p.discard == ("X", "B5") and p.phase == "reshuffle"
    assert p.hands[0] == ("Y6", "F", "G8", "P3")
    assert refused(s, StartRun(0, "G8")).rule == "insonnia.start_incomplete"  # his run is incomplete
    t = R.apply(s, play(0, ("Y6", 0, 0, 6)))
    assert runs_of(t, 0) == [{"4": "R4", "5": "B5", "6": "Y6"}] and t.turn == 1
    t = R.apply(s, EndTurn(0))
    assert t.turn == 1 and t.hands[1] == ("B1", "P3") and t.hands[0] == ("Y6", "F", "G8")


def test_a_bad_guess_costs_the_card_and_two_more() -> None:
    s = table(runs={0: [{"4": "R4", "5": "X"}]}, hands={0: ["Y6"], 1: ["B1"]},
              pile=["G8", "B6", "P3", "R9", "Y2"])
    s = R.apply(s, Guess(0, 0, 0, 5))
    assert runs_of(s, 0) == [{"4": "R4", "5": "X"}] and s.discard == ()
    assert s.hands[0] == ("Y6", "G8", "B6", "P3", "R9") and s.turn == 1 and s.hands[1] == ("B1", "Y2")


def test_no_guess_when_the_pile_and_the_discards_are_both_empty() -> None:
    s = table(runs={0: [{"4": "R4", "5": "X"}]}, hands={0: ["Y6"]}, pile=["G8"])
    assert s.pile_size == 0 and not s.discard
    e = refused(s, Guess(0, 0, 0, 5))
    assert e.rule == "insonnia.empty_pile" and "DECISION I4" in e.message and "DECISIONE I4" in e.message_it
    assert Guess(0, 0, 0, 5) not in R.legal_actions(s, 0)


# ---- the penalty pass ------------------------------------------------------------
@pytest.mark.parametrize(("hand", "why"), [
    (["Y4"], "a sheep fits"), (["X"], "a confused sheep fits"), (["F"], "a fence fits"),
])
def test_decision_i10_revised_a_pass_with_a_card_that_fits_is_legal_and_costs_the_penalty(
        hand: list[str], why: str) -> None:
    s = table(runs={0: [{"5": "R5"}], 1: [{"5": "B5"}]}, hands={0: hand}, pile=["G10", "P1", "Y2", "B3"])
    assert Pass(0) in R.legal_actions(s, 0), why
    s = R.apply(s, Pass(0))
    assert s.runs[0] == () and s.discard == ("R5",), why
    assert s.hands[0] == (*hand, "G10", "P1", "Y2") and s.turn == 1


def test_a_pass_is_legal_when_a_new_run_could_be_started() -> None:
    s = table(runs={0: [TEN]}, hands={0: ["Y1"]}, pile=["G10", "P1", "Y2", "B3"])
    s = R.apply(s, Pass(0))
    assert s.discard == (TEN["10"],) and s.hands[0] == ("Y1", "G10", "P1", "Y2")  # his count's 10 went


def test_the_penalty_discards_the_highest_sheep_and_draws_two() -> None:
    s = table(runs={0: [{"5": "R5", "6": "Y6"}, {"3": "B3"}], 1: [{"1": "G1"}]},
              hands={0: ["R1", "G10"]}, pile=["B8", "P2", "R10", "Y4"])
    s = R.apply(s, Pass(0))
    assert runs_of(s, 0) == [{"5": "R5"}, {"3": "B3"}] and s.discard == ("Y6",)
    assert s.hands[0] == ("R1", "G10", "B8", "P2", "R10") and s.turn == 1


def test_decision_i8_a_tie_takes_the_sheep_of_the_earliest_run() -> None:
    s = table(runs={0: [{"6": "R6", "7": "Y7"}, {"7": "B7"}], 1: [{"1": "G1"}]},
              hands={0: ["G10"]}, pile=["Y4", "P2", "R10"])
    s = R.apply(s, Pass(0))
    assert runs_of(s, 0) == [{"6": "R6"}, {"7": "B7"}] and s.discard == ("Y7",)


def test_decision_i9_fences_and_confused_sheep_left_alone_go_too() -> None:
    s = table(runs={0: [{"3": "R3", "4": "F", "5": "R5", "6": "X"}], 1: [{"10": "G10"}]},
              hands={0: ["B10"]}, pile=["B8", "P2", "R10"])
    s = R.apply(s, Pass(0))
    assert runs_of(s, 0) == [{"3": "R3", "4": "F"}] and s.discard == ("R5", "X")
    # A run left with nothing is gone.
    s = table(runs={0: [{"7": "R7", "8": "F"}, {"2": "Y2"}], 1: [{"10": "G10"}]},
              hands={0: ["B10"]}, pile=["B8", "P2", "R10"])
    s = R.apply(s, Pass(0))
    assert runs_of(s, 0) == [{"2": "Y2"}] and s.discard == ("R7", "F")


def test_a_pass_with_no_sheep_in_front_only_draws() -> None:
    s = table(runs={1: [TEN]}, hands={0: ["F"], 1: ["Y1"]}, pile=["X", "F", "X"])
    s = R.apply(s, Pass(0))
    assert s.runs[0] == () and s.discard == () and s.hands[0] == ("F", "X", "F", "X")


# ---- the pile --------------------------------------------------------------------
def test_decision_i4_an_empty_pile_waits_for_the_discards_to_be_reshuffled() -> None:
    s = table(runs={0: [{"5": "R5", "6": "X"}], 1: [{"1": "G1"}]}, hands={0: ["Y9"], 1: ["B9"]},
              pile=["P2", "R8"])
    s = R.apply(s, Concentrate(0, 0, 0, 6))  # draws R8, then the pile is empty: X is the discard pile
    assert s.phase == "reshuffle" and s.turn == 0 and s.owed == 1 and s.discard == ("X",)
    assert R.to_act(s) == frozenset({0}) and R.legal_actions(s, 0) == [Reshuffle(0)]
    assert refused(s, Pass(0)).rule == "insonnia.reshuffle_first"
    assert refused(s, Reshuffle(0, ("F",))).rule == "insonnia.reshuffle_order"
    assert refused(s, Reshuffle(1)).rule == "insonnia.not_your_turn"
    s = R.apply(s, Reshuffle(0, ("X",)))
    # Max then finds both piles empty: no card is drawn and play goes on.
    assert s.hands[0] == ("Y9", "P2", "R8", "X") and s.discard == () and s.pile_size == 0
    assert (s.phase, s.turn, s.hands[1]) == ("turn", 1, ("B9",))
    assert refused(s, Reshuffle(1)).rule == "insonnia.no_reshuffle"


def test_a_reshuffle_without_an_order_is_a_shuffle_of_the_discards() -> None:
    s = table(runs={0: [{"5": "R5"}], 1: [{"1": "G1"}]}, hands={0: ["B1"], 1: ["B9"]},
              pile=["P8"], discard=["Y7", "G2", "R3"])
    s = R.apply(s, Pass(0))  # R5 goes, then two draws from a reshuffled pile
    assert s.phase == "reshuffle"
    t = R.apply(s, Reshuffle(0))
    drawn = [*t.hands[0][2:], *t.hands[1][1:], *(t.pile or ())]
    assert sorted(drawn) == ["G2", "R3", "R5", "Y7"] and len(t.hands[0]) == 4
    assert R.apply(s, Reshuffle(0)) == t  # the same order every time (a replay)


# ---- the end -----------------------------------------------------------------------
def test_decision_i11_a_complete_count_wins_only_with_an_empty_hand() -> None:
    s = table(runs={0: [NINE]}, hands={0: ["P10", "Y3"], 1: ["B1"]}, pile=["G8", "B2"])
    s = R.apply(s, play(0, ("P10", 0, 0, 10)))
    assert s.phase == "turn" and R.outcome(s) is None
    s = table(runs={0: [NINE], 1: [{"1": "B1"}]}, hands={0: ["P10"]})
    s = R.apply(s, play(0, ("P10", 0, 0, 10)))
    outcome = R.outcome(s)
    assert s.phase == "over" and s.winner == 0 and outcome is not None
    assert outcome.winners == (0,) and outcome.scores == (1, 0) and outcome.payouts == ()
    assert refused(s, play(1, ("B2", 1, 0, 2))).rule == "insonnia.game_over"
    assert R.legal_actions(s, 0) == [] and R.to_act(s) == frozenset()


def test_an_empty_hand_without_a_complete_count_goes_on_drawing() -> None:
    s = table(runs={0: [{"4": "R4"}], 1: [{"1": "G1"}]}, hands={1: ["B2"]}, pile=["Y5", "G8", "R7"])
    s = R.apply(s, play(0, ("Y5", 0, 0, 5)))
    assert s.hands[0] == () and s.phase == "turn" and s.turn == 1
    s = R.apply(s, play(1, ("B2", 1, 0, 2)))
    assert s.hands[0] == ("R7",) and s.turn == 0


def test_an_opponents_card_can_complete_your_count_and_the_actor_wins_a_tie() -> None:
    s = table(runs={0: [TEN], 1: [NINE]}, hands={0: ["R10", "Y4"], 1: []}, pile=["B6", "P2"])
    s = R.apply(s, play(0, ("R10", 1, 0, 10)))
    assert s.winner == 1  # Max's hand was empty: the sheep Lia gave him completes his count
    s = table(runs={0: [TEN], 1: [NINE]}, hands={0: ["R10"], 1: []})
    s = R.apply(s, play(0, ("R10", 1, 0, 10)))
    assert s.winner == 0  # both qualify: the player who acted wins


def test_decision_i12_a_round_with_nothing_drawn_or_laid_ends_without_a_winner() -> None:
    s = table(hands={0: ["X"], 1: ["X"]})
    assert R.legal_actions(s, 0) == [Pass(0)]
    s = R.apply(s, Pass(0))
    assert s.phase == "turn" and s.idle == 1
    s = R.apply(s, Pass(1))
    outcome = R.outcome(s)
    assert s.phase == "over" and s.winner is None and outcome is not None
    assert outcome.winners == () and outcome.scores == (0, 0)


def test_a_position_repeated_three_times_with_nothing_to_draw_ends_without_a_winner() -> None:
    # Two confused sheep thrown back and forth, then concentrated away and drawn again.
    runs = {0: [{**NINE}], 1: [{k: "G" + k for k in NINE}]}
    s = table(runs=runs, hands={0: ["X"], 1: ["X"]})
    cycle = [play(0, ("X", 1, 0, 10)), play(1, ("X", 0, 0, 10)), Concentrate(0, 0, 0, 10), Reshuffle(0),
             Concentrate(1, 1, 0, 10), Reshuffle(1)]
    start = R.dump_state(s)["positions"]
    assert len(start) == 1  # the setup's position, nothing to draw
    for a in cycle:
        s = R.apply(s, a)
    assert s.phase == "turn" and R.outcome(s) is None and s.positions[-1] == start[0]
    for a in cycle[:-1]:
        s = R.apply(s, a)
    assert R.outcome(s) is None
    s = R.apply(s, cycle[-1])  # the starting position for the third time
    assert s.phase == "over" and s.winner is None


def test_a_run_completed_is_said_with_what_its_owner_still_needs_and_a_lost_one_too() -> None:
    """Lia lays the 10 that completes her run (count) but still holds a card: the log says the
    run is complete and that she wins once no card is left in her hand (never that she has won:
    the game goes on). A pass then discards her highest
    sheep, the 10: the log says she loses a complete run."""
    from companion.games.insonnia.story import narrate

    nine = {str(n): f"R{n}" for n in range(1, 10)}
    s = table(runs={0: [nine], 1: [{"5": "Y5"}]}, hands={0: ["R10", "G3"], 1: ["B2"]},
              pile=["P7", "P8", "P9", "P4", "P5"])
    done = R.apply(s, play(0, ("R10", 0, 0, 10)))
    names = ["Lia", "Max"]
    lines = narrate(names, s, play(0, ("R10", 0, 0, 10)), done)
    said = [line for line in lines if line.get("kind") == "count"]
    assert [line["en"] for line in said] == [
        "Lia's run 1 is complete: Lia wins once no card is left in hand."]
    assert said[0]["it"] == "La serie 1 di Lia è completa: Lia vince appena resta senza carte in mano."
    # Max passes, then Lia passes too: her highest sheep, the 10, goes
    assert done.turn == 1
    later = R.apply(done, Pass(1))
    assert later.turn == 0 and not [line for line in narrate(names, done, Pass(1), later)
                                    if line.get("kind") == "count"]
    broken = R.apply(later, Pass(0))
    lines = narrate(names, later, Pass(0), broken)
    assert any(line["en"] == "Lia loses a complete run: it must be completed again." for line in lines)
