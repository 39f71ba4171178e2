"""Cross-process live updates: PostgreSQL's LISTEN/NOTIFY rings the local doorbells.

Every app server listens on the channel the store notifies at each commit
(:data:`companion.storage.postgres.CHANNEL`, the payload a table id) and rings its own
doorbell for that table, so a move made through one server wakes the streams held by
every other. The bell carries no data: a woken stream reads the log after its last
event, so a notification lost while the listener reconnects costs only a delay, and
after a reconnection every bell is rung once to catch up. The same listener hears what the
other servers say of the seats they hold a live stream for (``presence``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

import psycopg

from .live import Doorbell
from .postgres import CHANNEL, PRESENCE_CHANNEL

log = logging.getLogger(__name__)


class PgListener:
    """A background listener (a greenlet under the gevent server, a thread elsewhere)."""

    def __init__(self, url: str, doorbell: Doorbell, retry: float = 1.0, own: str | None = None,
                 presence: Callable[[str], None] | None = None) -> None:
        self.url = url
        self.doorbell = doorbell
        self.presence = presence  # hears the other servers' seats (Presence.heard)
        self.own = own  # this server's store: its commits have rung the bell already
        self.retry = retry
        self._stop = threading.Event()
        self.listening = threading.Event()  # set while a LISTEN connection is open
        self._thread = threading.Thread(target=self._run, name="tavolo-listen", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if self.presence is not None:
                        conn.execute(f"LISTEN {PRESENCE_CHANNEL}")
                    self.listening.set()
                    if not first:  # events may have been committed while we were away
                        self.doorbell.ring_all()
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            if note.channel == PRESENCE_CHANNEL:
                                if self.presence is not None:
                                    self.presence(note.payload)
                                continue
                            origin, _, table_id = note.payload.rpartition(":")
                            if origin != self.own:
                                self.doorbell.ring(table_id)
            except psycopg.Error as e:
                if self._stop.is_set():
                    break
                log.warning("live updates: lost the database (%s); listening again in %.0f s", e, self.retry)
            finally:
                self.listening.clear()
            if not self._stop.is_set():
                time.sleep(self.retry)

    def stop(self) -> None:
        """Stop listening (within about a second)."""
        self._stop.set()
        self._thread.join(5)
