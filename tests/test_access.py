"""Access: CSRF tokens on every request that changes something, and the access log of refusals."""

from __future__ import annotations

import logging
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import bearer, create, join, page_token, snapshot, state

ACCESS = "companion.access"


def _jpeg() -> bytes:
    ok, buf = cv2.imencode(".jpg", np.full((60, 80, 3), 90, np.uint8))
    assert ok
    return buf.tobytes()


def _browser(app: Flask, addr: str = "198.51.100.4") -> FlaskClient:
    """A plain test client: like a browser, it sends its cookies, but no CSRF header by itself."""
    plain = FlaskClient(app, app.response_class, use_cookies=True)
    plain.environ_base["REMOTE_ADDR"] = addr
    return plain


def _seated(app: Flask) -> tuple[FlaskClient, str, str]:
    """A browser that created a Quinta table (host cookie) and took seat 0 (seat cookie),
    both through the page's token; the table id and the page's token."""
    phone = _browser(app)
    token = page_token(phone)
    made = phone.post("/api/tables", json={"game": "quinta", "players": ["ANNA", "BRUNO", "CARLO"],
                                            "options": {"hands": "known"}},
                      headers={"X-CSRF-Token": token})
    assert made.status_code == 201
    tid = made.get_json()["table_id"]
    assert phone.post(f"/api/tables/{tid}/seats", json={"seat": 0},
                      headers={"X-CSRF-Token": token}).status_code == 201
    return phone, tid, token


