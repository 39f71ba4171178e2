"""Crash safety: the real server killed with SIGKILL at random moments while phones play.

Phones send moves in bursts, each with its own request id, and send the same request
again (same id) when the connection breaks, as the page does. The server is killed
twenty times and restarted. Afterwards every move the server acknowledged is in the
log exactly once, under the sequence number it was acknowledged with, and every
table replays.
"""

from __future__ import annotations

import http.client
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.joining import free_port
from companion.loopback import request as _request
from companion.loopback import wait_serving

KILLS = 20


class Server:
    """``companion serve`` as a child process that can be killed and started again."""

    def __init__(self, db: Path | str, port: int) -> None:
        self.db, self.port = db, port
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--database", str(self.db)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if wait_serving(self.port):
            return
        raise AssertionError("the server did not come back")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def request(port: int, method: str, path: str, body: Any = None, token: str | None = None
            ) -> tuple[int, Any]:
    """A request with a short timeout: the server may be dead at any moment."""
    return _request(port, method, path, body, token, timeout=5)


class Phones(threading.Thread):
    """Three phones at one table after another, playing Quinta until told to stop."""

    def __init__(self, port: int, stop: threading.Event, seed: int) -> None:
        super().__init__(daemon=True)
        self.port, self.stop, self.rng = port, stop, random.Random(seed)
        self.acknowledged: list[tuple[str, str, int]] = []  # (table, request id, seq)
        self.failures: list[str] = []

    def _retry(self, method: str, path: str, body: Any = None, token: str | None = None
               ) -> tuple[int, Any]:
        """The same request again and again while the server is down (same id, same body)."""
        while not self.stop.is_set():
            try:
                return request(self.port, method, path, body, token)
            except (OSError, http.client.HTTPException):  # refused, reset, cut short
                time.sleep(0.05)
        raise TimeoutError("stopped")

    def _table(self) -> tuple[str, list[str]]:
        status, created = self._retry("POST", "/api/tables", {
            "game": "quinta", "players": ["Ada", "Bo", "Cy"], "options": {"hands": "known"}})
        assert status == 201, created
        tokens = []
        for seat in range(3):
            status, joined = self._retry("POST", f"/api/tables/{created['table_id']}/seats", {"seat": seat})
            if status != 201:  # the join was committed but its answer lost: another table
                return self._table()
            tokens.append(joined["token"])
        return created["table_id"], tokens

    def run(self) -> None:
        try:
            table, tokens = self._table()
            while not self.stop.is_set():
                moved = False
                for token in tokens:
                    status, view = self._retry("GET", f"/api/tables/{table}/state", token=token)
                    legal = view["state"].get("legal") or [] if status == 200 else []
                    if not legal:
                        continue
                    rid = uuid.uuid4().hex
                    body = {"action": self.rng.choice(legal), "seq": view["seq"], "id": rid}
                    status, answer = self._retry("POST", f"/api/tables/{table}/actions", body, token)
                    if status == 200:
                        self.acknowledged.append((table, rid, int(answer["seq"])))
                        moved = True
                    elif status not in (409, 422):
                        self.failures.append(f"{status}: {answer}")
                if not moved:
                    table, tokens = self._table()  # the game is over: a new one
        except TimeoutError:
            return
        except Exception as e:
            self.failures.append(repr(e))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The server, stopped at the end whatever happened."""
    running = Server(tmp_path / "crash.sqlite3", free_port())
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_acknowledged_moves_survive_twenty_kills_exactly_once(server: Server) -> None:
    stop = threading.Event()
    phones = [Phones(server.port, stop, seed) for seed in range(4)]
    for p in phones:
        p.start()
    rng = random.Random(7)
    try:
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.2, 0.6))
            server.kill()
            time.sleep(rng.uniform(0.0, 0.2))
            server.start()
        time.sleep(0.5)
    finally:
        stop.set()
        for p in phones:
            p.join(30)
    assert not [f for p in phones for f in p.failures]
    acknowledged = [a for p in phones for a in p.acknowledged]
    assert len(acknowledged) > 50  # the phones really played between the kills

    db = sqlite3.connect(server.db)
    for table, rid, seq in acknowledged:
        row = db.execute("SELECT seq FROM requests WHERE table_id=? AND request_id=?",
                         (table, rid)).fetchone()
        assert row == (seq,), (table, rid, seq, row)
        kind = db.execute("SELECT kind FROM events WHERE table_id=? AND seq=?", (table, seq)).fetchone()
        assert kind == ("action",)
    # Exactly once: no request id made two events, and every table's sequence has no gap.
    assert db.execute("SELECT COUNT(*) FROM requests").fetchone()[0] == \
        db.execute("SELECT COUNT(DISTINCT table_id || request_id) FROM requests").fetchone()[0]
    for table, count, top in db.execute("SELECT table_id, COUNT(*), MAX(seq) FROM events GROUP BY table_id"):
        assert count == top, table
    tables = [t for (t,) in db.execute("SELECT id FROM tables")]
    db.close()
    for table in tables:  # every table replays on a fresh start
        status, view = request(server.port, "GET", f"/api/tables/{table}/state")
        assert status == 200 and view["seq"] >= 1
