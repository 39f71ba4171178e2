"""Live updates: a doorbell per table that wakes every waiting stream.

The log is the truth and the bell carries no data: a woken stream reads the
log after the last event it sent, so a phone that reconnects misses nothing.
"""

from __future__ import annotations

import threading


class Doorbell:
    """Per-table condition variables: ``ring`` after a commit, ``wait`` in a stream."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._conditions: dict[str, threading.Condition] = {}
        self._rings: dict[str, int] = {}

    def _condition(self, table_id: str) -> threading.Condition:
        with self._lock:
            cond = self._conditions.get(table_id)
            if cond is None:
                cond = self._conditions[table_id] = threading.Condition()
                self._rings[table_id] = 0
            return cond

    def rings(self, table_id: str) -> int:
        """How many times the table's bell has rung (to wait for the next ring)."""
        with self._condition(table_id):
            return self._rings[table_id]

    def ring(self, table_id: str) -> None:
        """Wake every stream waiting on the table."""
        cond = self._condition(table_id)
        with cond:
            self._rings[table_id] += 1
            cond.notify_all()

    def ring_all(self) -> None:
        """Wake every stream of every table (after live updates may have been missed)."""
        with self._lock:
            tables = list(self._conditions)
        for table_id in tables:
            self.ring(table_id)

    def wait(self, table_id: str, seen: int, timeout: float) -> bool:
        """Block until the bell rings past ``seen`` rings, or ``timeout``; True if it rang."""
        cond = self._condition(table_id)
        with cond:
            return cond.wait_for(lambda: self._rings[table_id] != seen, timeout)
