"""The event log, on SQLite and on PostgreSQL alike: sequences, stale writers, concurrency,
restarts, seats, request ids; and what each engine promises about durability."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.storage.eventlog import EventLog, open_store
from companion.storage.rows import (
    HOST_SEAT,
    DeckChanged,
    DeckExists,
    DuplicateRequest,
    RequestKey,
    RequestRecord,
    ReusedRequest,
    SeatTaken,
    StaleSequence,
)
from companion.storage.sqlite import Store

OPENED: list[EventLog] = []


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where the log lives: a SQLite file, or a fresh schema on the throwaway server."""
    if request.param == "sqlite":
        yield str(tmp_path / "log.sqlite3")
    else:
        yield request.getfixturevalue("postgres").new_database()
    while OPENED:
        getattr(OPENED.pop(), "shutdown", lambda: None)()


def _open(database: str) -> EventLog:
    s = open_store(database)
    OPENED.append(s)
    return s


def _store(database: str) -> EventLog:
    s = _open(database)
    s.create_table("t1", "ROOM1", "quinta", "hash", {"game": "quinta"})
    return s


def test_setup_is_event_one_and_sequences_follow(database: str) -> None:
    s = _store(database)
    assert s.last_seq("t1") == 1
    e = s.append("t1", 1, "action", {"n": 1})
    assert e.seq == 2
    assert [(x.seq, x.kind) for x in s.read("t1")] == [(1, "setup"), (2, "action")]
    assert [x.seq for x in s.read("t1", after=1)] == [2]


def test_stale_sequence_changes_nothing(database: str) -> None:
    s = _store(database)
    s.append("t1", 1, "action", {"n": 1})
    with pytest.raises(StaleSequence) as e:
        s.append("t1", 1, "action", {"n": 2})
    assert (e.value.expected, e.value.actual) == (1, 2)
    with pytest.raises(StaleSequence):
        s.append("t1", 5, "action", {"n": 3})  # from the future
    assert s.last_seq("t1") == 2 and len(s.read("t1")) == 2


def test_sqlite_is_in_wal_mode_with_durable_commits(tmp_path: Path) -> None:
    s = Store(tmp_path / "log.sqlite3")
    db = s._connect()
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_concurrent_writers_each_sequence_once(database: str) -> None:
    """Eight threads race to append 25 events each, retrying on stale sequences."""
    s = _store(database)
    written: list[int] = []
    lock = threading.Lock()

    def writer(who: int) -> None:
        for n in range(25):
            while True:
                try:
                    e = s.append("t1", s.last_seq("t1"), "action", {"who": who, "n": n})
                except StaleSequence:
                    continue
                with lock:
                    written.append(e.seq)
                break
        s.close()

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    events = s.read("t1")
    assert [e.seq for e in events] == list(range(1, 202))
    assert sorted(written) == list(range(2, 202))
    per_writer = {w: [e.payload["n"] for e in events[1:] if e.payload["who"] == w] for w in range(8)}
    assert all(ns == list(range(25)) for ns in per_writer.values())


def test_restart_loses_nothing(database: str) -> None:
    s = _store(database)
    for i in range(10):
        s.append("t1", i + 1, "action", {"i": i})
    s.close()
    again = _open(database)
    assert again.last_seq("t1") == 11
    assert [e.payload.get("i") for e in again.read("t1", 1)] == list(range(10))
    assert again.table("t1") is not None and again.table_by_room("ROOM1") is not None


def test_seat_tokens_are_unique_per_seat(database: str) -> None:
    s = _store(database)
    s.append("t1", 1, "join", {"seat": 0}, seat_token=(0, "tok0"))
    with pytest.raises(SeatTaken):
        s.append("t1", 2, "join", {"seat": 0}, seat_token=(0, "tok1"))
    assert s.last_seq("t1") == 2  # the refused join wrote no event
    assert s.seat_for_token("t1", "tok0") == 0 and s.seat_for_token("t1", "tok1") is None
    assert s.taken_seats("t1") == {0}


def test_sequence_is_unique_even_bypassing_the_sqlite_store(tmp_path: Path) -> None:
    _store(str(tmp_path / "log.sqlite3"))
    db = sqlite3.connect(tmp_path / "log.sqlite3")
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO events VALUES ('t1', 1, 'x', '{}', 0)")
    db.close()


