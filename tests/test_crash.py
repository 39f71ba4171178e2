"""Crash safety: the real server killed with SIGKILL at random moments while phones play.

Phones send moves in bursts, each with a request id, and send the same request again (same id,
same body) when the connection breaks, as the page does. Seats of one table often use the same
id for their own moves (ids are the phones' own: they may collide), a phone sometimes sends an
answered request again (a true retry: the first answer again) or reuses an answered id for
another move (refused: 409, nothing applied). The server is killed twenty times and restarted.
Afterwards every move the server acknowledged is in the log exactly once, under the sequence
number it was acknowledged with, as that seat's move: none lost, none doubled; every table
replays. ``tests/test_retry_property.py`` tries random interleavings of the same.
"""

from __future__ import annotations

import http.client
import json
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.bench.loopback import free_port, wait_serving
from companion.bench.loopback import request as _request

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


@dataclass
class Acknowledged:
    """A move the server acknowledged: where, by whom, under which id, as which event."""

    table: str
    seat: int
    request_id: str
    seq: int
    action: dict[str, Any]


class Phones(threading.Thread):
    """Three phones at one table after another, playing Quinta until told to stop."""

    def __init__(self, port: int, stop: threading.Event, seed: int) -> None:
        super().__init__(daemon=True)
        self.port, self.stop, self.rng = port, stop, random.Random(seed)
        self.acknowledged: list[Acknowledged] = []
        self.failures: list[str] = []
        self.retries = self.reuses = self.shared = 0

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

    def _check_again(self, table: str, token: str, done: Acknowledged, body: dict[str, Any],
                     view: dict[str, Any]) -> None:
        """Send an answered request again: the same body (the first answer again), or the same
        id with another move (refused, nothing applied)."""
        if self.rng.random() < 0.5:
            self.retries += 1
            status, answer = self._retry("POST", f"/api/tables/{table}/actions", body, token)
            if status != 200 or answer["seq"] != done.seq:
                self.failures.append(f"a retry was answered {status} {answer.get('seq')}, not {done.seq}")
            return
        self.reuses += 1
        other = {**body, "seq": view["seq"] + 1}
        status, answer = self._retry("POST", f"/api/tables/{table}/actions", other, token)
        if status != 409 or answer.get("reason") != "request_id_reused":
            self.failures.append(f"an id reused for another move was answered {status}: {answer}")

    def run(self) -> None:
        try:
            table, tokens = self._table()
            while not self.stop.is_set():
                moved = False
                last_id = None
                for seat, token in enumerate(tokens):
                    status, view = self._retry("GET", f"/api/tables/{table}/state", token=token)
                    legal = view["state"].get("legal") or [] if status == 200 else []
                    if not legal:
                        continue
                    # Ids collide between seats: the next seat often sends the same id.
                    shared = last_id is not None and self.rng.random() < 0.4
                    rid = last_id if shared and last_id else uuid.uuid4().hex
                    self.shared += shared
                    body = {"action": self.rng.choice(legal), "seq": view["seq"], "id": rid}
                    status, answer = self._retry("POST", f"/api/tables/{table}/actions", body, token)
                    if status == 200:
                        done = Acknowledged(table, seat, rid, int(answer["seq"]), body["action"])
                        self.acknowledged.append(done)
                        moved = True
                        last_id = rid
                        if self.rng.random() < 0.25:
                            self._check_again(table, token, done, body, answer)
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
    assert sum(p.shared for p in phones) > 5 and sum(p.retries for p in phones) > 3
    assert sum(p.reuses for p in phones) > 3

    db = sqlite3.connect(server.db)
    lost = 0
    for a in acknowledged:
        row = db.execute("SELECT seq FROM requests WHERE table_id=? AND seat=? AND request_id=?",
                         (a.table, a.seat, a.request_id)).fetchone()
        event = db.execute("SELECT kind, payload FROM events WHERE table_id=? AND seq=?",
                           (a.table, a.seq)).fetchone()
        payload = json.loads(event[1]) if event else {}
        if row != (a.seq,) or event[0] != "action" or payload.get("by") != a.seat \
                or payload.get("action") != a.action:
            lost += 1
    # Exactly once: every action event was made by one request, and no request made two.
    events = db.execute("SELECT COUNT(*) FROM events WHERE kind='action'").fetchone()[0]
    records = db.execute("SELECT COUNT(*), COUNT(DISTINCT table_id || '/' || seq) FROM requests").fetchone()
    doubled = events - records[1] + records[0] - records[1]
    print(f"\n{KILLS} kills: {len(acknowledged)} acknowledged moves, {lost} lost, {doubled} doubled")
    assert (lost, doubled) == (0, 0)
    for table, count, top in db.execute("SELECT table_id, COUNT(*), MAX(seq) FROM events GROUP BY table_id"):
        assert count == top, table
    tables = [t for (t,) in db.execute("SELECT id FROM tables")]
    db.close()
    for table in tables:  # every table replays on a fresh start
        status, view = request(server.port, "GET", f"/api/tables/{table}/state")
        assert status == 200 and view["seq"] >= 1
