"""Every field of every kind of action, of every game, replaced by a value of the wrong type:
a clear refusal (400, 403, 409 or 422), never a 500, and nothing changed.

Schemathesis (test_schemathesis.py) knows an action only as an object with a ``type``; this
test knows the games' real actions (their legal moves) and spoils them one field at a time.
It found a 500: a Kaiserspiel action whose ``type`` was a list or an object.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from .helpers import bearer, create, join, snapshot

WRONG: list[Any] = [None, True, -1, 10**30, 1.5, "", "ZZ", "x" * 300, [], [1], ["QH", "QH"], {},
                    {"a": 1}, [[1]], [None], [{"card": 5}]]
GAMES = [
    ("quinta", ["A", "B", "C"], {"hands": "known"}),
    ("quinta", ["A", "B", "C"], {"hands": "unknown"}),
    ("oscuri", ["A", "B", "C"], {"hands": "known"}),
    ("diavolo", ["A", "B", "C"], {}),
    ("kaiserspiel", ["A", "B", "C", "D"], {"hands": "known"}),
    ("kaiserspiel", ["A", "B", "C", "D"], {"hands": "unknown"}),
    ("insonnia", ["A", "B"], {"hands": "known"}),
]


def _spoiled(action: dict[str, Any]) -> list[dict[str, Any]]:
    """The action with each of its fields (and of the placements inside it) made wrong."""
    out = []
    for key in action:
        out.extend({**action, key: bad} for bad in WRONG)
        inner = action.get(key)
        if isinstance(inner, list) and inner and isinstance(inner[0], dict):
            for field in inner[0]:
                out.extend({**action, key: [{**inner[0], field: bad}]} for bad in WRONG)
    return out


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=lambda v: str(v))
def test_wrong_types_in_any_field_are_refused_not_a_500(
        client: FlaskClient, app: Any, game: str, players: list[str], options: dict[str, Any]) -> None:
    made = create(client, game=game, players=players, options=options)
    tid, host = made["table_id"], made["host_token"]
    tokens = [join(client, tid, seat) for seat in range(len(players))]
    for caller in [*tokens, host]:
        view = client.get(f"/api/tables/{tid}/state", headers=bearer(caller)).get_json()
        legal = view["state"].get("legal") or [{"type": "play", "card": "QH", "player": 0}]
        for action in legal[:3]:
            before = snapshot(app.config["DATABASE"])
            for spoiled in _spoiled(action):
                resp = client.post(f"/api/tables/{tid}/actions", headers=bearer(caller),
                                   json={"action": spoiled, "seq": view["seq"]})
                assert resp.status_code in (400, 403, 409, 422), (spoiled, resp.get_json())
                assert resp.get_json()["messages"]["it"]
            assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=lambda v: str(v))
def test_a_field_the_game_does_not_read_is_refused_by_name_and_plays_nothing(
        client: FlaskClient, app: Any, game: str, players: list[str], options: dict[str, Any]) -> None:
    """A misspelt or misplaced field (``seat`` for ``player``, a key with a stray space) would
    otherwise be dropped and the move played as something else: it is a 400 naming the field,
    in both languages. Each seat's legal moves, sent as the engine lists them, pass this check."""
    made = create(client, game=game, players=players, options=options)
    tid = made["table_id"]
    tokens = [join(client, tid, seat) for seat in range(len(players))]
    for token in tokens:
        view = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).get_json()
        for action in (view["state"].get("legal") or [])[:3]:
            before = snapshot(app.config["DATABASE"])
            misplaced = {key: value for key, value in action.items() if key != "player"}
            spoiled = [({**misplaced, "seat": 1 - view["me"] % 2}, "field 'seat'"),
                       ({**action, "cards ": "x"}, "field 'cards '"),
                       ({**misplaced, "seat": 1, "cards ": "x"}, "fields 'cards ', 'seat'")]
            for body, named in spoiled:
                resp = client.post(f"/api/tables/{tid}/actions", headers=bearer(token),
                                   json={"action": body, "seq": view["seq"]})
                reply = resp.get_json()
                assert resp.status_code == 400, (body, reply)
                assert named in reply["messages"]["en"]
                said_it = named.replace("fields", "i campi").replace("field", "il campo")
                assert said_it in reply["messages"]["it"]
                assert "nothing was played" in reply["messages"]["en"]
            assert snapshot(app.config["DATABASE"]) == before
        legal = view["state"].get("legal") or []
        if legal:  # the engine's own list is read whole: its first move is played
            resp = client.post(f"/api/tables/{tid}/actions", headers=bearer(token),
                               json={"action": legal[0], "seq": view["seq"]})
            assert resp.status_code in (200, 409, 422), resp.get_json()
            assert resp.status_code != 400


def test_unknown_fields_are_found_inside_lists_of_objects_and_empty_ones_are_no_field() -> None:
    """Insonnia's placements are objects inside a list: a stray field in one is named by its
    path. A field sent as null is read as absent, as the engines read it."""
    from companion.service.moves import unknown_fields

    known = {"type": "play", "player": 0, "placements": [{"card": "B3", "owner": 0, "run": 0, "slot": 0}]}
    sent = {"type": "play", "player": 0, "deck": None,
            "placements": [{"card": "B3", "owner": 0, "run": 0, "slot": 0, "sheep": "x"}]}
    assert unknown_fields(sent, known) == ["placements.0.sheep"]
    assert unknown_fields({**sent, "placements": known["placements"]}, known) == []
    assert unknown_fields({**known, "seat": 2, "Player": 1}, known) == ["seat", "Player"]
