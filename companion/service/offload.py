"""CPU-heavy work (reading a photo) off the server's event loop.

Under the gevent server (:mod:`companion.web.server`) every request and live stream is a
greenlet of one thread: a photo read in place would stop every stream while it runs, so it
goes to a pool of real threads. Elsewhere (tests, the CLI) it simply runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def patched() -> bool:
    """True inside the gevent server."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return False
    return bool(monkey.is_module_patched("threading"))


@dataclass(frozen=True)
class _Raised:
    """An exception raised by offloaded work, carried back to be raised in the caller."""

    error: Exception


def _caught(work: Callable[..., T], *args: Any) -> T | _Raised:
    try:
        return work(*args)
    except Exception as e:  # every error goes back to the caller, who handles it
        return _Raised(e)


def offload(work: Callable[..., T], *args: Any) -> T:
    """Run CPU-heavy ``work`` in a real thread when serving with gevent, so that the
    live streams keep flowing; call it directly elsewhere (tests, the CLI). An error is
    raised in the caller, as if the work had run there: the pool's thread would print a
    traceback for every photo refused (an expected answer, such as an empty file)."""
    if not patched():
        return work(*args)
    from gevent import get_hub

    outcome: T | _Raised = get_hub().threadpool.apply(_caught, (work, *args))
    if isinstance(outcome, _Raised):
        raise outcome.error
    return outcome
