"""Talking to a ``companion serve`` process on this machine, as the load benchmark and the
tests that start real servers do: a JSON request, and waiting until a server answers."""

from __future__ import annotations

import http.client
import json
import socket
import time
from typing import Any


def free_port() -> int:
    """A loopback port nobody listens on now (for a server started by a test or benchmark)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def request(port: int, method: str, path: str, body: Any = None, token: str | None = None,
            timeout: float = 30.0) -> tuple[int, Any]:
    """One JSON request to the server on ``port``: its status and its JSON answer (or None).

    With ``token``, as a phone with a seat (``Authorization: Bearer``); without one, a
    request that changes something carries the browser's CSRF pair, as a page does."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    elif method != "GET":  # no seat yet (creating, joining): the CSRF pair, as a page has it
        csrf = request(port, "GET", "/api/csrf", timeout=timeout)[1]["token"]
        headers.update({"Cookie": f"csrf={csrf}", "X-CSRF-Token": csrf})
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        resp = conn.getresponse()
        data = resp.read()
    finally:
        conn.close()
    return resp.status, json.loads(data) if data else None


def wait_serving(port: int, seconds: float = 20.0) -> bool:
    """Wait until the server on ``port`` answers ``/api/games``; False if it never did."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if request(port, "GET", "/api/games", timeout=2)[0] == 200:
                return True
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.05)
    return False
