"""Insonnia where the spec followed the seed again (issue 19): the pass is a choice (I10
revised), a guess turns over the first card of the pile like a draw (I4), a right guess lets
the turn go on (§4.2 d), and a Family count is one colour (I14 revised). Each refusal is
checked with its rule id and its sentence in English and Italian."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games.insonnia.bot import InsonniaBot
from companion.games.insonnia.engine import RULES as R
from companion.games.insonnia.runs import PRINTED, Run, is_complete, recolour
from companion.games.insonnia.state import (
    Concentrate,
    EndTurn,
    Guess,
    InsonniaState,
    Pass,
    Play,
    Reshuffle,
    StartRun,
)
from companion.games.insonnia.story import narrate
from companion.games.registry import hints_for

from .insonnia_helpers import play, refused, runs_of, table

NAMES = ["Lia", "Max"]
NINE = {"1": "R1", "2": "Y2", "3": "G3", "4": "B4", "5": "P5", "6": "R6", "7": "Y7", "8": "G8", "9": "B9"}


def _run(cards: dict[str, str], colour: str) -> Run:
    return Run(tuple(cards.get(str(n)) for n in range(1, 11)), colour)


def _unknown(runs: dict[int, list[Run]], sizes: tuple[int, int], pile: int,
             discard: tuple[str, ...] = ()) -> InsonniaState:
    s = R.new_state(2, {"hands": "unknown"}, 1)
    return replace(s, phase="turn", turn=0, first=0, hand_sizes=sizes, pile_size=pile, discard=discard,
                   runs=tuple(tuple(runs.get(p, [])) for p in range(2)))


# ---- 1. the pass (DECISION I10, revised) ---------------------------------------------
def test_a_pass_is_always_among_the_legal_actions_and_never_refused_at_a_real_table() -> None:
    s = table(runs={0: [{"5": "R5"}], 1: [{"4": "B4"}]}, hands={0: ["R6", "X", "F"]}, pile=["Y9", "G1", "P2"])
    assert Pass(0) in R.legal_actions(s, 0) and any(isinstance(a, Play) for a in R.legal_actions(s, 0))
    real = _unknown({0: [_run({"5": "R5"}, "R")], 1: [_run({"4": "B4"}, "B")]}, (3, 3), 20)
    assert Pass(0) in R.legal_actions(real, 0)
    after = R.apply(real, Pass(0))
    assert after.hand_sizes == (5, 4) and after.discard == ("R5",) and after.runs[0] == ()
    assert "reneges" not in R.view(after, None) and "claims" not in R.dump_state(after)


def test_a_pass_on_the_first_turn_with_a_sheep_in_hand_is_refused_in_both_languages() -> None:
    s = table(hands={0: ["R5"], 1: ["Y2"]}, first_turn=True)
    e = refused(s, Pass(0))
    assert e.rule == "insonnia.first_turn"
    assert e.text("en") == "On the first turn lay one numbered sheep in front of you."
    assert e.text("it") == "Al primo turno metti una pecora numerata davanti a te."


def test_the_log_tells_a_pass_as_a_choice() -> None:
    s = table(runs={0: [{"5": "R5", "6": "Y6"}], 1: [{"1": "G1"}]}, hands={0: ["R7"], 1: ["B9"]},
              pile=["G10", "P1", "Y2", "B3"])
    lines = narrate(NAMES, s, Pass(0), R.apply(s, Pass(0)))
    assert lines[0]["en"] == "Lia passes: discards the yellow sheep 6 from the table and draws two cards."
    assert lines[0]["it"] == "Lia passa: scarta la pecora gialla 6 dal tavolo e pesca due carte."


def test_the_pass_hint_prices_the_penalty_and_never_says_you_must_play() -> None:
    s = table(runs={0: [{"5": "R5", "6": "Y6"}], 1: [{"1": "G1"}]}, hands={0: ["R7"], 1: ["B9"]},
              pile=["G10", "P1", "Y2"])
    moves = hints_for("insonnia", R, s, 0, NAMES).moves
    passing = next(m for m in moves if m.action == {"type": "pass"})
    assert "yellow sheep 6" in passing.en and "pecora gialla 6" in passing.it
    assert "regalare una pecora" in passing.it and passing.facts == {"discards": "Y6"}
    text = " ".join(m.en + " " + m.it for m in moves).lower()
    assert "must" not in text and "nothing fits" not in text and "non entra niente" not in text


def test_the_bot_passes_on_purpose_rather_than_bring_a_rival_to_his_win() -> None:
    """Lia's only card fits Max's nearly complete count (and would give him his win's last
    sheep); she passes, losing her lonely 2, rather than give it."""
    bot = InsonniaBot()
    near = table(runs={0: [{"2": "R2"}], 1: [NINE]}, hands={0: ["P10"], 1: ["B5"]}, pile=["Y4", "G7", "B8"])
    legal = R.legal_actions(near, 0)
    assert {type(a) for a in legal} == {Play, Pass}
    assert bot.choose(R.view(near, 0), legal, random.Random(1)) == Pass(0)
    # A harmless gift is better than the penalty: the sheep goes to the rival's short count.
    far = table(runs={0: [{"2": "R2"}], 1: [{"9": "B9"}]}, hands={0: ["P10"], 1: ["B5", "G2", "P7", "Y3"]},
                pile=["Y4", "G7", "B8"])
    choice = bot.choose(R.view(far, 0), R.legal_actions(far, 0), random.Random(1))
    assert isinstance(choice, Play) and choice.placements[0].card == "P10"


# ---- 2. a guess on an empty pile (DECISION I4) -----------------------------------------
def test_a_guess_on_an_empty_pile_waits_for_the_reshuffle_then_turns_the_top_card() -> None:
    s = table(runs={0: [{"4": "R4", "5": "X"}], 1: [{"1": "G1"}]}, hands={0: ["Y6"], 1: ["B2"]},
              pile=["G8"], discard=["P3", "B5"])
    assert s.pile_size == 0 and Guess(0, 0, 0, 5) in R.legal_actions(s, 0)
    waiting = R.apply(s, Guess(0, 0, 0, 5))
    assert waiting.phase == "reshuffle" and R.legal_actions(waiting, 0) == [Reshuffle(0)]
    e = refused(waiting, EndTurn(0))
    assert e.rule == "insonnia.reshuffle_first"
    assert e.text("en") == "The pile is empty: shuffle the discards into a new pile first."
    assert e.text("it") == "Il mazzo è finito: prima mescola gli scarti per fare un nuovo mazzo."
    hit = R.apply(waiting, Reshuffle(0, ("B5", "P3")))
    assert hit.phase == "continue" and runs_of(hit, 0) == [{"4": "R4", "5": "B5"}]
    assert hit.discard == ("X",) and hit.pile == ("P3",) and hit.hands[0] == ("Y6", "G8")
    lines = narrate(NAMES, s, Guess(0, 0, 0, 5), waiting) + narrate(NAMES, waiting, Reshuffle(0), hit)
    assert "the pile is empty, so the discards are shuffled into a new pile first" in lines[0]["en"]
    assert "prima si mescolano gli scarti" in lines[0]["it"]
    assert lines[-1]["en"].endswith("exactly right! It takes the place; Lia goes on.")
    miss = R.apply(waiting, Reshuffle(0, ("P3", "B5")))  # P3 is no 5: to the hand, then B5, then nothing
    assert miss.turn == 1 and miss.hands[0] == ("Y6", "G8", "P3", "B5") and miss.pile_size == 0
    told = narrate(NAMES, waiting, Reshuffle(0), miss)
    assert "the top card is the purple sheep 3, wrong" in told[-1]["en"]
    assert "esce la pecora viola 3, sbagliato" in told[-1]["it"]


def test_the_discards_may_be_shuffled_as_soon_as_the_pile_is_empty() -> None:
    s = table(runs={0: [{"4": "R4", "5": "X"}], 1: [{"1": "G1"}]}, hands={0: ["Y6"], 1: ["B2"]},
              pile=["G8"], discard=["P3", "B5"])
    assert Reshuffle(0) not in R.legal_actions(s, 0)  # offered only when a card must be taken
    early = R.apply(s, Reshuffle(0, ("B5", "P3")))
    assert early.phase == "turn" and early.turn == 0 and early.pile == ("B5", "P3") and early.discard == ()
    assert early.hands[0] == ("Y6", "G8")  # nothing drawn: nobody needs a card yet
    hit = R.apply(early, Guess(0, 0, 0, 5))
    assert hit.phase == "continue" and runs_of(hit, 0) == [{"4": "R4", "5": "B5"}]
    e = refused(early, Reshuffle(0))
    assert e.rule == "insonnia.no_reshuffle"
    assert e.text("en") == "There is nothing to reshuffle now."
    assert e.text("it") == "Ora non c'è niente da rimescolare."
    assert refused(s, Reshuffle(1)).rule == "insonnia.not_your_turn"


def test_a_guess_with_the_pile_and_the_discards_both_empty_is_refused_in_both_languages() -> None:
    s = table(runs={0: [{"4": "R4", "5": "X"}]}, hands={0: ["Y6"]}, pile=["G8"])
    e = refused(s, Guess(0, 0, 0, 5))
    assert e.rule == "insonnia.empty_pile"
    assert e.text("en") == ("The pile and the discard pile are both empty: there is no card to turn over "
                            "(DECISION I4).")
    assert e.text("it") == ("Il mazzo e gli scarti sono entrambi vuoti: non c'è una carta da scoprire "
                            "(DECISIONE I4).")


def test_naming_the_card_of_a_guess_the_app_turns_itself_is_refused_even_on_an_empty_pile() -> None:
    s = table(runs={0: [{"4": "R4", "5": "X"}]}, hands={0: ["Y6"]}, pile=["G8"], discard=["B5"])
    e = refused(s, Guess(0, 0, 0, 5, "B5"))
    assert e.rule == "insonnia.guess_card"
    assert e.text("en") == "The app turns the top card of the pile itself: guess without naming one."
    assert e.text("it") == "L'app scopre da sé la prima carta del mazzo: tenta senza indicarne una."


def test_real_cards_a_guess_on_an_empty_pile_turns_over_one_of_the_discards() -> None:
    s = _unknown({0: [_run({"4": "R4", "5": "X"}, "R")]}, (2, 4), 0, discard=("B5", "G9"))
    assert {a.card for a in R.legal_actions(s, 0) if isinstance(a, Guess)} == {"B5", "G9"}
    e = refused(s, Guess(0, 0, 0, 5, "Y5"))
    assert e.rule == "insonnia.guess_discards"
    assert e.text("en") == ("The pile is empty, so the card turned over comes from the discards shuffled "
                            "into a new pile (DECISION I4), and no yellow sheep 5 is among them.")
    assert e.text("it") == ("Il mazzo è finito, quindi la carta scoperta viene dagli scarti mescolati in un "
                            "nuovo mazzo (DECISIONE I4), e tra loro non c'è pecora gialla 5.")
    waiting = R.apply(s, Guess(0, 0, 0, 5, "B5"))
    assert waiting.phase == "reshuffle"
    assert refused(waiting, Reshuffle(0, ("B5", "G9"))).rule == "insonnia.reshuffle_order"
    hit = R.apply(waiting, Reshuffle(0))
    assert hit.phase == "continue" and hit.runs[0][0].at(5) == "B5" and hit.pile_size == 1
    assert hit.discard == ("X",)


def test_penalty_and_concentrate_draw_from_the_reshuffled_discards_too() -> None:
    s = table(runs={0: [{"5": "R5", "6": "X"}], 1: [{"1": "G1"}]}, hands={0: ["Y9"], 1: ["B9"]},
              pile=["P2"], discard=["G4"])
    s = R.apply(s, Concentrate(0, 0, 0, 6))  # X goes; two cards (I17) from the new pile
    assert s.phase == "reshuffle" and s.discard == ("G4", "X")
    s = R.apply(s, Reshuffle(0, ("X", "G4")))
    assert s.hands[0] == ("Y9", "P2", "X", "G4") and s.turn == 1 and s.pile_size == 0


# ---- 3. after a right guess (§4.2 d) -----------------------------------------------------
def _guessed(runs: list[dict[str, str]], hand: list[str]) -> InsonniaState:
    s = table(runs={0: runs, 1: [{"5": "Y5"}]}, hands={0: hand, 1: ["B6"]}, pile=["Y4", "G7", "R2", "B5"])
    s = R.apply(s, Guess(0, 0, 0, 7))
    assert s.phase == "continue"
    return s


def test_after_a_right_guess_a_new_run_is_allowed_once_no_run_is_incomplete() -> None:
    full = {**NINE, "7": "X", "10": "P10"}
    s = _guessed([full], ["P3"])
    assert StartRun(0, "Y4") in R.legal_actions(s, 0) and EndTurn(0) in R.legal_actions(s, 0)
    s = R.apply(s, StartRun(0, "Y4"))
    assert runs_of(s, 0)[1] == {"4": "Y4"} and s.turn == 1 and s.hands[0] == ("P3",)


def test_after_a_right_guess_a_new_run_with_an_incomplete_run_is_refused_in_both_languages() -> None:
    s = _guessed([{"6": "R6", "7": "X"}], ["P3"])
    e = refused(s, StartRun(0, "Y4"))
    assert e.rule == "insonnia.start_incomplete"
    assert e.text("en") == "You may start a new run only when you have no incomplete run (DECISION I7)."
    assert e.text("it") == "Puoi iniziare una nuova serie solo se non hai serie incomplete (DECISIONE I7)."


@pytest.mark.parametrize("action", [Concentrate(0, 0, 0, 7), Guess(0, 0, 0, 7)])
def test_after_a_right_guess_no_concentrate_or_second_guess_in_both_languages(action: object) -> None:
    s = _guessed([{"6": "R6", "7": "X"}], ["P3"])
    e = refused(s, action)  # type: ignore[arg-type]
    assert e.rule == "insonnia.after_guess"
    assert e.text("en") == ("You guessed right and your turn goes on: play sheep, start a new run if you "
                            "have no incomplete run, or end your turn at no cost.")
    assert e.text("it") == ("Hai indovinato e il turno continua: gioca pecore, inizia una nuova serie se "
                            "non hai serie incomplete, o finisci il turno senza penalità.")


def test_after_a_right_guess_a_pass_is_still_never_refused_and_costs_the_penalty() -> None:
    """DECISION I10 (revised): a pass is never refused. Ending the turn is free after a right
    guess, so only that is offered; a pass sent anyway costs the penalty as ever."""
    s = _guessed([{"6": "R6", "7": "X"}], ["P3"])
    assert Pass(0) not in R.legal_actions(s, 0) and EndTurn(0) in R.legal_actions(s, 0)
    after = R.apply(s, Pass(0))
    assert runs_of(after, 0) == [{"6": "R6"}] and after.discard == ("X", "G7")
    assert after.hands[0] == ("P3", "Y4", "R2", "B5") and after.turn == 1
    assert narrate(NAMES, s, Pass(0), after)[0]["en"] == (
        "Lia passes: discards the green sheep 7 from the table and draws two cards.")


def test_after_a_right_guess_a_fence_is_refused_in_both_languages() -> None:
    s = _guessed([{"6": "R6", "7": "X"}], ["F"])
    assert not any(isinstance(a, Play) and a.placements[0].card == "F" for a in R.legal_actions(s, 0))
    e = refused(s, play(0, ("F", 1, 0, 4)))
    assert e.rule == "insonnia.fence_alone"
    assert e.text("en") == ("Card 1 (fence, slot 4 of seat 2's run 1): a fence is the only card of its turn, "
                            "and the sheep you guessed right is already this turn's card.")
    assert e.text("it") == ("Carta 1 (recinto, casella 4 della serie 1 del posto 2): un recinto è l'unica "
                            "carta del turno, e la pecora che hai indovinato è già la carta di questo turno.")


def test_after_a_right_guess_ending_the_turn_costs_nothing() -> None:
    s = _guessed([{"6": "R6", "7": "X"}], ["P3"])
    t = R.apply(s, EndTurn(0))
    assert t.turn == 1 and t.hands[0] == ("P3", "Y4") and runs_of(t, 0) == [{"6": "R6", "7": "G7"}]
    assert t.discard == ("X",)


# ---- 4. All in the family (DECISION I14, revised) ----------------------------------------
def test_family_a_count_is_complete_when_all_its_sheep_have_one_colour() -> None:
    yellow = {str(n): f"Y{n}" for n in range(1, 11)}
    assert is_complete(PRINTED, "family", _run({**yellow, "5": "F"}, "Y"))
    assert not is_complete(PRINTED, "family", _run({**yellow, "3": "R3"}, "Y"))
    # The test is the colours themselves, not the label the run carries.
    assert is_complete(PRINTED, "family", _run(yellow, "R"))
    assert is_complete(PRINTED, "base", _run({**yellow, "3": "R3"}, "Y"))


def test_family_a_run_keeps_its_colour_while_a_sheep_has_it_then_takes_its_lowest_sheeps() -> None:
    run = _run({"7": "Y7", "8": "Y8", "9": "R9"}, "R")
    assert recolour(PRINTED, run) == run
    assert recolour(PRINTED, run.put(9, None)).colour == "Y"
    assert recolour(PRINTED, _run({"4": "F", "5": "B5", "6": "G6"}, "R")).colour == "B"


def test_family_a_penalty_that_takes_the_last_sheep_of_the_colour_recolours_the_run() -> None:
    s = table(runs={0: [{"8": "Y8", "9": "R9"}], 1: [{"1": "G1"}]}, hands={0: ["B1"], 1: ["P4"]},
              pile=["G3", "P2", "R3", "Y4"], variant="family")
    assert s.runs[0][0].colour == "Y"  # a setup run: its lowest sheep's colour (scenarios.md §4)
    s = replace(s, runs=((Run(s.runs[0][0].cards, "R"),), s.runs[1]))  # as if R9 had started it
    assert Concentrate(0, 0, 0, 8) in R.legal_actions(s, 0)  # Y8 is foreign in a red run
    s = R.apply(s, Pass(0))
    assert runs_of(s, 0) == [{"8": "Y8"}] and s.runs[0][0].colour == "Y"
    e = refused(replace(s, turn=0), Concentrate(0, 0, 0, 8))  # Y8 is of the run's colour now
    assert e.rule == "insonnia.nothing_to_remove"
    assert e.text("en") == "Slot 8 holds no confused sheep nor a sheep of another colour."
    assert e.text("it") == "Nella casella 8 non c'è una pecora confusa né una pecora di un altro colore."
