"""Player names and every user string are data, never markup: pages escape them, the JSON
carries them as they were typed, and no page has a script of its own inline."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from .helpers import bearer, create, join, state

# At most 24 characters each (the longest name allowed).
NAMES = ["<script>alert(1)//", "<svg onload=alert(2)>", '"><b>bold</b>', "</title>&amp;'x"]
JOINER = "<img src=x onerror=a()>"
SCRIPT_TAG = re.compile(r"<script\b[^>]*>", re.IGNORECASE)


def _inert(html: str) -> None:
    """No name as markup, and only our own external scripts."""
    for name in [*NAMES, JOINER]:
        assert name not in html, name
    for tag in SCRIPT_TAG.findall(html):
        assert re.search(r'\bsrc="/static/[a-z0-9_]+\.js"', tag), tag
    assert "onload=" not in html and "onerror=" not in html


def test_names_with_html_are_inert_in_every_page_and_plain_in_the_json(
        client: FlaskClient, app: Flask) -> None:
    made = create(client, players=[*NAMES, None])
    tid, host = made["table_id"], made["host_token"]
    seat = join(client, tid, 4, JOINER)
    view = state(client, tid, seat)
    assert view["names"] == [*NAMES, JOINER]  # the JSON holds the names exactly as typed
    first = view["state"]["legal"][0]
    assert client.post(f"/api/tables/{tid}/actions", headers=bearer(seat),
                       json={"action": first, "seq": view["seq"]}).status_code == 200
    _inert(app.test_client().get(f"/join/{tid}").get_data(as_text=True))  # a phone without a seat
    for path in ("/", f"/t/{tid}", f"/play/{tid}", "/decks",
                 f"/api/tables/{tid}/state", f"/api/tables/{tid}/events?limit=1",
                 f"/api/tables/{tid}/record"):
        resp = client.get(path, headers=bearer(host) if path.endswith("record") else {})
        # The record waits for the end of the game (test_records): mid-game its refusal is JSON.
        assert resp.status_code == (409 if path.endswith("record") else 200), path
        if resp.mimetype == "text/html":
            _inert(resp.get_data(as_text=True))
        else:  # data for our scripts, never to be read as a page
            assert resp.mimetype in ("application/json", "text/event-stream"), path
            assert resp.headers["X-Content-Type-Options"] == "nosniff"
            assert "'self'" in resp.headers["Content-Security-Policy"]


def test_user_strings_in_error_pages_are_escaped(client: FlaskClient) -> None:
    """A room code or a table id typed into the address bar comes back escaped."""
    for path in ("/join?room=<svg onload=x>", "/r/<script>x", "/t/<b>x</b>", "/join/<img src=x onerror=y>"):
        resp = client.get(path)
        assert resp.status_code == 404 and resp.mimetype == "text/html", path
        html = resp.get_data(as_text=True)
        for raw in ("<svg", "<SVG", "<script>x", "<SCRIPT>", "<b>x", "<img"):
            assert raw not in html, (path, raw)
        _inert(html)
    shown = client.get("/join?room=<svg onload=x>").get_data(as_text=True)
    assert "&lt;SVG ONLOAD" in shown  # the code is repeated to the player, as text


def test_a_name_with_markup_in_an_error_is_plain_json(client: FlaskClient) -> None:
    """Refusals that repeat what was sent are JSON, read by our scripts as text, and repeat it
    quoted and cut short."""
    resp = client.post("/api/tables", json={"game": "<script>alert(1)</script>"})
    assert resp.status_code == 400 and resp.mimetype == "application/json"
    assert 'Unknown game "<script>alert(1)…".' in resp.get_json()["message"]
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
