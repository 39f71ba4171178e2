"""Slowing down guessers: how often one address may miss, within a sliding window.

The count lives in the memory of one server process, on purpose: it is a brake on someone
trying room codes one after another, not a security boundary (a room code only leads to a
table's join page; every action needs a seat's or the host's token). With several app
servers on one PostgreSQL database each process counts the misses it sees, so a guesser
spread over N servers gets N times the misses before being slowed; a restart forgets them.
"""

from __future__ import annotations

import threading
import time
from collections import deque


class MissLimiter:
    """At most ``misses`` failed attempts per ``window`` seconds for each key (an address).

    Only misses count: a player who types his room code right is never slowed down. The
    count is this process's own (see the module's note): app servers do not share it.
    """

    def __init__(self, misses: int = 10, window: float = 60.0, keys: int = 10_000) -> None:
        self.misses, self.window, self.keys = misses, window, keys
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._seen.setdefault(key, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        return times

    def wait(self, key: str) -> float:
        """Seconds ``key`` must wait before trying again (0 when it may try now)."""
        now = time.monotonic()
        with self._lock:
            times = self._recent(key, now)
            if len(times) < self.misses:
                return 0.0
            return max(0.0, self.window - (now - times[0]))

    def miss(self, key: str) -> None:
        """Count one failed attempt of ``key``."""
        now = time.monotonic()
        with self._lock:
            if len(self._seen) >= self.keys and key not in self._seen:
                # Forget the addresses idle the longest: the table of addresses stays small.
                for old in sorted(self._seen, key=lambda k: self._seen[k][-1] if self._seen[k] else 0.0)[
                        : self.keys // 10]:
                    del self._seen[old]
            self._recent(key, now).append(now)
