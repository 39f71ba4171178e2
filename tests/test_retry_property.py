"""A property of the event log and the table service: whatever the interleaving of phones'
moves, retries, request ids shared between seats or sent again with another move, and crashes
of the server (just before a commit, or just after it with the answer lost), every
acknowledged move is in the log exactly once, a retry is answered with the event of its first
answer, an id sent again with another move is refused and applies nothing.

A crash here is the process dying at that point: the service and its cache are thrown away
and a new one opens the same SQLite file (``tests/test_crash.py`` kills the real server).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.service.errors import Conflict, Illegal
from companion.service.moves import request_digest
from companion.service.service import TableService
from companion.storage.sqlite import Store

SEATS = 3
IDS = ("move-id-0001", "move-id-0002", "move-id-0003")  # few ids: seats share them, reuse them


class Killed(Exception):
    """The server process died at this point."""


@dataclass
class Crashy:
    """The store's writer, which can die just before or just after a commit."""

    when: str | None = None  # "before" or "after", for the next write only

    def __call__(self, work: Callable[[], Any]) -> Any:
        when, self.when = self.when, None
        if when == "before":
            raise Killed("before the commit")
        done = work()
        if when == "after":
            raise Killed("after the commit: the answer is lost")
        return done


@dataclass
class Sent:
    """A request a phone sent, and what it knows of its fate."""

    seat: int
    body: dict[str, Any]
    acknowledged: int | None = None  # the event the answer named
    reused: bool = False  # refused: the id was this seat's for another move


@dataclass
class World:
    """One SQLite file, the service running on it now, the phones' requests."""

    path: Path
    writer: Crashy = field(default_factory=Crashy)
    sent: list[Sent] = field(default_factory=list)
    service: TableService | None = None
    table: str = ""
    tokens: list[str] = field(default_factory=list)

    def restart(self) -> TableService:
        self.service = TableService(Store(self.path, self.writer))
        return self.service

    def send(self, item: Sent, kill: str | None) -> None:
        assert self.service is not None
        self.writer.when = kill
        try:
            _, event = self.service.moves.submit(self.table, [self.tokens[item.seat]], item.body)
        except Killed:
            self.restart()  # a new process; the phone has no answer
            return
        except Conflict as e:
            if e.extra.get("reason") == "request_id_reused":
                assert item.acknowledged is None, "an acknowledged request was refused on retry"
                item.reused = True
            return
        except Illegal:
            return
        self.writer.when = None
        if item.acknowledged is not None:
            assert event.seq == item.acknowledged, "a retry was answered with another event"
        item.acknowledged = event.seq


STEP = st.one_of(
    st.tuples(st.just("move"), st.integers(0, SEATS - 1), st.sampled_from(IDS),
              st.sampled_from([None, None, "before", "after"])),
    st.tuples(st.just("retry"), st.integers(0, 50), st.just(""), st.sampled_from([None, "before", "after"])),
    st.tuples(st.just("restart"), st.just(0), st.just(""), st.just(None)),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, min_size=1, max_size=30))
def test_no_acknowledged_move_is_lost_or_doubled(tmp_path_factory: Any, steps: list[Any]) -> None:
    world = World(tmp_path_factory.mktemp("retries") / "log.sqlite3")
    service = world.restart()
    created = service.lobby.create(
        {"game": "quinta", "players": ["A", "B", "C"], "options": {"hands": "known"}}, seed=11)
    world.table = created.table_id
    world.tokens = [service.lobby.join(created.table_id, seat).token for seat in range(SEATS)]
    for kind, n, rid, kill in steps:
        service = world.service or world.restart()
        if kind == "restart":
            world.restart()
        elif kind == "retry" and world.sent:
            item = world.sent[n % len(world.sent)]
            world.send(item, kill)  # the very same body again
        elif kind == "move":
            view = service.views.view(world.table, n)
            legal = view["state"].get("legal") or []
            if not legal:
                continue
            item = Sent(n, {"action": legal[0], "seq": view["seq"], "id": rid})
            world.sent.append(item)
            world.send(item, kill)

    store = Store(world.path)
    events = store.read(world.table)
    actions = [e for e in events if e.kind == "action"]
    record = store.export_table(world.table)
    assert record is not None
    records = {(r["seat"], r["request_id"]): (r["seq"], r["digest"]) for r in record["requests"]}
    # Doubled: none. Every action event was made by exactly one request record, and back.
    assert sorted(seq for seq, _ in records.values()) == [e.seq for e in actions]
    # Lost: none. Every acknowledged request is in the log, once, as that seat's move.
    for item in world.sent:
        found = records.get((item.seat, item.body["id"]))
        if item.acknowledged is not None:
            assert found == (item.acknowledged, request_digest(item.body)), item
            event = next(e for e in events if e.seq == item.acknowledged)
            assert event.payload["by"] == item.seat and event.payload["action"] == item.body["action"]
        if item.reused:  # its own move was never applied under that id
            assert found is not None and found[1] != request_digest(item.body)
    # And the table replays from its log after all those deaths.
    assert TableService(Store(world.path)).tables.table(world.table).seq == events[-1].seq
