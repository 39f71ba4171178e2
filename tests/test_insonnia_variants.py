"""Insonnia's variants (Rainbow, Family: insonnia.md §6) and the French adaptation (§1.2, DECISION I1)."""

from __future__ import annotations

from collections import Counter

from companion.games.cards import INSONNIA88, card_name, deck_list
from companion.games.insonnia.engine import RULES as R
from companion.games.insonnia.runs import CONFUSED, FENCE, FRENCH, SHEEP
from companion.games.insonnia.state import Concentrate, EndTurn, Guess, Reshuffle, StartRun

from .insonnia_helpers import play, refused, runs_of, table

REDS = {str(n): f"R{n}" for n in range(1, 10)}


# ---- Rainbow -----------------------------------------------------------------------
def test_rainbow_no_sheep_next_to_a_sheep_of_its_colour() -> None:
    s = table(runs={0: [{"4": "R4", "5": "F"}], 1: [{"2": "Y2"}]},
              hands={0: ["R3", "Y3", "R6", "G6", "G7"], 1: ["B1"]}, pile=["P9"], variant="rainbow")
    assert refused(s, play(0, ("R3", 0, 0, 3))).rule == "insonnia.rainbow"
    assert refused(s, play(0, ("Y3", 1, 0, 3))).rule == "insonnia.rainbow"
    e = refused(s, play(0, ("G6", 0, 0, 6), ("G7", 0, 0, 7)))
    assert e.rule == "insonnia.rainbow" and "Card 2" in e.message
    assert runs_of(R.apply(s, play(0, ("Y3", 0, 0, 3))), 0) == [{"3": "Y3", "4": "R4", "5": "F"}]
    # A fence is no sheep: R6 beside it is not beside R4.
    assert R.apply(s, play(0, ("R6", 0, 0, 6))).runs[0][0].at(6) == "R6"
    # The same card is fine in the base game.
    base = table(runs={0: [{"4": "R4"}]}, hands={0: ["R3"], 1: ["B1"]}, pile=["P9"])
    assert R.apply(base, play(0, ("R3", 0, 0, 3))).runs[0][0].at(3) == "R3"


def test_rainbow_a_guess_must_obey_the_colours_too() -> None:
    def after_guess(top: str) -> str | None:
        s = table(runs={0: [{"4": "R4", "5": "X", "6": "Y6"}]}, hands={0: ["B1"], 1: ["B2"]},
                  pile=["G9", top, "P1", "P2", "P3"], variant="rainbow")
        return R.apply(s, Guess(0, 0, 0, 5)).runs[0][0].at(5)
    assert after_guess("R5") == "X"  # a red 5 beside the red 4: a miss
    assert after_guess("B5") == "B5"


# ---- Family ------------------------------------------------------------------------
def test_family_a_count_is_complete_only_in_the_colour_of_its_first_card() -> None:
    s = table(runs={0: [{**REDS, "5": "F"}], 1: [{"3": "Y3", "4": "R4"}]}, hands={0: ["R10"], 1: ["B1"]},
              variant="family")
    assert [r.colour for r in s.runs[1]] == ["Y"]  # a setup run: its lowest sheep's colour
    s2 = R.apply(s, play(0, ("R10", 0, 0, 10)))
    assert s2.winner == 0  # the fence is no sheep: it breaks no colour
    s = table(runs={0: [REDS]}, hands={0: ["B10"], 1: ["B1"]}, variant="family")
    s2 = R.apply(s, play(0, ("B10", 0, 0, 10)))
    assert s2.phase != "over" and s2.hands[0] == () and len([c for c in s2.runs[0][0].cards if c]) == 10
    s = table(hands={0: ["G4", "R5"], 1: ["B1"]}, variant="family")
    s = R.apply(s, StartRun(0, "G4"))
    assert s.runs[0][0].colour == "G"


def test_family_foreign_sheep_are_laid_on_and_beyond_and_removed_like_confused_ones() -> None:
    s = table(runs={0: [{"4": "R4"}], 1: [{"1": "Y1"}]},
              hands={0: ["R6", "R5"], 1: ["B5", "G2"]}, pile=["P9", "G8", "Y7", "P8", "B8", "R9"],
              to_act=1, variant="family")
    s = R.apply(s, play(1, ("B5", 0, 0, 5)))  # an opponent's foreign sheep
    s = R.apply(s, play(0, ("R6", 0, 0, 6)))  # laid beyond it: it blocks nothing
    assert runs_of(s, 0) == [{"4": "R4", "5": "B5", "6": "R6"}]
    s = R.apply(s, play(1, ("G2", 1, 0, 2)))
    assert refused(s, Concentrate(0, 0, 0, 4)).message.endswith("nor a sheep of another colour.")
    s = R.apply(s, Concentrate(0, 0, 0, 5))  # from the middle: a gap is left
    assert runs_of(s, 0) == [{"4": "R4", "6": "R6"}] and s.discard == ("B5",)
    s = R.apply(s, Reshuffle(1, ("B5",)))  # Max's draw finds only the discards
    s = R.apply(s, play(1, ("Y7", 0, 0, 7)))
    s = R.apply(s, play(0, ("R5", 0, 0, 5)))  # the gap is open to the exact number
    assert runs_of(s, 0) == [{"4": "R4", "5": "R5", "6": "R6", "7": "Y7"}]


