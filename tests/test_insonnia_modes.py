"""Insonnia at a real table (unknown hands), JSON, views and the log."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.games.engine import IllegalAction
from companion.games.insonnia.engine import RULES as R
from companion.games.insonnia.runs import Run
from companion.games.insonnia.state import (
    Concentrate,
    EndTurn,
    Guess,
    InsonniaState,
    Pass,
    Reshuffle,
    StartRun,
)
from companion.games.insonnia.story import narrate

from .insonnia_helpers import play, refused, table

NAMES = ["Lia", "Max"]
NINE = {"1": "R1", "2": "Y2", "3": "G3", "4": "B4", "5": "P5", "6": "R6", "7": "Y7", "8": "G8", "9": "B9"}


def _run(cards: dict[str, str], colour: str = "R") -> Run:
    return Run(tuple(cards.get(str(n)) for n in range(1, 11)), colour)


def unknown(runs: dict[int, list[dict[str, str]]], sizes: tuple[int, int], pile: int = 20,
            discard: tuple[str, ...] = ()) -> InsonniaState:
    """A real-table game in the middle, seat 0 to act."""
    s = R.new_state(2, {"hands": "unknown"}, 1)
    return replace(s, phase="turn", turn=0, first=0, hand_sizes=sizes, pile_size=pile, discard=discard,
                   runs=tuple(tuple(_run(r) for r in runs.get(p, [])) for p in range(2)))


# ---- unknown hands ---------------------------------------------------------------
def test_an_unknown_game_deals_nothing_and_counts_the_cards() -> None:
    s = R.new_state(3, {"hands": "unknown"}, 5)
    assert s.hands == (None, None, None) and s.pile is None and s.hand_sizes == (10, 10, 10)
    assert s.pile_size == 78 and len(R.legal_actions(s, s.turn)) == 50  # any sheep may start
    assert refused(s, StartRun(s.turn, "F")).rule == "insonnia.start_sheep"
    s = R.apply(s, StartRun(s.turn, "R4"))
    assert s.hand_sizes.count(9) == 1


def test_unknown_hands_a_card_must_still_be_out_of_sight_and_in_number() -> None:
    s = unknown({0: [{"4": "R4", "5": "R5"}], 1: [{"5": "R5", "6": "Y6"}]}, (2, 5))
    e = refused(s, play(0, ("R5", 1, 0, 4)))  # both red 5s lie on the table
    assert e.rule == "insonnia.not_in_hand" and "already in sight" in e.message
    assert refused(s, play(0, ("B3", 0, 0, 3), ("P2", 0, 0, 2), ("G1", 0, 0, 1))).rule == "insonnia.too_many"
    s2 = R.apply(s, play(0, ("B3", 0, 0, 3), ("P2", 0, 0, 2)))
    assert s2.hand_sizes == (0, 6) and s2.hands == (None, None)


def test_unknown_hands_a_guess_names_the_card_turned_over() -> None:
    s = unknown({0: [{"4": "R4", "5": "X"}], 1: [{"4": "R4"}]}, (2, 5))
    assert refused(s, Guess(0, 0, 0, 5)).rule == "insonnia.guess_card"
    assert refused(s, Guess(0, 0, 0, 5, "R4")).rule == "insonnia.card_seen"  # both are on the table
    hit = R.apply(s, Guess(0, 0, 0, 5, "B5"))
    assert hit.phase == "continue" and hit.runs[0][0].at(5) == "B5" and hit.pile_size == 19
    miss = R.apply(s, Guess(0, 0, 0, 5, "B6"))
    assert miss.hand_sizes == (5, 6) and miss.pile_size == 16 and miss.turn == 1
    assert {a.card for a in R.legal_actions(s, 0) if isinstance(a, Guess)} == {"B5", "B1"}


def test_unknown_hands_a_pass_is_legal_and_a_card_laid_later_proves_nothing() -> None:
    """DECISION I10 (revised): laying is optional, so a pass while a card fitted is no renege."""
    ten = {**NINE, "10": "P10"}
    s = unknown({1: [ten]}, (3, 2), pile=0)
    assert refused(s, Reshuffle(0)).rule == "insonnia.no_reshuffle"
    assert Pass(0) in R.legal_actions(s, 0)
    s = R.apply(s, Pass(0))  # he has no run, so any sheep would have started one
    s = R.apply(s, StartRun(1, "B5"))
    s2 = R.apply(s, StartRun(0, "Y3"))
    lines = narrate(NAMES, s, StartRun(0, "Y3"), s2)
    assert len(lines) == 1 and "Renege" not in lines[0]["en"] and "reneges" not in R.view(s2, None)


def test_unknown_hands_reshuffle_without_an_order_and_win_by_count() -> None:
    s = unknown({0: [{"4": "R4", "5": "X"}], 1: [{"1": "G1"}]}, (1, 3), pile=1, discard=("Y7",))
    s = R.apply(s, Concentrate(0, 0, 0, 5))
    assert s.phase == "reshuffle" and s.hand_sizes[0] == 2
    assert refused(s, Reshuffle(0, ("Y7", "X"))).rule == "insonnia.reshuffle_order"
    s = R.apply(s, Reshuffle(0))
    assert s.pile is None and s.hand_sizes == (3, 4) and s.pile_size == 0
    won = unknown({0: [NINE]}, (1, 4))
    won = R.apply(won, play(0, ("R10", 0, 0, 10)))
    assert won.winner == 0


# ---- JSON -----------------------------------------------------------------------------
def test_every_action_and_a_busy_state_survive_json() -> None:
    actions = [play(0, ("R5", 1, 0, 5), ("X", 1, 1, 3)), StartRun(1, "B3"), Concentrate(0, 0, 1, 4),
               Guess(0, 0, 0, 2), Guess(1, 1, 0, 7, "G7"), Pass(1), EndTurn(0), Reshuffle(0),
               Reshuffle(1, ("X", "R5"))]
    for a in actions:
        assert R.load_action(json.loads(json.dumps(R.dump_action(a)))) == a
    s = table(runs={0: [{"4": "R4", "5": "B5"}], 1: [{"1": "G1"}]}, hands={0: ["R6"], 1: ["Y2"]},
              pile=["G9", "R5", "P1"], discard=["X"], variant="family")
    s = R.apply(s, Guess(0, 0, 0, 5))
    assert R.load_state(json.loads(json.dumps(R.dump_state(s)))) == s
    s = unknown({1: [{**NINE, "10": "P10"}]}, (3, 2), pile=0)
    s = R.apply(R.apply(R.apply(s, Pass(0)), StartRun(1, "B5")), StartRun(0, "Y3"))
    assert s.positions
    assert R.load_state(json.loads(json.dumps(R.dump_state(s)))) == s
    # A guess waiting for the discards to become a new pile (DECISION I4).
    s = table(runs={0: [{"4": "R4", "5": "X"}], 1: [{"1": "G1"}]}, hands={0: ["R6"], 1: ["Y2"]},
              pile=["G9"], discard=["B5", "P2"])
    s = R.apply(s, Guess(0, 0, 0, 5))
    assert s.phase == "reshuffle" and s.pending == Guess(0, 0, 0, 5)
    assert R.load_state(json.loads(json.dumps(R.dump_state(s)))) == s


def test_malformed_actions_are_refused_with_a_rule() -> None:
    for d in ({"type": "play", "player": 0}, {"type": "play", "player": 0, "placements": [{"card": "R4"}]},
              {"type": "guess", "player": 0, "owner": 0, "run": 0}, {"type": "stand", "player": 0},
              {"type": "play", "player": "Lia", "placements": []}, {"type": "start_run", "player": 0}):
        with pytest.raises(IllegalAction) as e:
            R.load_action(d)
        assert e.value.rule in ("insonnia.malformed", "insonnia.unknown_action")


# ---- views --------------------------------------------------------------------------
def test_a_view_shows_the_seats_own_hand_and_never_the_pile() -> None:
    s = table(runs={0: [{"5": "R5"}], 1: [{"1": "G1"}]}, hands={0: ["R1", "Y2"], 1: ["G3", "B4"]},
              pile=["P7", "P6", "P8"], discard=["X"])
    mine, theirs, public = (json.dumps(R.view(s, p)) for p in (0, 1, None))
    assert all(f'"{c}"' in mine for c in ("R1", "Y2", "P7")) and '"G3"' not in mine
    assert '"G3"' in theirs and '"R1"' not in theirs and '"P7"' not in theirs
    assert '"hand"' not in public and not any(f'"{c}"' in public for c in ("R1", "G3", "P6", "P8"))
    view = R.view(s, None)
    assert view["runs"] == [[{"5": "R5"}], [{"1": "G1"}]] and view["discard_pile"] == ["X"]
    assert view["hand_sizes"] == [3, 2] and view["deck_size"] == 2 and view["open_slots"] == [[[4, 6]], [[2]]]
    assert R.view(unknown({}, (3, 3)), 0)["hand"] is None


# ---- the log ------------------------------------------------------------------------
def test_the_log_tells_every_event_in_both_languages_and_no_card_drawn() -> None:
    s = table(runs={0: [{"4": "R4", "5": "X"}], 1: [{"1": "G1"}]}, hands={0: ["Y6", "F"], 1: ["B2"]},
              pile=["G8", "B5", "P3", "R9"])
    steps = [Guess(0, 0, 0, 5), play(0, ("Y6", 0, 0, 6)), play(1, ("B2", 1, 0, 2)), play(0, ("F", 0, 0, 7))]
    told = []
    for a in steps:
        after = R.apply(s, a)
        lines = narrate(NAMES, s, a, after)
        assert lines and all(line["en"] and line["it"] for line in lines)
        told.extend(line["en"] for line in lines)
        s = after
    assert told[0] == ("Lia guesses on a confused sheep in slot 5: the top card is the blue sheep 5, exactly "
                       "right! It takes the place; Lia goes on.")
    assert told[1] == "Lia lays the yellow sheep 6 on their own run 1."  # not her name twice
    assert told[3] == "Lia puts a fence in slot 7 of their own run 1."
    assert not any("sheep 3" in t or "sheep 9" in t for t in told)  # drawn cards stay private


def test_the_log_tells_the_penalty_the_reshuffle_and_the_end() -> None:
    s = table(runs={0: [{"5": "R5", "6": "Y6"}], 1: [{"1": "G1"}]}, hands={0: ["R1"], 1: ["B9"]},
              pile=["G10"])
    after = R.apply(s, Pass(0))
    assert narrate(NAMES, s, Pass(0), after)[0]["en"] == \
        "Lia passes: discards the yellow sheep 6 from the table and draws two cards."
    s, after = after, R.apply(after, Reshuffle(0))
    said = narrate(NAMES, s, Reshuffle(0), after)[0]  # one card discarded: said in the singular
    assert said == {"en": "The pile is empty: the one discarded card becomes the new pile.",
                    "it": "Il mazzo è finito: l'unica carta scartata diventa il nuovo mazzo."}
    more = replace(s, discard=("Y6", "B2", "R7"))
    assert "the 3 discarded cards are shuffled into a new pile" in \
        narrate(NAMES, more, Reshuffle(0), R.apply(more, Reshuffle(0)))[0]["en"]
    s = table(hands={0: ["X"], 1: ["X"]})
    s = R.apply(s, Pass(0))
    end = narrate(NAMES, s, Pass(1), R.apply(s, Pass(1)))
    assert end[-1]["en"].startswith("A whole round without a card drawn or laid")


# ---- what the phones are told --------------------------------------------------------
def test_a_card_read_by_the_camera_is_asked_whether_it_fits_anywhere() -> None:
    s = table({0: [{"4": "R4"}], 1: [{"8": "Y8"}]}, {0: ["R5", "R2", "F", "X"]}, pile=["G1", "G2"])
    for card in ("R5", "F", "X"):  # next to the 4; a fence at 3 or 5; confused beside the 8
        R.check_card(s, 0, card)
    cases = [(0, "R2", "insonnia.fits_nowhere"), (0, "G3", "insonnia.not_in_hand"),
             (1, "R5", "insonnia.not_your_turn"), (0, "Q9", "insonnia.unknown_card")]
    for seat, card, rule in cases:
        with pytest.raises(IllegalAction) as e:
            R.check_card(s, seat, card)
        assert e.value.rule == rule and e.value.message_it
    first = table(hands={0: ["R5", "F"], 1: ["Y2"]}, first_turn=True)
    R.check_card(first, 0, "R5")  # it starts a count
    with pytest.raises(IllegalAction):
        R.check_card(first, 0, "F")


def test_a_refused_play_says_which_placement_broke_the_rule() -> None:
    s = table({0: [{"4": "R4"}]}, {0: ["R5", "R7"]}, pile=["G1"])
    e = refused(s, play(0, ("R5", 0, 0, 5), ("R7", 0, 0, 7)))
    assert e.details() == {"placement": {"index": 1, "card": "R7", "slot": 7}}
    assert refused(s, EndTurn(0)).details() == {}


def test_only_a_real_table_view_tells_what_could_be_in_a_hand() -> None:
    real = R.new_state(3, {"hands": "unknown", "deck": "french"}, 2)
    view = R.view(real, None)
    assert view["unseen"]["KH"] == 1 and view["unseen"]["7S"] == 2 and len(view["unseen"]) == 46
    assert {a["type"] for a in view["turn_legal"]} == {"start_run"}
    assert R.table_deck(real) == "insonnia88"
    dealt = R.new_state(3, {"hands": "known"}, 2)
    assert "unseen" not in R.view(dealt, None) and "turn_legal" not in R.view(dealt, 0)
    assert R.table_deck(dealt) == "insonnia108"
