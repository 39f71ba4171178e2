"""The event log reads as a story: each round, turn, trick or deal summed up, each payout or
score with its cause (the narrators in companion/games/*_story.py)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from companion.games import GAMES
from companion.games.diavolo.engine import RULES as DV
from companion.games.diavolo.state import Ask, End, Withdraw
from companion.games.oscuri.engine import RULES as OS
from companion.games.oscuri.state import Discard as ODiscard
from companion.games.oscuri.state import Play as OPlay
from companion.games.quinta.engine import RULES as QU
from companion.games.quinta.state import Play as QPlay
from companion.games.registry import BY_NAME

NAMES = ["Ada", "Bruno", "Carla", "Dino"]


def _told(game: str, rules: Any, s: Any, a: Any) -> tuple[Any, list[dict[str, str]]]:
    after = rules.apply(s, a)
    lines = BY_NAME[game].narrate(NAMES, s, a, after)
    for line in lines:
        assert line["en"] and line["it"] and line["en"] != line["it"]
    return after, lines


def test_quinta_ends_with_each_players_points_and_their_sets() -> None:
    fabio = ["7S", "7D", "7H", "8D", "8C", "8H", "4S", "4D", "2S", "2H", "6S", "6D", "JK2"]
    s = QU.from_setup(3, {}, [["3C"], ["5H"], ["9C"]], [[], fabio, ["10S"]], None)
    s, _ = _told("quinta", QU, s, QPlay(0, "3C"))
    s, _ = _told("quinta", QU, s, QPlay(1, "5H"))
    s, lines = _told("quinta", QU, s, QPlay(2, "9C"))
    ends = [x["en"] for x in lines[-3:]]
    assert ends[0] == "Ada scores 0: no card taken."
    assert ends[1].startswith("Bruno scores 9: four of 7 (7♠ 7♦ 7♥ black joker) = 4; three of 8 (")
    assert ends[2] == "Carla scores 0: one card taken, no pair."
    assert lines[-1]["it"] == "Carla fa 0: una sola carta presa, nessuna coppia."
    assert lines[-2]["it"].startswith("Bruno fa 9 punti: un poker di 7 (7♠ 7♦ 7♥ jolly nero) = 4;")
    assert QU.scores(s) == (0, 9, 0)


def test_quinta_one_point_is_one_punto_in_italian() -> None:
    s = QU.from_setup(3, {}, [["3C"], ["5H"], ["9C"]], [[], ["QS", "QD"], ["10S"]], None)
    s, _ = _told("quinta", QU, s, QPlay(0, "3C"))
    s, _ = _told("quinta", QU, s, QPlay(1, "5H"))
    s, lines = _told("quinta", QU, s, QPlay(2, "9C"))
    assert QU.scores(s) == (0, 1, 0)
    assert lines[-2]["en"].startswith("Bruno scores 1: a pair of Q (")
    assert lines[-2]["it"].startswith("Bruno fa 1 punto: una coppia di Q (")


def test_oscuri_a_lower_suit_that_ends_the_turn_names_the_new_suit() -> None:
    s = OS.from_setup(NAMES[:2], 1, 0, [["10C", "2H", "3H"], ["5S", "4H", "6H"]], ["7D", "8D"], [0, 0])
    s, _ = _told("oscuri", OS, s, OPlay(0, "10C"))
    s, lines = _told("oscuri", OS, s, OPlay(1, "5S"))
    assert "the suit becomes crosses ♠" in lines[0]["en"]
    assert lines[1]["en"] == "Ada collects 2 chips from 10♣: the stakes froze on it."


def test_oscuri_beating_a_card_that_holds_no_stake_moves_no_chips_and_says_so() -> None:
    """A weaker suit's card gives its stake to the frozen card; beating it takes nothing."""
    s = OS.from_setup(NAMES[:3], 1, 0, [["AH", "2C", "3C"], ["9S", "4C", "5C"], ["QS", "6C", "7C"]],
                      ["8C", "9C", "10C"], [0, 0, 0])
    s, _ = _told("oscuri", OS, s, OPlay(0, "AH"))
    s, _ = _told("oscuri", OS, s, OPlay(1, "9S"))
    s, lines = _told("oscuri", OS, s, OPlay(2, "QS"))
    assert lines[0] == {"en": "Carla plays Q♠: it beats Bruno's card, which holds no stake.",
                        "it": "Carla gioca Q♠: batte la carta di Bruno, su cui non c'è puntata."}