def test_family_a_guess_must_find_the_runs_colour() -> None:
    def after_guess(slot_card: str, top: str) -> str | None:
        s = table(runs={0: [{"4": "R4", "5": slot_card, "6": "R6"}]}, hands={0: ["B1"], 1: ["B2"]},
                  pile=["G9", top, "P1", "P2", "P3"], variant="family")
        s = R.apply(s, Guess(0, 0, 0, 5))
        return s.runs[0][0].at(5)
    assert after_guess("B5", "R5") == "R5"
    assert after_guess("B5", "Y5") == "B5"
    assert after_guess("X", "Y5") == "X"  # a confused sheep too: only a red 5 belongs there
    assert after_guess("X", "R5") == "R5"


def test_family_a_good_guess_on_a_foreign_sheep_discards_it_and_the_turn_goes_on() -> None:
    s = table(runs={0: [{"4": "R4", "5": "B5"}]}, hands={0: ["R6"], 1: ["B2"]},
              pile=["G9", "R5", "P1"], variant="family")
    s = R.apply(s, Guess(0, 0, 0, 5))
    assert s.phase == "continue" and s.discard == ("B5",)
    s = R.apply(s, EndTurn(0))
    assert s.turn == 1


# ---- the French adaptation ------------------------------------------------------
def test_decision_i1_the_french_adaptation_has_88_cards() -> None:
    cards = deck_list(INSONNIA88)
    counts = Counter(cards)
    assert len(cards) == 88 and counts["AS"] == 2 and counts["10D"] == 2
    assert [counts[k] for k in ("KS", "KH", "KD", "KC")] == [1, 1, 1, 1]
    assert counts["JK1"] == counts["JK2"] == 2
    assert not any(c.startswith(("J", "Q")) and not c.startswith("JK") for c in cards)
    roles = Counter(FRENCH.kinds[c].role for c in cards)
    assert roles == {SHEEP: 80, FENCE: 4, CONFUSED: 4}
    assert (FRENCH.kinds["AH"].number, FRENCH.kinds["AH"].colour) == (1, "H")
    assert card_name(INSONNIA88, "KS", "en") == "king of spades (fence)"
    assert card_name(INSONNIA88, "JK2", "it") == "jolly nero (pecora confusa)"
    s = R.new_state(5, {"deck": "french"}, 3)
    assert s.pile_size == 88 - 50 and sorted([*(c for h in s.hands for c in h or ()), *(s.pile or ())]) \
        == sorted(cards)


def test_french_kings_are_fences_jokers_confused_sheep_and_suits_colours() -> None:
    s = table(runs={0: [{"2": "2S", "3": "3S"}], 1: [{"9": "9H"}]},
              hands={0: ["AS", "AH", "KD", "JK1", "4H"], 1: ["5C"]}, pile=["8D"],
              deck="french", variant="rainbow")
    assert refused(s, play(0, ("AS", 0, 0, 1))).rule == "insonnia.rainbow"  # spades beside spades
    assert R.apply(s, play(0, ("AH", 0, 0, 1))).runs[0][0].at(1) == "AH"
    assert refused(s, play(0, ("KD", 1, 0, 10))).rule == "insonnia.fence_slot"
    assert refused(s, play(0, ("KD", 0, 0, 4), ("4H", 0, 0, 5))).rule == "insonnia.fence_alone"
    assert refused(s, play(0, ("JK1", 0, 0, 4))).rule == "insonnia.confused_own"
    t = R.apply(s, play(0, ("4H", 0, 0, 4), ("JK1", 1, 0, 8)))
    assert runs_of(t, 1) == [{"8": "JK1", "9": "9H"}]
    assert refused(table(hands={0: ["KS"]}, deck="french", first_turn=True),
                   StartRun(0, "KS")).rule == "insonnia.start_sheep"
    assert refused(s, play(0, ("R4", 0, 0, 4))).rule == "insonnia.unknown_card"
