"""Rights before shape: a caller without the right to an endpoint hears 403 (or 401 with no
seat at all) whatever the body he sends, malformed or not; only the host (or the player of a
practice table) is told what is wrong with a body."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from .helpers import bearer, create, join

MALFORMED: list[dict[str, Any]] = [
    {"data": "not json", "content_type": "text/plain"},
    {"data": "{\"seq\": ", "content_type": "application/json"},
    {"json": ["a", "list"]},
    {"json": {"show": "maybe", "on": "yes", "deck": 5, "seq": "x", "target": None}},
]
HOST_ONLY = ["undo", "corrections", "hints", "camera", "next"]


@pytest.mark.parametrize("body", MALFORMED, ids=["text", "broken", "list", "wrong fields"])
def test_a_guest_hears_403_from_a_host_only_endpoint_before_its_body_is_read(
        client: FlaskClient, body: dict[str, Any]) -> None:
    data = create(client, options={"hands": "unknown"})
    tid = data["table_id"]
    seat = join(client, tid, 0)
    for path in HOST_ONLY:
        for who in (bearer(seat), {"Authorization": "Bearer not-a-token"}):
            resp = client.post(f"/api/tables/{tid}/{path}", headers=who, **body)
            assert resp.status_code == 403, (path, resp.get_json())
            assert resp.get_json()["messages"]["en"].startswith("Only the host"), path
        # The host, with the same body, is told what is wrong with it.
        resp = client.post(f"/api/tables/{tid}/{path}", headers=bearer(data["host_token"]), **body)
        assert resp.status_code == 400, (path, resp.get_json())


@pytest.mark.parametrize("body", MALFORMED, ids=["text", "broken", "list", "wrong fields"])
def test_a_stranger_to_a_practice_table_hears_403_from_show_bots(client: FlaskClient,
                                                                  body: dict[str, Any]) -> None:
    resp = client.post("/api/practice", json={"game": "quinta"})
    assert resp.status_code == 201
    tid = resp.get_json()["table_id"]
    stranger = create(client)["host_token"]  # the host of another table
    refused = client.post(f"/api/tables/{tid}/show-bots", headers=bearer(stranger), **body)
    assert refused.status_code == 403 and "Only the player" in refused.get_json()["messages"]["en"]
    player = client.post(f"/api/tables/{tid}/show-bots", headers=bearer(resp.get_json()["token"]), **body)
    assert player.status_code == 400


@pytest.mark.parametrize("body", MALFORMED, ids=["text", "broken", "list", "wrong fields"])
def test_a_stranger_to_a_practice_table_hears_403_from_rewind(client: FlaskClient,
                                                               body: dict[str, Any]) -> None:
    made = client.post("/api/practice", json={"game": "oscuri", "options": {"leader": 0}}).get_json()
    tid, token = made["table_id"], made["token"]
    view = client.get(f"/api/tables/{tid}/state", headers=bearer(token)).get_json()
    assert client.post(f"/api/tables/{tid}/actions", headers=bearer(token),
                       json={"action": view["state"]["legal"][0], "seq": view["seq"]}).status_code == 200
    other = create(client)
    for who in (bearer(other["host_token"]), bearer(join(client, other["table_id"], 0)),
                {"Authorization": "Bearer not-a-token"}):
        refused = client.post(f"/api/tables/{tid}/rewind", headers=who, **body)
        assert refused.status_code == 403, refused.get_json()
        assert refused.get_json()["messages"]["en"].startswith("Only the player")
    assert client.get(f"/api/tables/{tid}/state", headers=bearer(token)).get_json()["seq"] > view["seq"]
    assert client.post(f"/api/tables/{tid}/rewind", headers=bearer(token), **body).status_code == 200


def test_a_guest_hears_403_from_freeing_a_seat_and_from_the_record(client: FlaskClient) -> None:
    data = create(client)
    tid = data["table_id"]
    seat = join(client, tid, 0)
    for who in (bearer(seat), {"Authorization": "Bearer not-a-token"}):
        freed = client.delete(f"/api/tables/{tid}/seats/0", headers=who, data="{not json")
        assert freed.status_code == 403
        assert freed.get_json()["messages"]["en"] == "Only the host can free a seat."
        record = client.get(f"/api/tables/{tid}/record", headers=who)
        assert record.status_code == 403, record.get_json()
        assert record.get_json()["messages"]["en"] == "Only the host can download the game record."
    assert client.get(f"/api/tables/{tid}/state", headers=bearer(seat)).get_json()["me"] == 0


def test_a_phone_without_a_seat_hears_401_from_actions_before_its_body_is_read(client: FlaskClient) -> None:
    tid = create(client)["table_id"]
    for body in MALFORMED:
        resp = client.post(f"/api/tables/{tid}/actions", headers={"Authorization": "Bearer nobody-at-all"},
                           **body)
        assert resp.status_code == 401, resp.get_json()
    assert client.post("/api/tables/no-such-table/undo", headers=bearer("x"), data="x").status_code == 404