def test_a_request_id_appends_once_per_seat_and_names_its_event(database: str) -> None:
    s = _store(database)
    mine = RequestKey(0, "phone-A-0001", "digest-1")
    e = s.append("t1", 1, "action", {"n": 1}, request=mine)
    assert s.find_request("t1", 0, "phone-A-0001") == RequestRecord(e.seq, "digest-1") and e.seq == 2
    with pytest.raises(DuplicateRequest) as dup:
        s.append("t1", 2, "action", {"n": 1}, request=mine)
    assert dup.value.seq == 2 and s.last_seq("t1") == 2
    with pytest.raises(ReusedRequest) as reused:  # the same id, another body: nothing written
        s.append("t1", 2, "action", {"n": 2}, request=RequestKey(0, "phone-A-0001", "digest-2"))
    assert reused.value.seq == 2 and s.last_seq("t1") == 2
    # Another seat's request with the same id is its own.
    assert s.append("t1", 2, "action", {"n": 3}, request=RequestKey(1, "phone-A-0001", "digest-2")).seq == 3
    assert s.find_request("t1", 1, "phone-A-0001") == RequestRecord(3, "digest-2")
    assert s.find_request("t1", 0, "never-sent-00") is None


def test_an_older_request_table_is_migrated_on_both_engines(database: str) -> None:
    """A log made when request ids were kept per table: opening it keys them by seat (read from
    the events they made), with no digest, and loses none."""
    s = _store(database)
    s.append("t1", 1, "action", {"by": 1, "action": {"player": 1}})
    s.append("t1", 2, "action", {"by": "host", "action": {"player": 2}})
    getattr(s, "shutdown", lambda: None)()
    s.close()
    old = ("CREATE TABLE requests (table_id TEXT NOT NULL REFERENCES tables(id), "
           "request_id TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (table_id, request_id))")
    rows = [("t1", "old-id-0001", 2), ("t1", "old-id-0002", 3)]
    if database.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(database, autocommit=True) as db:
            db.execute("DROP TABLE requests")
            db.execute(old)
            with db.cursor() as cur:
                cur.executemany("INSERT INTO requests VALUES (%s,%s,%s)", rows)
    else:
        db = sqlite3.connect(database)
        db.execute("DROP TABLE requests")
        db.execute(old)
        db.executemany("INSERT INTO requests VALUES (?,?,?)", rows)
        db.commit()
        db.close()
    again = _open(database)
    assert again.find_request("t1", 1, "old-id-0001") == RequestRecord(2, None)
    assert again.find_request("t1", HOST_SEAT, "old-id-0002") == RequestRecord(3, None)
    with pytest.raises(DuplicateRequest):  # no digest kept: answered as a retry, as before
        again.append("t1", 3, "action", {}, request=RequestKey(1, "old-id-0001", "any"))
    assert again.append("t1", 3, "action", {}, request=RequestKey(0, "old-id-0001", "d")).seq == 4
    _open(database)  # opened again: nothing left to migrate
    assert again.find_request("t1", 0, "old-id-0001") == RequestRecord(4, "d")


def test_postgres_commits_are_durable_and_sequences_unique_even_bypassing_the_store(postgres: object) -> None:
    import psycopg

    url: str = postgres.new_database()  # type: ignore[attr-defined]
    _store(url)
    with psycopg.connect(url, autocommit=True) as db:
        assert db.execute("SHOW fsync").fetchone() == ("on",)
        assert db.execute("SHOW synchronous_commit").fetchone() == ("on",)
        with pytest.raises(psycopg.errors.UniqueViolation):
            db.execute("INSERT INTO events VALUES ('t1', 1, 'x', '{}', 0)")


def test_two_stores_on_one_postgres_database_share_the_log(postgres: object) -> None:
    """Two app servers' stores: appends interleave, each sequence once, each sees the other's."""
    url: str = postgres.new_database()  # type: ignore[attr-defined]
    a, b = _store(url), _open(url)
    a.append("t1", 1, "action", {"by": "a"})
    with pytest.raises(StaleSequence):
        b.append("t1", 1, "action", {"by": "b"})
    b.append("t1", 2, "action", {"by": "b"})
    assert [e.payload.get("by") for e in a.read("t1", 1)] == ["a", "b"]
    assert b.table_by_room("ROOM1") is not None and a.last_seq("t1") == 3


def test_a_deck_is_saved_over_the_copy_read_or_refused(database: str) -> None:
    """A deck saved with the stamp it was read with replaces that copy only: after another
    save, or a delete, the stale writer hears DeckChanged and the stored deck stays as it is."""
    s, other = _open(database), _open(database)  # two app servers on one database
    first = s.save_deck("Nonna", "french54", 8, b"eight")
    with pytest.raises(DeckExists):
        other.save_deck("Nonna", "french54", 1, b"one")
    second = other.save_deck("Nonna", "french54", 10, b"ten", replace=True, expected=first.created)
    assert second.created > first.created
    with pytest.raises(DeckChanged):  # read before the other server's save
        s.save_deck("Nonna", "french54", 9, b"nine", replace=True, expected=first.created)
    found = s.deck("Nonna")
    assert found is not None and found[1] == b"ten"
    assert s.delete_deck("Nonna")
    with pytest.raises(DeckChanged):  # deleted meanwhile: not brought back
        other.save_deck("Nonna", "french54", 11, b"eleven", replace=True, expected=second.created)
    assert s.deck("Nonna") is None
