"""The event log on PostgreSQL, for several app servers sharing one database.

The same guarantees as the SQLite log (:mod:`companion.storage.sqlite`): sequence numbers unique
per table, an append only after the sequence its writer names, the commit before the
reply, a request id applied once. Appends to one table are serialised by a row lock on
the table; every commit of an event notifies the channel :data:`CHANNEL` with the table's
id, so that the live streams of every app server wake (:mod:`companion.storage.live_pg`).

psycopg 3 cooperates with gevent by itself, so the production server's greenlets wait
for the database without stopping one another.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg_pool import ConnectionPool

from .records import parse_record, record_of
from .rows import (
    DeckRow,
    Event,
    RequestKey,
    RequestRecord,
    SeatTaken,
    StaleSequence,
    TableRow,
    check_request,
    deck_version,
)
from .sqlite import OLD_REQUEST_COLUMNS, REQUESTS_TABLE, migrated_requests
from .sqlite import SCHEMA as SQLITE_SCHEMA

CHANNEL = "tavolo_events"
PRESENCE_CHANNEL = "tavolo_presence"  # which seats' phones each server holds a stream for
_INSERT_TABLE = "INSERT INTO tables (id, room, game, host_token_hash, created) VALUES (%s,%s,%s,%s,%s)"
_TABLE_ROW = "SELECT id, room, game, host_token_hash, created FROM tables"
SCHEMA_LOCK = 7_316_2024  # an advisory lock id: two servers starting together create the schema once

# The same tables as SQLite's, in PostgreSQL's types.
SCHEMA = SQLITE_SCHEMA.replace("REAL", "DOUBLE PRECISION").replace("BLOB", "BYTEA")


class DatabaseUnavailable(RuntimeError):
    """The PostgreSQL server cannot be reached or refuses us."""


class PgStore:
    """The event log in PostgreSQL through a pool of connections (psycopg 3)."""

    def __init__(self, url: str, pool_size: int = 20) -> None:
        self.url = url
        self.origin = uuid.uuid4().hex[:12]  # names this store's commits in its notifications
        try:  # fail at once, and plainly, when the server cannot be reached
            psycopg.connect(url, connect_timeout=10).close()
        except psycopg.Error as e:
            raise DatabaseUnavailable(f"cannot connect to PostgreSQL: {e}".strip()) from e
        self._pool = ConnectionPool(url, min_size=1, max_size=pool_size, open=True,
                                    kwargs={"autocommit": True}, name="tavolo")
        self._pool.wait(timeout=30)
        with self._transaction() as db:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            db.execute(SCHEMA)
            _migrate(db)

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """One transaction on a pooled connection: committed when the block ends."""
        with self._pool.connection() as db, db.transaction():
            yield db

    def _notify(self, db: psycopg.Connection[Any], table_id: str) -> None:
        """Tell every app server, at commit, that the table has a new event (``origin:table``)."""
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.origin}:{table_id}"))

    def announce(self, payload: str) -> None:
        """Tell every app server which seats' phones this one holds a live stream for
        (:mod:`companion.service.presence`)."""
        with self._pool.connection() as db:
            db.execute("SELECT pg_notify(%s, %s)", (PRESENCE_CHANNEL, payload))

    def _one(self, sql: str, params: tuple[Any, ...]) -> tuple[Any, ...] | None:
        with self._pool.connection() as db:
            row: tuple[Any, ...] | None = db.execute(sql, params).fetchone()
            return row

    def _all(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._pool.connection() as db:
            return list(db.execute(sql, params).fetchall())

    def close(self) -> None:
        """Nothing to do: no connection is held per thread (each use returns it to the pool)."""

    def shutdown(self) -> None:
        """Close the pool and every connection in it."""
        self._pool.close()

    # ---- tables -----------------------------------------------------------
    def create_table(
        self, table_id: str, room: str, game: str, host_token_hash: str, setup: dict[str, Any]
    ) -> Event:
        """Create a table and its first event (``setup``, sequence 1)."""
        now = time.time()
        with self._transaction() as db:
            db.execute(_INSERT_TABLE,
                       (table_id, room, game, host_token_hash, now))
            db.execute("INSERT INTO events (table_id, seq, kind, payload, created) "
                       "VALUES (%s,1,'setup',%s,%s)", (table_id, json.dumps(setup), now))
            self._notify(db, table_id)
        return Event(1, "setup", setup, now)

    def room_exists(self, room: str) -> bool:
        """True when a room code is in use."""
        return self._one("SELECT 1 FROM tables WHERE room=%s", (room,)) is not None

    def table(self, table_id: str) -> TableRow | None:
        """A table's fixed facts, or None."""
        row = self._one(_TABLE_ROW + " WHERE id=%s", (table_id,))
        return TableRow(*row) if row else None

    def table_by_room(self, room: str) -> TableRow | None:
        """The table with a room code, or None."""
        row = self._one(_TABLE_ROW + " WHERE room=%s", (room,))
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
        """Append an event after ``expected_seq``; commit before returning (see ``Store.append``)."""
        now = time.time()
        with self._transaction() as db:
            # The table's row lock: appends to one table wait for each other, others don't.
            if db.execute("SELECT 1 FROM tables WHERE id=%s FOR UPDATE", (table_id,)).fetchone() is None:
                raise StaleSequence(expected_seq, 0)
            if request is not None:
                check_request(_find_request(db, table_id, request.seat, request.id), request)
            last = _last_seq(db, table_id)
            if last != expected_seq:
                raise StaleSequence(expected_seq, last)
            if request is not None:
                db.execute("INSERT INTO requests (table_id, seat, request_id, digest, seq) "
                           "VALUES (%s,%s,%s,%s,%s)",
                           (table_id, request.seat, request.id, request.digest, last + 1))
            if seat_token is not None:
                try:
                    with db.transaction():  # a savepoint: the refusal leaves the rest intact
                        db.execute("INSERT INTO seats (table_id, seat, token_hash) VALUES (%s,%s,%s)",
                                   (table_id, seat_token[0], seat_token[1]))
                except pg_errors.UniqueViolation as e:
                    raise SeatTaken(f"seat {seat_token[0]} is taken") from e
            if release_seat is not None:
                db.execute("DELETE FROM seats WHERE table_id=%s AND seat=%s", (table_id, release_seat))
            if host_token_hash is not None:
                db.execute("UPDATE tables SET host_token_hash=%s WHERE id=%s", (host_token_hash, table_id))
            db.execute("INSERT INTO events (table_id, seq, kind, payload, created) "
                       "VALUES (%s,%s,%s,%s,%s)", (table_id, last + 1, kind, json.dumps(payload), now))
            self._notify(db, table_id)
        return Event(last + 1, kind, payload, now)

    def find_request(self, table_id: str, seat: int, request_id: str) -> RequestRecord | None:
        """What a seat's request id made at a table (its event and body digest), or None."""
        with self._pool.connection() as db:
            return _find_request(db, table_id, seat, request_id)

    def last_seq(self, table_id: str) -> int:
        """The table's last sequence number (0 for an unknown table)."""
        with self._pool.connection() as db:
            return _last_seq(db, table_id)

    def read(self, table_id: str, after: int = 0) -> list[Event]:
        """The table's events with a sequence above ``after``, in order."""
        rows = self._all("SELECT seq, kind, payload, created FROM events WHERE table_id=%s AND seq>%s "
                         "ORDER BY seq", (table_id, after))
        return [Event(int(s), k, json.loads(p), float(c)) for s, k, p, c in rows]

    # ---- seats ------------------------------------------------------------
    def seat_for_token(self, table_id: str, token_hash: str) -> int | None:
        """The seat a token hash belongs to, or None."""
        row = self._one("SELECT seat FROM seats WHERE table_id=%s AND token_hash=%s", (table_id, token_hash))
        return int(row[0]) if row else None

    def taken_seats(self, table_id: str) -> set[int]:
        """Seats that already have a phone."""
        return {int(r[0]) for r in self._all("SELECT seat FROM seats WHERE table_id=%s", (table_id,))}

    # ---- game records -----------------------------------------------------
    def export_table(self, table_id: str) -> dict[str, Any] | None:
        """Everything stored for a table as a game record, or None."""
        row = self.table(table_id)
        if row is None:
            return None
        events = self._all("SELECT seq, kind, payload, created FROM events WHERE table_id=%s ORDER BY seq",
                           (table_id,))
        seats = self._all("SELECT seat, token_hash FROM seats WHERE table_id=%s ORDER BY seat", (table_id,))
        requests = self._all("SELECT seat, request_id, digest, seq FROM requests WHERE table_id=%s "
                             "ORDER BY seq", (table_id,))
        return record_of(row, events, seats, requests)

    def import_table(self, record: dict[str, Any]) -> str:
        """Store a game record; the table's id (ValueError when malformed or already there)."""
        table, events, seats, requests = parse_record(record)
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM tables WHERE id=%s OR room=%s", (table[0], table[1])).fetchone():
                raise ValueError(f"table {table[0]} (or its room code) already exists")
            db.execute(_INSERT_TABLE,
                       table)
            with db.cursor() as cur:
                cur.executemany("INSERT INTO events (table_id, seq, kind, payload, created) "
                                "VALUES (%s,%s,%s,%s,%s)", [(table[0], *e) for e in events])
                cur.executemany("INSERT INTO seats (table_id, seat, token_hash) VALUES (%s,%s,%s)",
                                [(table[0], *s) for s in seats])
                cur.executemany("INSERT INTO requests (table_id, seat, request_id, digest, seq) "
                                "VALUES (%s,%s,%s,%s,%s)", [(table[0], *r) for r in requests])
        return table[0]

    # ---- enrolled decks ---------------------------------------------------
    def save_deck(self, name: str, kind: str, cards: int, data: bytes, replace: bool = False,
                  expected: float | None = None) -> DeckRow:
        """Store an enrolled deck's file under its name; :class:`DeckExists` unless ``replace``.
        With ``expected`` (the ``created`` of the deck as read), it replaces that deck only:
        :class:`DeckChanged` when another save or a delete came between (on any server)."""
        with self._transaction() as db:
            db.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (name,))
            row = db.execute("SELECT created FROM decks WHERE name=%s", (name,)).fetchone()
            now = deck_version(None if row is None else float(row[0]), replace, expected, name)
            db.execute("DELETE FROM decks WHERE name=%s", (name,))
            db.execute("INSERT INTO decks (name, kind, cards, data, created) VALUES (%s,%s,%s,%s,%s)",
                       (name, kind, cards, data, now))
        return DeckRow(name, kind, cards, len(data), now)

    def deck(self, name: str) -> tuple[DeckRow, bytes] | None:
        """A stored deck's facts and file, or None."""
        row = self._one("SELECT name, kind, cards, data, created FROM decks WHERE name=%s", (name,))
        if row is None:
            return None
        data = bytes(row[3])
        return DeckRow(row[0], row[1], int(row[2]), len(data), float(row[4])), data

    def deck_row(self, name: str) -> DeckRow | None:
        """A stored deck's facts (not its file), or None."""
        row = self._one("SELECT name, kind, cards, length(data), created FROM decks WHERE name=%s",
                        (name,))
        return None if row is None else DeckRow(row[0], row[1], int(row[2]), int(row[3]), float(row[4]))

    def decks(self) -> list[DeckRow]:
        """Every stored deck, by name."""
        rows = self._all("SELECT name, kind, cards, length(data), created FROM decks ORDER BY name", ())
        return [DeckRow(n, k, int(c), int(s), float(t)) for n, k, c, s, t in rows]

    def delete_deck(self, name: str) -> bool:
        """Forget a stored deck; True when there was one."""
        with self._transaction() as db:
            return db.execute("DELETE FROM decks WHERE name=%s", (name,)).rowcount > 0


