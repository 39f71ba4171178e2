"""A move's request id belongs to the seat that sent it: two seats that happen to use the same id
both play; the same id sent again with another move is refused with a reason (409), never
answered as the old move; a true retry gets the first answer again. Older databases and game
records, whose request ids were kept per table, are brought up to date."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.storage.rows import HOST_SEAT, request_seat
from companion.storage.sqlite import Store

from .helpers import bearer, create, join, snapshot, state


def _post(client: FlaskClient, tid: str, token: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{tid}/actions", json=body, headers=bearer(token))


def _quinta(client: FlaskClient) -> tuple[str, list[str]]:
    tid = create(client)["table_id"]
    return tid, [join(client, tid, i) for i in range(3)]


def test_two_seats_sending_the_same_id_both_play(client: FlaskClient) -> None:
    tid, tokens = _quinta(client)
    seq = state(client, tid)["seq"]
    for seat in (0, 1):
        card = state(client, tid, tokens[seat])["state"]["hand"][0]
        resp = _post(client, tid, tokens[seat],
                     {"action": {"type": "play", "card": card}, "seq": seq, "id": "shared-id-0001"})
        assert resp.status_code == 200, resp.get_json()
        assert resp.get_json()["state"]["chosen"] == card  # this seat's own move, applied
    assert state(client, tid)["seq"] == seq + 2  # two moves, two events


def test_the_same_id_with_another_move_is_refused_and_changes_nothing(app: Flask,
                                                                      client: FlaskClient) -> None:
    tid, tokens = _quinta(client)
    view = state(client, tid, tokens[0])
    first, other = view["state"]["hand"][:2]
    body = {"action": {"type": "play", "card": first}, "seq": view["seq"], "id": "phone-a-move-1"}
    assert _post(client, tid, tokens[0], body).status_code == 200
    before = snapshot(app.config["DATABASE"])
    for changed in ({**body, "action": {"type": "play", "card": other}}, {**body, "seq": view["seq"] + 1}):
        resp = _post(client, tid, tokens[0], changed)
        assert resp.status_code == 409
        refused = resp.get_json()
        assert refused["reason"] == "request_id_reused" and refused["event"] == view["seq"] + 1
        assert "different move" in refused["messages"]["en"] and "altra mossa" in refused["messages"]["it"]
    assert snapshot(app.config["DATABASE"]) == before
    assert state(client, tid, tokens[0])["state"]["chosen"] == first


def test_a_true_retry_gets_the_first_answer_even_after_other_moves(client: FlaskClient) -> None:
    tid, tokens = _quinta(client)
    view = state(client, tid, tokens[0])
    # The same body with its keys in another order is the same request.
    body = {"id": "retry-me-00001", "seq": view["seq"], "action": {"card": view["state"]["hand"][0],
                                                                   "type": "play"}}
    first = _post(client, tid, tokens[0], body)
    assert first.status_code == 200
    card = state(client, tid, tokens[1])["state"]["hand"][0]
    assert _post(client, tid, tokens[1], {"action": {"type": "play", "card": card},
                                          "seq": first.get_json()["seq"]}).status_code == 200
    again = _post(client, tid, tokens[0], json.loads(json.dumps(body, sort_keys=True)))
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert state(client, tid)["seq"] == view["seq"] + 2  # the retry made nothing


def test_the_host_screen_has_ids_of_its_own(client: FlaskClient) -> None:
    """The host playing for a seat without a phone, and that seat's phone later, may use one id."""
    data = create(client, players=["Anna", "Bruno", "Carla"], options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    seq = state(client, tid)["seq"]
    resp = _post(client, tid, host, {"action": {"type": "play", "player": 1, "card": "5H"},
                                     "seq": seq, "id": "same-on-both-1"})
    assert resp.status_code == 200, resp.get_json()
    phone = join(client, tid, 0)
    resp = _post(client, tid, phone, {"action": {"type": "play", "card": "9S"},
                                      "seq": resp.get_json()["seq"] + 1, "id": "same-on-both-1"})
    assert resp.status_code == 200, resp.get_json()
    assert state(client, tid)["seq"] == seq + 3  # the host's move, the join, the phone's move


OLD_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, room TEXT NOT NULL UNIQUE, game TEXT NOT NULL,
    host_token_hash TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE events (table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,
    kind TEXT NOT NULL, payload TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE requests (table_id TEXT NOT NULL REFERENCES tables(id), request_id TEXT NOT NULL,
    seq INTEGER NOT NULL, PRIMARY KEY (table_id, request_id));
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL UNIQUE, PRIMARY KEY (table_id, seat));
CREATE TABLE decks (name TEXT PRIMARY KEY, kind TEXT NOT NULL, cards INTEGER NOT NULL,
    data BLOB NOT NULL, created REAL NOT NULL);
"""


def _old_database(tmp_path: Path) -> tuple[str, str, list[str], dict[str, Any]]:
    """A game played by today's app, then stored as the older schema kept it (request ids per
    table): the database file, the table, the seat tokens and the first move's request."""
    new = tmp_path / "new.sqlite3"
    client = create_app({"DATABASE": str(new), "TESTING": True}).test_client()
    tid, tokens = _quinta(client)
    view = state(client, tid, tokens[0])
    body = {"action": {"type": "play", "card": view["state"]["hand"][0]}, "seq": view["seq"],
            "id": "older-version-1"}
    assert _post(client, tid, tokens[0], body).status_code == 200
    old = tmp_path / "old.sqlite3"
    source, target = sqlite3.connect(new), sqlite3.connect(old)
    target.executescript(OLD_SCHEMA)
    for name in ("tables", "events", "seats"):
        rows = source.execute(f"SELECT * FROM {name}").fetchall()
        if rows:
            marks = ",".join("?" * len(rows[0]))
            target.executemany(f"INSERT INTO {name} VALUES ({marks})", rows)
    target.executemany("INSERT INTO requests VALUES (?,?,?)",
                       source.execute("SELECT table_id, request_id, seq FROM requests").fetchall())
    target.commit()
    source.close()
    target.close()
    return str(old), tid, tokens, body