def test_oscuri_death_collects_with_its_cause_and_the_game_ends_with_the_net_result() -> None:
    s = OS.from_setup(NAMES[:3], 1, 0, [["9D"], ["3D"], ["KS"]], [], [0, 0, 0])
    s, _ = _told("oscuri", OS, s, OPlay(0, "9D"))
    s, _ = _told("oscuri", OS, s, OPlay(1, "3D"))
    s, lines = _told("oscuri", OS, s, OPlay(2, "KS"))
    text = [x["en"] for x in lines]
    assert "Carla collects 2 chips from K♠: Death takes every stake on the table." in text
    assert text[-1] == ("Net result, the chips each player won or lost over the game: "
                        "Ada -1, Bruno -1, Carla +2.")
    assert "Carla +2" in lines[-1]["it"]


def test_diavolo_says_why_the_pot_was_won() -> None:
    s = DV.from_setup(2, 1, 1, ["7S", "2C", "8C", "T15", "5H"], [0, 0], 0)
    s, lines = _told("diavolo", DV, s, Ask(0))  # Ada: 7 + 8 = 15
    assert lines[-1]["en"].startswith("Ada reaches exactly 15 and takes the pot: 3.")
    assert lines[-1]["it"].startswith("Ada fa esattamente 15 e prende il piatto: 3.")
    devil = DV.from_setup(2, 1, 1, ["7S", "2C", "T15", "5H"], [0, 0], 0)
    devil, lines = _told("diavolo", DV, devil, Ask(0))
    assert lines[-1]["en"].startswith("Ada receives the Devil and takes the pot: 3.")


def test_diavolo_a_pot_nobody_won_goes_back_when_the_evening_ends() -> None:
    s = DV.from_setup(2, 1, 1, ["7S", "2C", "8C", "T15"], [0, 0], 0)
    s, _ = _told("diavolo", DV, s, Withdraw(0))
    s, _ = _told("diavolo", DV, s, Withdraw(1))
    seat = next(iter(DV.to_act(s)))
    s, lines = _told("diavolo", DV, s, End(seat))
    assert [line["en"] for line in lines[1:]] == [
        "Nobody won the pot of 2, and it is indivisible: each player takes back what they paid into it since "
        "it was last won.",
        "Ada takes back 1 (1 for antes, 0 for cards asked).",
        "Bruno takes back 1 (1 for antes, 0 for cards asked)."]
    assert lines[2]["it"] == "Ada riprende 1 (1 per le entrate, 0 per le carte chieste)."


def _summaries(game: str, seed: int) -> tuple[int, int, list[str]]:
    """Play a seeded game; count the units to sum up (rounds, turns, tricks, deals) and the
    sentences that sum them up."""
    rules = GAMES[game]
    rng = random.Random(seed)
    players = 4 if game == "kaiserspiel" else 3
    s = rules.new_state(players, {"hands": "known"}, seed)
    units = 0
    told: list[str] = []
    for _ in range(3000):
        if rules.outcome(s) is not None:
            break
        seat = rng.choice(sorted(rules.to_act(s)))
        legal = rules.legal_actions(s, seat)
        # Sensible tables: the evening goes on for a few deals, most Kaiserspiel hands are played.
        calm = [x for x in legal if type(x).__name__ in ("Pass", "Accept", "Deal", "Play", "Discard",
                                                         "Ask", "Withdraw")]
        if (game == "diavolo" and s.deal_no < 4) or (game == "kaiserspiel" and calm):
            legal = calm or legal
        a = rng.choice(legal)
        before = s
        s, lines = _told(game, rules, s, a)
        assert lines or game in ("diavolo",), (game, a)  # only a private note goes untold
        told += [x["en"] for x in lines]
        if game == "quinta":
            units += before.round != s.round or (s.phase == "over" and before.phase != "over")
        elif game == "oscuri":
            units += s.turn != before.turn or (s.phase == "over" and before.phase != "over")
        elif game == "kaiserspiel":
            units += len(s.trick_winners) == len(before.trick_winners) + 1
        elif game == "diavolo":
            units += before.phase == "offer" and s.phase != "offer"
    return units, len(told), told


@pytest.mark.parametrize("game,marker", [
    ("quinta", " revealed: "), ("oscuri", ("leads the next turn", "the game is over")),
    ("kaiserspiel", " takes the trick with "), ("diavolo", ("takes the pot", "Everybody withdrew")),
])
def test_every_round_turn_trick_or_deal_has_its_sentence(game: str, marker: Any) -> None:
    for seed in range(3):
        units, _, told = _summaries(game, seed)
        markers = (marker,) if isinstance(marker, str) else marker
        said = sum(1 for line in told if any(m in line for m in markers))
        assert units > 0 and said == units, (game, seed, units, said)


