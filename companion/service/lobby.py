"""Creating a table and taking a seat: room codes, the setup, a phone's seat token."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..decks.library import DeckLibrary
from ..games import GAMES, PLAYABLE
from ..games.engine import SetupError
from ..storage.rows import SeatTaken, StaleSequence
from .camera import check_camera_deck
from .errors import BadRequest, Conflict, NotFound
from .names import clean_name, quoted
from .refusals import setup_it
from .seats import Seats, hash_token
from .table import Table
from .tables import Tables

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1
ROOM_LENGTH = 5
MAX_SEATS = 12
MAX_ROOM = 12


@dataclass(frozen=True)
class Created:
    """What the creator of a table receives."""

    table_id: str
    room: str
    host_token: str


@dataclass(frozen=True)
class Joined:
    """What a joining phone receives."""

    seat: int
    token: str
    name: str


class Lobby:
    """New tables, room codes and seats."""

    def __init__(self, tables: Tables, seats: Seats, decks: DeckLibrary) -> None:
        self.tables = tables
        self.store = tables.store
        self.seats = seats
        self.decks = decks

    def create(self, body: Mapping[str, Any], seed: int | None = None,
               bots: Sequence[int] = ()) -> Created:
        """Create a table from ``{"game", "players": [names or null] | n, "options": {}}``;
        ``bots``: the seats the app's bots play (a practice table, see practice.py)."""
        game = body.get("game")
        if not isinstance(game, str) or game not in PLAYABLE:
            raise BadRequest(
                f"Unknown game {quoted(game)}. Available: {', '.join(sorted(PLAYABLE))}.",
                f"Gioco sconosciuto {quoted(game)}. Disponibili: {', '.join(sorted(PLAYABLE))}.",
            )
        rules = GAMES[str(game)]
        players = body.get("players", rules.seats.start)
        if isinstance(players, int) and not isinstance(players, bool):
            if not 0 < players <= MAX_SEATS:
                raise BadRequest(f"A table has 1 to {MAX_SEATS} seats.",
                                 f"Un tavolo ha da 1 a {MAX_SEATS} posti.")
            names: list[str | None] = [None] * players
        elif isinstance(players, list):
            if not 0 < len(players) <= MAX_SEATS:
                raise BadRequest(f"A table has 1 to {MAX_SEATS} seats.",
                                 f"Un tavolo ha da 1 a {MAX_SEATS} posti.")
            names = [clean_name(n) for n in players]
        else:
            raise BadRequest(
                "'players' must be a number of seats or a list of names.",
                "'players' deve essere un numero di posti o una lista di nomi.",
            )
        given = [n.casefold() for n in names if n]
        if len(set(given)) != len(given):
            raise BadRequest("Two players have the same name.", "Due giocatori hanno lo stesso nome.")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise BadRequest("'options' must be an object.", "'options' deve essere un oggetto.")
        seed = secrets.randbelow(2**31) if seed is None else seed
        try:
            state = rules.new_state(len(names), options, seed)
        except SetupError as e:
            raise BadRequest(str(e), setup_it(str(e))) from e
        setup = {"game": game, "players": names, "options": options, "seed": seed}
        hints = body.get("hints", True)
        if not isinstance(hints, bool):
            raise BadRequest("'hints' must be true or false.", "'hints' deve essere true o false.")
        if not hints:
            setup["hints"] = False
        if bots:
            setup["practice"] = {"bots": sorted(bots)}
        camera = body.get("camera")
        if camera is not None:
            draft = Table("", "", str(game), 0, tuple(names), dict(options), state)
            setup["camera"] = check_camera_deck(self.store, draft, camera)
        table_id = secrets.token_urlsafe(9)
        host_token = secrets.token_urlsafe(24)
        room = self._new_room()
        self.store.create_table(table_id, room, str(game), hash_token(host_token), setup)
        return Created(table_id, room, host_token)

    def _new_room(self) -> str:
        while True:
            room = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))
            if not self.store.room_exists(room):
                return room

    def find_room(self, room: str) -> str:
        """The table id behind a room code (case and spaces ignored)."""
        code = room.strip().upper()[:MAX_ROOM]
        row = self.store.table_by_room(code)
        if row is None:
            # A code of letters and digits is repeated as typed; anything else quoted, escaped.
            shown = code if code.isascii() and code.isalnum() else quoted(code, MAX_ROOM)
            raise NotFound(f"No table has the room code {shown}.",
                           f"Nessun tavolo ha il codice {shown}.")
        return row.id

    def join(self, table_id: str, seat: Any = None, name: Any = None) -> Joined:
        """Give a phone a seat (the first free one when ``seat`` is None) and its token."""
        for _ in range(20):
            try:
                return self._join_once(table_id, seat, name)
            except StaleSequence:
                continue  # someone else wrote meanwhile: look again
        raise Conflict("The table is too busy right now: try again.",
                       "Il tavolo è troppo occupato adesso: riprova.")

    def _join_once(self, table_id: str, seat: Any, name: Any) -> Joined:
        table = self.tables.table(table_id)
        taken = self.store.taken_seats(table_id)
        free = [i for i in range(len(table.names)) if i not in taken and i not in table.bots]
        if seat is None:
            if not free:
                raise Conflict("Every seat at this table is taken.",
                               "Tutti i posti di questo tavolo sono occupati.")
            seat = free[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.names):
            raise BadRequest("No such seat at this table.", "Questo posto non esiste.")
        if seat in table.bots:
            raise Conflict("The app's bot plays that seat at this practice table.",
                           "A questo tavolo di prova quel posto lo gioca un bot dell'app.")
        if seat in taken:
            raise Conflict("That seat is already taken by another phone.",
                           "Quel posto è già occupato da un altro telefono.")
        # A seat the host named keeps its name; an open seat takes the joiner's.
        new_name = table.names[seat] or clean_name(name)
        if new_name is None:
            raise BadRequest("Tell us your name to take an open seat.",
                             "Scrivi il tuo nome per prendere un posto libero.")
        if new_name.casefold() in (n.casefold() for i, n in enumerate(table.names) if i != seat and n):
            raise Conflict("Another player already has that name.",
                           "Un altro giocatore ha già quel nome.")
        token = secrets.token_urlsafe(24)
        try:
            self.store.append(table.id, table.seq, "join", {"seat": seat, "name": new_name},
                              seat_token=(seat, hash_token(token)))
        except SeatTaken as e:
            raise Conflict("That seat was just taken by another phone.",
                           "Quel posto è appena stato preso da un altro telefono.") from e
        self.tables.doorbell.ring(table.id)
        return Joined(seat, token, new_name)
