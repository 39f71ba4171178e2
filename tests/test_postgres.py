"""PostgreSQL behind several app servers: live updates across processes, and a whole game
played by phones joined to different servers sharing one database.

The store's own suite runs on both engines in ``test_store.py``; here are the parts only
a shared database has: LISTEN/NOTIFY waking another process's streams, and a stream that
reconnects to another server missing nothing.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.bench.loopback import free_port
from companion.storage.live import Doorbell
from companion.storage.live_pg import PgListener
from companion.storage.postgres import PgStore

from .test_crash import Server, request


def test_a_commit_through_one_store_rings_the_bell_of_another_process(postgres: Any) -> None:
    url = postgres.new_database()
    writer, bell = PgStore(url), Doorbell()
    listener = PgListener(url, bell)
    try:
        assert listener.listening.wait(10)
        writer.create_table("t1", "ROOM1", "quinta", "hash", {"game": "quinta"})
        seen = bell.rings("t1")
        writer.append("t1", 1, "action", {"n": 1})
        assert bell.wait("t1", seen, 5), "no notification arrived"
    finally:
        listener.stop()
        writer.shutdown()


class Stream(threading.Thread):
    """A phone's live stream on one server: the sequence numbers of the views it receives."""

    def __init__(self, port: int, table_id: str, token: str, after: int = -1) -> None:
        super().__init__(daemon=True)
        self.port, self.table_id, self.token, self.after = port, table_id, token, after
        self.seqs: list[int] = []
        self.views: list[dict[str, Any]] = []
        self.present: list[list[int]] = []  # the seats with a phone here, as each presence event said
        self.stopped = threading.Event()
        self.conn: http.client.HTTPConnection

    def run(self) -> None:
        conn = self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", f"/api/tables/{self.table_id}/events",
                     headers={"Authorization": f"Bearer {self.token}", "Last-Event-ID": str(self.after)})
        resp = conn.getresponse()
        event, data = None, None
        while not self.stopped.is_set():
            line = resp.readline()
            if not line:
                break
            text = line.decode().rstrip("\n")
            if text.startswith("event: "):
                event = text[7:]
            elif text.startswith("data: "):
                data = text[6:]
            elif text == "" and data is not None:
                if event == "presence":
                    self.present.append(json.loads(data))
                else:
                    view = json.loads(data)
                    self.views.append(view)
                    self.seqs.append(int(view["seq"]))
                event, data = None, None
        conn.close()

    def close(self) -> None:
        """The phone goes away: its connection is cut (the server notices at its next write)."""
        self.stopped.set()
        if self.conn.sock is not None:
            self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.join(10)

    def wait_present(self, seats: list[int], timeout: float = 10.0) -> bool:
        """Whether a presence event listed ``seats`` within ``timeout``."""
        return _within(timeout, lambda: bool(self.present) and self.present[-1] == seats)

    def wait_for(self, seq: int, timeout: float = 10.0) -> bool:
        return _within(timeout, lambda: bool(self.seqs) and self.seqs[-1] >= seq)


