"""The host's link: the host's tools on a second device, for when the first one is gone.

The link carries the host token in its fragment; the device that opens it hands the token
over with a POST and gets the host cookie. Only the host sees the link; a wrong, foreign or
malformed token gets a clear refusal and changes nothing. A new link (the host's own device
keeps the tools) takes them back from every other device.
"""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from .helpers import bearer, create, decode_qr, join, svg_to_image


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
    assert decode_qr(svg_to_image(qr.get_data(as_text=True))) == url
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


def test_a_new_link_takes_the_host_tools_back_from_every_other_device(client: FlaskClient,
                                                                      app: Flask) -> None:
    """The host showed the link to the wrong person (or lost a phone): a new link leaves the
    tools on the host's own device alone; the other device, and the old link, no longer work,
    and the table's log says so to everyone."""
    data = create(client)
    tid, old = data["table_id"], data["host_token"]
    other = app.test_client()
    assert other.post(f"/api/tables/{tid}/host", json={"host_token": old}).status_code == 200
    seq = client.get(f"/api/tables/{tid}/state").get_json()["seq"]
    renewed = client.post(f"/api/tables/{tid}/host-link")
    assert renewed.status_code == 200 and renewed.headers["Cache-Control"] == "no-store"
    new = renewed.get_json()["host_token"]
    assert new != old and renewed.get_json()["url"] == f"http://192.0.2.10:5000/t/{tid}#host={new}"
    assert _host_cookie(client, tid) == new  # this device keeps the host's tools
    view = client.get(f"/api/tables/{tid}/state").get_json()
    assert view["host"] is True and view["seq"] == seq + 1
    assert view["log"][-1]["en"].startswith("The host made a new host link: the old one no longer works")
    assert client.get(f"/api/tables/{tid}/host-link").get_json()["url"].endswith(f"#host={new}")
    # the other device lost them: its view, the host's powers and the link are refused
    assert other.get(f"/api/tables/{tid}/state?as=table").get_json()["host"] is False
    refused = other.get(f"/api/tables/{tid}/host-link")
    assert refused.status_code == 403
    assert other.post(f"/api/tables/{tid}/host-link").get_json()["messages"]["en"] == (
        "Only the host can make a new host link.")
    # the old link opens nothing now; the new one does
    stranger = app.test_client()
    assert stranger.post(f"/api/tables/{tid}/host", json={"host_token": old}).status_code == 403
    assert stranger.post(f"/api/tables/{tid}/host", json={"host_token": new}).status_code == 200
    # a client with Bearer tokens goes on with the token the answer gives it
    bare = FlaskClient(client.application)
    again = bare.post(f"/api/tables/{tid}/host-link", headers=bearer(new))
    assert again.status_code == 200
    newest = again.get_json()["host_token"]
    assert bare.get(f"/api/tables/{tid}/host-link", headers=bearer(newest)).status_code == 200
    assert bare.get(f"/api/tables/{tid}/host-link", headers=bearer(new)).status_code == 403


def test_a_new_link_is_refused_to_players_and_strangers(client: FlaskClient, app: Flask) -> None:
    data = create(client)
    tid = data["table_id"]
    player = app.test_client()
    seat_token = join(player, tid, 1)
    seq = client.get(f"/api/tables/{tid}/state").get_json()["seq"]
    for asker, headers in ((player, {}), (app.test_client(), {}), (app.test_client(), bearer(seat_token))):
        refused = asker.post(f"/api/tables/{tid}/host-link", headers=headers)
        assert refused.status_code == 403
    assert client.post("/api/tables/nosuchtable/host-link").status_code == 404
    bare = FlaskClient(client.application)  # a page of another site posting with the host's cookie
    bare.set_cookie(f"host_{tid}", data["host_token"])
    assert bare.post(f"/api/tables/{tid}/host-link").status_code == 403
    # nothing changed: the old token still opens the host's tools
    assert client.get(f"/api/tables/{tid}/state").get_json()["seq"] == seq
    taken = app.test_client().post(f"/api/tables/{tid}/host", json={"host_token": data["host_token"]})
    assert taken.status_code == 200
