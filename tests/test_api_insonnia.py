"""Insonnia through HTTP: three phones play turns, a refusal names its placement, hands stay
private, and the camera is offered only for decks it reads."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from flask import Flask
from flask.testing import FlaskClient

from companion.decks.scenes import jpeg, scene
from recognizer import pipeline

from .helpers import act, create, join, state
from .test_recognizer import PHOTOS, needs_photos
from .test_scan import _upload


def _table(client: FlaskClient, **options: Any) -> tuple[str, list[str], list[int]]:
    """An Insonnia table for three; the tokens of seats 0-2 and the seats in order of play.
    The host token is the last token."""
    data = create(client, game="insonnia", players=["Lia", "Max", "Noa"], options=options)
    tid = data["table_id"]
    tokens = [join(client, tid, i) for i in range(3)] + [data["host_token"]]
    first = state(client, tid)["state"]["turn"]
    return tid, tokens, [(first + k) % 3 for k in range(3)]


def _ok(resp: Any) -> dict[str, Any]:
    assert resp.status_code == 200, resp.get_json()
    data: dict[str, Any] = resp.get_json()
    return data


def _place(card: str, owner: int, slot: int, run: int = 0) -> dict[str, Any]:
    return {"card": card, "owner": owner, "run": run, "slot": slot}


def test_three_phones_play_insonnia_turns_with_real_cards(client: FlaskClient) -> None:
    tid, tokens, (a, b, c) = _table(client, hands="unknown", deck="printed", variant="base")
    tok = {a: tokens[a], b: tokens[b], c: tokens[c]}
    # First turn: each lays one numbered sheep in front of himself.
    for seat, card in ((a, "R4"), (b, "Y8"), (c, "G3")):
        _ok(act(client, tid, tok[seat], {"type": "start_run", "card": card}))
    view = state(client, tid)
    assert view["state"]["runs"][a] == [{"4": "R4"}] and view["state"]["turn"] == a
    assert view["state"]["hand_sizes"][a] == 10  # nine left, and one drawn for this turn

    # A turn of several placements: a chain up the own run.
    after = _ok(act(client, tid, tok[a], {"type": "play", "placements": [
        _place("R5", a, 5), _place("R6", a, 6)]}))
    assert after["state"]["runs"][a] == [{"4": "R4", "5": "R5", "6": "R6"}]
    assert after["state"]["turn"] == b and "the red sheep 5, the red sheep 6" in after["log"][-1]["en"]

    # A refused turn changes nothing and names the placement that broke the rule.
    before = state(client, tid)
    resp = act(client, tid, tok[b], {"type": "play", "placements": [_place("Y7", b, 7), _place("Y9", b, 9)]},
               headers={"Accept-Language": "it"})
    assert resp.status_code == 422
    err = resp.get_json()
    assert err["rule"] == "insonnia.chain_gap"
    assert err["placement"] == {"index": 1, "card": "Y9", "slot": 9}
    assert err["why"] == "/rules/insonnia#chain"  # the rule book paragraph about chains
    assert err["messages"]["en"].startswith("Card 2 (yellow sheep 9, slot 9 of your run 1)")
    assert err["message"].startswith("Carta 2 (pecora gialla 9, casella 9 della tua serie 1)")
    assert state(client, tid) == before

    # A confused sheep on an opponent's run, with a chain on his own, in one turn (DECISION I5).
    _ok(act(client, tid, tok[b], {"type": "play", "placements": [
        _place("Y7", b, 7), _place("X", a, 7)]}))
    _ok(act(client, tid, tok[c], {"type": "play", "placements": [_place("X", b, 9)]}))
    view = state(client, tid)
    assert view["state"]["runs"][a][0]["7"] == "X" and view["state"]["open_slots"][a] == [[3]]

    # Lia concentrates on the confused sheep: it goes to the discards and she draws two.
    hand = view["state"]["hand_sizes"][a]
    after = _ok(act(client, tid, tok[a], {"type": "concentrate", "owner": a, "run": 0, "slot": 7}))
    assert "7" not in after["state"]["runs"][a][0] and after["state"]["discard_pile"] == ["X"]
    assert after["state"]["hand_sizes"][a] == hand + 2
    # Max guesses on his: the card turned over is the yellow 9, exactly right, and he goes on.
    after = _ok(act(client, tid, tok[b], {"type": "guess", "owner": b, "run": 0, "slot": 9, "card": "Y9"}))
    assert after["state"]["phase"] == "continue" and after["state"]["runs"][b][0]["9"] == "Y9"
    assert {"type": "end_turn", "player": b} in after["state"]["legal"]
    after = _ok(act(client, tid, tok[b], {"type": "play", "placements": [_place("Y10", b, 10)]}))
    assert after["state"]["turn"] == c
    assert any("exactly right" in line["en"] for line in after["log"])


def test_a_refusal_in_a_dealt_game_changes_nothing_and_views_hide_the_hands(client: FlaskClient,
                                                                        app: Flask) -> None:
    tid, tokens, order = _table(client, hands="known", deck="french", variant="family")
    views = [state(client, tid, t) for t in tokens[:3]]
    for seat, view in enumerate(views):
        s = view["state"]
        assert view["me"] == seat and len(s["hand"]) == 10
        assert "unseen" not in s and "turn_legal" not in s  # nothing about the pile or hands
        text = json.dumps(view)
        assert text.count('"hand"') == 1  # only its own
        assert (seat in s["to_act"]) == bool(s["legal"])
    public = state(app.test_client(), tid)["state"]
    assert "hand" not in public and "legal" not in public and "unseen" not in public
    # The first player lays a sheep from his own hand; a card he does not hold is refused.
    first = order[0]
    hand = views[first]["state"]["hand"]
    missing = next(c for c in ("AH", "2H", "3H", "4H", "5H", "6H") if c not in hand)
    before = state(client, tid)
    resp = act(client, tid, tokens[first], {"type": "start_run", "card": missing})
    assert resp.status_code == 422 and resp.get_json()["rule"] == "insonnia.not_in_hand"
    assert state(client, tid) == before
    start = next(a for a in views[first]["state"]["legal"] if a["type"] == "start_run")
    after = _ok(act(client, tid, tokens[first], start))
    assert after["state"]["runs"][first] and len(after["state"]["hand"]) == 9
    # The host cannot play for a seat whose phone holds a dealt hand: his refusals would tell it.
    second = order[1]
    start = next(a for a in state(client, tid, tokens[second])["state"]["legal"] if a["type"] == "start_run")
    assert act(client, tid, tokens[3], start).status_code == 403


def test_the_camera_is_offered_for_both_decks(client: FlaskClient) -> None:
    """The printed deck is read by its markers, two French decks by their indices."""
    printed, _, _ = _table(client, hands="unknown", deck="printed")
    french = create(client, game="insonnia", players=3, options={"hands": "unknown", "deck": "french"})
    assert "insonnia108" in pipeline.DECKS
    assert state(client, printed)["scannable"] is True
    assert state(client, french["table_id"])["scannable"] is True  # two French decks: French cards
    assert state(client, create(client)["table_id"])["scannable"] is True  # Quinta
    photo = _upload(client, printed, b"\xff\xd8\xff" + b"\x00" * 100, french["host_token"])
    assert photo.status_code == 401  # another table's host is nobody here


def test_a_printed_card_read_by_the_camera_becomes_the_chosen_card(client: FlaskClient) -> None:
    """A photo of a printed sheep at a printed-deck table: the marker names it, and the
    player in turn gets it as his chosen card, to tap into a slot."""
    tid, tokens, order = _table(client, hands="unknown", deck="printed")
    photo = jpeg(scene(np.random.default_rng(5), 1280, 960, ["R3"], tilt_max=20.0, overlap=False,
                       hand=False).image)
    body = _upload(client, tid, photo, tokens[order[0]]).get_json()
    assert [d["card"] for d in body["detections"]] == ["R3"]
    assert body["detections"][0]["move"] == {"legal": True, "pick": "R3"}
    broken = _upload(client, tid, b"\xff\xd8\xff" + b"\x00" * 100, tokens[order[0]])
    assert broken.status_code == 400  # a damaged photo: a clear error, nothing changes


@needs_photos
def test_a_french_card_read_by_the_camera_becomes_the_chosen_card(client: FlaskClient) -> None:
    tid, tokens, order = _table(client, hands="unknown", deck="french")
    photo = (PHOTOS / "rdpong" / "8hearts.jpg").read_bytes()
    body = _upload(client, tid, photo, tokens[order[0]]).get_json()
    assert [d["card"] for d in body["detections"]] == ["8H"]
    assert body["detections"][0]["move"] == {"legal": True, "pick": "8H"}  # the player taps its slot
    # Out of turn, the reason comes from the engine.
    other = _upload(client, tid, photo, tokens[order[1]]).get_json()
    assert other["detections"][0]["move"]["rule"] == "insonnia.not_your_turn"


def test_insonnia_is_on_the_home_page_with_its_options(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'value="insonnia"' in page and 'id="in-deck"' in page and 'id="in-variant"' in page
    assert 'value="french" data-max="5"' in page and 'value="printed" data-max="6"' in page
    games = {g["name"]: g for g in client.get("/api/games").get_json()}
    assert games["insonnia"]["min_players"] == 2 and games["insonnia"]["max_players"] == 6
    six_french = client.post("/api/tables", json={"game": "insonnia", "players": 6,
                                                  "options": {"deck": "french"}})
    assert six_french.status_code == 400 and "2 a 5" in six_french.get_json()["messages"]["it"]


def test_no_phone_chooses_the_order_of_a_reshuffled_pile(client: FlaskClient) -> None:
    """The order of the pile after a reshuffle is the app's (dealt) or the table's (real cards),
    never sent by a phone: whoever sends one gets a 400 and nothing changes."""
    tid, tokens, order = _table(client, hands="known")
    seq = state(client, tid)["seq"]
    for who in (tokens[order[0]], tokens[-1]):
        resp = act(client, tid, who, {"type": "reshuffle", "player": order[0], "order": ["R1", "Y2"]})
        assert resp.status_code == 400 and "cannot be chosen" in resp.get_json()["message"]
    assert state(client, tid)["seq"] == seq


def test_refusals_name_players_not_seat_numbers(client: FlaskClient) -> None:
    """Out of turn, the refusal says whose turn it is by name, in both languages."""
    tid, tokens, order = _table(client, hands="unknown")
    names = ["Lia", "Max", "Noa"]
    resp = act(client, tid, tokens[order[1]], {"type": "start_run", "card": "R3"})
    assert resp.status_code == 422
    body = resp.get_json()
    assert names[order[0]] in body["messages"]["en"] and names[order[0]] in body["messages"]["it"]
    assert "seat" not in body["messages"]["en"] and "posto" not in body["messages"]["it"]
    assert "DECISION" not in json.dumps(body)


def test_the_table_chooses_who_deals_and_the_next_player_begins(client: FlaskClient) -> None:
    """DECISION I3: the player after the dealer begins; the dealer is the table's choice."""
    for dealer in (0, 2):
        tid = create(client, game="insonnia", players=["Lia", "Max", "Noa"],
                     options={"hands": "unknown", "dealer": dealer})["table_id"]
        assert state(client, tid)["state"]["turn"] == (dealer + 1) % 3
    resp = client.post("/api/tables", json={"game": "insonnia", "players": ["Lia", "Max"],
                                            "options": {"dealer": 2}})
    assert resp.status_code == 400
    assert "da 0 a 1" in resp.get_json()["messages"]["it"]