def test_an_older_database_is_migrated_and_its_request_ids_still_answer_retries(tmp_path: Path) -> None:
    database, tid, tokens, body = _old_database(tmp_path)
    app = create_app({"DATABASE": database, "TESTING": True})
    db = sqlite3.connect(database)
    columns = [r[1] for r in db.execute("PRAGMA table_info(requests)")]
    assert columns == ["table_id", "seat", "request_id", "digest", "seq"]
    assert db.execute("SELECT seat, request_id, digest FROM requests").fetchall() == \
        [(0, "older-version-1", None)]  # the seat read from the event the request made
    db.close()
    client = app.test_client()
    seq = state(client, tid)["seq"]
    again = _post(client, tid, tokens[0], body)  # a retry in flight across the upgrade
    assert again.status_code == 200 and state(client, tid)["seq"] == seq
    card = state(client, tid, tokens[1])["state"]["hand"][0]
    other = _post(client, tid, tokens[1], {**body, "action": {"type": "play", "card": card}})
    assert other.status_code == 200 and state(client, tid)["seq"] == seq + 1  # another seat's id
    Store(database)  # opening it again finds nothing left to migrate
    assert len(sqlite3.connect(database).execute("SELECT * FROM requests").fetchall()) == 2


def test_an_older_game_record_imports_with_the_seats_of_its_requests(tmp_path: Path) -> None:
    database, tid, _, _ = _old_database(tmp_path)
    record = Store(database).export_table(tid)
    assert record is not None
    assert record["requests"] == [{"seat": 0, "request_id": "older-version-1", "digest": None,
                                   "seq": record["requests"][0]["seq"]}]
    older = {**record, "requests": [{"request_id": r["request_id"], "seq": r["seq"]}
                                    for r in record["requests"]]}
    other = Store(tmp_path / "other.sqlite3")
    other.import_table(older)
    assert other.export_table(tid) == record


def test_the_seat_of_an_older_request_is_read_from_its_event() -> None:
    assert request_seat({"by": 2, "action": {"player": 2}}) == 2
    assert request_seat({"by": "bot", "action": {"player": 3}}) == 3
    assert request_seat({"by": "host", "action": {"player": 1}}) == HOST_SEAT
    assert request_seat({"action": {"player": 1}}) == HOST_SEAT  # nobody named: the host's screen


def test_someone_moved_first_is_a_409_with_the_table_as_it_is_now(client: FlaskClient) -> None:
    data = create(client, game="oscuri", players=["Anna", "Bruno", "Carla"],
                  options={"hands": "known", "leader": 0})
    tid = data["table_id"]
    tokens = [join(client, tid, i) for i in range(3)]
    view = state(client, tid, tokens[0])
    lead, other = view["state"]["legal"][:2]
    assert _post(client, tid, tokens[0], {"action": lead, "seq": view["seq"]}).status_code == 200
    late = _post(client, tid, tokens[0], {"action": other, "seq": view["seq"]})  # Anna's other phone
    assert late.status_code == 409
    body = late.get_json()
    assert body["reason"] == "moved_first" and body["seq"] == view["seq"] + 1
    assert body["messages"]["en"].startswith("The table changed first: here is the table as it is now.")
    assert body["messages"]["it"].startswith("Il tavolo è cambiato prima: ecco il tavolo com'è adesso.")
    assert body["movers"] == [0]  # Anna herself, from her other phone
    assert body["view"] == state(client, tid, tokens[0])  # the caller's own view, as it is now
    assert body["view"]["state"]["hand"] == state(client, tid, tokens[0])["state"]["hand"]
    # Bruno moves next: a phone that saw neither move hears that both Anna and Bruno moved
    moved = _post(client, tid, tokens[1], {"action": state(client, tid, tokens[1])["state"]["legal"][0],
                                            "seq": body["seq"]})
    assert moved.status_code == 200
    carla_late = _post(client, tid, tokens[2], {"action": {**lead, "player": 2}, "seq": view["seq"]})
    assert carla_late.status_code == 409 and carla_late.get_json()["movers"] == [0, 1]


def test_a_move_made_before_a_phone_joined_still_counts(client: FlaskClient) -> None:
    """Events outside the game (a phone joining, hints switched) do not make a move stale."""
    data = create(client, game="oscuri", players=["Anna", "Bruno", None],
                  options={"hands": "known", "leader": 0})
    tid = data["table_id"]
    anna = join(client, tid, 0)
    view = state(client, tid, anna)
    join(client, tid, 1)
    join(client, tid, 2, "Carla")
    assert client.post(f"/api/tables/{tid}/hints", json={"on": False, "seq": view["seq"] + 2},
                       headers=bearer(data["host_token"])).status_code == 200
    resp = _post(client, tid, anna, {"action": view["state"]["legal"][0], "seq": view["seq"]})
    assert resp.status_code == 200 and resp.get_json()["seq"] == view["seq"] + 4
