"""A server that has held many finished tables stays flat in memory: what the service keeps
derived (tables replayed from their logs, token look-ups, the live streams' views, the tables'
doorbells) is bounded, and a table forgotten is replayed from its log when asked for again."""

from __future__ import annotations

import gc
import random
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

from companion.games.bots import decide
from companion.games.registry import bot_for
from companion.service.service import TableService
from companion.storage.live import Doorbell
from companion.storage.sqlite import Store

CACHE = 4  # tables kept derived: the seats, views and bells are bounded in proportion
BATCH = 15  # finished tables per batch: more than any of the bounds holds


def _play_to_the_end(service: TableService, seed: int) -> str:
    """One Oscuri table from creation to its result, two phones and the host's screen, each
    reading its view after every move as a live stream does."""
    created = service.lobby.create({"game": "oscuri", "players": 2, "options": {"hands": "known"}},
                                   seed=seed)
    tid = created.table_id
    tokens = [service.lobby.join(tid, i, f"P{i}").token for i in range(2)]
    rng = random.Random(seed)
    while (table := service.tables.table(tid)).rules.outcome(table.state) is None:
        seat = min(table.rules.to_act(table.state))
        action = decide(bot_for("oscuri"), table.rules, table.state, seat, rng)
        service.moves.submit(tid, [tokens[seat]], {"action": table.rules.dump_action(action),
                                                   "seq": table.seq})
        for seat in range(2):
            service.views.view_text(tid, seat)
        service.views.view_text(tid, None, host=service.seats.credentials(tid, [created.host_token])[1])
    return tid


@pytest.mark.slow
def test_a_server_holding_many_finished_tables_stays_flat_in_memory(tmp_path: Path) -> None:
    service = TableService(Store(tmp_path / "log.sqlite3"), cache=CACHE)
    first = [_play_to_the_end(service, seed) for seed in range(BATCH)]
    gc.collect()
    tracemalloc.start()
    try:
        for seed in range(BATCH, 2 * BATCH):
            _play_to_the_end(service, seed)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for seed in range(2 * BATCH, 3 * BATCH):
            _play_to_the_end(service, seed)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    # Kept without a bound, fifteen more finished tables hold about 3 MB more (measured);
    # bounded, the last fifteen take the place of the fifteen before them.
    assert after - before < 200_000, after - before
    assert service.doorbell.held() <= 2 * CACHE
    # A table long forgotten is replayed from its log, its result intact.
    table = service.tables.table(first[0])
    assert table.rules.outcome(table.state) is not None
    assert sum(service.views.view(first[0], 0)["outcome"]["payouts"]) == 0


def test_a_forgotten_doorbell_never_shows_a_number_it_had_and_a_waited_bell_is_kept() -> None:
    bell = Doorbell(keep=2)
    seen = bell.rings("a")
    waiting = threading.Thread(target=bell.wait, args=("b", bell.rings("b"), 5.0))
    waiting.start()
    time.sleep(0.05)
    for table in ("c", "d", "e"):
        bell.ring(table)
    assert bell.held() <= 3  # "b" has a stream waiting on it: kept beyond the bound
    # "a" was forgotten: a reader that kept its number sees that it must read the log again.
    assert bell.rings("a") != seen
    bell.ring("b")
    waiting.join(5)
    assert not waiting.is_alive()  # the waiting stream was woken by its own table's bell
