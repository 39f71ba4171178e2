"""Which seats' phones have their table open right now: a live stream held for the seat.

Each app server counts the streams it holds per table and seat. A change (a seat's first
stream opened, its last one closed) rings the table's doorbell, so that every stream of the
table tells its phone. Several servers sharing PostgreSQL tell each other through the
database's notifications: a server says which seats of a table it holds whenever that
changes, and again every ``BEAT`` seconds; what another server said lapses after ``LAPSE``
seconds unless it says it again, so the seats of a server that died go away by themselves.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable

from ..storage.live import Doorbell

log = logging.getLogger(__name__)

BEAT = 10.0  # seconds between a server's reminders of the seats it holds
LAPSE = 3 * BEAT  # what another server said is forgotten after this, unless said again


class Presence:
    """The seats whose phones hold a live stream, on this server and (told) on the others.

    ``announce(payload)``: tells the other servers (PostgreSQL's notifications); None where
    this server is the only one (SQLite)."""

    def __init__(self, doorbell: Doorbell, announce: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.doorbell = doorbell
        self.announce = announce
        self.clock = clock
        self.server = secrets.token_hex(6)  # names this server in what it announces
        self._lock = threading.Lock()
        self._local: dict[str, Counter[int]] = {}  # table -> seat -> streams held here
        # table -> another server -> (the seats it said it holds, until when that holds)
        self._remote: dict[str, dict[str, tuple[frozenset[int], float]]] = {}
        self._stop = threading.Event()
        self._beat: threading.Thread | None = None
        if announce is not None:
            self._beat = threading.Thread(target=self._beat_loop, name="tavolo-presence", daemon=True)
            self._beat.start()

    def enter(self, table_id: str, seat: int) -> None:
        """A stream for ``seat`` opened here."""
        with self._lock:
            held = self._local.setdefault(table_id, Counter())
            held[seat] += 1
            first = held[seat] == 1
        if first:
            self._changed(table_id)

    def leave(self, table_id: str, seat: int) -> None:
        """A stream for ``seat`` closed here."""
        with self._lock:
            held = self._local.get(table_id, Counter())
            held[seat] -= 1
            last = held[seat] <= 0
            if last:
                del held[seat]
                if not held:
                    self._local.pop(table_id, None)
        if last:
            self._changed(table_id)

    def seats(self, table_id: str) -> frozenset[int]:
        """The seats of the table whose phones hold a live stream on any server."""
        now = self.clock()
        with self._lock:
            here = set(self._local.get(table_id, ()))
            for seats, until in self._remote.get(table_id, {}).values():
                if until > now:
                    here |= seats
        return frozenset(here)

    def heard(self, payload: str) -> None:
        """Another server's seats of one table (``server|table|0,2``), as it announced them."""
        try:
            server, table_id, listed = payload.split("|")
            seats = frozenset(int(s) for s in listed.split(",") if s)
        except ValueError:
            log.warning("presence: a notification not understood: %r", payload[:80])
            return
        if server == self.server:
            return
        before = self.seats(table_id)
        with self._lock:
            servers = self._remote.setdefault(table_id, {})
            if seats:
                servers[server] = (seats, self.clock() + LAPSE)
            else:
                servers.pop(server, None)
                if not servers:
                    del self._remote[table_id]
        if self.seats(table_id) != before:
            self.doorbell.ring(table_id)

    def stop(self) -> None:
        """Stop the reminders (within a beat)."""
        self._stop.set()
        if self._beat is not None:
            self._beat.join(BEAT + 1)

    def _held(self, table_id: str) -> frozenset[int]:
        with self._lock:
            return frozenset(self._local.get(table_id, ()))

    def _changed(self, table_id: str) -> None:
        self.doorbell.ring(table_id)
        self._tell(table_id, self._held(table_id))

    def _tell(self, table_id: str, seats: frozenset[int]) -> None:
        if self.announce is None:
            return
        try:
            self.announce(f"{self.server}|{table_id}|{','.join(str(s) for s in sorted(seats))}")
        except Exception as e:  # presence is a courtesy: a lost notice must never break a stream
            log.warning("presence: could not tell the other servers (%s)", e)

    def _beat_loop(self) -> None:
        while not self._stop.wait(BEAT):
            with self._lock:
                tables = {table: frozenset(held) for table, held in self._local.items()}
                now = self.clock()
                for table in list(self._remote):  # forget what lapsed long ago
                    servers = self._remote[table]
                    for server in [s for s, (_, until) in servers.items() if until <= now]:
                        del servers[server]
                    if not servers:
                        del self._remote[table]
            for table, seats in tables.items():
                self._tell(table, seats)
