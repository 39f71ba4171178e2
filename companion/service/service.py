"""The table service: its parts, each with one job, wired over one store.

``TableService(store)`` is what the web layer, the CLI and the benchmarks hold. Each
part answers one kind of question:

- ``tables``: each table as of its last event (cached), and appending an event;
- ``seats``: the seat a token holds, the host's rights;
- ``lobby``: creating a table, room codes, joining;
- ``moves``: a move checked and appended once (retries answered again);
- ``host``: undo, corrections, freeing a seat, hints on or off, the camera's deck, the record;
- ``views``: what each phone sees, and its hints;
- ``presence``: which seats' phones have the table open now.
"""

from __future__ import annotations

from ..decks.library import DeckLibrary
from ..storage.eventlog import EventLog
from ..storage.live import Doorbell
from .host import HostTools
from .lobby import Lobby
from .moves import Moves
from .presence import Presence
from .seats import Seats
from .tables import CACHED_TABLES, Tables
from .views import Views


class TableService:
    """Everything a phone can ask of a table, over one store, by its parts."""

    def __init__(self, store: EventLog, doorbell: Doorbell | None = None,
                 cache: int = CACHED_TABLES, presence: Presence | None = None) -> None:
        """``cache``: how many tables are kept derived in memory (their seats and views too);
        a table forgotten is replayed from its log when asked for again. ``presence``: the
        seats' phones with a live stream (this server's alone unless given)."""
        self.store = store
        self.doorbell = doorbell if doorbell is not None else Doorbell(keep=2 * cache)
        self.presence = presence if presence is not None else Presence(self.doorbell)
        self.decks = DeckLibrary(store)
        self.tables = Tables(store, self.doorbell, cache)
        self.seats = Seats(self.tables)
        self.lobby = Lobby(self.tables, self.seats, self.decks)
        self.moves = Moves(self.tables, self.seats)
        self.host = HostTools(self.tables, self.seats)
        self.views = Views(self.tables, self.seats, self.decks)
