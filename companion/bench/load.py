"""Load benchmark: many tables of six phones, each phone holding its live stream open.

Run as its own process (``python -m companion.bench.load``; ``make bench`` does): it
starts the real server (``companion serve``) on loopback with a fresh database,
creates the tables through the API, opens one Server-Sent Events stream per phone,
and lets every phone play Quinta as a person would (a pause to think, then its first
legal move). For each move it measures the time from the POST leaving the phone to
the new state arriving on every phone of that table. The client uses gevent too, so
that 1,200 streams cost 1,200 greenlets, not threads.
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402

from ..storage.eventlog import is_postgres  # noqa: E402
from .loopback import (  # noqa: E402
    free_port,
    request,
    wait_serving,
)

PLAYERS = 6


@dataclass
class Table:
    """One table of the benchmark: its id, its phones' tokens, and the moves in flight."""

    table_id: str
    tokens: list[str]
    sent: dict[int, float] = field(default_factory=dict)  # seq the move made -> POST time
    arrived: dict[int, list[float]] = field(default_factory=dict)  # seq -> arrival per phone


@dataclass
class Figures:
    """What the benchmark measured."""

    latencies: list[float] = field(default_factory=list)  # ms, POST to the last phone
    actions: int = 0
    refused: int = 0
    errors: int = 0
    streams: int = 0
    why: dict[str, int] = field(default_factory=dict)  # what the errors were

    def error(self, what: str) -> None:
        """Count one error and its kind."""
        self.errors += 1
        self.why[what] = self.why.get(what, 0) + 1


def _server_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _open_table(port: int) -> Table:
    status, created = request(port, "POST", "/api/tables", {
        "game": "quinta", "players": [f"P{i}" for i in range(PLAYERS)], "options": {"hands": "known"}})
    assert status == 201, created
    table = Table(created["table_id"], [])
    for seat in range(PLAYERS):
        status, joined = request(port, "POST", f"/api/tables/{table.table_id}/seats", {"seat": seat})
        assert status == 201, joined
        table.tokens.append(joined["token"])
    return table