def _requests(tid: str, seq: int, legal: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Every kind of request a page sends that changes something: method, path, client kwargs."""
    return [
        ("POST", "/api/tables", {"json": {"game": "quinta", "players": 3}}),
        ("POST", f"/api/tables/{tid}/seats", {"json": {"seat": 1}}),
        ("POST", f"/api/tables/{tid}/actions", {"json": {"action": legal, "seq": seq}}),
        ("POST", f"/api/tables/{tid}/undo", {"json": {"seq": seq}}),
        ("POST", f"/api/tables/{tid}/corrections", {"json": {"seq": seq, "target": 1, "action": legal}}),
        ("DELETE", f"/api/tables/{tid}/seats/0", {}),
        ("POST", f"/api/tables/{tid}/photos", {"data": {"photo": (_io(_jpeg()), "p.jpg")},
                                                "content_type": "multipart/form-data"}),
        ("POST", f"/api/tables/{tid}/camera", {"json": {"deck": None, "seq": seq}}),
        ("POST", "/api/decks", {"json": {"name": "Mine", "kind": "custom", "faces": {}}}),
        ("POST", "/api/decks/cut", {"data": {"photo": (_io(_jpeg()), "p.jpg"), "codes": "AH"},
                                    "content_type": "multipart/form-data"}),
        ("POST", "/api/decks/import", {"data": b"not a deck", "content_type": "application/octet-stream"}),
    ]


def _io(data: bytes) -> Any:
    import io

    return io.BytesIO(data)


@pytest.mark.parametrize("index", range(11))
@pytest.mark.parametrize("sent", ["none", "wrong", "no-cookie", "form"])
def test_a_request_without_the_pages_token_is_refused_and_changes_nothing(
        app: Flask, index: int, sent: str, caplog: pytest.LogCaptureFixture) -> None:
    """The phone holds the host's and a seat's cookies, as a forged request from another site
    would carry them: without the page's token (missing, wrong, or with no cookie to match),
    every state-changing route answers 403 'csrf' in both languages, before doing anything."""
    phone, tid, token = _seated(app)
    view = state(phone, tid, None)
    legal = phone.get(f"/api/tables/{tid}/state").get_json()["state"]["legal"][0]
    method, path, kwargs = _requests(tid, view["seq"], legal)[index]
    headers: dict[str, str] = {}
    if sent == "wrong":
        headers["X-CSRF-Token"] = page_token(_browser(app))  # another browser's token
    elif sent == "no-cookie":
        phone.delete_cookie("csrf")
        headers["X-CSRF-Token"] = token
    elif sent == "form":  # what a form on another site can send: a simple POST, no header
        kwargs = {"data": {"seat": "1"}, "content_type": "application/x-www-form-urlencoded"}
    before = snapshot(app.config["DATABASE"])
    with caplog.at_level(logging.WARNING, logger=ACCESS):
        resp = phone.open(path, method=method, headers=headers, **kwargs)
    assert resp.status_code == 403, resp.get_json()
    body = resp.get_json()
    assert body["error"] == "csrf"
    assert "ricarica la pagina" in body["messages"]["it"] and "reload the page" in body["messages"]["en"]
    assert snapshot(app.config["DATABASE"]) == before
    line = next(r.getMessage() for r in caplog.records if r.name == ACCESS)
    assert "CSRF" in line and "198.51.100.4" in line and method in line
    assert token not in caplog.text


def test_the_same_requests_with_the_pages_token_go_through(app: Flask) -> None:
    """The page's token (read from its meta tag, sent as X-CSRF-Token) lets them in."""
    phone, tid, token = _seated(app)
    view = phone.get(f"/api/tables/{tid}/state").get_json()
    done = phone.post(f"/api/tables/{tid}/actions", json={"action": view["state"]["legal"][0],
                                                          "seq": view["seq"]},
                      headers={"X-CSRF-Token": token})
    assert done.status_code == 200
    assert phone.post(f"/api/tables/{tid}/undo", json={"seq": done.get_json()["seq"]},
                      headers={"X-CSRF-Token": token}).status_code == 200
    assert phone.delete(f"/api/tables/{tid}/seats/0", headers={"X-CSRF-Token": token}).status_code == 200


def test_a_bearer_token_needs_no_csrf_token(app: Flask) -> None:
    """A script sending its seat token in the Authorization header (which no browser adds by
    itself) needs no CSRF token; its cookies are not used at all."""
    phone, tid, _ = _seated(app)
    other = join(app.test_client(), tid, 1)
    view = state(phone, tid, other)
    resp = _browser(app).post(f"/api/tables/{tid}/actions", headers=bearer(other),
                              json={"action": view["state"]["legal"][0], "seq": view["seq"]})
    assert resp.status_code == 200


def test_every_page_gives_its_scripts_the_browsers_token(app: Flask) -> None:
    """The token is per browser: one HttpOnly SameSite=Lax cookie, the same value in every page's
    meta tag and at /api/csrf; another browser gets another."""
    phone, tid, token = _seated(app)
    cookie = phone.get_cookie("csrf")
    assert cookie is not None and cookie.value == token and cookie.http_only
    assert cookie.same_site == "Lax" and len(token) >= 40
    for path in ("/", "/decks", f"/t/{tid}", f"/play/{tid}", "/r/NOPE1"):
        assert f'<meta name="csrf-token" content="{token}">' in phone.get(path).get_data(as_text=True)
    assert phone.get("/api/csrf").get_json() == {"token": token, "header": "X-CSRF-Token"}
    assert page_token(_browser(app)) != token


def test_a_script_fetches_the_token_and_creates_a_table(app: Flask) -> None:
    """GET /api/csrf sets the cookie and tells the token: a script then posts like a page."""
    script = _browser(app)
    token = script.get("/api/csrf").get_json()["token"]
    resp = script.post("/api/tables", json={"game": "quinta", "players": 3},
                       headers={"X-CSRF-Token": token})
    assert resp.status_code == 201


def _access_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == ACCESS]


