"""The JSON API through Flask's test client: the happy path and every kind of bad input."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from companion import create_app

from .helpers import act, bearer, create, decode_qr, join, play_whole_game, shown, state, svg_to_image


# ---- creating and joining ----------------------------------------------------
def test_create_returns_room_join_link_and_host_token(client: FlaskClient) -> None:
    data = create(client)
    assert len(data["room"]) == 5 and data["host_token"]
    assert data["join_url"] == f"http://192.0.2.10:5000/join/{data['table_id']}"
    view = state(client, data["table_id"])
    assert view["names"] == ["ANNA", "BRUNO", "CARLO"] and view["seq"] == 1
    assert view["me"] is None and view["state"]["phase"] == "choose"


def test_qr_code_encodes_the_join_link(client: FlaskClient) -> None:
    data = create(client)
    resp = client.get(f"/api/tables/{data['table_id']}/qr.svg")
    assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
    svg = resp.get_data(as_text=True)
    assert decode_qr(svg_to_image(svg)) == data["join_url"]
    assert 'shape-rendering="crispEdges"' in svg  # no grey seams between modules when scaled


def test_room_code_finds_the_table(client: FlaskClient) -> None:
    data = create(client)
    resp = client.get(f"/api/rooms/{data['room'].lower()}")
    assert resp.status_code == 200 and resp.get_json()["table_id"] == data["table_id"]
    page = client.get(f"/r/{data['room']}")
    assert page.status_code == 302 and page.headers["Location"].endswith(f"/join/{data['table_id']}")
    assert client.get("/api/rooms/ZZZZZ").status_code == 404


def test_join_gives_each_phone_its_own_seat(client: FlaskClient) -> None:
    data = create(client, players=["ANNA", None, None])
    tid = data["table_id"]
    a = client.post(f"/api/tables/{tid}/seats", json={"seat": 0})
    assert a.status_code == 201 and a.get_json()["name"] == "ANNA"
    assert f"seat_{tid}=" in a.headers["Set-Cookie"] and "HttpOnly" in a.headers["Set-Cookie"]
    # An open seat needs a name.
    nameless = client.post(f"/api/tables/{tid}/seats", json={"seat": 1})
    assert nameless.status_code == 400
    b = client.post(f"/api/tables/{tid}/seats", json={"name": "  Bruno   Rossi "})
    assert b.get_json() | {"token": ""} == {"seat": 1, "name": "Bruno Rossi", "token": ""}
    # A seat already taken, or a name already used, is refused.
    assert client.post(f"/api/tables/{tid}/seats", json={"seat": 0}).status_code == 409
    dup = client.post(f"/api/tables/{tid}/seats", json={"seat": 2, "name": "ANNA"})
    assert dup.status_code == 409
    assert client.post(f"/api/tables/{tid}/seats", json={"seat": 9, "name": "X"}).status_code == 400
    c = client.post(f"/api/tables/{tid}/seats", json={"name": "Carla"})
    assert c.get_json()["seat"] == 2
    full = client.post(f"/api/tables/{tid}/seats", json={"name": "Dino"})
    assert full.status_code == 409 and "taken" in full.get_json()["message"]
    view = state(client, tid)
    assert view["names"] == ["ANNA", "Bruno Rossi", "Carla"]
    assert all(s["joined"] for s in view["seats"])


# ---- bad input at creation -------------------------------------------------------
def test_bad_creation_requests(client: FlaskClient) -> None:
    cases = [
        ({"game": "scopa"}, "Unknown game"),
        ({"game": "quinta", "options": {"stake": 3}}, "unknown Quinta option"),
        ({"game": "quinta", "options": {"hands": "maybe"}}, "hands"),
        ({"game": "quinta", "players": 2}, "3 to 6"),
        ({"game": "quinta", "players": "three"}, "players"),
        ({"game": "quinta", "players": ["A", "A", "B"]}, "same name"),
        ({"game": "quinta", "players": ["A" * 40, "B", "C"]}, "at most"),
        ({"game": "quinta", "options": []}, "options"),
    ]
    for body, words in cases:
        resp = client.post("/api/tables", json=body)
        assert resp.status_code == 400, body
        err = resp.get_json()
        assert words in err["message"] and err["messages"]["it"], body


def test_malformed_and_oversize_bodies(client: FlaskClient) -> None:
    resp = client.post("/api/tables", data="{not json", content_type="application/json")
    assert resp.status_code == 400 and "JSON object" in resp.get_json()["message"]
    resp = client.post("/api/tables", data="[1, 2]", content_type="application/json")
    assert resp.status_code == 400
    resp = client.post("/api/tables", data="game=quinta")
    assert resp.status_code == 400
    huge = json.dumps({"game": "quinta", "pad": "x" * 400_000})
    resp = client.post("/api/tables", data=huge, content_type="application/json")
    assert resp.status_code == 413 and resp.get_json()["error"] == "request_entity_too_large"
    assert state(client, create(client)["table_id"])["seq"] == 1  # still working


def test_unknown_table_is_404_everywhere(client: FlaskClient) -> None:
    for path in ("/api/tables/nope/state", "/api/tables/nope/qr.svg", "/api/tables/nope/events"):
        resp = client.get(path)
        assert resp.status_code == 404 and resp.get_json()["error"] == "not_found"
    assert client.post("/api/tables/nope/seats", json={}).status_code == 404
    assert client.get("/t/nope").status_code == 404


# ---- acting ----------------------------------------------------------------------
def test_a_view_shows_only_your_own_hand(client: FlaskClient, app: Flask) -> None:
    tid = create(client)["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    views = [state(client, tid, t) for t in tokens]
    for seat, view in enumerate(views):
        assert view["me"] == seat and len(view["state"]["hand"]) == 16
        for other in views:
            if other is not view:
                assert not set(other["state"]["hand"]) & set(view["state"]["hand"])
                assert other["state"]["hand"][0] not in shown(view)
    assert "hand" not in state(app.test_client(), tid)["state"]  # a phone with no seat


def test_play_a_round_and_see_it_revealed(client: FlaskClient) -> None:
    tid = create(client)["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    for seat, token in enumerate(tokens):
        card = state(client, tid, token)["state"]["hand"][0]
        resp = act(client, tid, token, {"type": "play", "card": card})
        assert resp.status_code == 200, resp.get_json()
        if seat < 2:
            assert resp.get_json()["state"]["chosen"] == card
    view = state(client, tid)
    assert view["state"]["round"] == 2 or view["state"]["phase"] == "joker_row"
    assert len(view["state"]["revealed"]) == 3
    assert any("revealed" in line["en"] for line in view["log"])


def test_acting_for_another_seat_is_forbidden(client: FlaskClient) -> None:
    tid = create(client)["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    other_card = state(client, tid, tokens[1])["state"]["hand"][0]
    resp = act(client, tid, tokens[0], {"type": "play", "player": 1, "card": other_card})
    assert resp.status_code == 403 and resp.get_json()["error"] == "forbidden"
    assert state(client, tid)["seq"] == 4  # three joins, nothing else


def test_no_token_or_a_wrong_token_is_unauthorized(client: FlaskClient, app: Flask) -> None:
    tid = create(client)["table_id"]
    client = app.test_client()  # no cookies: a stranger's phone
    body = {"action": {"type": "play", "card": "2H"}, "seq": 1}
    assert client.post(f"/api/tables/{tid}/actions", json=body).status_code == 401
    resp = client.post(f"/api/tables/{tid}/actions", json=body, headers=bearer("forged"))
    assert resp.status_code == 401
    other = create(client)["table_id"]
    token_elsewhere = join(client, other, 0)
    resp = client.post(f"/api/tables/{tid}/actions", json=body, headers=bearer(token_elsewhere))
    assert resp.status_code == 401


def test_stale_sequence_is_409_and_changes_nothing(client: FlaskClient) -> None:
    """A move made on a view the game has moved on from (here a move taken back since) is a 409;
    events outside the game (the joins) alone would not have made it stale."""
    data = create(client)
    tid = data["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    bruno = state(client, tid, tokens[1])
    assert act(client, tid, tokens[1], bruno["state"]["legal"][0], seq=4).status_code == 200
    assert client.post(f"/api/tables/{tid}/undo", json={"seq": 5},
                       headers=bearer(data["host_token"])).status_code == 200
    card = state(client, tid, tokens[0])["state"]["hand"][0]
    resp = act(client, tid, tokens[0], {"type": "play", "card": card}, seq=2)
    assert resp.status_code == 409 and resp.get_json()["seq"] == 6
    assert state(client, tid, tokens[0])["state"]["chosen"] is None


def test_illegal_move_is_422_with_rule_and_sentence(client: FlaskClient) -> None:
    tid = create(client)["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    hand1 = state(client, tid, tokens[1])["state"]["hand"]
    resp = act(client, tid, tokens[0], {"type": "play", "card": hand1[0]})
    assert resp.status_code == 422
    err = resp.get_json()
    assert err["rule"] == "quinta.not_in_hand" and "is not in your hand" in err["message"]
    assert "non è nella tua mano" in err["messages"]["it"]
    resp = act(client, tid, tokens[0], {"type": "play", "card": hand1[0]},
               headers={**bearer(tokens[0]), "Accept-Language": "it-IT,it;q=0.9"})
    assert "non è nella tua mano" in resp.get_json()["message"]
    resp = act(client, tid, tokens[0], {"type": "choose_row", "row": "H"})
    assert resp.status_code == 422 and resp.get_json()["rule"] == "quinta.no_joker"
    assert state(client, tid)["seq"] == 4


def test_malformed_actions_are_400_or_422(client: FlaskClient) -> None:
    tid = create(client)["table_id"]
    token = join(client, tid, 0)
    url = f"/api/tables/{tid}/actions"
    assert client.post(url, json={"seq": 2}, headers=bearer(token)).status_code == 400
    no_seq = client.post(url, json={"action": {"type": "play", "card": "2H"}}, headers=bearer(token))
    assert no_seq.status_code == 400 and "seq" in no_seq.get_json()["message"]
    bad = client.post(url, data="nope", content_type="application/json", headers=bearer(token))
    assert bad.status_code == 400
    odd = client.post(url, json={"action": {"type": "stand"}, "seq": 2}, headers=bearer(token))
    assert odd.status_code == 422 and odd.get_json()["rule"] == "quinta.unknown_action"


def test_the_host_can_act_for_a_seat_without_a_phone(client: FlaskClient) -> None:
    data = create(client)
    tid, host = data["table_id"], data["host_token"]
    card = "2H"
    resp = act(client, tid, host, {"type": "play", "player": 1, "card": card})
    if resp.status_code == 422:  # 2H is not BRUNO's: then the message says so
        assert resp.get_json()["rule"] == "quinta.not_in_hand"
    full = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    assert full["host"] is True


def test_undo_by_the_host_only_and_never_after_a_reveal(client: FlaskClient) -> None:
    data = create(client)
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    card = state(client, tid, tokens[0])["state"]["hand"][0]
    assert act(client, tid, tokens[0], {"type": "play", "card": card}).status_code == 200
    seq = state(client, tid)["seq"]
    refused = client.post(f"/api/tables/{tid}/undo", json={"seq": seq}, headers=bearer(tokens[0]))
    assert refused.status_code == 403
    undone = client.post(f"/api/tables/{tid}/undo", json={"seq": seq}, headers=bearer(host))
    assert undone.status_code == 200 and undone.get_json()["state"]["has_chosen"] == [False] * 3
    assert state(client, tid, tokens[0])["state"]["chosen"] is None
    nothing = client.post(f"/api/tables/{tid}/undo", json={"seq": seq + 1}, headers=bearer(host))
    assert nothing.status_code == 422 and nothing.get_json()["rule"] == "undo.nothing"
    for token in tokens:
        first = state(client, tid, token)["state"]["hand"][0]
        assert act(client, tid, token, {"type": "play", "card": first}).status_code == 200
    view = state(client, tid)
    if view["state"]["phase"] == "choose":
        resp = client.post(f"/api/tables/{tid}/undo", json={"seq": view["seq"]}, headers=bearer(host))
        assert resp.status_code == 422 and resp.get_json()["rule"] == "undo.revealed"
        assert state(client, tid)["seq"] == view["seq"]


def test_a_whole_game_through_the_api_ends_with_scores(client: FlaskClient) -> None:
    tid = create(client, players=["ANNA", "BRUNO", "CARLO", "DORA"])["table_id"]
    tokens = [join(client, tid, i) for i in range(4)]
    final = play_whole_game(client, tid, tokens)
    out = final["outcome"]
    assert final["state"]["phase"] == "over"
    assert len(out["scores"]) == 4 and out["winner_names"]
    assert max(out["scores"]) == out["scores"][out["winners"][0]]
    ends = [line["en"] for line in final["log"][-5:]]
    assert ends[0].startswith("All hands are empty")
    # then each player's points with the sets that make them
    assert [e.split(" scores ")[0] for e in ends[1:]] == ["ANNA", "BRUNO", "CARLO", "DORA"]
    assert [int(e.split(" scores ")[1].split(":")[0]) for e in ends[1:]] == out["scores"]


def test_unknown_hands_table_uses_the_picker(client: FlaskClient) -> None:
    tid = create(client, options={"hands": "unknown"})["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    view = state(client, tid, tokens[0])
    assert view["state"]["hand"] is None and len(view["state"]["legal"]) == 50
    for token, card in zip(tokens, ["3C", "6S", "7C"], strict=True):
        assert act(client, tid, token, {"type": "play", "card": card}).status_code == 200
    assert state(client, tid)["state"]["rows"]["C"] == ["AC", "3C", "7C"]
    resp = act(client, tid, tokens[0], {"type": "play", "card": "7C"})
    assert resp.status_code == 422 and resp.get_json()["rule"] == "quinta.card_seen"


# ---- live updates, restarts, documentation -----------------------------------------
def _sse_events(client: FlaskClient, url: str, headers: dict[str, str] | None = None) -> list[dict]:
    resp = client.get(url, headers=headers or {}, buffered=True)
    assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
    events = []
    for block in resp.get_data(as_text=True).split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if fields.get("event") == "state":
            events.append({"id": int(fields["id"]), "view": json.loads(fields["data"])})
    return events


def test_event_stream_sends_views_and_resumes(client: FlaskClient) -> None:
    tid = create(client)["table_id"]
    token = join(client, tid, 0)
    first = _sse_events(client, f"/api/tables/{tid}/events?limit=1", bearer(token))
    assert first[0]["id"] == 2 and first[0]["view"]["me"] == 0 and first[0]["view"]["state"]["hand"]
    join(client, tid, 1)
    resumed = _sse_events(client, f"/api/tables/{tid}/events?limit=1",
                          {**bearer(token), "Last-Event-ID": "2"})
    assert resumed[0]["id"] == 3 and resumed[0]["view"]["seats"][1]["joined"]


def test_restart_loses_nothing(tmp_path: Path) -> None:
    config = {"DATABASE": str(tmp_path / "db.sqlite3"), "TESTING": True}
    first = create_app(config).test_client()
    tid = create(first)["table_id"]
    tokens = [join(first, tid, i) for i in range(3)]
    for token in tokens:
        act(first, tid, token, {"type": "play", "card": state(first, tid, token)["state"]["hand"][0]})
    before = state(first, tid, tokens[0])
    second = create_app(config).test_client()
    after = state(second, tid, tokens[0])
    assert after == before


def test_openapi_documents_every_route(client: FlaskClient, app: Flask) -> None:
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    paths = set(doc["paths"])
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = (rule.rule.replace("<table_id>", "{table_id}").replace("<room>", "{room}")
                .replace("<int:seat>", "{seat}").replace("<name>", "{name}").replace("<rule>", "{rule}")
                .replace("<game>", "{game}").replace("<int:target>", "{target}"))
        assert path in paths, path
        for method in rule.methods or ():
            if method not in ("HEAD", "OPTIONS"):
                assert method.lower() in doc["paths"][path], (method, path)
    for path, item in doc["paths"].items():  # every request that changes something: CSRF or Bearer
        for method, op in item.items():
            if method in ("post", "put", "patch", "delete"):
                assert {"csrfToken": [], "csrfCookie": []} in op["security"], (method, path)
                assert op["responses"]["403"]["content"]["application/json"]
    statuses = doc["paths"]["/api/tables/{table_id}/actions"]["post"]["responses"]
    assert {"400", "401", "403", "409", "413", "422"} <= set(statuses)


def test_pages_render(client: FlaskClient) -> None:
    data = create(client)
    tid = data["table_id"]
    assert b"Tavolo" in client.get("/").data
    italian = client.get("/?lang=it")
    assert b'<html lang="it">' in italian.data and "lang=it" in italian.headers["Set-Cookie"]
    assert b'<html lang="it">' in client.get("/").data  # the choice is remembered
    table = client.get(f"/t/{tid}")
    assert table.status_code == 200 and data["join_url"].encode() in table.data
    assert client.get(f"/join/{tid}").status_code == 200
    assert client.get(f"/play/{tid}").status_code == 302  # no seat yet: go and join
    join(client, tid, 0)  # the test client keeps the cookie
    assert client.get(f"/play/{tid}").status_code == 200
    assert client.get(f"/join/{tid}").status_code == 302
    page = client.get("/join?room=zzzzz", headers={"Accept-Language": "it"})
    assert page.status_code == 404 and b"Nessun tavolo" in page.data


# ---- found in review: leaks, races, lost phones, hostile input ------------------------
def test_players_choosing_at_the_same_moment_are_all_accepted(client: FlaskClient) -> None:
    tid = create(client, options={"hands": "unknown"})["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    seq = state(client, tid)["seq"]  # every phone saw the same table
    for token, card in zip(tokens, ["3C", "6S", "7C"], strict=True):
        resp = act(client, tid, token, {"type": "play", "card": card}, seq=seq)
        assert resp.status_code == 200, resp.get_json()
    assert state(client, tid)["state"]["rows"]["C"] == ["AC", "3C", "7C"]
    # After the reveal an old sequence is stale again: the round has changed.
    resp = act(client, tid, tokens[0], {"type": "play", "card": "9D"}, seq=seq)
    assert resp.status_code == 409


def test_the_host_cannot_act_for_a_seat_that_has_a_phone(client: FlaskClient) -> None:
    data = create(client)
    tid, host = data["table_id"], data["host_token"]
    seat1 = join(client, tid, 1)
    card = state(client, tid, seat1)["state"]["hand"][0]
    resp = act(client, tid, host, {"type": "play", "player": 1, "card": card})
    assert resp.status_code == 403
    assert state(client, tid, seat1)["state"]["chosen"] is None


def test_the_table_screen_shows_only_public_things_even_to_a_seated_host(client: FlaskClient) -> None:
    tid = create(client)["table_id"]
    join(client, tid, 0)  # the host's phone also takes seat 0: both cookies now
    mine = client.get(f"/api/tables/{tid}/state").get_json()
    assert mine["me"] == 0 and mine["state"]["hand"]
    screen = client.get(f"/api/tables/{tid}/state?as=table").get_json()
    assert screen["me"] is None and "hand" not in screen["state"] and screen["host"] is True


def test_a_players_phone_on_the_table_screen_is_sent_to_its_own_page(client: FlaskClient, app: Flask) -> None:
    """The table screen (``?as=table``) leaves a seat's cookie out, so that it shows only what
    is public. A player's phone that moves, scans or asks for hints from it is told to use its
    own page (403), not that it has no seat; nothing is played. The host's phone acts there."""
    tid = create(client)["table_id"]
    phone = app.test_client()  # a player's phone: a seat, no host token
    token = join(phone, tid, 1)
    card = state(client, tid, token)["state"]["hand"][0]
    seq = state(client, tid)["seq"]
    for method, path, kw in (
        ("post", "actions", {"json": {"action": {"type": "play", "card": card}, "seq": seq}}),
        ("post", "cards/check", {"json": {"cards": [card]}}),
        ("post", "photos", {"data": b"not a photo", "content_type": "image/jpeg"}),
        ("get", "hints", {}),
    ):
        resp = getattr(phone, method)(f"/api/tables/{tid}/{path}?as=table", **kw)
        reply = resp.get_json()
        assert resp.status_code == 403 and reply["reason"] == "table_screen", (path, reply)
        assert f"/play/{tid}" in reply["messages"]["en"] and f"/play/{tid}" in reply["messages"]["it"]
    assert state(client, tid)["seq"] == seq
    assert phone.post(f"/api/tables/{tid}/actions", json={"action": {"type": "play", "card": card},
                                                          "seq": seq}).status_code == 200
    stranger = app.test_client()
    resp = stranger.post(f"/api/tables/{tid}/actions?as=table", json={"action": {"type": "play"}, "seq": 1})
    assert resp.status_code == 401  # no seat at all: join first
    join(client, tid, 0)  # the host's phone holds a seat too: on the table screen it is the host
    resp = client.post(f"/api/tables/{tid}/actions?as=table",
                       json={"action": {"type": "play", "player": 2, "card": "QH"}, "seq": seq + 2})
    assert resp.status_code in (200, 422), resp.get_json()  # judged by the game, not refused


