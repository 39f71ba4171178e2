"""Names and echoed input: a player's name with a character nobody can see (NUL, a line break, a
right-to-left override, a zero-width space) is refused with 422 and says which character; a
card code that is no card, a room code that is no code and an unknown option come back quoted
and escaped, never raw."""

from __future__ import annotations

import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.service.names import quoted, unechoed

from .helpers import act, bearer, create, join, snapshot, state

HIDDEN = {"nul": "Ann\x00a", "newline": "Anna\nBruno", "tab": "An\tna", "bidi": "\u202eannA",
          "isolate": "Anna\u2066", "zero width": "An\u200bna", "bom": "\ufeffAnna"}


@pytest.mark.parametrize("kind", sorted(HIDDEN))
def test_a_name_with_a_hidden_character_is_refused_everywhere(app: Flask, client: FlaskClient,
                                                               kind: str) -> None:
    name = HIDDEN[kind]
    position = next(i for i, ch in enumerate(name) if ch not in "AaBbnoru") + 1
    tid = create(client, players=["Carla", None, None])["table_id"]
    before = snapshot(app.config["DATABASE"])
    answers = [
        client.post("/api/tables", json={"game": "quinta", "players": ["Carla", name, "Dino"]}),
        client.post(f"/api/tables/{tid}/seats", json={"seat": 1, "name": name}),
        client.post("/api/practice", json={"game": "quinta", "name": name}),
    ]
    for resp in answers:
        body = resp.get_json()
        assert resp.status_code == 422, body
        assert body["reason"] == "hidden_character" and body["position"] == position
        assert f"character {position} is U+" in body["messages"]["en"]
        assert f"il carattere {position} è U+" in body["messages"]["it"]
    assert snapshot(app.config["DATABASE"]) == before  # nothing was created or joined


def test_visible_names_pass_emoji_included(client: FlaskClient) -> None:
    family = "Zia \U0001F469\u200D\U0001F467"  # one emoji made of two joined by a zero-width joiner
    data = create(client, players=["Anna  Maria", family, "Élodie"])
    assert state(client, data["table_id"])["names"] == ["Anna Maria", family, "Élodie"]


def test_an_illegal_card_code_is_quoted_and_escaped_never_echoed(client: FlaskClient) -> None:
    tid = create(client)["table_id"]
    token = join(client, tid, 0)
    for card, shown in (("\u202eZZ\nX\x00", '"\\u202eZZ\\nX\\u0000"'),
                        ("<img src=x onerror=alert(1)>", '"<IMG SRC=X ONERR…"')):
        resp = act(client, tid, token, {"type": "play", "card": card})
        assert resp.status_code == 422
        body = resp.get_json()
        assert body["messages"]["en"] == f"{shown} is not a card of a French deck."
        assert body["messages"]["it"].startswith(f"{shown} non è")
        text = json.dumps(body, ensure_ascii=False)
        assert "\u202e" not in text and "\x00" not in text and "onerror=alert(1)" not in text
    plain = act(client, tid, token, {"type": "play", "card": "ZZ"}).get_json()  # a code's shape
    assert plain["messages"]["en"] == "ZZ is not a card of a French deck."


def test_a_host_correction_with_an_odd_card_is_quoted(client: FlaskClient) -> None:
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    tokens = [join(client, tid, i) for i in range(3)]
    for token, card in zip(tokens, ["3C", "6S", "7C"], strict=True):
        assert act(client, tid, token, {"type": "play", "card": card}).status_code == 200
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(host)).get_json()
    target = view["corrections"][0]["seq"]
    resp = client.post(f"/api/tables/{tid}/corrections", headers=bearer(host), json={
        "seq": view["seq"], "target": target, "action": {"type": "play", "card": "3C\u2067"}})
    assert resp.status_code == 422 and "\u2067" not in json.dumps(resp.get_json(), ensure_ascii=False)