def test_insonnia_every_action_is_told() -> None:
    _, n, told = _summaries("insonnia", 1)
    assert n > 20 and all(line.endswith((".", "!")) for line in told)


def _turn_lines(lines: list[dict[str, str]]) -> list[dict[str, str]]:
    """The per-player sentences of a turn's end (before who leads next, or the game's end)."""
    return [x for x in lines if " collects " in x["en"]]


def test_oscuri_every_player_is_told_what_he_collected_and_why() -> None:
    """Scenario 01: a card beaten, a lower card, the winner; in both languages."""
    s = OS.from_setup(NAMES[:3], 1, 0, [["9D", "2C"], ["3D", "QS"], ["AD", "4C"]], ["5H", "6H", "7H"],
                      [0, 0, 0])
    s, _ = _told("oscuri", OS, s, OPlay(0, "9D"))
    s, _ = _told("oscuri", OS, s, OPlay(1, "3D"))
    s, lines = _told("oscuri", OS, s, OPlay(2, "AD"))
    told = _turn_lines(lines)
    assert [x["en"] for x in told] == [
        "Ada collects nothing: the 9♦ was beaten by Carla's A♦.",
        "Bruno collects nothing: the 3♦ was lower, and the stake went onto Ada's card.",
        "Carla collects 3 chips from A♦: nobody beat it.",
    ]
    assert [x["it"] for x in told] == [
        "Ada non incassa nulla: la sua carta (9♦) è stata battuta dalla carta di Carla (A♦).",
        "Bruno non incassa nulla: la sua carta (3♦) era più bassa, e la puntata è andata sulla carta "
        "di Ada.",
        "Carla incassa 3 gettoni da A♦: nessuno l'ha battuta.",
    ]
    assert lines[-1]["en"] == "Carla leads the next turn."
    # §6: who played draws, from the new leader round (the players draw real cards themselves)
    assert lines[-2] == {"en": "One card each from the pile, in this order: Carla, Ada, Bruno.",
                         "it": "Una carta a testa dal mazzo, in quest'ordine: Carla, Ada, Bruno.",
                         "kind": "turn"}  # said under the last turn's cards too


def test_oscuri_death_mid_turn_every_player_has_his_line() -> None:
    """Scenario 05: a frozen card taken by Death, a lower suit, Death, and a player Death
    skipped."""
    s = OS.from_setup(NAMES, 1, 0, [["10C", "2D"], ["5S", "3D"], ["KD", "4S"], ["6C", "7D"]],
                      ["8H", "9H"], [0, 0, 0, 0])
    for seat, card in ((0, "10C"), (1, "5S")):
        s, _ = _told("oscuri", OS, s, OPlay(seat, card))
    s, lines = _told("oscuri", OS, s, OPlay(2, "KD"))
    assert [x["en"] for x in _turn_lines(lines)] == [
        "Ada collects nothing: Carla's Death (K♦) took the stakes on the 10♣.",
        "Bruno collects nothing: the 5♠ was of a lower suit, and the stake went onto Ada's card.",
        "Carla collects 2 chips from K♦: Death takes every stake on the table.",
        "Dino collects nothing: Carla's Death (K♦) ended the turn before they played.",
    ]
    its = [x["it"] for x in _turn_lines(lines)]
    assert its[0] == ("Ada non incassa nulla: la Morte di Carla (K♦) ha preso le puntate sulla sua carta "
                      "(10♣).")
    assert its[3] == "Dino non incassa nulla: la Morte di Carla (K♦) ha chiuso il turno prima che giocasse."
    # O12: Dino, skipped by Death, does not draw; the pile (two cards) runs out before Bruno
    assert [x["en"] for x in lines[-4:-1]] == [
        "One card each from the pile, in this order: Carla, Ada.",
        "The pile is empty: Bruno draws nothing.",
        "Dino does not draw (played no card this turn).",
    ]
    assert lines[-2]["it"] == "Dino non pesca (non ha giocato in questo turno)."


