"""Many phones on one table: 50 clients acting on one 6-seat table, each holding its live stream.

Run as ``python -m companion.bench.crowd`` (``make bench`` does): it starts the real server
(``companion serve``) on loopback with a fresh database, creates an Insonnia table of six
seats (the app deals), and lets 50 clients, about eight per seat, race to play: each looks at
the table, and when its seat may move sends one of its legal moves with the sequence it saw.
Only one of a seat's clients can be first; the others are told someone moved first (409) and
given the table as it is now, which they use for their next try (without it they ask for it
again). When a game ends the next one starts. It prints the moves accepted per second, how
many tries were refused and why, and the time of a move's POST (p50/p99).
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from .loopback import free_port, request, wait_serving

SEATS = 6


class Crowd:
    """The clients' shared facts: the table being played, the counts, the POST times."""

    def __init__(self, port: int, seconds: float) -> None:
        self.port = port
        self.stop = time.monotonic() + seconds
        self.lock = threading.Lock()
        self.codes: collections.Counter[str] = collections.Counter()
        self.post_ms: list[float] = []
        self.table: tuple[str, list[str]] = self._new_table()
        self.games = 1

    def _new_table(self) -> tuple[str, list[str]]:
        status, created = request(self.port, "POST", "/api/tables", {
            "game": "insonnia", "players": [f"P{i}" for i in range(SEATS)],
            "options": {"hands": "known"}})
        assert status == 201, created
        table_id = created["table_id"]
        tokens = [request(self.port, "POST", f"/api/tables/{table_id}/seats", {"seat": s})[1]["token"]
                  for s in range(SEATS)]
        return table_id, tokens

    def game_over(self, table_id: str) -> None:
        """The first client to see the end of a game starts the next one."""
        with self.lock:
            if self.table[0] == table_id:
                self.table = self._new_table()
                self.games += 1


def _stream(crowd: Crowd, table_id: str, token: str) -> None:
    """A phone's live stream, read until the table changes or the time is up."""
    conn = http.client.HTTPConnection("127.0.0.1", crowd.port, timeout=60)
    try:
        conn.request("GET", f"/api/tables/{table_id}/events", headers={"Authorization": f"Bearer {token}"})
        resp = conn.getresponse()
        while time.monotonic() < crowd.stop and crowd.table[0] == table_id:
            if not resp.fp.readline():
                return
    except OSError:
        return
    finally:
        conn.close()


def _client(crowd: Crowd, n: int) -> None:
    rng = random.Random(n)
    conn = http.client.HTTPConnection("127.0.0.1", crowd.port, timeout=60)

    def send(method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read())

    while time.monotonic() < crowd.stop:
        table_id, tokens = crowd.table
        token = tokens[n % SEATS]
        threading.Thread(target=_stream, args=(crowd, table_id, token), daemon=True).start()
        view: dict[str, Any] | None = None
        while time.monotonic() < crowd.stop and crowd.table[0] == table_id:
            if view is None:
                view = send("GET", f"/api/tables/{table_id}/state", token)[1]
            assert view is not None
            if view.get("outcome"):
                crowd.game_over(table_id)
                break
            legal = view["state"].get("legal") or []
            if not legal:
                time.sleep(0.02)
                view = None
                continue
            body = {"action": rng.choice(legal), "seq": view["seq"], "id": f"c{n}-{rng.getrandbits(48):x}"}
            start = time.perf_counter()
            status, answer = send("POST", f"/api/tables/{table_id}/actions", token, body)
            with crowd.lock:
                crowd.post_ms.append((time.perf_counter() - start) * 1000)
                crowd.codes[str(status) if status != 409 else f"409 {answer.get('reason', 'stale')}"] += 1
            # The answer's view (200), or the table as it is now in a refusal: else look again.
            view = answer if status == 200 else answer.get("view")
    conn.close()


def run(clients: int = 50, seconds: float = 20.0) -> dict[str, Any]:
    """Start a server, let ``clients`` race on one table for ``seconds``; the figures."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="tavolo-crowd-") as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--database", str(Path(tmp) / "crowd.sqlite3")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            if not wait_serving(port):
                raise RuntimeError("the server did not start")
            crowd = Crowd(port, seconds)
            start = time.monotonic()
            threads = [threading.Thread(target=_client, args=(crowd, n), daemon=True) for n in range(clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(seconds + 60)
            elapsed = time.monotonic() - start
        finally:
            server.terminate()
            server.wait(10)
    times = sorted(crowd.post_ms) or [0.0]
    return {"clients": clients, "seconds": elapsed, "games": crowd.games, "codes": dict(crowd.codes),
            "accepted_per_s": crowd.codes["200"] / elapsed,
            "post_p50_ms": times[len(times) // 2],
            "post_p99_ms": times[min(len(times) - 1, int(len(times) * 0.99))]}


def main() -> None:
    """Print the figures of one run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    f = run(args.clients, args.seconds)
    tries = sum(f["codes"].values())
    print(f"{f['clients']} clients on one 6-seat table ({f['games']} games, {f['seconds']:.0f} s): "
          f"{f['accepted_per_s']:.1f} moves accepted/s, {tries} tries {f['codes']}, "
          f"POST p50 {f['post_p50_ms']:.0f} ms p99 {f['post_p99_ms']:.0f} ms")


if __name__ == "__main__":
    main()
