"""What the event log holds and how it refuses, the same on SQLite and on PostgreSQL: events, tables,
seats' request records and enrolled decks as values, and the refusals a writer hears (a stale
sequence, a seat taken, a request id used twice).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class StaleSequence(Exception):
    """The writer's last seen sequence is not the table's last sequence."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"stale sequence: you saw {expected}, the table is at {actual}")
        self.expected = expected
        self.actual = actual


class SeatTaken(Exception):
    """The seat already has a token."""


HOST_SEAT = -1  # the seat of the idempotency records of requests sent by the host's screen


@dataclass(frozen=True, slots=True)
class RequestKey:
    """A phone's id for one request, as the log keys it: per table, per seat that sent it,
    with a digest of the request's body (a retry sends the same body again)."""

    seat: int  # the seat that sent it; HOST_SEAT for the host's screen
    id: str
    digest: str


@dataclass(frozen=True, slots=True)
class RequestRecord:
    """The event a request made, and the digest of its body (None for a record kept from
    before digests were stored: it is taken as a retry)."""

    seq: int
    digest: str | None

    def same_body(self, digest: str) -> bool:
        """True when a request with ``digest`` is a retry of this one."""
        return self.digest is None or self.digest == digest


class DuplicateRequest(Exception):
    """A request this seat has already appended an event for, with the same body (a retry)."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"request already applied as event {seq}")
        self.seq = seq


class ReusedRequest(Exception):
    """A request id this seat already used for a request with a different body."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"request id already used for another request (event {seq})")
        self.seq = seq


class DeckExists(Exception):
    """An enrolled deck of that name is stored already."""


class DeckChanged(Exception):
    """The stored deck is no longer the one read (another server saved or deleted it since)."""


def deck_version(stored: float | None, replace: bool, expected: float | None, name: str) -> float:
    """The ``created`` stamp of a deck about to be saved over ``stored`` (the stamp of the deck
    stored under its name now, None for none), or the refusal: :class:`DeckExists` when one is
    stored and may not be replaced, :class:`DeckChanged` when the caller read another (its
    ``expected``). A new stamp is always later than the one it replaces, so a save is seen as
    a change even within one tick of the clock."""
    if expected is not None and stored != expected:
        raise DeckChanged(name)
    if stored is not None and not replace:
        raise DeckExists(name)
    now = time.time()
    return now if stored is None or now > stored else stored + 1e-6


@dataclass(frozen=True, slots=True)
class DeckRow:
    """An enrolled deck as stored: its facts and its one-file form."""

    name: str
    kind: str
    cards: int
    size: int  # bytes of the file
    created: float


@dataclass(frozen=True, slots=True)
class Event:
    """One stored event of a table."""

    seq: int
    kind: str
    payload: dict[str, Any]
    created: float


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table's fixed facts."""

    id: str
    room: str
    game: str
    host_token_hash: str
    created: float


Writer = Callable[[Callable[[], Any]], Any]


def request_seat(payload: dict[str, Any]) -> int:
    """The seat that sent the request which made an ``action`` event, from the event itself
    (``by``: the seat, ``host`` or ``bot``): the seat of a record kept from before requests
    were keyed by seat, or of an older game record."""
    by = payload.get("by")
    if isinstance(by, int) and not isinstance(by, bool):
        return by
    if by == "bot":
        player = (payload.get("action") or {}).get("player")
        if isinstance(player, int) and not isinstance(player, bool):
            return player
    return HOST_SEAT


def check_request(found: RequestRecord | None, request: RequestKey) -> None:
    """Raise when ``request`` was already made (the record ``found`` under its seat and id):
    :class:`DuplicateRequest` for a retry with the same body, :class:`ReusedRequest` for an
    id used again with another body."""
    if found is None:
        return
    if found.same_body(request.digest):
        raise DuplicateRequest(found.seq)
    raise ReusedRequest(found.seq)
