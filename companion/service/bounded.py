"""A bounded cache: at most ``size`` entries, the least recently used forgotten first.

The service keeps what it derived (tables replayed from their logs, token look-ups, views)
so that a busy table costs no query; a server that has held thousands of finished tables
must not keep them all. Anything forgotten is derived again from the log when asked for.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Bounded(Generic[K, V]):
    """A thread-safe mapping of at most ``size`` entries, in the order they were last used."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a bounded cache holds at least one entry")
        self.size = size
        self._data: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def put(self, key: K, value: V, replaces: Callable[[V], bool] = lambda old: True) -> None:
        """Keep ``value`` for ``key``, unless a value is kept already and ``replaces(old)`` is
        False (a slower reader must not put back an older table); the least recently used
        entry goes when the cache is full."""
        with self._lock:
            old = self._data.get(key)
            if old is not None and not replaces(old):
                return
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._data)
