"""Live updates: a doorbell per table that wakes every waiting stream.

The log is the truth and the bell carries no data: a woken stream reads the
log after the last event it sent, so a phone that reconnects misses nothing.
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict

IDLE_BELLS = 1_000  # bells kept for tables nobody is waiting on (the most recently rung)


class _Bell:
    """One table's condition variable, its number, and how many streams wait on it."""

    __slots__ = ("condition", "number", "waiting")

    def __init__(self, number: int) -> None:
        self.condition = threading.Condition()
        self.number = number
        self.waiting = 0


class Doorbell:
    """Per-table condition variables: ``ring`` after a commit, ``wait`` in a stream.

    A table's bell has a number that changes at every ring; numbers come from one counter
    for all tables, so a bell forgotten and made again never shows a number it had before
    (a reader that kept the old number sees that it must look again). Bells nobody waits
    on are forgotten beyond ``keep``, the least recently used first: a server that has
    held many finished tables stays small.
    """

    def __init__(self, keep: int = IDLE_BELLS) -> None:
        self.keep = keep
        self._lock = threading.Lock()
        self._bells: OrderedDict[str, _Bell] = OrderedDict()
        self._numbers = itertools.count(1)

    def _bell(self, table_id: str, waiter: bool = False) -> _Bell:
        with self._lock:
            bell = self._bells.get(table_id)
            if bell is None:
                bell = self._bells[table_id] = _Bell(next(self._numbers))
                self._forget_idle()
            self._bells.move_to_end(table_id)
            bell.waiting += waiter  # counted under the lock: a bell waited on is never forgotten
            return bell

    def _forget_idle(self) -> None:
        """Drop the least recently used bells nobody waits on, down to ``keep`` (lock held)."""
        extra = len(self._bells) - self.keep
        if extra <= 0:
            return
        for table_id in [t for t, b in self._bells.items() if not b.waiting][:extra]:
            del self._bells[table_id]

    def rings(self, table_id: str) -> int:
        """The table's bell number now (to wait for the next ring, or to know a table read at
        this number is still the log's last word)."""
        bell = self._bell(table_id)
        with bell.condition:
            return bell.number

    def ring(self, table_id: str) -> None:
        """Wake every stream waiting on the table."""
        bell = self._bell(table_id)
        with bell.condition:
            bell.number = next(self._numbers)
            bell.condition.notify_all()

    def ring_all(self) -> None:
        """Wake every stream of every table (after live updates may have been missed)."""
        with self._lock:
            tables = list(self._bells)
        for table_id in tables:
            self.ring(table_id)

    def wait(self, table_id: str, seen: int, timeout: float) -> bool:
        """Block until the bell's number moves on from ``seen``, or ``timeout``; True if it did."""
        bell = self._bell(table_id, waiter=True)
        try:
            with bell.condition:
                return bell.condition.wait_for(lambda: bell.number != seen, timeout)
        finally:
            with self._lock:
                bell.waiting -= 1

    def held(self) -> int:
        """How many tables' bells are kept now."""
        with self._lock:
            return len(self._bells)