def _phone(port: int, table: Table, seat: int, until: float, think: tuple[float, float],
           figures: Figures) -> None:
    """One phone: follow the stream; when it is this phone's turn, think, then move."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", f"/api/tables/{table.table_id}/events",
                 headers={"Authorization": f"Bearer {table.tokens[seat]}"})
    resp = conn.getresponse()
    figures.streams += 1
    busy = [False]
    event_id, data = None, None
    try:
        while time.monotonic() < until:
            line = resp.readline()
            if not line:
                break
            text = line.decode().rstrip("\n")
            if text.startswith("id: "):
                event_id = int(text[4:])
            elif text.startswith("data: "):
                data = text[6:]
            elif text == "" and event_id is not None and data is not None:
                table.arrived.setdefault(event_id, []).append(time.perf_counter())
                view = json.loads(data)
                legal = view["state"].get("legal") or []
                if legal and not busy[0] and time.monotonic() < until:
                    busy[0] = True
                    gevent.spawn(_move, port, table, seat, view["seq"], legal[0], think, figures, busy, until)
                event_id, data = None, None
    finally:
        conn.close()


def _move(port: int, table: Table, seat: int, seq: int, action: dict[str, Any],
          think: tuple[float, float], figures: Figures, busy: list[bool], until: float) -> None:
    gevent.sleep(random.uniform(*think))
    if time.monotonic() >= until:  # the benchmark is over: the server is stopping
        return
    start = time.perf_counter()
    try:
        status, body = request(port, "POST", f"/api/tables/{table.table_id}/actions",
                                {"action": action, "seq": seq,
                                 "id": f"b{table.table_id[:8]}s{seat}q{seq}"}, table.tokens[seat])
    except OSError as e:
        figures.error(type(e).__name__)
        busy[0] = False
        return
    if status == 200:
        figures.actions += 1
        table.sent.setdefault(int(body["seq"]), start)
    elif status in (409, 422):
        figures.refused += 1  # the table moved on meanwhile: the next view decides again
    else:
        figures.error(f"HTTP {status}: {body.get('error') if isinstance(body, dict) else body}")
    busy[0] = False


def _start_servers(ports: list[int], database: str, log: Any) -> list[subprocess.Popen[bytes]]:
    servers = [subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--database", database], stdout=log, stderr=subprocess.STDOUT) for port in ports]
    for port in ports:
        if not wait_serving(port):
            raise RuntimeError(f"the app server on port {port} did not start (see its log)")
    return servers


def run(tables: int, seconds: float, think: tuple[float, float], database: str | None = None,
        servers: int = 1) -> dict[str, Any]:
    """Start ``servers`` app servers on one database (a fresh SQLite file by default; several
    need a ``postgresql://`` URL), play ``tables`` tables for ``seconds``; the measured figures.
    The phones of a table are spread over the servers, so a move made through one server
    reaches phones held by the others."""
    if servers > 1 and not is_postgres(database or ""):
        raise ValueError("several app servers need a shared PostgreSQL database")
    ports = [free_port() for _ in range(servers)]
    with tempfile.TemporaryDirectory() as tmp:
        log = open(os.path.join(tmp, "server.log"), "w")  # noqa: SIM115
        procs = _start_servers(ports, database or os.path.join(tmp, "load.sqlite3"), log)
        try:
            opened = [gevent.spawn(_open_table, ports[i % servers]) for i in range(tables)]
            gevent.joinall(opened, raise_error=True)
            all_tables = [g.value for g in opened]
            figures = Figures()
            until = time.monotonic() + seconds
            phones = [gevent.spawn(_phone, ports[(n + seat) % servers], t, seat, until, think, figures)
                      for n, t in enumerate(all_tables) for seat in range(PLAYERS)]
            started = time.monotonic()
            gevent.sleep(seconds)
            streams = figures.streams
            rss = sum(_server_rss_mb(proc.pid) for proc in procs)
            gevent.killall(phones, timeout=5)
            elapsed = time.monotonic() - started
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(10)
            log.close()
    for t in all_tables:
        for seq, at in t.sent.items():
            got = t.arrived.get(seq, [])
            if len(got) == PLAYERS:
                figures.latencies.append((max(got) - at) * 1000)
    lat = sorted(figures.latencies)
    return {
        "servers": servers, "tables": tables, "streams": streams, "seconds": elapsed,
        "actions": figures.actions,
        "actions_per_s": figures.actions / elapsed if elapsed else 0.0,
        "p50_ms": statistics.median(lat) if lat else float("nan"),
        "p99_ms": lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else float("nan"),
        "measured": len(lat), "refused": figures.refused, "errors": figures.errors, "server_mb": rss,
        "why": figures.why,
    }


def main(argv: list[str] | None = None) -> int:
    """Print the load figures."""
    parser = argparse.ArgumentParser(prog="companion.bench.load")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 8.0),
                        help="seconds a phone thinks before its move (uniform between the two)")
    parser.add_argument("--database", default=None,
                        help="a postgresql:// URL shared by the servers (default: a fresh SQLite file)")
    parser.add_argument("--servers", type=int, default=1, help="app server processes (PostgreSQL only)")
    args = parser.parse_args(argv)
    f = run(args.tables, args.seconds, tuple(args.think), args.database, args.servers)
    engine = "SQLite" if args.database is None else "PostgreSQL"
    print(f"load, {engine}, {f['servers']} app server(s), "
          f"{f['tables']} tables x {PLAYERS} phones ({f['streams']} live streams) for "
          f"{f['seconds']:.0f} s on loopback: {f['actions']} moves ({f['actions_per_s']:.0f}/s), "
          f"POST to the last phone of the table p50 {f['p50_ms']:.0f} ms, p99 {f['p99_ms']:.0f} ms "
          f"({f['measured']} moves measured; {f['refused']} refused as stale, {f['errors']} errors); "
          f"server memory {f['server_mb']:.0f} MB in all" + (f"; errors: {f['why']}" if f["why"] else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
