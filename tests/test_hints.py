"""Hints: the right consequence per game, never another player's hidden cards, and the API
(own seat only, host switch, refusals in both languages)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.cards import card_name
from companion.games.diavolo.engine import RULES as DV
from companion.games.diavolo.hints import odds
from companion.games.hints import UNKNOWN_HAND
from companion.games.kaiserspiel.engine import RULES as KS
from companion.games.oscuri.engine import RULES as OS
from companion.games.oscuri.state import Play as OPlay
from companion.games.quinta.engine import RULES as QU
from companion.games.registry import hints_for
from companion.service.service import TableService

from .helpers import bearer, create, join
from .insonnia_helpers import table as insonnia_table

NAMES = ["Ada", "Bruno", "Carla", "Dino"]


def _by_card(found: Any) -> dict[str, Any]:
    return {m.card: m for m in found.moves}


# ---- the right consequence ----------------------------------------------------------------
def test_quinta_tells_which_card_takes_a_row() -> None:
    s = QU.from_setup(3, {"C": ["AC", "3C", "7C", "5C"], "D": ["AD", "6D", "8D"]},
                      [["10C", "QD", "2H", "JK1"], ["9S", "4H", "5H", "6H"], ["8S", "7H", "8H", "9H"]],
                      [[], [], []], None)
    moves = _by_card(hints_for("quinta", QU, s, 0, NAMES))
    assert set(moves) == {"10C", "QD", "2H", "JK1"}
    assert moves["10C"].facts == {"row": "C", "place": 5, "takes_if_alone": True}
    assert "fifth card" in moves["10C"].en and "quinta carta" in moves["10C"].it
    assert moves["QD"].facts["takes"] == ["6D", "8D", "QD"]
    assert moves["2H"].facts == {"row": "H", "place": 2, "takes_if_alone": False}
    assert "hearts row it would be card 2" in moves["JK1"].en


def test_quinta_says_a_card_is_safe_when_nothing_lower_is_left_to_come_first() -> None:
    # 2♠ beside the lone ace: three cards would have to land first, and only the black joker
    # could (nothing of spades is lower than a 2): no "unless" that cannot happen
    s = QU.from_setup(3, {}, [["2S", "3S", "JK2", "5H"], ["9C", "4H", "6C", "2D"], ["8C", "7H", "3D", "4D"]],
                      [[], [], []], None)
    moves = _by_card(hints_for("quinta", QU, s, 0, NAMES))
    assert moves["2S"].en == "It would be card 2 of the spades row: it cannot take a row this round."
    # the 3♠ too: the 2♠ that could come first is in Ada's own hand, the joker too
    assert "cannot take a row" in moves["3S"].en and "non può prendere" in moves["3S"].it
    # one card to come first, said in one sentence without "card(s)"
    s = QU.from_setup(3, {"H": ["AH", "9H", "KH"]}, [["5H", "2C"], ["9C", "4C"], ["8C", "7C"]],
                      [[], [], []], None)
    five = _by_card(hints_for("quinta", QU, s, 0, NAMES))["5H"]
    assert five.en == ("It would be card 4 of the hearts row: safe, unless another player lays a lower "
                       "hearts card or a joker there first this round.")
    assert five.it == ("Sarebbe la carta 4 della fila di cuori: al sicuro, a meno che in questo giro un "
                       "altro giocatore metta prima lì una carta di cuori più bassa o un jolly.")


def test_quinta_joker_row_choice_is_exact() -> None:
    s = QU.from_setup(3, {"S": ["AS", "7S", "4S", "2S"]},
                      [["JK2", "2H"], ["3S", "2D"], ["JK1", "3H"]], [[], [], []], None)
    for seat, card in ((0, "JK2"), (1, "3S"), (2, "JK1")):
        s = QU.apply(s, QU.load_action({"type": "play", "player": seat, "card": card}))
    found = hints_for("quinta", QU, s, 0, NAMES)
    rows = {m.action["row"]: m for m in found.moves}
    assert rows["S"].facts["takes"] == ["7S", "4S", "2S", "JK2"]
    assert rows["C"].facts["takes"] == []
    assert hints_for("quinta", QU, s, 2, NAMES).note_en  # the red joker waits for the black one


def test_oscuri_tells_where_the_stakes_go() -> None:
    s = OS.from_setup(NAMES[:3], 1, 0, [["9D", "QC", "2C"], ["3D", "QS", "KH"], ["AD", "JK1", "4C"]],
                      ["5C", "6C", "7C"], [0, 0, 0])
    s = OS.apply(s, OPlay(0, "9D"))
    bruno = _by_card(hints_for("oscuri", OS, s, 1, NAMES))
    assert set(bruno) == {"3D", "KH"}  # holding a diamond, QS is not legal
    assert bruno["3D"].facts["stakes_on_card"] == 0 and "Ada's 9 of diamonds" in bruno["3D"].en
    assert bruno["KH"].facts["collect"] == 1 and bruno["KH"].facts["turn_ends"]
    s = OS.apply(s, OPlay(1, "3D"))
    carla = _by_card(hints_for("oscuri", OS, s, 2, NAMES))
    assert carla["AD"].facts == {"stakes_on_card": 3, "turn_ends": True, "collect": 3}
    assert "takes its 2 chips" in carla["AD"].en
    # Italian names the card to beat as the player's card, whatever its own gender:
    # "la carta di Ada (9 di quadri)", never "il 9" or "il donna".
    assert "Batte la carta di Ada (9 di quadri) e ne prende i 2 gettoni" in carla["AD"].it
    assert carla["JK1"].facts["stakes_on_card"] == 3 and "Black Angel" in carla["JK1"].en
    assert "4C" not in carla  # she holds a diamond
    void = OS.from_setup(NAMES[:3], 1, 0, [["9D", "QC", "2C"], ["4C", "QS", "JH"], ["AD", "JK1", "5C"]],
                         ["5S", "6C", "7C"], [0, 0, 0])
    void = OS.apply(void, OPlay(0, "9D"))
    bruno = _by_card(hints_for("oscuri", OS, void, 1, NAMES))
    assert bruno["4C"].facts["stakes_on_card"] == 0 and "weaker suit" in bruno["4C"].en
    assert bruno["JH"].facts["stakes_on_card"] == 2 and "beats" in bruno["JH"].en
    assert "takes its 1 chip;" in bruno["JH"].en and "ne prende il gettone;" in bruno["JH"].it
    assert "la tua puntata va sulla carta di Ada (9 di quadri) e resta congelata" in bruno["4C"].it


def test_oscuri_hints_name_a_queen_to_beat_in_good_italian() -> None:
    s = OS.from_setup(NAMES[:3], 1, 0, [["QD", "2C", "3C"], ["3D", "4C", "5C"], ["AD", "6C", "7C"]],
                      ["8C", "9C", "10C"], [0, 0, 0])
    s = OS.apply(s, OPlay(0, "QD"))
    bruno = _by_card(hints_for("oscuri", OS, s, 1, NAMES))
    said = bruno["3D"].it
    assert "la tua puntata va sulla carta di Ada (donna di quadri)" in said
    assert "il donna" not in said and "su il" not in said


def test_oscuri_hints_after_a_led_death_weigh_each_card_to_put_face_down() -> None:
    """Death led: the others' only move is a card face down; the hint says what each costs,
    not "nothing to decide"."""
    s = OS.from_setup(NAMES[:3], 1, 0, [["KD", "2C", "3C"], ["AH", "JK1", "KS"], ["AD", "6C", "7C"]],
                      ["8C", "9C", "10C"], [0, 0, 0])
    s = OS.apply(s, OPlay(0, "KD"))
    assert s.phase == "death_discard"
    found = hints_for("oscuri", OS, s, 1, NAMES)
    bruno = _by_card(found)
    assert set(bruno) == {"AH", "JK1", "KS"} and found.note_en is None
    assert bruno["AH"].action == {"type": "discard", "card": "AH"}
    assert bruno["AH"].en == "Face down: the ace of hearts leaves the game unseen; you keep 2 cards to play."
    assert bruno["AH"].it.startswith("L'asso di cuori va a faccia in giù fuori dal gioco")
    assert bruno["AH"].it.endswith("ti restano 2 carte.")
    assert "It is a Death" in bruno["KS"].en and "È una Morte" in bruno["KS"].it
    assert "Black Angel" in bruno["JK1"].en and bruno["JK1"].it.startswith("Il jolly rosso")


def test_kaiserspiel_tells_who_wins_the_trick_so_far() -> None:
    s = KS.new_state(4, {"hands": "known"}, 1)
    s = replace(s, phase="play", trump="S", leader=0, kaisers=(), turn=None,
                trick=((0, "QD"), (1, "3S"), (2, "KD")),
                hands=(s.hands[0], s.hands[1], s.hands[2], ("6S", "2D", "4C")),
                hand_sizes=(4, 4, 4, 3))
    moves = _by_card(hints_for("kaiserspiel", KS, s, 3, NAMES))
    assert moves["6S"].facts == {"winner": 3, "our_team": True, "takes_over": True, "final": True}
    assert moves["2D"].facts["winner"] == 2 and not moves["2D"].facts["our_team"]
    assert "Carla (opponent)" in moves["2D"].en and "avversario" in moves["2D"].it
    s2 = replace(s, trick=((0, "QD"),), leader=0)
    s2 = replace(s2, hands=(s.hands[0], ("3S", "KS", "2C"), s.hands[2], s.hands[3]),
                 hand_sizes=(4, 3, 4, 3))
    bruno = _by_card(hints_for("kaiserspiel", KS, s2, 1, NAMES))
    assert bruno["3S"].facts["winner"] == 1 and "2 player(s) still to play" in bruno["3S"].en
    assert bruno["2C"].facts["winner"] == 0


def test_diavolo_counts_the_chance_of_busting_exactly() -> None:
    assert odds(["10S", "4H"]) == (53, 6, 76)  # over 15 with any card worth more than 1; aces, T1, Devil win
    assert odds(["T16"]) == (76, 1, 77)  # only the Devil still wins
    s = DV.new_state(3, {"hands": "known"}, 5)
    seat = next(iter(DV.to_act(s)))
    found = hints_for("diavolo", DV, s, seat, NAMES)
    ask = next(m for m in found.moves if m.action == {"type": "ask"})
    bust, _win, unseen = odds(s.cards[seat] or ())
    assert ask.facts["bust_chance"] == str(Fraction(bust, unseen)) and ask.facts["unseen"] == 77
    assert f"{bust}/{unseen}" in ask.en and f"{bust}/{unseen}" in ask.it
    # the share with a decimal point in English, a decimal comma in Italian
    share = f"{100 * bust / unseen:.1f}"
    assert f"= {share}%" in ask.en and f"= {share.replace('.', ',')}%" in ask.it
    assert "." not in ask.it.split("= ")[1].split("%")[0]


def test_insonnia_lists_where_each_sheep_could_go() -> None:
    s = insonnia_table({0: [{"4": "R4", "5": "R5"}], 1: [{"8": "Y8"}]},
                       {0: ["R3", "Y6", "X", "B9", "G1"], 1: ["G2"]}, pile=["P1", "P2", "P3"])
    moves = _by_card(hints_for("insonnia", GAMES["insonnia"], s, 0, NAMES))
    assert moves["R3"].facts["places"] == [{"owner": 0, "run": 0, "slot": 3}]
    assert {(p["owner"], p["slot"]) for p in moves["Y6"].facts["places"]} == {(0, 6)}
    assert {(p["owner"], p["slot"]) for p in moves["B9"].facts["places"]} == {(1, 9)}
    assert moves["X"].facts["places"] == [{"owner": 1, "run": 0, "slot": 7},
                                          {"owner": 1, "run": 0, "slot": 9}]
    assert "G1" not in moves and "Bruno's run 1, slot 9" in moves["B9"].en


def test_an_unknown_hand_gets_a_note_not_moves() -> None:
    for game, rules in GAMES.items():
        s = rules.new_state(rules.seats.start if game != "kaiserspiel" else 4, {"hands": "unknown"}, 3)
        found = hints_for(game, rules, s, 0, NAMES)
        assert not found.moves and found.note_en and found.note_it, game


def test_hints_work_exactly_when_the_app_knows_the_hand() -> None:
    """The phone offers the Hints button only where hints can be given: ``can_hint`` is true
    for a hand the app dealt and false for real cards, in every game; in Diavolo it becomes
    true once the player has entered each card they hold on their own phone, and between deals
    it is true for the next dealer, whose hints are about the pot, not a hand."""
    from companion.games.diavolo.state import Ask, Note, Withdraw
    from companion.games.registry import get_game

    for game, rules in GAMES.items():
        players = rules.seats.start if game != "kaiserspiel" else 4
        for hands, knows in (("known", True), ("unknown", False)):
            s = rules.new_state(players, {"hands": hands}, 3)
            assert get_game(game).can_hint(s, 0) is knows, (game, hands)
            assert bool(hints_for(game, rules, s, 0, NAMES).note_en == UNKNOWN_HAND.note_en) is not knows
    s = DV.new_state(3, {"hands": "unknown"}, seed=2)
    first = s.turn or 0
    s = DV.apply(s, Ask(first))  # a second card, face down: he enters both
    s = DV.apply(s, Note(first, "2S"))
    can = get_game("diavolo").can_hint
    assert s.counts[first] == 2 and not can(s, first)  # one of his two cards entered
    s = DV.apply(s, Note(first, "3C"))
    assert can(s, first)
    assert hints_for("diavolo", DV, s, first, NAMES).note_en != UNKNOWN_HAND.note_en
    # Between deals the next dealer's hints (deal again for the pot, or end) need no hand.
    s = DV.new_state(3, {"hands": "unknown"}, seed=2)
    while s.phase == "offer":
        s = DV.apply(s, Withdraw(s.turn or 0))
    assert s.phase == "await_deal"
    (dealer,) = DV.to_act(s)
    assert can(s, dealer) and hints_for("diavolo", DV, s, dealer, NAMES).moves
    assert not any(can(s, seat) for seat in range(3) if seat != dealer)  # their cards unknown
    # With cards the app dealt, every seat's hand is known between deals too (a quick Devil
    # ended this first deal at once): the button stays, the hint says there is nothing to do.
    s = DV.new_state(3, {"hands": "known", "dealer": 0}, 0)
    assert s.phase == "await_deal" and all(can(s, seat) for seat in range(3))


def test_the_view_says_whether_hints_work_for_the_caller(client: FlaskClient) -> None:
    """At a table of real cards the view says hints cannot work (the phone hides the button);
    where the app dealt, they do; the table screen has no hand to hint at."""
    for hands, works in (("unknown", False), ("known", True)):
        tid = create(client, options={"hands": hands})["table_id"]
        token = join(client, tid, 0)
        mine = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).get_json()
        assert mine["hints"] is True and mine["hints_work"] is works
        screen = client.get(f"/api/tables/{tid}/state?as=table").get_json()
        assert screen["hints_work"] is False


# ---- hidden information -------------------------------------------------------------------
def _hidden(rules: Any, s: Any, seat: int, players: int) -> set[str]:
    """Cards in other players' hands that this seat's own view does not show."""
    view = json.dumps(rules.view(s, seat))
    hands = getattr(s, "hands", None) or getattr(s, "cards", None)
    out: set[str] = set()
    for p in range(players):
        if p != seat and hands[p] is not None:
            out.update(c for c in hands[p] if f'"{c}"' not in view)
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hints_never_name_another_players_hidden_card(game: str) -> None:
    rules = GAMES[game]
    deck = {"insonnia": None}.get(game, rules.deck)
    for seed in range(3):
        rng = random.Random(seed)
        players = 4 if game == "kaiserspiel" else rules.seats.start + seed % 2
        s = rules.new_state(players, {"hands": "known"}, seed)
        checked = 0
        for _ in range(60):
            if rules.outcome(s) is not None:
                break
            for seat in range(players):
                found = hints_for(game, rules, s, seat, NAMES + ["Eva", "Fabio"])
                text = json.dumps([m.as_json() for m in found.moves])
                for card in _hidden(rules, s, seat, players):
                    assert f'"{card}"' not in text, (game, seat, card)
                    if deck is not None:
                        assert card_name(deck, card, "en") not in text, (game, seat, card)
                checked += len(found.moves)
            seat = rng.choice(sorted(rules.to_act(s)))
            s = rules.apply(s, rng.choice(rules.legal_actions(s, seat)))
        assert checked > 0


# ---- the API ---------------------------------------------------------------------------------
def _table(client: FlaskClient, **body: Any) -> tuple[str, str, str, str]:
    made = create(client, **body)
    tid = made["table_id"]
    return tid, made["host_token"], join(client, tid, 0), join(client, tid, 1)


def test_api_hints_are_for_the_callers_own_seat(client: FlaskClient) -> None:
    tid, _host, ada, bruno = _table(client)
    mine = client.get(f"/api/tables/{tid}/hints", headers=bearer(ada))
    theirs = client.get(f"/api/tables/{tid}/hints", headers=bearer(bruno))
    assert mine.status_code == theirs.status_code == 200
    a, b = mine.get_json(), theirs.get_json()
    assert a["seat"] == 0 and b["seat"] == 1
    ada_hand = client.get(f"/api/tables/{tid}/state", headers=bearer(ada)).get_json()["state"]["hand"]
    assert sorted(m["card"] for m in a["moves"]) == sorted(ada_hand)
    assert not {m["card"] for m in b["moves"]} & set(ada_hand)
    assert all(m["en"] and m["it"] and m["action"]["type"] == "play" for m in a["moves"])


def test_api_hints_refused_without_a_seat(client: FlaskClient) -> None:
    tid, host, _, _ = _table(client)
    fresh = client.application.test_client()
    nobody = fresh.get(f"/api/tables/{tid}/hints")
    assert nobody.status_code == 401 and nobody.get_json()["messages"]["it"].startswith("Entra")
    hosting = fresh.get(f"/api/tables/{tid}/hints", headers=bearer(host))
    assert hosting.status_code == 403
    assert "own hand" in hosting.get_json()["messages"]["en"]
    assert fresh.get("/api/tables/nope/hints").status_code == 404


def test_hints_off_at_creation_are_refused_in_both_languages(client: FlaskClient) -> None:
    tid, _host, ada, _ = _table(client, hints=False)
    resp = client.get(f"/api/tables/{tid}/hints?lang=it", headers=bearer(ada))
    assert resp.status_code == 403
    body = resp.get_json()
    assert body["reason"] == "hints_off"
    assert body["messages"]["en"] == "The host has switched hints off for this game."
    assert body["messages"]["it"] == "L'organizzatore ha disattivato i suggerimenti per questa partita."
    assert body["message"] == body["messages"]["it"]
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(ada)).get_json()
    assert view["hints"] is False
    bad = client.post("/api/tables", json={"game": "quinta", "players": 3, "hints": "no"})
    assert bad.status_code == 400 and "'hints'" in bad.get_json()["message"]


def test_the_host_switches_hints_off_and_on_and_the_log_says_so(client: FlaskClient,
                                                                 service: TableService) -> None:
    tid, host, ada, _ = _table(client)
    seq = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()["seq"]
    player = client.post(f"/api/tables/{tid}/hints", headers=bearer(ada), json={"on": False, "seq": seq})
    assert player.status_code == 403
    assert client.post(f"/api/tables/{tid}/hints", headers=bearer(host),
                       json={"on": "off", "seq": seq}).status_code == 400
    assert client.post(f"/api/tables/{tid}/hints", headers=bearer(host),
                       json={"on": False}).status_code == 400
    assert client.post(f"/api/tables/{tid}/hints", headers=bearer(host),
                       json={"on": False, "seq": seq - 1}).status_code == 409
    off = client.post(f"/api/tables/{tid}/hints", headers=bearer(host), json={"on": False, "seq": seq})
    assert off.status_code == 200 and off.get_json()["hints"] is False
    assert off.get_json()["log"][-1]["en"] == "The host switched hints off for this game."
    assert client.get(f"/api/tables/{tid}/hints", headers=bearer(ada)).status_code == 403
    again = client.post(f"/api/tables/{tid}/hints", headers=bearer(host),
                        json={"on": False, "seq": seq + 1})
    assert again.status_code == 409
    on = client.post(f"/api/tables/{tid}/hints", headers=bearer(host), json={"on": True, "seq": seq + 1})
    assert on.status_code == 200 and on.get_json()["log"][-1]["it"].startswith("L'organizzatore ha attivato")
    assert client.get(f"/api/tables/{tid}/hints", headers=bearer(ada)).status_code == 200
    # The game is still on, so the host's download waits: the log is read from the store.
    assert client.get(f"/api/tables/{tid}/record", headers=bearer(host)).status_code == 409
    record = service.store.export_table(tid)
    assert record is not None
    assert [e["payload"] for e in record["events"] if e["kind"] == "hints"] == [{"on": False}, {"on": True}]
