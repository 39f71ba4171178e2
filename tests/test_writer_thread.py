"""The production server's writer thread (gevent's pool of one thread for SQLite's commits)."""

from __future__ import annotations

import pytest

from companion.storage.rows import StaleSequence
from companion.web.server import writer_thread


def test_a_write_refused_as_stale_reaches_the_caller_without_a_traceback_in_the_log(
        capfd: pytest.CaptureFixture[str]) -> None:
    """Two phones moving at once: one write is stale, which the service answers with a 409.
    It is raised in the caller as it was, and the server's terminal shows no traceback (gevent
    prints one for an exception raised inside its pool)."""
    write = writer_thread()
    assert write(lambda: 41 + 1) == 42

    def stale() -> None:
        raise StaleSequence(92, 93)

    with pytest.raises(StaleSequence) as raised:
        write(stale)
    assert raised.value.actual == 93
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "stale sequence" not in out + err