def test_an_open_seat_is_named_in_each_language_of_the_log(client: FlaskClient) -> None:
    """A seat nobody named is "Seat 2" in the English log and "Posto 2" in the Italian one:
    the game's own sentence about the host's move for it is made once in each language."""
    data = create(client, players=["ANNA", None, None], options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    assert act(client, tid, host, {"type": "play", "player": 1, "card": "7C"}).status_code == 200
    line = state(client, tid)["log"][-1]
    assert "Seat 2" in line["en"] and "Posto 2" in line["it"] and "Seat" not in line["it"]


def test_the_host_frees_a_seat_whose_phone_was_lost(client: FlaskClient, app: Flask) -> None:
    data = create(client)
    tid, host = data["table_id"], data["host_token"]
    old = join(app.test_client(), tid, 1)
    assert app.test_client().post(f"/api/tables/{tid}/seats", json={"seat": 1}).status_code == 409
    stranger = app.test_client()
    assert stranger.delete(f"/api/tables/{tid}/seats/1").status_code == 403
    refused = client.delete(f"/api/tables/{tid}/seats/1", headers=bearer(old))
    assert refused.status_code == 403
    freed = client.delete(f"/api/tables/{tid}/seats/1", headers=bearer(host))
    assert freed.status_code == 200 and not freed.get_json()["seats"][1]["joined"]
    assert "freed" in freed.get_json()["log"][-1]["en"]
    new_phone = app.test_client()
    assert new_phone.post(f"/api/tables/{tid}/seats", json={"seat": 1}).status_code == 201
    assert state(client, tid, old)["me"] is None  # the old token is dead: a stranger's view
    again = client.delete(f"/api/tables/{tid}/seats/2", headers=bearer(host))
    assert again.status_code == 400


def test_hostile_creation_requests_get_400_not_500(client: FlaskClient) -> None:
    for body in ({"game": ["quinta"]}, {"game": {"x": 1}}, {"game": "quinta", "players": 2**62},
                 {"game": "quinta", "players": 10**9}, {"game": "quinta", "players": [None] * 500}):
        assert client.post("/api/tables", json=body).status_code == 400, body
    deep = "[" * 100_000 + "]" * 100_000
    resp = client.post("/api/tables", data=f'{{"game": {deep}}}', content_type="application/json")
    assert resp.status_code in (400, 413)


def test_names_are_cleaned_and_host_names_kept(client: FlaskClient) -> None:
    data = create(client, players=["Bob", None, None])
    tid = data["table_id"]
    renamed = client.post(f"/api/tables/{tid}/seats", json={"seat": 0, "name": "Mallory"})
    assert renamed.get_json()["name"] == "Bob"
    sneaky = client.post(f"/api/tables/{tid}/seats", json={"seat": 1, "name": "#\u202eAnna\u200b\x00"})
    assert sneaky.status_code == 422 and sneaky.get_json()["reason"] == "hidden_character"
    plain = client.post(f"/api/tables/{tid}/seats", json={"seat": 1, "name": "#Anna "})
    assert plain.get_json()["name"] == "Anna"
    clash = client.post(f"/api/tables/{tid}/seats", json={"seat": 2, "name": "ANNA"})
    assert clash.status_code == 409
    long_code = client.get("/api/rooms/" + "Z" * 5000).get_json()
    assert len(long_code["message"]) < 80


def test_a_card_cancelled_as_entered_twice_is_not_offered_for_correction(client: FlaskClient) -> None:
    """Two phones enter the 8 of hearts: both choices are cancelled and both choose again. The
    host may correct the cards that were laid, never the cancelled ones (correcting those
    would change nothing the table saw)."""
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    for seat, card in ((0, "3C"), (1, "8H"), (2, "8H"), (1, "9H"), (2, "10H")):
        assert act(client, tid, tokens[seat], {"type": "play", "card": card}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    assert view["state"]["round"] == 2
    assert {(c["player"], c["card"]) for c in view["corrections"]} == {(0, "3C"), (1, "9H"), (2, "10H")}
    # each says when it was made, as the host's list names it
    assert {c["when"]["en"] for c in view["corrections"]} == {"Round 1"}
    assert {c["when"]["it"] for c in view["corrections"]} == {"Giro 1"}


def test_the_host_corrects_a_revealed_card_and_later_moves_are_replayed(client: FlaskClient) -> None:
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    for token, card in zip(tokens, ["3C", "6S", "7C"], strict=True):
        assert act(client, tid, token, {"type": "play", "card": card}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    assert {(c["player"], c["card"]) for c in view["corrections"]} == {(0, "3C"), (1, "6S"), (2, "7C")}
    target = next(c["seq"] for c in view["corrections"] if c["player"] == 1)
    # Round 2 is under way: BRUNO has chosen, face down. The host must not see it.
    assert act(client, tid, tokens[1], {"type": "play", "card": "9D"}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    assert "9D" not in json.dumps(view["corrections"])
    pending_target = view["seq"]  # the event of BRUNO's face-down choice
    # A correction with a field the game does not read ('cards' for 'card') is refused
    # whole, the field named: nothing is corrected.
    stray = {"seq": view["seq"], "target": target, "action": {"type": "play", "card": "6H", "cards": ["6H"]}}
    resp = client.post(f"/api/tables/{tid}/corrections", json=stray, headers=bearer(host))
    assert resp.status_code == 400 and resp.get_json()["fields"] == ["cards"]
    said = resp.get_json()["messages"]
    assert "'cards'" in said["en"] and "nothing was corrected" in said["en"]
    assert "non si è corretto nulla" in said["it"]
    assert state(client, tid)["seq"] == view["seq"]
    assert state(client, tid, tokens[1])["state"]["rows"]["S"] == ["AS", "6S"]
    # A correction changes the card, not who played it: another player is refused too.
    other = {"seq": view["seq"], "target": target, "action": {"type": "play", "card": "6H", "player": 2}}
    resp = client.post(f"/api/tables/{tid}/corrections", json=other, headers=bearer(host))
    assert resp.status_code == 400 and resp.get_json()["fields"] == ["player"]
    assert state(client, tid)["seq"] == view["seq"]
    # The 6S was really the 6 of hearts.
    body = {"seq": view["seq"], "target": target, "action": {"type": "play", "card": "6H"}}
    refused = client.post(f"/api/tables/{tid}/corrections", json=body, headers=bearer(tokens[0]))
    assert refused.status_code == 403
    fixed = client.post(f"/api/tables/{tid}/corrections", json=body, headers=bearer(host))
    assert fixed.status_code == 200, fixed.get_json()
    rows = fixed.get_json()["state"]["rows"]
    assert rows["S"] == ["AS"] and rows["H"] == ["AH", "6H"] and rows["C"] == ["AC", "3C", "7C"]
    # the log: what it said of the moves since the 6♠ is marked corrected, and under the
    # correction those moves are told again as they now stand (Bruno's face-down choice too,
    # still without its card)
    log = fixed.get_json()["log"]
    now = [line for line in log if line["seq"] == fixed.get_json()["seq"]]
    assert now[0]["en"].startswith("The host corrected") and "6♠ is really 6♥" in now[0]["en"]
    retold = " ".join(line["en"] for line in now[1:])
    assert "6♥" in retold and "6♠" not in retold and "9D" not in json.dumps(now)
    assert all(line.get("corrected") and line.get("undone") for line in log
               if line["seq"] >= target and line["seq"] < now[0]["seq"] and "6♠" in line["en"])
    assert not any(line.get("undone") for line in now)
    assert state(client, tid, tokens[1])["state"]["chosen"] == "9D"  # round 2 goes on
    # A correction that contradicts the table (a card already laid) is refused, unchanged.
    seq = fixed.get_json()["seq"]
    bad = {"seq": seq, "target": target, "action": {"type": "play", "card": "3C"}}
    resp = client.post(f"/api/tables/{tid}/corrections", json=bad, headers=bearer(host))
    assert resp.status_code == 422 and state(client, tid)["seq"] == seq
    # the engine speaks to the player whose move it was: the host is told whom it means
    names = state(client, tid)["names"]
    assert resp.get_json()["messages"]["en"].startswith(f"{names[1]}: ")
    assert resp.get_json()["messages"]["it"].startswith(f"{names[1]}: ")
    # Face-down choices cannot be "corrected".
    hidden = {"seq": seq, "target": pending_target, "action": {"type": "play", "card": "QS"}}
    resp = client.post(f"/api/tables/{tid}/corrections", json=hidden, headers=bearer(host))
    assert resp.status_code == 422 and resp.get_json()["rule"] == "correct.not_allowed"


def test_a_correction_a_later_move_contradicts_names_that_move(client: FlaskClient) -> None:
    """Anna's 3♣ of round 1 corrected to the 4♠ she entered in round 2: her later move would
    no longer fit. The refusal names that later move and gives the engine's reason in quotes,
    in both languages; nothing is corrected."""
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    for seat, card in ((0, "3C"), (1, "6S"), (2, "7C"), (0, "4S"), (1, "9D"), (2, "10H")):
        assert act(client, tid, tokens[seat], {"type": "play", "card": card}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    target = next(c["seq"] for c in view["corrections"] if c["card"] == "3C")
    body = {"seq": view["seq"], "target": target, "action": {"type": "play", "card": "4S"}}
    resp = client.post(f"/api/tables/{tid}/corrections", json=body, headers=bearer(host))
    assert resp.status_code == 422 and resp.get_json()["rule"] == "correct.later_move"
    anna = view["names"][0]
    en, it = resp.get_json()["messages"]["en"], resp.get_json()["messages"]["it"]
    assert f"{anna}'s later move (4♠) would no longer be allowed (“The 4 of spades cannot be" in en
    assert en.endswith("Nothing was corrected.")
    assert f"la mossa successiva di {anna} (4♠) non sarebbe più ammessa («" in it
    assert state(client, tid)["seq"] == view["seq"]


def test_the_host_is_offered_only_the_cards_a_correction_would_accept(client: FlaskClient) -> None:
    """Quinta, round 1 revealed (3♣, 6♠, 7♣): the cards that could replace Bruno's 6♠ are his
    own and those the table has not seen; never a card on the table, nor an ace (the rows'
    heads). Each is one the correction really accepts. A guest asking hears 403; a move that is
    not there, 404."""
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    for seat, card in ((0, "3C"), (1, "6S"), (2, "7C")):
        assert act(client, tid, tokens[seat], {"type": "play", "card": card}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    target = next(c["seq"] for c in view["corrections"] if c["card"] == "6S")
    resp = client.get(f"/api/tables/{tid}/corrections/{target}", headers=bearer(host))
    assert resp.status_code == 200
    cards = resp.get_json()["cards"]
    assert resp.get_json()["seq"] == view["seq"] and resp.get_json()["target"] == target
    assert "6S" in cards and "5S" in cards and "KD" in cards
    assert not {"3C", "7C", "AS", "AH", "AD", "AC"} & set(cards)
    for card in ("5S", "KD"):  # what is offered is accepted
        tried = client.post(f"/api/tables/{tid}/corrections", headers=bearer(host), json={
            "seq": state(client, tid)["seq"], "target": target, "action": {"type": "play", "card": card}})
        assert tried.status_code == 200, tried.get_json()
    assert client.get(f"/api/tables/{tid}/corrections/{target}", headers=bearer(tokens[0])).status_code == 403
    assert client.get(f"/api/tables/{tid}/corrections/9999", headers=bearer(host)).status_code == 404


def test_a_face_down_choice_is_not_shown_by_the_host_corrections(client: FlaskClient) -> None:
    """Round 2 is under way and Bruno has chosen the 9♦ face down. Carla's 7♣ of round 1 could
    not become the 9♦ (Bruno's choice would then be refused), yet the 9♦ is offered like any
    card the table has not seen, and the refusal of that correction names neither the card
    nor the engine's reason: the host learns no hidden choice."""
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    for seat, card in ((0, "3C"), (1, "6S"), (2, "7C"), (1, "9D")):
        assert act(client, tid, tokens[seat], {"type": "play", "card": card}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    target = next(c["seq"] for c in view["corrections"] if c["card"] == "7C")
    cards = client.get(f"/api/tables/{tid}/corrections/{target}", headers=bearer(host)).get_json()["cards"]
    assert "9D" in cards and "9H" in cards
    # the face-down choice itself is no move to correct: its card is not told
    pending = client.get(f"/api/tables/{tid}/corrections/{view['seq']}", headers=bearer(host))
    assert pending.status_code == 404 and "9D" not in pending.get_data(as_text=True)
    resp = client.post(f"/api/tables/{tid}/corrections", headers=bearer(host), json={
        "seq": view["seq"], "target": target, "action": {"type": "play", "card": "9D"}})
    assert resp.status_code == 422 and resp.get_json()["rule"] == "correct.later_move"
    said = json.dumps(resp.get_json(), ensure_ascii=False)
    assert "9♦" not in said and "9 of diamonds" not in said and "9 di quadri" not in said
    assert "Nothing was corrected." in said and state(client, tid)["seq"] == view["seq"]


def test_kaiserspiel_face_up_cards_stay_correctable_through_the_hand(client: FlaskClient) -> None:
    """Kaiserspiel, hands unknown: the four face-up cards decide the trumps, so they stay in the
    host's list when the tricks go on (the list once held only the newest eight moves). A
    face-up card may become any card not seen elsewhere: not another face-up card, not a card
    another player played since."""
    data = create(client, game="kaiserspiel", players=["Anna", "Bruno", "Carla", "Dario"],
                  options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(4)]
    played = 0
    while played < 12:  # three tricks, whatever the first legal move of the one to act is
        views = [state(client, tid, t) for t in tokens]
        seat = next(i for i, v in enumerate(views) if i in v["state"]["to_act"])
        move = views[seat]["state"]["legal"][0]
        assert act(client, tid, tokens[seat], move, views[seat]["seq"]).status_code == 200
        played += move["type"] == "play"
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    face_up = [c for c in view["corrections"] if c["when"]["en"] == "Hand 1 · Face-up card"]
    assert len(face_up) == 4 and len(view["corrections"]) == 16
    up = view["state"]["face_up"]
    mine = face_up[0]
    by_others = {c for c, seat in view["entered"].items() if seat != mine["player"]}
    assert by_others - set(up)  # cards played in the tricks by the other three
    asked = client.get(f"/api/tables/{tid}/corrections/{mine['seq']}", headers=bearer(host))
    cards = asked.get_json()["cards"]
    assert mine["card"] in cards and len(cards) > 1
    assert not (by_others | set(up)) - {mine["card"]} & set(cards)


def test_kaiserspiel_a_kaiser_declared_with_the_wrong_ace_is_corrected(client: FlaskClient) -> None:
    """Kaiserspiel, hands unknown: the first to speak shows his Ace to declare a Kaiser and the
    table enters the wrong one. The host's list names the declaration; it may become only an Ace not seen
    elsewhere (not a face-up one); corrected, the Kaiser is the right Ace and the hand goes on."""
    data = create(client, game="kaiserspiel", players=["Anna", "Bruno", "Carla", "Dario"],
                  options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(4)]
    for seat, card in enumerate(("AS", "2S", "3S", "4S")):
        assert act(client, tid, tokens[seat], {"type": "reveal", "card": card}).status_code == 200
    for seat in range(4):
        assert act(client, tid, tokens[seat], {"type": "discard", "cards": []}).status_code == 200
    public = state(client, tid)["state"]
    assert public["phase"] == "declare"
    who = public["to_act"][0]
    assert act(client, tid, tokens[who], {"type": "declare_kaiser", "card": "AH"}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    line = view["corrections"][0]
    assert (line["type"], line["card"], line["player"]) == ("declare_kaiser", "AH", who)
    assert line["when"] == {"en": "Hand 1 · Declarations", "it": "Mano 1 · Dichiarazioni"}
    asked = client.get(f"/api/tables/{tid}/corrections/{line['seq']}", headers=bearer(host))
    cards = asked.get_json()["cards"]
    # the Ace of spades lies face up: offered only to its owner (a face-up card is in his hand)
    assert set(cards) == {"AC", "AD", "AH"} | ({"AS"} if who == 0 else set())
    resp = client.post(f"/api/tables/{tid}/corrections", headers=bearer(host), json={
        "seq": view["seq"], "target": line["seq"], "action": {"type": "declare_kaiser", "card": "AD"}})
    assert resp.status_code == 200, resp.get_json()
    after = resp.get_json()
    assert (after["state"]["pending"]["player"], after["state"]["pending"]["card"]) == (who, "AD")
    assert after["corrections"][0]["card"] == "AD" and after["state"]["phase"] == "respond"
    refused = client.post(f"/api/tables/{tid}/corrections", headers=bearer(host), json={
        "seq": after["seq"], "target": line["seq"], "action": {"type": "declare_kaiser", "card": "KD"}})
    assert refused.status_code == 422  # only an Ace makes a Kaiser
    assert state(client, tid)["seq"] == after["seq"]
    answers = state(client, tid)["state"]["to_act"][0]  # the raise accepted: the Ace of diamonds rules
    assert act(client, tid, tokens[answers], {"type": "accept"}).status_code == 200
    assert state(client, tid)["state"]["kaisers"] == [{"player": who, "card": "AD"}]


def test_the_host_sends_a_finished_tables_phones_to_the_new_game(client: FlaskClient) -> None:
    """A game is over and its host starts a new one: the finished table's view then names the
    new table and its room for every phone, and the log says so. Only once the game is over,
    only by the host of both tables (never to a stranger's table), never to a table that is not."""
    data = create(client)
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    new = create(client)
    stranger = create(client)
    early = client.post(f"/api/tables/{tid}/next", headers=bearer(host), json={
        "table": new["table_id"], "seq": state(client, tid)["seq"], "host_token": new["host_token"]})
    assert early.status_code == 409 and early.get_json()["reason"] == "game_in_progress"
    play_whole_game(client, tid, tokens)
    seq = state(client, tid)["seq"]
    for who, body, status in (
        (bearer(tokens[1]), {"table": new["table_id"], "seq": seq}, 403),  # a player
        (bearer(host), {"table": stranger["table_id"], "seq": seq}, 403),  # not his new table
        (bearer(host), {"table": "nosuchtable", "seq": seq, "host_token": new["host_token"]}, 404),
        (bearer(host), {"table": tid, "seq": seq}, 400),  # the same table
    ):
        resp = client.post(f"/api/tables/{tid}/next", headers=who, json=body)
        assert resp.status_code == status, (body, resp.get_json())
    assert state(client, tid)["seq"] == seq and state(client, tid)["next"] is None
    told = client.post(f"/api/tables/{tid}/next", headers=bearer(host), json={
        "table": new["table_id"], "seq": seq, "host_token": new["host_token"]})
    assert told.status_code == 200, told.get_json()
    for token in (tokens[2], None):
        assert state(client, tid, token)["next"] == {"table": new["table_id"], "room": new["room"]}
    log = state(client, tid)["log"][-1]
    assert log["en"] == f"The host started a new game: room {new['room']}."
    assert log["it"] == f"L'organizzatore ha iniziato una nuova partita: stanza {new['room']}."


def test_corrections_need_unknown_hands(client: FlaskClient) -> None:
    data = create(client)  # the app dealt: no mistake to correct
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    for token in tokens:
        act(client, tid, token, state(client, tid, token)["state"]["legal"][0])
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    assert view["corrections"] == []


def test_a_whole_game_of_oscuri_through_the_api_settles_up(client: FlaskClient) -> None:
    tid = create(client, game="oscuri", players=["Ada", "Bruno", "Carla", "Dino"],
                 options={"hands": "known", "stake": 2})["table_id"]
    tokens = [join(client, tid, i) for i in range(4)]
    final = play_whole_game(client, tid, tokens)
    out = final["outcome"]
    assert final["state"]["phase"] == "over" and sum(out["payouts"]) == 0
    assert all(p % 2 == 0 for p in out["payouts"])  # two chips a card
    settled = list(out["payouts"])
    for tr in out["transfers"]:
        settled[tr["from"]] += tr["amount"]
        settled[tr["to"]] -= tr["amount"]
    assert settled == [0, 0, 0, 0]
    assert any("collects" in line["en"] for line in final["log"])


def test_an_oscuri_card_entered_by_mistake_is_corrected_and_the_stakes_move_again(
        client: FlaskClient) -> None:
    data = create(client, game="oscuri", players=["Ada", "Bruno", "Carla"],
                  options={"hands": "unknown", "stake": 1})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    leader = state(client, tid)["state"]["to_act"][0]
    order = [(leader + i) % 3 for i in range(3)]
    assert act(client, tid, tokens[order[0]], {"type": "play", "card": "9D"}).status_code == 200
    assert act(client, tid, tokens[order[1]], {"type": "play", "card": "3D"}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    assert [c["card"] for c in view["corrections"]] == ["3D", "9D"]
    target = view["corrections"][0]["seq"]
    # It was really the jack of diamonds: it beats the nine and takes its two chips.
    body = {"seq": view["seq"], "target": target, "action": {"type": "play", "card": "JD"}}
    fixed = client.post(f"/api/tables/{tid}/corrections", json=body, headers=bearer(host))
    assert fixed.status_code == 200, fixed.get_json()
    trick = fixed.get_json()["state"]["trick"]
    assert [(p["card"], p["stakes"]) for p in trick] == [("9D", 0), ("JD", 2)]


def test_an_evening_of_diavolo_through_the_api(client: FlaskClient, app: Flask) -> None:
    tid = create(client, game="diavolo", players=["Aldo", "Bice", "Ciro"],
                 options={"hands": "known", "stake": 1})["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    views = [state(client, tid, t) for t in tokens]
    # Each phone sees its own cards and total, and only the count of the others'.
    for seat, view in enumerate(views):
        assert len(view["state"]["cards"]) == view["state"]["counts"][seat]
        for other in range(3):
            if other != seat:
                assert not set(views[other]["state"]["cards"]) & set(view["state"]["cards"])
    ended = False
    for _ in range(300):
        view = state(client, tid)
        if view["outcome"]:
            ended = True
            break
        seat = view["state"]["to_act"][0]
        legal = state(client, tid, tokens[seat])["state"]["legal"]
        kinds = {a["type"]: a for a in legal}
        pick = kinds.get("end") if view["state"]["deal"] >= 3 else None
        pick = pick or kinds.get("ask") or kinds.get("deal") or kinds["withdraw"]
        assert act(client, tid, tokens[seat], pick).status_code == 200
    assert ended
    out = state(client, tid)["outcome"]
    assert sum(out["payouts"]) == 0 and len(out["scores"]) == 3
    assert any("takes the pot" in line["en"] for line in state(client, tid)["log"])


def test_diavolo_decks_are_not_chosen_by_phones_and_cards_stay_private(client: FlaskClient) -> None:
    data = create(client, game="diavolo", players=["Aldo", "Bice", "Ciro"], options={"hands": "known"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    seat = state(client, tid)["state"]["to_act"][0]
    other = (seat + 1) % 3
    # The host cannot act for a player who has a phone: his cards are his.
    resp = act(client, tid, host, {"type": "ask", "player": seat})
    assert resp.status_code == 403
    for token in tokens:  # everybody withdraws; the next dealer may deal, nobody picks the cards
        view = state(client, tid, token)
        if view["state"]["to_act"] == [view["me"]]:
            act(client, tid, token, {"type": "withdraw"})
    rigged = {"type": "deal", "deck": ["T15", "2S", "3S"]}
    resp = act(client, tid, tokens[other], rigged)
    assert resp.status_code in (400, 422)




def test_five_phones_an_evening_of_diavolo_with_real_cards(client: FlaskClient) -> None:
    """Several deals: one where everybody withdraws (the pot stays), one won by the Devil,
    each phone seeing only its own cards; balances and pot always add up."""
    names = ["Aldo", "Bice", "Ciro", "Dora", "Ezio"]
    tid = create(client, game="diavolo", players=names, options={"hands": "unknown"})["table_id"]
    tokens = [join(client, tid, i) for i in range(5)]

    def me(seat: int) -> dict:
        return state(client, tid, tokens[seat])

    def books() -> None:
        s = state(client, tid)["state"]
        assert sum(s["balances"]) + s["pot"] == 0

    # Deal 1: everybody withdraws; the pot of 5 stays.
    for _ in range(5):
        seat = state(client, tid)["state"]["to_act"][0]
        assert act(client, tid, tokens[seat], {"type": "withdraw"}).status_code == 200
        books()
    s = state(client, tid)["state"]
    assert s["phase"] == "await_deal" and s["pot"] == 5 and s["deal_winner"] is None
    dealer = s["to_act"][0]
    assert act(client, tid, tokens[dealer], {"type": "deal"}).status_code == 200
    assert state(client, tid)["state"]["pot"] == 10
    # Deal 2: the first to speak asks; Ciro enters his first card privately: nothing is told.
    first = state(client, tid)["state"]["to_act"][0]
    assert act(client, tid, tokens[first], {"type": "ask"}).status_code == 200
    assert act(client, tid, tokens[first], {"type": "note", "card": "9S"}).status_code == 200
    assert act(client, tid, tokens[first], {"type": "note", "card": "T3"}).status_code == 200  # 12: goes on
    books()
    other = (first + 2) % 5
    assert act(client, tid, tokens[other], {"type": "note", "card": "4C"}).status_code == 200
    for seat in range(5):
        view = me(seat)
        assert (view["state"]["cards"] or []) == (["9S", "T3"] if seat == first else
                                                  ["4C"] if seat == other else [])
        assert "T3" not in shown(state(client, tid)) and "4C" not in shown(me(first))
    # The Devil: the next player enters his first card, T15, and takes the pot at once.
    devil = state(client, tid)["state"]["to_act"][0]
    assert act(client, tid, tokens[devil], {"type": "note", "card": "T15"}).status_code == 200
    s = state(client, tid)["state"]
    assert s["deal_winner"] == devil and s["pot"] == 0 and s["winner_cards"] == ["T15"]
    assert s["balances"][devil] == 11 - 2  # the pot of 11, less his two antes
    books()
    log = " ".join(line["en"] for line in state(client, tid)["log"])
    assert "Everybody withdrew" in log and "takes the pot: 11" in log


def test_diavolo_the_log_opens_with_the_first_deal_and_a_card_entered_twice_is_said_privately(
        client: FlaskClient) -> None:
    """Deal 1 is made when the table is set up: the log says it as it says every later deal.
    Real cards: Bice enters the 2 of cups; Ciro wins showing it too. Bice's phone alone is
    told that one of the two entries is wrong; nobody else's view names her card."""
    names = ["Aldo", "Bice", "Ciro"]
    tid = create(client, game="diavolo", players=names, options={"hands": "unknown", "dealer": 0})["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    first = state(client, tid)["log"][0]
    assert first["en"] == "Deal 1: Aldo deals; every player antes 1. The pot holds 3."
    assert first["it"] == "Mano 1: distribuisce Aldo; ognuno versa 1 nel piatto. Nel piatto: 3."
    # a seat still open when the table was made: the first deal names it once it is taken
    open_tid = create(client, game="diavolo", players=["Aldo", None, None],
                      options={"hands": "unknown", "dealer": 1})["table_id"]
    assert state(client, open_tid)["log"][0]["en"].startswith("Deal 1: Seat 2 deals;")
    assert state(client, open_tid)["log"][0]["it"].startswith("Mano 1: distribuisce Posto 2;")
    join(client, open_tid, 1, "Bice")
    assert state(client, open_tid)["log"][0]["en"].startswith("Deal 1: Bice deals;")
    assert act(client, tid, tokens[1], {"type": "note", "card": "2H"}).status_code == 200
    assert act(client, tid, tokens[2], {"type": "declare", "cards": ["T15"]}).status_code == 200
    s = state(client, tid)["state"]
    assert s["deal_winner"] == 2 and s["winner_cards"] == ["T15"]
    assert "clashes" not in state(client, tid, tokens[1])["state"]  # the Devil: no clash
    tid = create(client, game="diavolo", players=names, options={"hands": "unknown", "dealer": 0})["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    assert act(client, tid, tokens[1], {"type": "note", "card": "2H"}).status_code == 200
    assert act(client, tid, tokens[1], {"type": "ask"}).status_code == 200
    assert act(client, tid, tokens[1], {"type": "continue"}).status_code == 200
    assert act(client, tid, tokens[2], {"type": "ask"}).status_code == 200
    assert act(client, tid, tokens[2], {"type": "declare", "cards": ["2H", "T13"]}).status_code == 200
    assert state(client, tid, tokens[1])["state"]["clashes"] == ["2H"]
    for seat in (0, 2):
        assert "clashes" not in state(client, tid, tokens[seat])["state"]
    assert "clashes" not in state(client, tid)["state"]


def test_a_retried_action_is_applied_once_and_answered_again(client: FlaskClient) -> None:
    """A phone whose answer was lost sends the same request id again: the move is not made
    twice, the reply is the view after it; a new id is a new move; a bad id is a 400."""
    tid = create(client)["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    card = state(client, tid, tokens[0])["state"]["hand"][0]
    body = {"action": {"type": "play", "card": card}, "seq": 4, "id": "a1b2c3d4-retry"}
    first = client.post(f"/api/tables/{tid}/actions", json=body, headers=bearer(tokens[0]))
    assert first.status_code == 200 and first.get_json()["seq"] == 5
    again = client.post(f"/api/tables/{tid}/actions", json=body, headers=bearer(tokens[0]))
    assert again.status_code == 200 and again.get_json()["seq"] == 5
    assert again.get_json()["state"]["chosen"] == card
    assert state(client, tid)["seq"] == 5  # applied once
    for bad in ("short", "has spaces in it", 12345678, "x" * 65):
        resp = client.post(f"/api/tables/{tid}/actions", headers=bearer(tokens[1]),
                           json={"action": {"type": "play", "card": card}, "seq": 5, "id": bad})
        assert resp.status_code == 400, bad
    assert state(client, tid)["seq"] == 5


def test_concurrent_retries_of_one_request_make_one_event(app: Flask) -> None:
    """The same request arriving twice at once (a retry racing the original)."""
    client = app.test_client()
    tid = create(client)["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    card = state(client, tid, tokens[0])["state"]["hand"][0]
    body = {"action": {"type": "play", "card": card}, "seq": 4, "id": "same-request-01"}
    codes: list[int] = []

    def send() -> None:
        resp = app.test_client().post(f"/api/tables/{tid}/actions", json=body, headers=bearer(tokens[0]))
        codes.append(resp.status_code)

    threads = [threading.Thread(target=send) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert codes == [200] * 6
    assert state(client, tid)["seq"] == 5


def test_a_freed_seats_old_stream_stops_showing_that_seats_hand(app: Flask) -> None:
    """A phone's live stream was open when the host freed its seat and another phone took
    it: the old stream's next views are a stranger's, without the new player's hand."""
    client = app.test_client()
    data = create(client, options={"hands": "known"})
    tid, host = data["table_id"], data["host_token"]
    old = join(app.test_client(), tid, 1)
    stream = app.test_client().get(f"/api/tables/{tid}/events?limit=2", headers=bearer(old),
                                   buffered=False)
    chunks = stream.response  # the stream runs as it is read
    first = next(c for c in chunks if b"event: state" in c)
    assert json.loads(first.split(b"data: ", 1)[1])["me"] == 1
    assert client.delete(f"/api/tables/{tid}/seats/1", headers=bearer(host)).status_code == 200
    newcomer = join(app.test_client(), tid, 1)
    hand = state(client, tid, newcomer)["state"]["hand"]
    later = [c for c in chunks if b"event: state" in c]
    view = json.loads(later[-1].split(b"data: ", 1)[1])
    assert view["me"] is None and "hand" not in view["state"]
    assert not any(card in shown(view) for card in hand)
    stream.close()


def test_pages_allow_only_our_own_scripts(client: FlaskClient) -> None:
    """A Content-Security-Policy on every answer: a name with a script in it could not run
    even if it were ever written into a page unescaped."""
    tid = create(client)["table_id"]
    for path in ("/", f"/t/{tid}", f"/join/{tid}", f"/api/tables/{tid}/state"):
        resp = client.get(path)
        csp = resp.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert resp.headers["X-Content-Type-Options"] == "nosniff"
        assert resp.headers["X-Frame-Options"] == "DENY"


def test_guessing_room_codes_is_slowed_down_per_address(app: Flask) -> None:
    """Ten wrong codes from one address, then a 429 in both languages, even for a right code;
    another address is not affected; a player who types his code right is never counted."""
    guesser = app.test_client()
    guesser.environ_base["REMOTE_ADDR"] = "203.0.113.7"
    room = create(guesser)["room"]
    for _ in range(5):
        assert guesser.get(f"/api/rooms/{room}").status_code == 200  # right codes never count
    for i in range(10):
        assert guesser.get(f"/api/rooms/ZZZ{i:02d}").status_code == 404
    resp = guesser.get(f"/api/rooms/{room}")
    assert resp.status_code == 429
    body = resp.get_json()
    assert body["retry_after"] >= 1 and "riprova" in body["messages"]["it"]
    page = guesser.get(f"/r/{room}")
    assert page.status_code == 429
    neighbour = app.test_client()
    neighbour.environ_base["REMOTE_ADDR"] = "203.0.113.8"
    assert neighbour.get(f"/api/rooms/{room}").status_code == 200


def test_a_real_table_records_who_won_the_cut_or_the_lot(client: FlaskClient) -> None:
    """Oscuri's first leader (the real cut's winner) and Diavolo's first dealer (the players'
    own lot) are the table's choice; left out, the app draws; another seat is a clear 400."""
    names = ["Ada", "Bruno", "Carla"]
    for seat in (0, 2):
        tid = create(client, game="oscuri", players=names, options={"hands": "unknown", "leader": seat})
        view = state(client, tid["table_id"])["state"]
        assert view["leader"] == seat and view["to_act"] == [seat]
        tid = create(client, game="diavolo", players=names, options={"hands": "unknown", "dealer": seat})
        view = state(client, tid["table_id"])["state"]
        assert view["dealer"] == seat and view["to_act"] == [(seat + 1) % 3]  # his right speaks first
    drawn = create(client, game="oscuri", players=names, options={"hands": "unknown"})
    assert state(client, drawn["table_id"])["state"]["leader"] in (0, 1, 2)
    for game, option, value in (("oscuri", "leader", 3), ("oscuri", "leader", -1),
                                ("oscuri", "leader", "Ada"), ("oscuri", "leader", True),
                                ("diavolo", "dealer", 3), ("diavolo", "dealer", 1.0),
                                ("oscuri", "dealer", 1)):
        resp = client.post("/api/tables", json={"game": game, "players": names,
                                                "options": {"hands": "unknown", option: value}})
        body = resp.get_json()
        assert resp.status_code == 400, (game, option, value)
        if option == "dealer" and game == "oscuri":  # Oscuri leads, nobody deals first
            assert body["messages"]["en"] == "unknown Oscuri option(s): dealer"
            continue
        assert body["messages"]["en"] == f"option '{option}' must be a seat from 0 to 2"
        assert body["messages"]["it"] == f"l'opzione '{option}' deve essere un posto da 0 a 2"


def test_an_oscuri_renege_proved_by_later_play_stays_in_the_log(client: FlaskClient) -> None:
    """Real cards, six players. Six turns follow suit and empty the draw pile; in turn 7 the
    last player lays a spade on diamonds ("I have none"); in turn 8, having drawn nothing since,
    he plays a diamond: the log says so, in both languages, and still does after later moves."""
    names = ["Ada", "Bruno", "Carla", "Dino", "Elsa", "Fabio"]
    tid = create(client, game="oscuri", players=names, options={"hands": "unknown"})["table_id"]
    tokens = [join(client, tid, i) for i in range(6)]
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "A", "J", "Q"]
    suit = {s: [r + s for r in ranks] for s in "HCSD"}
    plan = {1: suit["H"][:6], 2: suit["H"][6:], 3: suit["C"][:6], 4: suit["C"][6:],
            5: [suit["S"][0], "JK1", *suit["S"][1:5]], 6: [suit["S"][5], "JK2", *suit["S"][6:10]],
            7: [*suit["D"][:5], suit["S"][10]]}
    cheat = -1
    while True:
        view = state(client, tid)
        s = view["state"]
        if s["turn"] == 8 and not s["trick"]:
            break
        seat, card = s["to_act"][0], plan[s["turn"]][len(s["trick"])]
        if s["turn"] == 7 and len(s["trick"]) == 5:
            cheat = seat
        resp = act(client, tid, tokens[seat], {"type": "play", "card": card}, view["seq"])
        assert resp.status_code == 200, resp.get_json()
    assert s["deck_size"] == 0 and s["reneges"] == []
    who = names[cheat]
    renege = {"en": f"Renege: {who} played off suit in turn 7 but held flames ♦. The table decides what "
                    "follows. If a card was entered by mistake, the host puts it right on the table "
                    "screen, under “Correct a card entered by mistake”.",
              "it": f"Rinuncia: {who} non ha risposto a fiamme ♦ nel turno 7 pur avendone. Decide il tavolo. "
                    "Se una carta è stata indicata per sbaglio, l'organizzatore la corregge dallo schermo "
                    "del tavolo, in «Correggi una carta indicata per sbaglio»."}
    turn8 = iter(suit["D"][5:])
    while state(client, tid)["state"]["to_act"][0] != cheat:
        seat = state(client, tid)["state"]["to_act"][0]
        assert act(client, tid, tokens[seat], {"type": "play", "card": next(turn8)}).status_code == 200
    assert not any(line["en"].startswith("Renege") for line in state(client, tid)["log"])
    assert act(client, tid, tokens[cheat], {"type": "play", "card": next(turn8)}).status_code == 200
    view = state(client, tid)
    assert view["state"]["reneges"] == [{"player": cheat, "suit": "D", "turn": 7}]
    assert [{k: x[k] for k in ("en", "it")} for x in view["log"] if x["en"].startswith("Renege")] == [renege]
    # Later moves: the rest of turn 8 and the first card of turn 9. The sentence stays, once.
    while (s := state(client, tid)["state"])["turn"] == 8:
        seat = s["to_act"][0]
        assert act(client, tid, tokens[seat], {"type": "play", "card": next(turn8)}).status_code == 200
    seat = s["to_act"][0]
    assert act(client, tid, tokens[seat], {"type": "play", "card": suit["S"][11]}).status_code == 200
    for view in (state(client, tid), state(client, tid, tokens[cheat]), state(client, tid, tokens[0])):
        assert view["state"]["turn"] == 9 and len(view["state"]["trick"]) == 1
        found = [x for x in view["log"] if x["en"].startswith("Renege")]
        assert [{k: x[k] for k in ("en", "it")} for x in found] == [renege]


def test_a_correction_strikes_what_the_log_told_wrong_and_tells_it_again(client: FlaskClient) -> None:
    """Oscuri with real cards: Ada leads 2♦, Bruno beats it with 6♦. Ada's card was really the
    5♦: what the log said of her lead is marked corrected and told again (the 5♦ holds the
    stake now), Bruno's line, still true, stands; undoing Bruno's move then marks his line, and
    nothing told under the correction stays standing for a move that no longer is."""
    data = create(client, game="oscuri", options={"hands": "unknown", "leader": 0})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    assert act(client, tid, tokens[0], {"type": "play", "card": "2D"}).status_code == 200
    assert act(client, tid, tokens[1], {"type": "play", "card": "6D"}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    target = next(c["seq"] for c in view["corrections"] if c["player"] == 0)
    fixed = client.post(f"/api/tables/{tid}/corrections", headers=bearer(host), json={
        "seq": view["seq"], "target": target, "action": {"type": "play", "card": "5D"}})
    assert fixed.status_code == 200, fixed.get_json()
    log = fixed.get_json()["log"]
    seq = fixed.get_json()["seq"]
    struck = [line["en"] for line in log if line.get("corrected")]
    assert struck and all("2♦" in line for line in struck)
    told = [line["en"] for line in log if line["seq"] == seq]
    assert told[0].startswith("The host corrected") and any("5♦" in line for line in told[1:])
    bruno = [line for line in log if "6♦" in line["en"] and line["seq"] != seq]
    assert bruno and not any(line.get("undone") for line in bruno)  # still true: it stands
    undone = client.post(f"/api/tables/{tid}/undo", json={"seq": seq}, headers=bearer(host))
    assert undone.status_code == 200, undone.get_json()
    log = undone.get_json()["log"]
    assert log[-1]["kind"] == "undo" and "6♦" in log[-1]["en"]  # the undo names the move it took back
    standing = [line["en"] for line in log[:-1] if not line.get("undone")]
    assert not any("6♦" in line for line in standing)  # Bruno's move is gone, wherever it was told
    assert any("5♦" in line for line in standing)  # Ada's lead, as corrected, stands
