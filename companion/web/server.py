"""The production server: gevent's WSGI server, one process holding many live streams.

Every phone keeps one Server-Sent Events stream open for the whole evening, so the
server must hold thousands of idle connections cheaply: each request runs in a
greenlet (``gevent.monkey`` makes locks, sockets and sleeps cooperative), not in an
operating-system thread. On SQLite, one process on purpose: the doorbell that wakes the
streams of a table lives in memory; SQLite is the truth and is written with one short
transaction per event. On PostgreSQL, any number of these processes share the log and
wake each other's streams through LISTEN/NOTIFY (:mod:`companion.storage.live_pg`).

CPU-heavy work (reading a photo) would stop every stream while it runs: the service sends
it to a pool of real threads (:func:`companion.service.offload.offload`; OpenCV releases the GIL).
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable
from typing import Any

DEFAULT_CONNECTIONS = 4000  # open connections at once (phones' streams and requests)
SILENT_PEER_S = 40  # a connection whose data stays unacknowledged this long is given up
DEFAULT_THREADS = 2  # real threads for photo recognition (this machine's cores)
BACKLOG = 2048  # connections waiting to be accepted


def patch() -> None:
    """Make the standard library cooperative; call before the app is created."""
    from gevent import monkey

    if not monkey.is_module_patched("socket"):
        monkey.patch_all()


def writer_thread() -> Callable[[Callable[[], Any]], Any]:
    """A thread of its own for the event log's commits: a commit waits for the disk
    (``synchronous=FULL``), and the streams must not wait with it. One thread, since
    SQLite takes one writer at a time anyway."""
    from gevent.threadpool import ThreadPool

    pool = ThreadPool(1)

    def guarded(work: Callable[[], Any]) -> tuple[bool, Any]:
        # An exception is handed back, not raised in the pool: gevent prints the traceback of
        # one raised there, and a write refused as stale (two phones at once) is no crash.
        try:
            return False, work()
        except Exception as e:  # raised again in the caller, whatever it is
            return True, e

    def write(work: Callable[[], Any]) -> Any:
        failed, value = pool.apply(guarded, (work,))
        if failed:
            raise value
        return value

    return write


def give_up_on_silent_peers(sock: Any, seconds: int = SILENT_PEER_S) -> None:
    """A phone that vanished (a flat battery, out of the Wi-Fi) sends nothing back, not even a
    closing: the system would keep writing the stream's heartbeats to it for a quarter of an
    hour, and the table would see its seat as present. With TCP_USER_TIMEOUT the connection
    is given up once a heartbeat stays unacknowledged for ``seconds`` (Linux; elsewhere the
    system's own timeout stands)."""
    option = getattr(socket, "TCP_USER_TIMEOUT", None)
    if option is None:
        return
    with contextlib.suppress(OSError):  # a socket that refuses it keeps the system's timeout
        sock.setsockopt(socket.IPPROTO_TCP, option, seconds * 1000)


def serve(app: Any, host: str, port: int, connections: int = DEFAULT_CONNECTIONS,
          threads: int = DEFAULT_THREADS, certfile: str | None = None, keyfile: str | None = None,
          ready: Callable[[], None] | None = None) -> None:
    """Serve ``app`` until interrupted."""
    from gevent import get_hub
    from gevent.pool import Pool
    from gevent.pywsgi import WSGIServer

    get_hub().threadpool.maxsize = max(1, threads)
    ssl: dict[str, str] = {"certfile": certfile, "keyfile": keyfile} if certfile and keyfile else {}
    # A deep accept queue: every phone of a room reconnects at once after a Wi-Fi drop.
    class Server(WSGIServer):  # type: ignore[misc]
        def handle(self, sock: Any, address: Any) -> Any:
            give_up_on_silent_peers(sock)
            return super().handle(sock, address)

    server = Server((host, port), app, spawn=Pool(connections), log=None, backlog=BACKLOG, **ssl)
    server.start()
    if ready is not None:
        ready()
    server.serve_forever()
