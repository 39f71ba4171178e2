"""Benchmarks: pure-engine Quinta games per second, and ms per action through the service."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from .games.quinta import RULES as QUINTA
from .games.quinta import QuintaState
from .store import Store
from .tables import TableService


def random_game(rng: random.Random, players: int, seed: int) -> QuintaState:
    """One complete Quinta game with uniformly random legal moves."""
    s = QUINTA.new_state(players, {"hands": "known"}, seed)
    while s.phase != "over":
        seat = min(QUINTA.to_act(s))
        s = QUINTA.apply(s, rng.choice(QUINTA.legal_actions(s, seat)))
    return s


def engine_games_per_second(seconds: float) -> tuple[float, int]:
    """Play random 3-6 player games for ``seconds`` on one core."""
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        random_game(rng, 3 + games % 4, games)
        games += 1
    return games / elapsed, games


def service_latencies(actions: int) -> list[float]:
    """Milliseconds per accepted action through TableService, SQLite commit included."""
    rng = random.Random(2)
    timings: list[float] = []
    # On the disk the app writes to (data/), not a memory-backed /tmp: commits are real fsyncs.
    Path("data").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir="data") as tmp:
        svc = TableService(Store(Path(tmp) / "bench.sqlite3"))
        while len(timings) < actions:
            created = svc.create({"game": "quinta", "players": ["A", "B", "C", "D"],
                                  "options": {"hands": "known"}})
            tokens = [svc.join(created.table_id, seat).token for seat in range(4)]
            table = svc.table(created.table_id)
            while table.state.phase != "over" and len(timings) < actions:
                seat = min(QUINTA.to_act(table.state))
                action = rng.choice(QUINTA.legal_actions(table.state, seat))
                body = {"action": QUINTA.dump_action(action), "seq": table.seq}
                t0 = time.perf_counter()
                table, _ = svc.submit(created.table_id, [tokens[seat]], body)
                timings.append((time.perf_counter() - t0) * 1000)
    return timings


def run(games_seconds: float = 3.0, actions: int = 2000) -> None:
    """Print the figures."""
    rate, games = engine_games_per_second(games_seconds)
    print(f"quinta engine: {rate:,.0f} random games/s on one core ({games} games, 3-6 players)")
    timings = sorted(service_latencies(actions))
    p50 = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(f"service action (check + SQLite commit, WAL, synchronous=FULL): "
          f"p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(timings)} actions")
