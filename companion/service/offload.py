"""CPU-heavy work (reading a photo) off the server's event loop.

Under the gevent server (:mod:`companion.web.server`) every request and live stream is a
greenlet of one thread: a photo read in place would stop every stream while it runs, so it
goes to a pool of real threads. Elsewhere (tests, the CLI) it simply runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def patched() -> bool:
    """True inside the gevent server."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return False
    return bool(monkey.is_module_patched("threading"))


def offload(work: Callable[..., T], *args: Any) -> T:
    """Run CPU-heavy ``work`` in a real thread when serving with gevent, so that the
    live streams keep flowing; call it directly elsewhere (tests, the CLI)."""
    if not patched():
        return work(*args)
    from gevent import get_hub

    result: T = get_hub().threadpool.apply(work, args)
    return result
