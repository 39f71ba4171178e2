"""Kaiserspiel through the HTTP API: four phones (four tokens) play hands with a raise, a
Kaiser and a refusal; every view hides the other hands; the view carries the tally marks
and the pack's names; the camera is offered only for a French pack."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from companion.games.kaiserspiel.engine import RULES as K
from companion.games.kaiserspiel.tally import canonical, total
from companion.service.service import TableService

from .helpers import act, bearer, join, state
from .test_recognizer import PHOTOS, needs_photos

NAMES = ["Urs", "Vreni", "Werner", "Yvonne"]
HOSTS: dict[str, str] = {}  # table id -> host token


def _seed_with_an_ace_for_the_first_player() -> int:
    """A seed whose first hand gives the first player (the one after the dealer) an Ace."""
    for seed in range(500):
        s = K.new_state(4, {"hands": "known", "dealer": 3}, seed)
        if any(c.startswith("A") for c in s.hands[0] or ()):
            return seed
    raise AssertionError("no seed found")


def _table(client: FlaskClient, service: TableService, seed: int,
           options: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    body = {"game": "kaiserspiel", "players": NAMES,
            "options": {"hands": "known", "dealer": 3, **(options or {})}}
    created = service.lobby.create(body, seed=seed)
    HOSTS[created.table_id] = created.host_token
    tokens = [join(client, created.table_id, seat=i) for i in range(4)]
    return created.table_id, tokens


def _do(client: FlaskClient, tid: str, token: str, action: dict[str, Any]) -> dict[str, Any]:
    resp = act(client, tid, token, action)
    assert resp.status_code == 200, resp.get_json()
    view: dict[str, Any] = resp.get_json()
    return view


def _public_cards(view: dict[str, Any]) -> set[str]:
    s = view["state"]
    shown = {c for c in s["face_up"] if c}
    shown |= {k["card"] for k in s["kaisers"]}
    shown |= {p["card"] for p in s["trick"]} | {v["card"] for v in s["last_trick"]}
    if s["pending"] and s["pending"]["card"]:
        shown.add(s["pending"]["card"])
    return shown


def _check_private(client: FlaskClient, service: TableService, tid: str, tokens: list[str]) -> None:
    """Each seat sees its own hand and legal moves; no other hand leaks into its view."""
    hands = service.tables.table(tid).state.hands
    for seat, token in enumerate(tokens):
        view = state(client, tid, token)
        assert view["state"]["hand"] == list(hands[seat])
        text = json.dumps(view["state"])
        public = _public_cards(view)
        played = {c for c in text.split('"') if c in K.table_info(service.tables.table(tid).state)["cards"]}
        for other in range(4):
            if other == seat:
                continue
            for card in hands[other] or ():
                if card not in public:
                    assert card not in played, f"seat {seat} sees {card} of seat {other}"
    table = state(client, tid)
    assert "hand" not in table["state"] and "legal" not in table["state"]


def _play_out(client: FlaskClient, tid: str, tokens: list[str]) -> dict[str, Any]:
    """Everybody plays his first legal card until the hand is over."""
    for _ in range(40):
        view = state(client, tid)
        if view["state"]["phase"] != "play":
            return view
        seat = view["state"]["to_act"][0]
        mine = state(client, tid, tokens[seat])
        _do(client, tid, tokens[seat], mine["state"]["legal"][0])
    raise AssertionError("the hand did not end")


def test_four_phones_play_a_raise_a_kaiser_and_a_refusal(client: FlaskClient,
                                                          service: TableService) -> None:
    seed = _seed_with_an_ace_for_the_first_player()
    tid, tokens = _table(client, service, seed)
    view = state(client, tid)
    assert view["game"] == "kaiserspiel" and view["state"]["phase"] == "discard"
    assert view["scannable"] is True  # a French pack: the camera reads it
    assert view["pack"]["cards"]["QH"]["name_en"] == "Ober of Roses"
    assert {r["code"] for r in view["pack"]["remove"]} >= {"10H", "8S", "JK1"}
    _check_private(client, service, tid, tokens)

    # Everybody discards two cards; the first player (seat 0) keeps his Ace.
    for seat, token in enumerate(tokens):
        hand = state(client, tid, token)["state"]["hand"]
        keep = [c for c in hand if not c.startswith("A")] if seat == 0 else hand
        _do(client, tid, token, {"type": "discard", "cards": keep[:2]})
    _check_private(client, service, tid, tokens)
    ace = next(c for c in state(client, tid, tokens[0])["state"]["hand"] if c.startswith("A"))

    # Seat 0 raises by 3; only seat 1, the next player (an opponent), may answer.
    view = _do(client, tid, tokens[0], {"type": "raise"})
    assert view["state"]["phase"] == "respond" and view["state"]["pending"]["amount"] == 3
    legal = {a["type"] for a in state(client, tid, tokens[1])["state"]["legal"]}
    assert legal == {"accept", "refuse"}
    assert state(client, tid, tokens[2])["state"]["legal"] == []
    wrong = act(client, tid, tokens[2], {"type": "accept"}, headers={"Accept-Language": "it"})
    assert wrong.status_code == 422
    body = wrong.get_json()
    assert body["rule"] == "kaiserspiel.not_responder"
    assert body["messages"]["en"].startswith("Vreni, the next player after the raiser, answers this raise")
    assert "risponde Vreni" in body["messages"]["it"]
    view = _do(client, tid, tokens[1], {"type": "accept"})
    assert view["state"]["hand_value"] == 7
    # Seat 1 passes, seats 2 and 3 pass, seat 0 shows his Ace: a Kaiser, +1.
    for seat in (1, 2, 3):
        _do(client, tid, tokens[seat], {"type": "pass"})
    view = _do(client, tid, tokens[0], {"type": "declare_kaiser", "card": ace})
    assert view["state"]["pending"] == {"player": 0, "amount": 1, "card": ace}
    _do(client, tid, tokens[1], {"type": "accept"})
    for seat in (1, 2, 3, 0):
        view = _do(client, tid, tokens[seat], {"type": "pass"})
    assert view["state"]["phase"] == "play" and view["state"]["hand_value"] == 8
    assert view["state"]["kaisers"] == [{"player": 0, "card": ace}]
    _check_private(client, service, tid, tokens)

    view = _play_out(client, tid, tokens)
    s = view["state"]
    result = s["hand_result"]
    assert result["points"] == 8 and result["by"] == "tricks"
    assert s["marks"][result["team"]] == ["LHS"]  # the base, the first +3, the Kaiser
    assert s["team_scores"][result["team"]] == 8
    # After each trick: one sentence per card and who took it, in both languages.
    trick_lines = [line for line in view["log"] if line.get("kind") == "trick"]
    assert len(trick_lines) % 5 == 0 and len(trick_lines) >= 15
    assert all(line["en"] and line["it"] for line in trick_lines)
    assert len(s["last_trick"]) == 4

    # Hand 2: seat 0 (the next dealer) deals; seat 1 speaks first and raises; seat 2 refuses.
    assert s["to_act"] == [0]
    refused = act(client, tid, tokens[1], {"type": "deal"})
    assert refused.status_code == 422 and refused.get_json()["rule"] == "kaiserspiel.not_dealer"
    _do(client, tid, tokens[0], {"type": "deal"})
    for token in tokens:
        hand = state(client, tid, token)["state"]["hand"]
        _do(client, tid, token, {"type": "discard", "cards": hand[:2]})
    _do(client, tid, tokens[1], {"type": "raise"})
    view = _do(client, tid, tokens[2], {"type": "refuse"})
    s = view["state"]
    assert s["hand_result"] == {"team": "B", "points": 4, "by": "refusal"}
    assert s["marks"]["B"][-1] == "L"
    assert s["phase"] == "await_deal" and s["hand_sizes"] == [5, 5, 5, 5]  # nobody played
    assert any("a tavolino" in line["it"] for line in view["log"])
    for team in ("A", "B"):
        assert total(s["marks"][team]) == s["team_scores"][team]
    # Between hands nothing is hidden: the table screen (the host) starts the next deal for
    # the dealer, who has a phone; during a hand the host still may not act for him.
    host_token = HOSTS[tid]
    dealer = s["to_act"][0]
    resp = client.post(f"/api/tables/{tid}/actions", headers=bearer(host_token),
                       json={"action": {"type": "deal", "player": dealer}, "seq": view["seq"]})
    assert resp.status_code == 200, resp.get_json()
    s = resp.get_json()["state"]
    resp = client.post(f"/api/tables/{tid}/actions", headers=bearer(host_token),
                       json={"action": {"type": "discard", "player": dealer, "cards": []},
                             "seq": resp.get_json()["seq"]})
    assert resp.status_code == 403


def test_a_phone_can_act_only_for_itself_and_the_cards_are_never_chosen_by_a_phone(
        client: FlaskClient, service: TableService) -> None:
    tid, tokens = _table(client, service, 7)
    other = act(client, tid, tokens[0], {"type": "discard", "player": 1, "cards": []})
    assert other.status_code == 403
    host_deal = act(client, tid, tokens[0], {"type": "deal", "face_up": ["2H", "3H", "4H", "5H"]})
    assert host_deal.status_code == 400


def test_the_pack_decides_names_what_stays_in_the_box_and_the_camera(client: FlaskClient) -> None:
    for options, scannable in (({"pack": "tarot", "deck": 48}, False),
                               ({"pack": "italian"}, False), ({"pack": "swiss"}, False),
                               ({"pack": "french", "deck": 48}, True)):
        resp = client.post("/api/tables", json={"game": "kaiserspiel", "players": 4,
                                                "options": {"hands": "unknown", **options}})
        assert resp.status_code == 201, resp.get_json()
        view = state(client, resp.get_json()["table_id"])
        assert view["scannable"] is scannable, options
        assert view["state"]["phase"] == "reveal" and view["state"]["known_hands"] is False
        pack = view["pack"]
        assert len(pack["cards"]) == options.get("deck", 40)
        if options["pack"] == "tarot":
            assert pack["cards"]["QS"]["physical"] == "CS"
            assert {"T0", "T21", "QS", "10H"} <= {r["code"] for r in pack["remove"]}
            assert pack["suits"]["S"] == {"en": "swords ♠", "it": "spade ♠",
                                          "word_en": "swords", "word_it": "spade"}
    # Italian decks have no 8s and 9s; a Kaiserspiel table has four seats.
    for options, players, words in (({"pack": "italian", "deck": 48}, 4, "mazzo italiano"),
                                    ({}, 3, "si gioca in 4")):
        resp = client.post("/api/tables", json={"game": "kaiserspiel", "players": players,
                                                "options": options},
                           headers={"Accept-Language": "it"})
        assert resp.status_code == 400 and words in resp.get_json()["message"]


def test_the_home_page_offers_kaiserspiel_with_its_pack_and_size(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'value="kaiserspiel" data-min="4" data-max="4"' in page
    assert 'id="pack"' in page and 'value="tarot"' in page and 'id="deck"' in page
    games = {g["name"]: g for g in client.get("/api/games").get_json()}
    assert games["kaiserspiel"]["min_players"] == games["kaiserspiel"]["max_players"] == 4


def test_the_board_in_the_view_draws_every_total_from_0_to_130() -> None:
    """A game resumed from totals: the view's marks are the canonical drawing of each and add
    up to the score shown beside them."""
    for n in range(131):
        s = K.from_setup(40, 1000, 3, ["2H", "3H", "4H", "5H"],
                         [["6H", "7H", "JH", "QH", "KH", "AH"], ["2S", "3S", "4S", "5S", "6S", "7S"],
                          ["JS", "QS", "KS", "AS", "2D", "3D"], ["4D", "5D", "6D", "7D", "JD", "QD"]],
                         scores=(n, 130 - n))
        view = K.view(s, None)
        assert view["team_scores"] == {"A": n, "B": 130 - n}
        for team, score in view["team_scores"].items():
            marks = view["marks"][team]
            assert total(marks) == score
            assert marks == ([canonical(score)] if score else [])


@needs_photos
def test_a_french_pack_table_reads_the_face_up_card_with_the_camera(client: FlaskClient) -> None:
    """Kaiserspiel with French cards: a card seen by the camera is entered as the face-up card
    while those are being entered; a card of the box (an 8 in the 40-card game) says why not."""
    photo = (PHOTOS / "rdpong" / "8hearts.jpg").read_bytes()
    for deck, legal in ((48, True), (40, False)):
        resp = client.post("/api/tables", json={"game": "kaiserspiel", "players": NAMES,
                                                "options": {"hands": "unknown", "deck": deck}})
        tid = resp.get_json()["table_id"]
        token = join(client, tid, seat=0)
        body = client.post(f"/api/tables/{tid}/photos", data=photo, content_type="image/jpeg",
                           headers=bearer(token)).get_json()
        assert body["kind"] == "reveal"
        move = body["detections"][0]["move"]
        assert move["legal"] is legal, move
        if legal:
            assert move["action"] == {"type": "reveal", "player": 0, "card": "8H"}
            assert body["proposal"] == "8H"
        else:
            assert "40-card Kaiserspiel pack" in move["messages"]["en"]
    tarot = client.post("/api/tables", json={"game": "kaiserspiel", "players": NAMES,
                                             "options": {"hands": "unknown", "pack": "tarot"}})
    tid = tarot.get_json()["table_id"]
    token = join(client, tid, seat=0)
    refused = client.post(f"/api/tables/{tid}/photos", data=photo, content_type="image/jpeg",
                          headers=bearer(token))
    assert refused.status_code == 400 and "picker" in refused.get_json()["messages"]["en"]
