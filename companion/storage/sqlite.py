"""The event log: SQLite in WAL mode through the standard library.

Every table is a sequence of events numbered 1, 2, 3... per table. An event is
appended only when the writer names the sequence it last saw; a stale writer
gets :class:`StaleSequence` and nothing is written. ``append`` returns only
after the commit, so an acknowledged event survives a crash of the process.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .records import parse_record, record_of
from .rows import (
    HOST_SEAT,
    DeckRow,
    Event,
    RequestKey,
    RequestRecord,
    SeatTaken,
    StaleSequence,
    TableRow,
    Writer,
    check_request,
    deck_version,
    request_seat,
)

# A phone's request ids, one record per table, sending seat and id, with the body's digest.
REQUESTS_TABLE = """CREATE TABLE IF NOT EXISTS {name} (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    request_id TEXT NOT NULL,
    digest TEXT,
    seq INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat, request_id)
);"""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    room TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    host_token_hash TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
{requests}
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS decks (
    name TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    cards INTEGER NOT NULL,
    data BLOB NOT NULL,
    created REAL NOT NULL
);
""".replace("{requests}", REQUESTS_TABLE.format(name="requests"))


def _thread_local() -> Any:
    """A thread-local store keyed by operating-system thread even when gevent has patched
    ``threading`` (where the patched ``local`` would give every greenlet a connection)."""
    try:
        from gevent.monkey import get_original
    except ImportError:  # pragma: no cover - gevent is a dependency
        return threading.local()
    return get_original("threading", "local")()


# What the requests table had before its records were keyed by seat and held a body's digest.
OLD_REQUEST_COLUMNS = frozenset({"table_id", "request_id", "seq"})


def migrated_requests(old: list[tuple[Any, ...]]) -> list[tuple[str, int, str, None, int]]:
    """Request records kept before they were keyed by seat (rows of table, request id, seq and
    the payload of the event they made, as JSON text) as rows of the requests table today:
    the seat from the event, no digest (a retry of such a request is answered as before)."""
    rows = []
    for table_id, request_id, seq, payload in old:
        seat = request_seat(json.loads(payload)) if payload else HOST_SEAT
        rows.append((str(table_id), seat, str(request_id), None, int(seq)))
    return rows


def _inline(work: Callable[[], Any]) -> Any:
    return work()


