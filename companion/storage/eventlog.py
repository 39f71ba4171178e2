"""The event log's interface, and the choice of its engine.

Two implementations keep the same promises (sequences unique per table, an append
only after the sequence its writer names, the commit before the reply, a request id
of a seat applied once): :class:`companion.storage.sqlite.Store` on SQLite, the embedded default, and
:class:`companion.storage.postgres.PgStore` on PostgreSQL, chosen by a ``postgresql://`` URL
(``DATABASE_URL``) for several app servers sharing one database.
"""

from __future__ import annotations

import os
from typing import Any, Protocol

from .rows import DeckRow, Event, RequestKey, RequestRecord, TableRow, Writer
from .sqlite import Store

DEFAULT_DATABASE = "data/tavolo.sqlite3"


class EventLog(Protocol):
    """What the services need of a store."""

    def create_table(self, table_id: str, room: str, game: str, host_token_hash: str,
                     setup: dict[str, Any]) -> Event: ...
    def room_exists(self, room: str) -> bool: ...
    def table(self, table_id: str) -> TableRow | None: ...
    def table_by_room(self, room: str) -> TableRow | None: ...
    def append(self, table_id: str, expected_seq: int, kind: str, payload: dict[str, Any],
               seat_token: tuple[int, str] | None = None, release_seat: int | None = None,
               request: RequestKey | None = None, host_token_hash: str | None = None) -> Event: ...
    def find_request(self, table_id: str, seat: int, request_id: str) -> RequestRecord | None: ...
    def last_seq(self, table_id: str) -> int: ...
    def read(self, table_id: str, after: int = 0) -> list[Event]: ...
    def seat_for_token(self, table_id: str, token_hash: str) -> int | None: ...
    def taken_seats(self, table_id: str) -> set[int]: ...
    def export_table(self, table_id: str) -> dict[str, Any] | None: ...
    def import_table(self, record: dict[str, Any]) -> str: ...
    def save_deck(self, name: str, kind: str, cards: int, data: bytes, replace: bool = False,
                  expected: float | None = None) -> DeckRow: ...
    def deck(self, name: str) -> tuple[DeckRow, bytes] | None: ...
    def deck_row(self, name: str) -> DeckRow | None: ...
    def decks(self) -> list[DeckRow]: ...
    def delete_deck(self, name: str) -> bool: ...
    def close(self) -> None:
        """Let go of what the calling thread holds."""
        ...


def database_from_env(given: str | None = None) -> str:
    """The database to open: ``given``, else ``DATABASE_URL``, else ``TAVOLO_DATABASE``, else
    the SQLite file in ``data/``."""
    return given or os.environ.get("DATABASE_URL") or os.environ.get("TAVOLO_DATABASE") or DEFAULT_DATABASE


def is_postgres(database: str) -> bool:
    """True for a PostgreSQL connection URL (``postgresql://...``)."""
    return database.startswith(("postgresql://", "postgres://"))


def open_store(database: str | os.PathLike[str], writer: Writer | None = None) -> EventLog:
    """The event log at ``database``: a SQLite file path, or a PostgreSQL URL. ``writer``
    runs SQLite's write transactions (the server gives them a thread of their own)."""
    database = os.fspath(database)
    if is_postgres(database):
        from .postgres import PgStore

        return PgStore(database)
    return Store(database, writer) if writer else Store(database)


def shown(database: str) -> str:
    """The database named for people: a URL without its password."""
    if not is_postgres(database):
        return database
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(database)
    if parts.password:
        netloc = parts.netloc.replace(":" + parts.password + "@", ":***@")
        parts = parts._replace(netloc=netloc)
    return urlunsplit(parts)
