"""Small helpers shared by the web tests."""

from __future__ import annotations

import json
import re
from typing import Any

import cv2
import numpy as np
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from companion.games.quinta.engine import RULES as Q

CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)">')
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


def page_token(client: FlaskClient) -> str:
    """The CSRF token as a page gives it to its scripts: from the home page's meta tag."""
    page = FlaskClient.open(client, "/")
    assert page.status_code == 200
    found = CSRF_META.search(page.get_data(as_text=True))
    assert found, "the page carries no CSRF token"
    return found[1]


class PageClient(FlaskClient):
    """A test client that behaves like our pages' scripts: every request that changes something
    carries the CSRF token read from a page (``static/csrf.js``), unless it sends a Bearer token
    or sets the header itself. ``FlaskClient`` itself sends none: the tests of refusals use it."""

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:
        method = str(kwargs.get("method", "GET")).upper()
        headers = dict(kwargs.pop("headers", None) or {})
        if method in UNSAFE and "Authorization" not in headers and "X-CSRF-Token" not in headers:
            cookie = self.get_cookie("csrf")
            if cookie is None or getattr(self, "_csrf", None) != cookie.value:
                self._csrf = page_token(self)
            headers["X-CSRF-Token"] = self._csrf
        return super().open(*args, headers=headers, **kwargs)


def create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "quinta")
    body.setdefault("players", ["ANNA", "BRUNO", "CARLO"])
    body.setdefault("options", {"hands": "known"})
    resp = client.post("/api/tables", json=body)
    assert resp.status_code == 201, resp.get_json()
    data: dict[str, Any] = resp.get_json()
    return data


def join(client: FlaskClient, table_id: str, seat: int | None = None, name: str | None = None) -> str:
    resp = client.post(f"/api/tables/{table_id}/seats", json={"seat": seat, "name": name})
    assert resp.status_code == 201, resp.get_json()
    token: str = resp.get_json()["token"]
    return token


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def state(client: FlaskClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    """One seat's view with its token; without one, the public table view (never the view of
    whichever seat this test client last joined through its cookies)."""
    if token:
        resp = client.get(f"/api/tables/{table_id}/state", headers=bearer(token))
    else:
        resp = client.get(f"/api/tables/{table_id}/state?as=table")
    assert resp.status_code == 200
    data: dict[str, Any] = resp.get_json()
    return data


def act(client: FlaskClient, table_id: str, token: str, action: dict[str, Any],
        seq: int | None = None, **kw: Any) -> Any:
    if seq is None:
        seq = state(client, table_id, token)["seq"]
    headers = {**bearer(token), **kw.pop("headers", {})}
    return client.post(f"/api/tables/{table_id}/actions", json={"action": action, "seq": seq},
                       headers=headers, **kw)


def play_whole_game(client: FlaskClient, table_id: str, tokens: list[str]) -> dict[str, Any]:
    """Every seat plays its first legal action until the game is over."""
    while True:
        views = [state(client, table_id, t) for t in tokens]
        if views[0]["outcome"]:
            return views[0]
        for seat, view in enumerate(views):
            if seat in view["state"]["to_act"]:
                resp = act(client, table_id, tokens[seat], view["state"]["legal"][0], view["seq"])
                assert resp.status_code == 200, resp.get_json()
                break


def svg_to_image(svg: str, scale: int = 8) -> np.ndarray:
    """Rasterise the QR SVG (a path of unit squares) into a grey image OpenCV can decode."""
    size = int(float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1)))  # type: ignore[union-attr]
    img = np.full((size * scale, size * scale), 255, np.uint8)
    for x, y in re.findall(r"M(\d+),(\d+)H", svg):
        xi, yi = int(x), int(y)
        img[yi * scale:(yi + 1) * scale, xi * scale:(xi + 1) * scale] = 0
    return img


def decode_qr(img: np.ndarray) -> str:
    """The text of the QR code in a grey image, or "" when none is read. Two of OpenCV's
    decoders are asked in turn, as a phone's camera app would keep trying: the classic one
    misses about one code in a hundred screenshot at phone size that the ArUco-based one
    reads."""
    for detector in (cv2.QRCodeDetector(), cv2.QRCodeDetectorAruco()):
        text, _, _ = detector.detectAndDecode(img)
        if text:
            return str(text)
    return ""


__all__ = ["PageClient", "Q", "act", "bearer", "create", "decode_qr", "join", "page_token",
           "play_whole_game", "snapshot", "state", "svg_to_image"]


def shown(view: dict[str, Any]) -> str:
    """Everything a view says, as text, without the random table id and room code (in which
    a card code such as 4C can appear by chance)."""
    text = json.dumps(view)
    for random_id in (view.get("table"), view.get("room")):
        if random_id:
            text = text.replace(str(random_id), "")
    return text


def snapshot(database: str) -> dict[str, int]:
    """How many rows each table of the store holds: a refused request changes none."""
    import sqlite3

    db = sqlite3.connect(database)
    try:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {n: int(db.execute(f'SELECT COUNT(*) FROM "{n}"').fetchone()[0]) for n in names}
    finally:
        db.close()