def test_oscuri_a_led_death_and_a_player_out_of_the_game_are_told_too() -> None:
    s = OS.from_setup(NAMES[:3], 1, 0, [["KS", "9D"], ["3D", "5C"], ["JK1"]], [], [0, 0, 0])
    s, lines = _told("oscuri", OS, s, OPlay(0, "KS"))
    assert lines[0]["en"] == "Ada leads Death (K♠): Bruno and Carla each pay 1 chip and put a card face down."
    assert lines[0]["it"] == ("Ada apre con la Morte (K♠): Bruno e Carla pagano 1 gettone a testa e "
                              "scartano una carta coperta.")
    s, _ = _told("oscuri", OS, s, ODiscard(1, "5C"))
    s, lines = _told("oscuri", OS, s, ODiscard(2, "JK1"))
    assert [x["en"] for x in _turn_lines(lines)] == [
        "Ada collects 2 chips from K♠: a led Death, Bruno and Carla each paid 1 chip.",
        "Bruno collects nothing: paid 1 chip to Ada's Death (K♠) and put a card face down.",
        "Carla collects nothing: paid 1 chip to Ada's Death (K♠) and put a card face down.",
    ]
    assert _turn_lines(lines)[1]["it"] == ("Bruno non incassa nulla: ha pagato 1 gettone alla Morte di Ada "
                                           "(K♠) e ha scartato una carta coperta.")
    # Carla has no card left: she is out, and the next turn's end says so.
    s, _ = _told("oscuri", OS, s, OPlay(0, "9D"))
    s, lines = _told("oscuri", OS, s, OPlay(1, "3D"))
    assert [x["en"] for x in _turn_lines(lines)] == [
        "Ada collects 2 chips from 9♦: nobody beat it.",
        "Bruno collects nothing: the 3♦ was lower, and the stake went onto Ada's card.",
        "Carla collects nothing: out of the game, no cards left.",
    ]
    assert _turn_lines(lines)[2]["it"] == "Carla non incassa nulla: è fuori dal gioco, senza carte."


def test_oscuri_a_black_angel_beaten_and_an_equal_figure() -> None:
    """Scenario 04 (the Angel's stakes taken by a higher card), then equal figures: the
    frozen stakes stay with the first figure."""
    s = OS.from_setup(NAMES, 1, 0, [["7D", "JC"], ["JK1", "2C"], ["9D", "QC"], ["6D", "3C"]],
                      ["8H", "9H", "10H", "2H"], [0, 0, 0, 0])
    for seat, card in ((0, "7D"), (1, "JK1"), (2, "9D")):
        s, _ = _told("oscuri", OS, s, OPlay(seat, card))
    s, lines = _told("oscuri", OS, s, OPlay(3, "6D"))
    told = [x["en"] for x in _turn_lines(lines)]
    assert told[:2] == ["Ada collects nothing: the 7♦ was beaten by Bruno's Black Angel.",
                        "Bruno collects nothing: the Black Angel was beaten by Carla's 9♦."]
    assert _turn_lines(lines)[1]["it"] == ("Bruno non incassa nulla: il suo Angelo Nero è stato battuto "
                                           "dalla carta di Carla (9♦).")
    assert told[2:] == ["Carla collects 4 chips from 9♦: nobody beat it.",
                        "Dino collects nothing: the 6♦ was lower, and the stake went onto Carla's card."]
    order = s.order
    cards = {0: "JC", 1: "2C", 2: "QC", 3: "3C"}
    for seat in order[:-1]:
        s, _ = _told("oscuri", OS, s, OPlay(seat, cards[seat]))
    s, lines = _told("oscuri", OS, s, OPlay(order[-1], cards[order[-1]]))
    by_name = {x["en"].split(" ")[0]: x["en"] for x in _turn_lines(lines)}
    # Carla leads Q♣ and Dino's 3♣ goes onto it; Ada's equal J♣ freezes them; Bruno's 2♣ joins J♣.
    assert by_name["Carla"] == "Carla collects 2 chips from Q♣: the stakes froze on it."
    assert by_name["Ada"] == "Ada collects 2 chips from J♣: nobody beat it."
    assert by_name["Dino"] == "Dino collects nothing: the 3♣ was lower, and the stake went onto Carla's card."


@pytest.mark.parametrize("mode", ["known", "unknown"])
def test_oscuri_each_turn_end_has_one_sentence_per_player(mode: str) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        players = 2 + seed % 5
        s = OS.new_state(players, {"hands": mode}, seed)
        names = [f"P{i}" for i in range(players)]
        turns = 0
        while OS.outcome(s) is None:
            seat = next(iter(OS.to_act(s)))
            a = rng.choice(OS.legal_actions(s, seat))
            after = OS.apply(s, a)
            lines = BY_NAME["oscuri"].narrate(names, s, a, after)
            if after.turn > s.turn or after.phase == "over":
                turns += 1
                told = [x["en"].split(" ")[0] for x in lines if " collects " in x["en"]]
                assert sorted(told) == names, (seed, lines)
                assert all(x["it"].startswith(n) for x, n in
                           zip([y for y in lines if " collects " in y["en"]], told, strict=True))
                # The chips told are the chips the engine left on each player's cards.
                trick = after.last_turn
                if trick and not (trick[0].card.startswith("K") and len(trick) == 1):
                    for line in (x["en"] for x in lines if " collects " in x["en"]):
                        who, said = line.split(" collects ")
                        n = 0 if said.startswith("nothing") else int(said.split(" ")[0])
                        seat = names.index(who)
                        assert n == sum(p.stakes for p in trick if p.player == seat), (seed, line, trick)
            s = after
        assert turns > 2