def test_the_table_screen_is_told_whom_a_refusal_means(client: FlaskClient) -> None:
    """The engine speaks to the player ("you"); when the table screen acts for a seat, its
    refusal is headed by that seat's name, or by the seat's number when it has none. A phone
    acting for itself gets the bare sentence."""
    data = create(client, options={"hands": "unknown"}, players=["ANNA", "", "CARLO"])
    tid, host = data["table_id"], data["host_token"]
    anna = join(client, tid, 0)
    assert act(client, tid, anna, {"type": "play", "card": "7C"}).status_code == 200
    again = {"type": "play", "player": 0, "card": "5H"}
    body = act(client, tid, host, again).get_json()
    assert body["messages"]["en"].startswith("ANNA: You have already chosen your card")
    assert body["messages"]["it"].startswith("ANNA: Hai già scelto")
    assert body["rule"] == "quinta.already_chosen"
    own = act(client, tid, anna, again).get_json()
    assert own["messages"]["en"].startswith("You have already chosen")
    unnamed = act(client, tid, host, {"type": "play", "player": 1, "card": "AH"}).get_json()
    assert unnamed["messages"]["en"].startswith("Seat 2: ")
    assert unnamed["messages"]["it"].startswith("Posto 2: ")


def test_quoting_and_unechoing() -> None:
    assert quoted("abc") == '"abc"' and quoted("x" * 40) == '"' + "x" * 16 + '…"'
    assert quoted("\u202e") == '"\\u202e"' and quoted(["a"]) == '"[\\"a\\"]"'
    assert unechoed("XY\u202e is odd", {"card": "xy\u202e"}) == '"XY\\u202e" is odd'
    assert unechoed("5H is not yours", {"card": "5H"}) == "5H is not yours"
    assert unechoed("left \x07 alone?", {}) == "left \\u0007 alone?"  # no hidden character survives
    # a plain word sent as an action's type is not quoted where the message uses it as a word
    only = "In Quinta you can only choose a card (play) or a row for your joker (choose_row)."
    assert unechoed(only, {"type": "choose", "player": 0}) == only
    assert unechoed("<b> is no card", {"card": "<b>"}) == '"<b>" is no card'


def test_a_room_code_that_is_no_code_is_quoted_and_escaped(client: FlaskClient) -> None:
    resp = client.get("/api/rooms/%E2%80%AEab%0Acd")  # a right-to-left override and a line break
    assert resp.status_code == 404
    body = resp.get_json()
    assert body["messages"]["en"] == 'No table has the room code "\\u202eAB\\nCD".'
    assert body["messages"]["it"] == 'Nessun tavolo ha il codice "\\u202eAB\\nCD".'
    assert "\u202e" not in json.dumps(body, ensure_ascii=False)
    plain = client.get("/api/rooms/zz99").get_json()  # a code's shape: repeated as typed
    assert plain["messages"]["en"] == "No table has the room code ZZ99."
    page = client.get("/join?room=%E2%80%AEab").get_data(as_text=True)  # the page says it too
    assert "\u202e" not in page and "\\u202eAB" in page


def test_an_unknown_option_is_named_escaped_never_raw(client: FlaskClient) -> None:
    resp = client.post("/api/tables", json={"game": "quinta", "players": 3,
                                            "options": {"\u202eevil\n<b>": 1, "colour": "red"}})
    assert resp.status_code == 400
    body = resp.get_json()
    assert body["messages"]["en"] == 'unknown Quinta option(s): colour, "\\u202eevil\\n<b>"'
    assert body["messages"]["it"] == 'opzioni di Quinta sconosciute: colour, "\\u202eevil\\n<b>"'
    text = json.dumps(body, ensure_ascii=False)
    assert "\u202e" not in text and "\n" not in text
    long = client.post("/api/practice", json={"game": "oscuri", "options": {"x" * 80: 1}}).get_json()
    assert long["messages"]["en"] == 'unknown Oscuri option(s): "' + "x" * 16 + '…"'