class Store:
    """A SQLite event log; one connection per thread, safe to share across threads.

    ``writer`` runs each write transaction: inline by default; the production server
    hands them to one thread of their own, so that a commit waiting for the disk
    (``synchronous=FULL``) never stops the live streams.
    """

    def __init__(self, path: str | Path, writer: Writer = _inline) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # One connection per operating-system thread, also under gevent: greenlets of one
        # thread share it (no greenlet switches inside a SQLite call).
        self._local = _thread_local()
        self._writer = writer
        with self._connect() as db:
            db.executescript(SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        """Bring a database made by an older version up to today's schema, in one transaction
        (a second process opening it meanwhile waits, then finds nothing left to do)."""
        with self._write() as db:
            columns = {str(r[1]) for r in db.execute("PRAGMA table_info(requests)")}
            if columns != OLD_REQUEST_COLUMNS:
                return
            old = db.execute(
                "SELECT r.table_id, r.request_id, r.seq, e.payload FROM requests r "
                "LEFT JOIN events e ON e.table_id = r.table_id AND e.seq = r.seq").fetchall()
            db.execute(REQUESTS_TABLE.format(name="requests_by_seat"))
            db.executemany("INSERT INTO requests_by_seat (table_id, seat, request_id, digest, seq) "
                           "VALUES (?,?,?,?,?)", migrated_requests(old))
            db.execute("DROP TABLE requests")
            db.execute("ALTER TABLE requests_by_seat RENAME TO requests")

    def _connect(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=True)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")  # a committed event survives power loss
            db.execute("PRAGMA foreign_keys=ON")
            db.execute("PRAGMA busy_timeout=10000")
            self._local.db = db
        return db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One IMMEDIATE transaction: writers queue, readers never block."""
        db = self._connect()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def close(self) -> None:
        """Close this thread's connection."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    # ---- tables -----------------------------------------------------------
    def create_table(
        self, table_id: str, room: str, game: str, host_token_hash: str, setup: dict[str, Any]
    ) -> Event:
        """Create a table and its first event (``setup``, sequence 1)."""
        event: Event = self._writer(lambda: self._create_table(table_id, room, game, host_token_hash, setup))
        return event

    def _create_table(
        self, table_id: str, room: str, game: str, host_token_hash: str, setup: dict[str, Any]
    ) -> Event:
        now = time.time()
        with self._write() as db:
            db.execute(
                "INSERT INTO tables (id, room, game, host_token_hash, created) VALUES (?,?,?,?,?)",
                (table_id, room, game, host_token_hash, now),
            )
            db.execute(
                "INSERT INTO events (table_id, seq, kind, payload, created) VALUES (?,1,'setup',?,?)",
                (table_id, json.dumps(setup), now),
            )
        return Event(1, "setup", setup, now)

    def room_exists(self, room: str) -> bool:
        """True when a room code is in use."""
        row = self._connect().execute("SELECT 1 FROM tables WHERE room=?", (room,)).fetchone()
        return row is not None

    def table(self, table_id: str) -> TableRow | None:
        """A table's fixed facts, or None."""
        row = self._connect().execute(
            "SELECT id, room, game, host_token_hash, created FROM tables WHERE id=?", (table_id,)
        ).fetchone()
        return TableRow(*row) if row else None

    def table_by_room(self, room: str) -> TableRow | None:
        """The table with a room code, or None."""
        row = self._connect().execute(
            "SELECT id, room, game, host_token_hash, created FROM tables WHERE room=?", (room,)
        ).fetchone()
        return TableRow(*row) if row else None

    # ---- events -----------------------------------------------------------
    def append(
        self,
        table_id: str,
        expected_seq: int,
        kind: str,
        payload: dict[str, Any],
        seat_token: tuple[int, str] | None = None,
        release_seat: int | None = None,
        request: RequestKey | None = None,
        host_token_hash: str | None = None,
    ) -> Event:
        """Append an event after ``expected_seq``; commit before returning.

        ``seat_token`` (seat, token hash) records a seat's token in the same
        transaction as its ``join`` event; ``release_seat`` forgets a seat's token
        in the same transaction as its ``release`` event. ``request`` (a phone's id for
        this request, the seat that sent it, its body's digest) is recorded with the event:
        the same seat's id again raises :class:`DuplicateRequest` with the event it made
        when the body is the same, :class:`ReusedRequest` when it is not; nothing is written.
        ``host_token_hash`` replaces the table's host token (a new host link) in the same
        transaction as its event.
        """
        event: Event = self._writer(lambda: self._append(
            table_id, expected_seq, kind, payload, seat_token, release_seat, request, host_token_hash))
        return event

    def _append(
        self,
        table_id: str,
        expected_seq: int,
        kind: str,
        payload: dict[str, Any],
        seat_token: tuple[int, str] | None = None,
        release_seat: int | None = None,
        request: RequestKey | None = None,
        host_token_hash: str | None = None,
    ) -> Event:
        """The write transaction of :meth:`append`."""
        now = time.time()
        with self._write() as db:
            if request is not None:
                check_request(self._find_request(db, table_id, request.seat, request.id), request)
            last = self._last_seq(db, table_id)
            if last != expected_seq:
                raise StaleSequence(expected_seq, last)
            if request is not None:
                db.execute("INSERT INTO requests (table_id, seat, request_id, digest, seq) "
                           "VALUES (?,?,?,?,?)",
                           (table_id, request.seat, request.id, request.digest, last + 1))
            if seat_token is not None:
                try:
                    db.execute(
                        "INSERT INTO seats (table_id, seat, token_hash) VALUES (?,?,?)",
                        (table_id, seat_token[0], seat_token[1]),
                    )
                except sqlite3.IntegrityError as e:
                    raise SeatTaken(f"seat {seat_token[0]} is taken") from e
            if release_seat is not None:
                db.execute("DELETE FROM seats WHERE table_id=? AND seat=?", (table_id, release_seat))
            if host_token_hash is not None:
                db.execute("UPDATE tables SET host_token_hash=? WHERE id=?", (host_token_hash, table_id))
            db.execute(
                "INSERT INTO events (table_id, seq, kind, payload, created) VALUES (?,?,?,?,?)",
                (table_id, last + 1, kind, json.dumps(payload), now),
            )
        return Event(last + 1, kind, payload, now)

    @staticmethod
    def _find_request(db: sqlite3.Connection, table_id: str, seat: int, request_id: str
                      ) -> RequestRecord | None:
        row = db.execute("SELECT seq, digest FROM requests WHERE table_id=? AND seat=? AND request_id=?",
                         (table_id, seat, request_id)).fetchone()
        return RequestRecord(int(row[0]), row[1]) if row else None

    def find_request(self, table_id: str, seat: int, request_id: str) -> RequestRecord | None:
        """What a seat's request id made at a table (its event and body digest), or None."""
        return self._find_request(self._connect(), table_id, seat, request_id)

    @staticmethod
    def _last_seq(db: sqlite3.Connection, table_id: str) -> int:
        row = db.execute("SELECT MAX(seq) FROM events WHERE table_id=?", (table_id,)).fetchone()
        return int(row[0] or 0)

    def last_seq(self, table_id: str) -> int:
        """The table's last sequence number (0 for an unknown table)."""
        return self._last_seq(self._connect(), table_id)

    def read(self, table_id: str, after: int = 0) -> list[Event]:
        """The table's events with a sequence above ``after``, in order."""
        rows = self._connect().execute(
            "SELECT seq, kind, payload, created FROM events WHERE table_id=? AND seq>? ORDER BY seq",
            (table_id, after),
        ).fetchall()
        return [Event(int(s), k, json.loads(p), float(c)) for s, k, p, c in rows]

    # ---- seats ------------------------------------------------------------
    def seat_for_token(self, table_id: str, token_hash: str) -> int | None:
        """The seat a token hash belongs to, or None."""
        row = self._connect().execute(
            "SELECT seat FROM seats WHERE table_id=? AND token_hash=?", (table_id, token_hash)
        ).fetchone()
        return int(row[0]) if row else None

    def taken_seats(self, table_id: str) -> set[int]:
        """Seats that already have a phone."""
        rows = self._connect().execute(
            "SELECT seat FROM seats WHERE table_id=?", (table_id,)
        ).fetchall()
        return {int(r[0]) for r in rows}

    # ---- game records -----------------------------------------------------
    def export_table(self, table_id: str) -> dict[str, Any] | None:
        """Everything stored for a table as JSON-ready data (``tavolo-record/1``), or None."""
        db = self._connect()
        row = self.table(table_id)
        if row is None:
            return None
        events = db.execute(
            "SELECT seq, kind, payload, created FROM events WHERE table_id=? ORDER BY seq", (table_id,)
        ).fetchall()
        seats = db.execute("SELECT seat, token_hash FROM seats WHERE table_id=? ORDER BY seat",
                           (table_id,)).fetchall()
        requests = db.execute("SELECT seat, request_id, digest, seq FROM requests WHERE table_id=? "
                              "ORDER BY seq", (table_id,)).fetchall()
        return record_of(row, events, seats, requests)

    def import_table(self, record: dict[str, Any]) -> str:
        """Store a record made by :meth:`export_table`; the table's id. Refused (ValueError)
        when the record is malformed or the table or its room code already exists."""
        table, events, seats, requests = parse_record(record)

        def write() -> str:
            with self._write() as db:
                if db.execute("SELECT 1 FROM tables WHERE id=? OR room=?", (table[0], table[1])).fetchone():
                    raise ValueError(f"table {table[0]} (or its room code) already exists")
                db.execute("INSERT INTO tables (id, room, game, host_token_hash, created) VALUES (?,?,?,?,?)",
                           table)
                db.executemany(
                    "INSERT INTO events (table_id, seq, kind, payload, created) VALUES (?,?,?,?,?)",
                    [(table[0], *e) for e in events])
                db.executemany("INSERT INTO seats (table_id, seat, token_hash) VALUES (?,?,?)",
                               [(table[0], *s) for s in seats])
                db.executemany("INSERT INTO requests (table_id, seat, request_id, digest, seq) "
                               "VALUES (?,?,?,?,?)", [(table[0], *r) for r in requests])
            return table[0]

        done: str = self._writer(write)
        return done

    # ---- enrolled decks -------------------------------------------------------------------
    def save_deck(self, name: str, kind: str, cards: int, data: bytes, replace: bool = False,
                  expected: float | None = None) -> DeckRow:
        """Store an enrolled deck's file under its name; :class:`DeckExists` unless ``replace``.
        With ``expected`` (the ``created`` of the deck as read), it replaces that deck only:
        :class:`DeckChanged` when another save or a delete came between."""
        with self._write() as db:
            row = db.execute("SELECT created FROM decks WHERE name=?", (name,)).fetchone()
            now = deck_version(None if row is None else float(row[0]), replace, expected, name)
            db.execute("INSERT OR REPLACE INTO decks (name, kind, cards, data, created) VALUES (?,?,?,?,?)",
                       (name, kind, cards, data, now))
        return DeckRow(name, kind, cards, len(data), now)

    def deck(self, name: str) -> tuple[DeckRow, bytes] | None:
        """A stored deck's facts and file, or None."""
        row = self._connect().execute(
            "SELECT name, kind, cards, data, created FROM decks WHERE name=?", (name,)).fetchone()
        if row is None:
            return None
        data = bytes(row[3])
        return DeckRow(row[0], row[1], int(row[2]), len(data), float(row[4])), data

    def deck_row(self, name: str) -> DeckRow | None:
        """A stored deck's facts (not its file), or None."""
        row = self._connect().execute(
            "SELECT name, kind, cards, length(data), created FROM decks WHERE name=?", (name,)).fetchone()
        return None if row is None else DeckRow(row[0], row[1], int(row[2]), int(row[3]), float(row[4]))

    def decks(self) -> list[DeckRow]:
        """Every stored deck, by name."""
        rows = self._connect().execute(
            "SELECT name, kind, cards, length(data), created FROM decks ORDER BY name").fetchall()
        return [DeckRow(n, k, int(c), int(s), float(t)) for n, k, c, s, t in rows]

    def delete_deck(self, name: str) -> bool:
        """Forget a stored deck; True when there was one."""
        with self._write() as db:
            return db.execute("DELETE FROM decks WHERE name=?", (name,)).rowcount > 0
