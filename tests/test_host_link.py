"""The host's link: the host's tools on a second device, for when the first one is gone.

The link carries the host token in its fragment; the device that opens it hands the token
over with a POST and gets the host cookie. Only the host sees the link; a wrong, foreign or
malformed token gets a clear refusal and changes nothing.
"""

from __future__ import annotations

import cv2
from flask import Flask
from flask.testing import FlaskClient

from .helpers import bearer, create, join, svg_to_image


def _host_cookie(client: FlaskClient, table_id: str) -> str | None:
    cookie = client.get_cookie(f"host_{table_id}")
    return cookie.value if cookie else None


def test_the_host_sees_the_link_and_its_qr_code(client: FlaskClient) -> None:
    data = create(client)
    tid, token = data["table_id"], data["host_token"]
    resp = client.get(f"/api/tables/{tid}/host-link")
    assert resp.status_code == 200 and resp.headers["Cache-Control"] == "no-store"
    url = resp.get_json()["url"]
    assert url == f"http://192.0.2.10:5000/t/{tid}#host={token}"  # the token rides in the fragment
    qr = client.get(f"/api/tables/{tid}/host-qr.svg")
    assert qr.status_code == 200 and qr.headers["Cache-Control"] == "no-store"
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(svg_to_image(qr.get_data(as_text=True)))
    assert text == url
    by_bearer = FlaskClient(client.application).get(f"/api/tables/{tid}/host-link", headers=bearer(token))
    assert by_bearer.get_json()["url"] == url


def test_only_the_host_sees_the_link(client: FlaskClient, app: Flask) -> None:
    tid = create(client)["table_id"]
    player = app.test_client()
    seat_token = join(player, tid, 1)
    for asker, headers in ((player, {}), (app.test_client(), {}), (app.test_client(), bearer(seat_token))):
        for path in ("host-link", "host-qr.svg"):
            refused = asker.get(f"/api/tables/{tid}/{path}", headers=headers)
            assert refused.status_code == 403, path
            assert refused.get_json()["messages"]["en"] == "Only the host can show the host's link."
    assert client.get("/api/tables/nosuchtable/host-link").status_code == 404


def test_a_second_device_takes_the_host_tools_and_the_first_keeps_them(client: FlaskClient,
                                                                      app: Flask) -> None:
    data = create(client)
    tid, token = data["table_id"], data["host_token"]
    other = app.test_client()
    before = other.get(f"/t/{tid}").get_data(as_text=True)
    assert 'data-host="0"' in before
    taken = other.post(f"/api/tables/{tid}/host", json={"host_token": token})
    assert taken.status_code == 200 and taken.get_json() == {"host": True, "seat": None}
    assert _host_cookie(other, tid) == token
    assert 'data-host="1"' in other.get(f"/t/{tid}").get_data(as_text=True)
    assert other.get(f"/api/tables/{tid}/state?as=table").get_json()["host"] is True
    # the new device can use a host's power, and so can the first one still
    assert other.get(f"/api/tables/{tid}/host-link").get_json()["url"].endswith(f"#host={token}")
    assert client.get(f"/api/tables/{tid}/host-link").status_code == 200


def test_a_wrong_foreign_or_malformed_token_is_refused_and_changes_nothing(client: FlaskClient,
                                                                            app: Flask) -> None:
    tid = create(client)["table_id"]
    other_table = create(app.test_client())
    seat_token = join(app.test_client(), tid, 0)
    stranger = app.test_client()
    for wrong in (other_table["host_token"], seat_token, "x" * 32):
        refused = stranger.post(f"/api/tables/{tid}/host", json={"host_token": wrong})
        assert refused.status_code == 403 and refused.get_json()["reason"] == "host_link"
        assert "ask the host to show it again" in refused.get_json()["messages"]["en"]
    for body in ({}, {"host_token": 7}, {"host_token": ""}, {"host_token": "y" * 201}):
        refused = stranger.post(f"/api/tables/{tid}/host", json=body)
        assert refused.status_code == 400 and refused.get_json()["reason"] == "host_link", body
        assert refused.get_json()["messages"]["en"].startswith("This host link is incomplete")
    assert stranger.post(f"/api/tables/{tid}/host", data="not json",
                         content_type="application/json").status_code == 400
    assert stranger.post("/api/tables/nosuchtable/host",
                         json={"host_token": other_table["host_token"]}).status_code == 404
    assert _host_cookie(stranger, tid) is None
    assert stranger.get(f"/api/tables/{tid}/state?as=table").get_json()["host"] is False


def test_taking_the_host_tools_needs_the_pages_csrf_token(client: FlaskClient) -> None:
    data = create(client)
    bare = FlaskClient(client.application)  # no CSRF token: a page of another site posting
    refused = bare.post(f"/api/tables/{data['table_id']}/host", json={"host_token": data["host_token"]})
    assert refused.status_code == 403
    assert _host_cookie(bare, data["table_id"]) is None


def test_a_players_phone_that_takes_the_host_tools_is_told_its_seat(client: FlaskClient, app: Flask) -> None:
    """A player opens the host's link on her own phone: the answer names her seat, and the page
    takes her back to her hand, with the host's tools there too."""
    data = create(client)
    tid = data["table_id"]
    player = app.test_client()
    join(player, tid, 2)
    taken = player.post(f"/api/tables/{tid}/host", json={"host_token": data["host_token"]})
    assert taken.get_json() == {"host": True, "seat": 2}
    assert 'data-host="1"' in player.get(f"/play/{tid}").get_data(as_text=True)