def test_oscuri_a_led_death_with_one_victim_is_told_in_the_singular() -> None:
    s = OS.from_setup(NAMES[:2], 1, 0, [["KS", "9D"], ["3D", "5C"]], [], [0, 0])
    s, _ = _told("oscuri", OS, s, OPlay(0, "KS"))
    s, lines = _told("oscuri", OS, s, ODiscard(1, "5C"))
    first = _turn_lines(lines)[0]
    assert first["en"] == "Ada collects 1 chip from K♠: a led Death, Bruno paid 1 chip."
    assert first["it"] == "Ada incassa 1 gettone da K♠: Morte di apertura, Bruno ha pagato 1 gettone."


def test_oscuri_the_story_of_a_turn_is_the_engines_account_of_it() -> None:
    """The engine records how each card answered and where its stakes went; the story only
    reads that account. Scenario 04 again: the engine's account of the turn, its JSON round
    trip, and a story told from an account changed by hand follows the change."""
    s = OS.from_setup(NAMES, 1, 0, [["7D", "JC"], ["JK1", "2C"], ["9D", "QC"], ["6D", "3C"]],
                      ["8H", "9H", "10H", "2H"], [0, 0, 0, 0])
    for seat, card in ((0, "7D"), (1, "JK1"), (2, "9D")):
        s = OS.apply(s, OPlay(seat, card))
    before = s
    after = OS.apply(s, OPlay(3, "6D"))
    account = [(p.card, p.how, p.fate) for p in after.last_turn]
    assert account == [("7D", "lead", ("beaten", 1)), ("JK1", "angel", ("beaten", 2)),
                       ("9D", "beat", ("kept", None)), ("6D", "lower", ("gave", 2))]
    assert OS.load_state(OS.dump_state(after)) == after
    # Told from another account (Ada's 7♦ beaten by Carla's 9♦ straight away), the story says so.
    changed = replace(after, last_turn=(replace(after.last_turn[0], fate=("beaten", 2)),
                                        *after.last_turn[1:]))
    told = [x["en"] for x in _turn_lines(BY_NAME["oscuri"].narrate(NAMES, before, OPlay(3, "6D"), changed))]
    assert told[0] == "Ada collects nothing: the 7♦ was beaten by Carla's 9♦."


@pytest.mark.parametrize("game", ["quinta", "oscuri"])
def test_a_joker_is_named_in_every_sentence_never_by_its_code(game: str) -> None:
    """Seeded random games of the two games with jokers: no sentence shows ``JK1`` or ``JK2``
    (a red joker is a "red joker" / "jolly rosso", an Oscuri joker a Black Angel)."""
    rules = GAMES[game]
    told = 0
    for seed in range(25):
        rng = random.Random(seed)
        s = rules.new_state(3, {}, seed)
        while rules.outcome(s) is None:
            seat = rng.choice(sorted(rules.to_act(s)))
            a = rng.choice(rules.legal_actions(s, seat))
            s, lines = _told(game, rules, s, a)
            for line in lines:
                for lang in ("en", "it"):
                    assert "JK1" not in line[lang] and "JK2" not in line[lang], line[lang]
                    told += ("joker" in line[lang] or "jolly" in line[lang] or "Angel" in line[lang])
    assert told, "no joker was ever told: the test saw none"


def test_oscuri_after_a_led_death_only_its_player_draws_and_the_others_are_told_why() -> None:
    """Scenario 06 (DECISION O7): the victims of a led Death pay, discard and do not draw."""
    s = OS.from_setup(NAMES[:3], 1, 0, [["KS", "9D"], ["3D", "5C"], ["4C", "6C"]], ["8H", "9H"], [0, 0, 0])
    s, _ = _told("oscuri", OS, s, OPlay(0, "KS"))
    s, _ = _told("oscuri", OS, s, ODiscard(1, "5C"))
    s, lines = _told("oscuri", OS, s, ODiscard(2, "6C"))
    assert [x["en"] for x in lines[-3:]] == [
        "Ada draws a card from the pile.",
        "Bruno and Carla do not draw (paid the led Death).",
        "Ada leads the next turn.",
    ]
    assert lines[-2]["it"] == "Bruno e Carla non pescano (hanno pagato la Morte di apertura)."
    assert s.deck_size == 1