def test_refusals_of_access_are_logged_without_secrets(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    """A full table, a token acting for another seat, a token of no seat, the host's powers
    without the host token: each refused and logged with the table, the route, the address
    and the reason; no token ever appears in the log."""
    host_client = app.test_client()
    made = create(host_client)
    tid, host = made["table_id"], made["host_token"]
    tokens = [join(app.test_client(), tid, s) for s in (0, 1, 2)]
    intruder = app.test_client()
    intruder.environ_base["REMOTE_ADDR"] = "203.0.113.66"
    view = state(host_client, tid, tokens[0])
    with caplog.at_level(logging.INFO, logger=ACCESS):
        assert intruder.post(f"/api/tables/{tid}/seats", json={"name": "ZED"}).status_code == 409
        legal = view["state"]["legal"][0]
        foreign = intruder.post(f"/api/tables/{tid}/actions", headers=bearer(tokens[0]),
                                json={"action": {**legal, "player": 1}, "seq": view["seq"]})
        assert foreign.status_code == 403
        stranger = intruder.post(f"/api/tables/{tid}/actions", headers=bearer("x" * 32),
                                 json={"action": legal, "seq": view["seq"]})
        assert stranger.status_code == 401
        assert intruder.post(f"/api/tables/{tid}/undo", headers=bearer(tokens[1]),
                             json={"seq": view["seq"]}).status_code == 403
        assert intruder.delete(f"/api/tables/{tid}/seats/0", headers=bearer(tokens[1])).status_code == 403
        assert intruder.get(f"/api/tables/{tid}/record", headers=bearer(tokens[1])).status_code == 403
        assert intruder.post(f"/api/tables/{tid}/camera", headers=bearer(tokens[1]),
                             json={"deck": None, "seq": view["seq"]}).status_code == 403
    lines = _access_lines(caplog)
    assert len(lines) == 7, lines
    for line in lines:
        assert f"table={tid}" in line and "addr=203.0.113.66" in line
    wanted = [("POST /api/tables/<table_id>/seats", "Every seat at this table is taken"),
              ("POST /api/tables/<table_id>/actions", "only act for your own seat"),
              ("POST /api/tables/<table_id>/actions", "no seat at this table"),
              ("POST /api/tables/<table_id>/undo", "Only the host can undo"),
              ("DELETE /api/tables/<table_id>/seats/<int:seat>", "Only the host can free a seat"),
              ("GET /api/tables/<table_id>/record", "Only the host can download"),
              ("POST /api/tables/<table_id>/camera", "Only the host can choose")]
    for line, (route, reason) in zip(lines, wanted, strict=True):
        assert route in line and reason in line, line
    for secret in (host, *tokens, "x" * 32):
        assert secret not in caplog.text


def test_a_rate_limited_room_guess_is_logged(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    """Guessing room codes too fast: the 429 is logged with the route and the address."""
    guesser = app.test_client()
    guesser.environ_base["REMOTE_ADDR"] = "203.0.113.9"
    for i in range(10):
        guesser.get(f"/api/rooms/ZZZ{i:02d}")
    with caplog.at_level(logging.INFO, logger=ACCESS):
        assert guesser.get("/api/rooms/ABCDE").status_code == 429
        assert guesser.get("/r/ABCDE").status_code == 429
    lines = _access_lines(caplog)
    assert len(lines) == 2
    assert "GET /api/rooms/<room>" in lines[0] and "addr=203.0.113.9" in lines[0]
    assert "Too many wrong room codes" in lines[0] and "status=429" in lines[0]
    assert "GET /r/<room>" in lines[1]


def test_ordinary_mistakes_are_not_logged_as_access_refusals(
        client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    """A malformed body or an illegal move is a player's slip, not an access refusal."""
    tid = create(client)["table_id"]
    token = join(client, tid, 0)
    with caplog.at_level(logging.INFO, logger=ACCESS):
        assert client.post(f"/api/tables/{tid}/actions", headers=bearer(token), json=[]).status_code == 400
        assert client.post(f"/api/tables/{tid}/actions", headers=bearer(token),
                           json={"action": {"type": "nonsense"}, "seq": 0}).status_code in (409, 422)
    assert _access_lines(caplog) == []


def test_basic_credentials_a_browser_adds_by_itself_do_not_replace_the_csrf_token(app: Flask) -> None:
    """Behind a proxy asking for a password the browser sends ``Authorization: Basic`` with
    every request, forged ones too: only a Bearer token stands in for the CSRF token."""
    phone, tid, _ = _seated(app)
    resp = phone.delete(f"/api/tables/{tid}/seats/0", headers={"Authorization": "Basic dXNlcjpwdw=="})
    assert resp.status_code == 403 and resp.get_json()["error"] == "csrf"
    empty = phone.delete(f"/api/tables/{tid}/seats/0", headers={"Authorization": "Bearer "})
    assert empty.status_code == 403 and empty.get_json()["error"] == "csrf"
