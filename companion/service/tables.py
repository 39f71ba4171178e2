"""The tables as the service reads and writes them: derived from the log, cached, appended to.

Every commit rings the table's doorbell (other app servers' commits too, through the
database), so while the table's ring count stands, the cached table is the log's last word
and no query is needed; when it moved, only the events not yet seen are read and folded.
"""

from __future__ import annotations

from typing import Any

from ..storage.eventlog import EventLog
from ..storage.live import Doorbell
from ..storage.rows import Event, RequestKey, StaleSequence
from .bounded import Bounded
from .errors import NotFound
from .refusals import moved_first
from .table import Table, fold, start

# Tables kept derived in memory (a busy evening: a few hundred tables); a table forgotten is
# replayed from its log when a phone asks for it again.
CACHED_TABLES = 500


class Tables:
    """Each table as of its last event, and the one way to append to a table's log."""

    def __init__(self, store: EventLog, doorbell: Doorbell, cache: int = CACHED_TABLES) -> None:
        self.store = store
        self.doorbell = doorbell
        self.cache = cache  # how many tables the service keeps derived (the seats and views: more)
        # Each table as last read, with the doorbell's count when it was read.
        self._cache: Bounded[str, tuple[Table, int]] = Bounded(cache)

    def table(self, table_id: str) -> Table:
        """The table as of its last event (cached, caught up from the log)."""
        rings = self.doorbell.rings(table_id)  # before reading: a later commit rings again
        found = self._cache.get(table_id)
        if found is not None and found[1] == rings:
            return found[0]
        if found is None:
            row = self.store.table(table_id)
            if row is None:
                raise NotFound("No such table.", "Questo tavolo non esiste.")
            events = self.store.read(table_id)
            table = fold(start(row.id, row.room, events[0]), events[1:])
        else:
            table = fold(found[0], self.store.read(table_id, found[0].seq))
        self._cache.put(table_id, (table, rings),
                        replaces=lambda old: (old[0].seq, old[1]) <= (table.seq, rings))
        return table

    def table_at(self, table_id: str, seq: int) -> Table:
        """The table as it was right after event ``seq`` (replayed from its log)."""
        latest = self.table(table_id)
        if seq == latest.seq:
            return latest
        row = self.store.table(table_id)
        if row is None:
            raise NotFound("No such table.", "Questo tavolo non esiste.")
        events = [e for e in self.store.read(table_id) if e.seq <= seq]
        return fold(start(row.id, row.room, events[0]), events[1:])

    def event(self, table_id: str, seq: int) -> Event:
        """One stored event of a table."""
        return self.store.read(table_id, seq - 1)[0]

    def append(
        self, table: Table, kind: str, payload: dict[str, Any],
        expected: int | None = None, seat_token: tuple[int, str] | None = None,
        request: RequestKey | None = None,
    ) -> Event:
        """Append one event after ``expected`` (the table's last by default), then ring the
        table's bell; 409 ``moved_first`` when another event came first."""
        try:
            event = self.store.append(
                table.id, table.seq if expected is None else expected, kind, payload, seat_token,
                request=request,
            )
        except StaleSequence as e:
            raise moved_first(e.actual) from e
        self.doorbell.ring(table.id)
        return event
