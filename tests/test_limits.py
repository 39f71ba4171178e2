"""The miss limiter: misses age out of the window; the table of addresses stays bounded."""

from __future__ import annotations

import time

from companion.service.limits import MissLimiter


def test_misses_age_out_of_the_window() -> None:
    limiter = MissLimiter(misses=2, window=0.2)
    assert limiter.wait("a") == 0.0
    limiter.miss("a")
    limiter.miss("a")
    assert 0.0 < limiter.wait("a") <= 0.2 and limiter.wait("b") == 0.0
    time.sleep(0.25)
    assert limiter.wait("a") == 0.0


def test_the_table_of_addresses_stays_bounded() -> None:
    limiter = MissLimiter(misses=3, window=60, keys=100)
    for i in range(1000):
        limiter.miss(f"10.0.{i // 256}.{i % 256}")
    assert len(limiter._seen) <= 100
