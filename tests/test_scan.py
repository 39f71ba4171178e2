"""Scanning a photo at a table: detections become proposed moves, bad photos are refused."""

from __future__ import annotations

import io

import numpy as np
from flask import Flask
from flask.testing import FlaskClient

from .helpers import act, bearer, create, join, state
from .test_recognizer import PHOTOS, _jpeg, _png_header, needs_photos


def _half_jpeg() -> bytes:
    data = _jpeg(np.full((400, 600, 3), 120, np.uint8))
    return data[: len(data) // 2]


def _upload(client: FlaskClient, tid: str, data: bytes, token: str | None = None,
            raw: bool = False) -> object:
    headers = bearer(token) if token else {}
    if raw:
        return client.post(f"/api/tables/{tid}/photos", data=data, content_type="image/jpeg",
                           headers=headers)
    return client.post(f"/api/tables/{tid}/photos", data={"photo": (io.BytesIO(data), "p.jpg")},
                       content_type="multipart/form-data", headers=headers)


@needs_photos
def test_a_player_scans_his_card_and_gets_one_move(client: FlaskClient) -> None:
    tid = create(client, options={"hands": "unknown"})["table_id"]
    token = join(client, tid, 0)
    resp = _upload(client, tid, (PHOTOS / "rdpong" / "8hearts.jpg").read_bytes(), token)
    body = resp.get_json()
    assert resp.status_code == 200, body
    assert [d["card"] for d in body["detections"]] == ["8H"]
    assert body["proposal"] == "8H" and body["detections"][0]["move"]["legal"]
    assert body["detections"][0]["names"]["it"] == "8 di cuori"
    assert body["width"] == 1024 and body["height"] == 768
    # Nothing was played by scanning.
    assert state(client, tid, token)["state"]["chosen"] is None
    assert act(client, tid, token, body["detections"][0]["move"]["action"]).status_code == 200


@needs_photos
def test_cards_that_cannot_be_played_say_why(client: FlaskClient) -> None:
    tid = create(client, options={"hands": "unknown"})["table_id"]
    token = join(client, tid, 0)
    body = _upload(client, tid, (PHOTOS / "guillex7" / "query_q15.jpg").read_bytes(), token,
                   raw=True).get_json()
    by_card = {d["card"]: d for d in body["detections"]}
    assert not by_card["AH"]["move"]["legal"]  # the aces never leave the table
    assert "AH" not in (body["proposal"] or "")
    assert "asso di cuori" in by_card["AH"]["move"]["messages"]["it"]
    assert by_card["7C"]["move"]["legal"]
    assert body["proposal"] is None  # several cards could be played: the player chooses


@needs_photos
def test_the_table_screen_scan_lists_the_seats_waiting(client: FlaskClient, app: Flask) -> None:
    data = create(client, options={"hands": "unknown"})
    tid, host = data["table_id"], data["host_token"]
    body = _upload(client, tid, (PHOTOS / "rdpong" / "test4.jpg").read_bytes(), host).get_json()
    assert body["waiting"] == [0, 1, 2] and body["seat"] is None and body["host"] is True
    assert len(body["detections"]) >= 4 and body["proposal"] is None
    aces = [d for d in body["detections"] if d["card"][0] == "A"]
    assert aces and all(not d["move"]["legal"] for d in aces)  # they are on the table
    # The referee's tablet enters the revealed cards for everybody.
    cards = [d["card"] for d in body["detections"] if d["card"][0] != "A"][:3]
    for seat, card in enumerate(cards):
        assert act(client, tid, host, {"type": "play", "player": seat, "card": card}).status_code == 200


def test_bad_photos_are_refused_and_change_nothing(client: FlaskClient, app: Flask) -> None:
    tid = create(client, options={"hands": "unknown"})["table_id"]
    token = join(client, tid, 0)
    seq = state(client, tid)["seq"]
    cases = [
        (b"", 400, "empty"),
        (b"<html>not a photo</html>", 400, "not a photo"),
        (_half_jpeg(), 400, "truncated"),
        (b"\xff\xd8\xff\xe0" + b"\x00" * 500, 400, "truncated"),
        (b"\xff\xd8\xff\xe0\x00\x10" + b"\x01" * 500 + b"\xff\xda\xff\xd9", 400, "damaged"),
        (_png_header(12_000, 9_000), 400, "megapixels"),
        (b"\xff\xd8\xff" + b"\x00" * (21 * 1024 * 1024), 413, "over 20 MB"),
    ]
    for data, status, words in cases:
        # Raw bodies: the test client would spool a big multipart body to a file it never closes.
        resp = _upload(client, tid, data, token, raw=True)
        assert resp.status_code == status, (words, resp.get_json())
        assert words in resp.get_json()["message"], resp.get_json()
    heic = b"\x00\x00\x00\x18ftypheic" + b"\x00" * 100
    assert "HEIC" in _upload(client, tid, heic, token, raw=True).get_json()["message"]
    misnamed = client.post(f"/api/tables/{tid}/photos", data={"image": (io.BytesIO(b"x"), "p.jpg")},
                           content_type="multipart/form-data", headers=bearer(token))
    assert misnamed.status_code == 400 and "'photo'" in misnamed.get_json()["message"]
    italian = client.post(f"/api/tables/{tid}/photos", data=b"", content_type="image/jpeg",
                          headers={**bearer(token), "Accept-Language": "it"})
    assert italian.get_json()["message"] == "Il file è vuoto."
    stranger = app.test_client()
    assert _upload(stranger, tid, b"x").status_code == 401
    assert _upload(client, "nope", b"x", token).status_code == 404
    assert state(client, tid)["seq"] == seq