def _last_seq(db: psycopg.Connection[Any], table_id: str) -> int:
    row = db.execute("SELECT MAX(seq) FROM events WHERE table_id=%s", (table_id,)).fetchone()
    return int(row[0] or 0) if row else 0


def _find_request(db: psycopg.Connection[Any], table_id: str, seat: int, request_id: str
                  ) -> RequestRecord | None:
    row = db.execute("SELECT seq, digest FROM requests WHERE table_id=%s AND seat=%s AND request_id=%s",
                     (table_id, seat, request_id)).fetchone()
    return RequestRecord(int(row[0]), row[1]) if row else None


def _migrate(db: psycopg.Connection[Any]) -> None:
    """Bring a database made by an older version up to today's schema (inside the schema's
    transaction, under its advisory lock): request records keyed by seat, with a digest."""
    columns = {str(r[0]) for r in db.execute(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = 'requests'").fetchall()}
    if columns != OLD_REQUEST_COLUMNS:
        return
    old = db.execute("SELECT r.table_id, r.request_id, r.seq, e.payload FROM requests r "
                     "LEFT JOIN events e ON e.table_id = r.table_id AND e.seq = r.seq").fetchall()
    db.execute(REQUESTS_TABLE.format(name="requests_by_seat"))
    with db.cursor() as cur:
        cur.executemany("INSERT INTO requests_by_seat (table_id, seat, request_id, digest, seq) "
                        "VALUES (%s,%s,%s,%s,%s)", migrated_requests(old))
    db.execute("DROP TABLE requests")
    db.execute("ALTER TABLE requests_by_seat RENAME TO requests")