def _within(timeout: float, done: Callable[[], bool]) -> bool:
    """Whether ``done()`` comes true within ``timeout`` seconds (asked every 10 ms)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if done():
            return True
        time.sleep(0.01)
    return False


@pytest.fixture
def two_servers(postgres: Any) -> Iterator[tuple[Server, Server]]:
    url = postgres.new_database()
    servers = (Server(url, free_port()), Server(url, free_port()))
    for s in servers:
        s.start()
    try:
        yield servers
    finally:
        for s in servers:
            s.stop()


def test_phones_on_two_app_servers_play_a_whole_game_together(two_servers: tuple[Server, Server]) -> None:
    one, two = two_servers
    status, created = request(one.port, "POST", "/api/tables", {
        "game": "quinta", "players": ["Anna", "Bruno", "Carla"], "options": {"hands": "known"}})
    assert status == 201, created
    tid = created["table_id"]
    # Anna and Carla joined through the first server, Bruno through the second.
    ports = [one.port, two.port, one.port]
    tokens = []
    for seat, port in enumerate(ports):
        status, joined = request(port, "POST", f"/api/tables/{tid}/seats", {"seat": seat})
        assert status == 201, joined
        tokens.append(joined["token"])
    streams = [Stream(port, tid, token) for port, token in zip(ports, tokens, strict=True)]
    for s in streams:
        s.start()
    moves = 0
    try:
        for _ in range(400):
            status, view = request(one.port, "GET", f"/api/tables/{tid}/state?as=table")
            assert status == 200
            if view["outcome"]:
                break
            for seat in view["state"]["to_act"]:
                # Each phone asks its own server and answers through it.
                status, mine = request(ports[seat], "GET", f"/api/tables/{tid}/state", token=tokens[seat])
                legal = mine["state"].get("legal") or []
                if seat not in mine["state"]["to_act"] or not legal:
                    continue
                status, done = request(ports[seat], "POST", f"/api/tables/{tid}/actions",
                                       {"action": legal[0], "seq": mine["seq"], "id": uuid.uuid4().hex},
                                       token=tokens[seat])
                if status == 409:  # another phone moved first: look again
                    continue
                assert status == 200, done
                moves += 1
                # The move reaches every phone, whichever server holds its stream.
                for s in streams:
                    assert s.wait_for(done["seq"]), (s.port, done["seq"], s.seqs[-3:])
        else:
            raise AssertionError("the game did not end")
    finally:
        for s in streams:
            s.stopped.set()
    assert moves > 10
    finals = [request(port, "GET", f"/api/tables/{tid}/state", token=token)[1]
              for port, token in zip(ports, tokens, strict=True)]
    assert all(f["outcome"] == finals[0]["outcome"] and f["seq"] == finals[0]["seq"] for f in finals)
    # A phone whose stream moves to the other server resumes after its last event: nothing missed,
    # nothing sent twice.
    last = finals[0]["seq"]
    resumed = Stream(two.port, tid, tokens[0], after=last - 3)
    resumed.start()
    assert resumed.wait_for(last)
    resumed.stopped.set()
    assert resumed.seqs[0] == last  # a view is the whole state as of the last event


def test_a_retry_sent_to_the_other_server_is_answered_once(two_servers: tuple[Server, Server]) -> None:
    """The same request id through both servers: one event, the same answer twice."""
    one, two = two_servers
    _, created = request(one.port, "POST", "/api/tables", {
        "game": "quinta", "players": ["Anna", "Bruno", "Carla"], "options": {"hands": "known"}})
    tid = created["table_id"]
    tokens = [request(one.port, "POST", f"/api/tables/{tid}/seats", {"seat": s})[1]["token"]
              for s in range(3)]
    _, mine = request(one.port, "GET", f"/api/tables/{tid}/state", token=tokens[0])
    body = {"action": mine["state"]["legal"][0], "seq": mine["seq"], "id": "retry-" + uuid.uuid4().hex}
    first = request(one.port, "POST", f"/api/tables/{tid}/actions", body, token=tokens[0])
    again = request(two.port, "POST", f"/api/tables/{tid}/actions", body, token=tokens[0])
    assert first[0] == again[0] == 200
    assert first[1]["seq"] == again[1]["seq"] == mine["seq"] + 1
    _, after = request(two.port, "GET", f"/api/tables/{tid}/state?as=table")
    assert after["seq"] == mine["seq"] + 1


def test_a_server_pointed_at_an_unreachable_database_says_so(tmp_path: Any) -> None:
    import subprocess
    import sys

    port = free_port()  # nothing listens there
    done = subprocess.run([sys.executable, "-m", "companion.cli", "serve", "--port", str(free_port()),
                           "--database", f"postgresql://tavolo:secret@127.0.0.1:{port}/tavolo"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "cannot open the database postgresql://tavolo:***@127.0.0.1" in done.stderr
    assert "secret" not in done.stderr and "Traceback" not in done.stderr


def test_each_server_shows_the_phones_held_by_the_other(two_servers: tuple[Server, Server]) -> None:
    """Anna's phone follows the table through one server, Bruno's through the other: each sees
    both phones. Bruno's phone goes away: Anna's sees it, as soon as Bruno's server notices."""
    one, two = two_servers
    _, created = request(one.port, "POST", "/api/tables", {
        "game": "quinta", "players": ["Anna", "Bruno", "Carla"], "options": {"hands": "known"}})
    tid = created["table_id"]
    anna, bruno = (request(port, "POST", f"/api/tables/{tid}/seats", {"seat": seat})[1]["token"]
                   for seat, port in ((0, one.port), (1, two.port)))
    annas, brunos = Stream(one.port, tid, anna), Stream(two.port, tid, bruno)
    annas.start()
    assert annas.wait_present([0])
    brunos.start()
    try:
        assert annas.wait_present([0, 1]), annas.present
        assert brunos.wait_present([0, 1]), brunos.present
        brunos.close()
        # Bruno's server learns he is gone when it writes to his stream: the first write after
        # the connection was cut may still be taken, the next one fails. A join and a move make two.
        status, _ = request(one.port, "POST", f"/api/tables/{tid}/seats", {"seat": 2})
        assert status == 201
        _, mine = request(one.port, "GET", f"/api/tables/{tid}/state", token=anna)
        status, _ = request(one.port, "POST", f"/api/tables/{tid}/actions",
                            {"action": mine["state"]["legal"][0], "seq": mine["seq"]}, token=anna)
        assert status == 200
        assert annas.wait_present([0]), annas.present
    finally:
        annas.stopped.set()
        brunos.stopped.set()


def test_a_new_host_link_takes_the_tools_back_on_the_other_server_too(
        two_servers: tuple[Server, Server]) -> None:
    """The old host token was used (and looked up) through the second server; the host makes a
    new link through the first: the second server refuses the old token as soon as the change
    reaches it (the table's own notification, within moments), and takes the new one."""
    one, two = two_servers
    _, created = request(one.port, "POST", "/api/tables", {
        "game": "quinta", "players": ["Anna", "Bruno", "Carla"], "options": {"hands": "known"}})
    tid, old = created["table_id"], created["host_token"]
    assert request(two.port, "GET", f"/api/tables/{tid}/host-link", token=old)[0] == 200
    status, renewed = request(one.port, "POST", f"/api/tables/{tid}/host-link", token=old)
    assert status == 200, renewed
    new = renewed["host_token"]
    assert _within(5, lambda: request(two.port, "GET", f"/api/tables/{tid}/host-link", token=old)[0] == 403)
    assert request(two.port, "GET", f"/api/tables/{tid}/host-link", token=new)[0] == 200
