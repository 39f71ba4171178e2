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


def test_a_silent_phone_is_given_up_after_forty_seconds_of_unacknowledged_data() -> None:
    """A phone that vanished sends nothing back: the server's socket gives the connection up
    once its data stays unacknowledged for 40 s (TCP_USER_TIMEOUT), not after a quarter of an
    hour, so the seat stops counting as present."""
    import socket

    from companion.web.server import SILENT_PEER_S, give_up_on_silent_peers

    with socket.socket() as sock:
        give_up_on_silent_peers(sock)
        if hasattr(socket, "TCP_USER_TIMEOUT"):
            given = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT)
            assert given == SILENT_PEER_S * 1000 == 40_000
