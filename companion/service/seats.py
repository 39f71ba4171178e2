"""Who is asking: the seat a token holds, the host token, and the rights they give.

Tokens are stored hashed; a token's seat is looked up once per change of the table's seats
(a join or a freed seat), the host token's hash once per table.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence

from .bounded import Bounded
from .errors import BadRequest, Forbidden, NotFound, Unauthorized
from .tables import Tables


def hash_token(token: str) -> str:
    """The stored form of a seat or host token."""
    return hashlib.sha256(token.encode()).hexdigest()

# The host's powers, and what a caller without the host token hears when he tries one.
HOST_ONLY: dict[str, tuple[str, str]] = {
    "record": ("Only the host can download the game record.",
               "Solo l'organizzatore può scaricare la registrazione della partita."),
    "correct": ("Only the host can correct a card.", "Solo l'organizzatore può correggere una carta."),
    "camera": ("Only the host can choose the camera's deck.",
               "Solo l'organizzatore può scegliere il mazzo della fotocamera."),
    "release": ("Only the host can free a seat.", "Solo l'organizzatore può liberare un posto."),
    "hints": ("Only the host can switch hints on or off.",
              "Solo l'organizzatore può attivare o disattivare i suggerimenti."),
    "undo": ("Only the host can undo.", "Solo chi ha creato il tavolo può annullare."),
    "next": ("Only the host of both tables can send the players to a new game.",
             "Solo l'organizzatore di entrambi i tavoli può mandare i giocatori a una nuova partita."),
    "link": ("Only the host can show the host's link.",
             "Solo l'organizzatore può mostrare il link dell'organizzatore."),
    "new_link": ("Only the host can make a new host link.",
                 "Solo l'organizzatore può creare un nuovo link dell'organizzatore."),
}

MAX_TOKEN = 200  # characters: a token is 32; anything much longer is not one


SEATS_PER_TABLE = 8  # token look-ups kept per cached table (seats, the host, table screens)


class Seats:
    """The seats and the host's rights of the callers' tokens."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store
        # (table, token hash) -> (the table's seats_seq when looked up, the seat or None)
        self._seats: Bounded[tuple[str, str], tuple[int, int | None]] = Bounded(
            tables.cache * SEATS_PER_TABLE)
        # table -> (the table's host_seq when looked up, its host token's hash)
        self._hosts: Bounded[str, tuple[int, str]] = Bounded(tables.cache * SEATS_PER_TABLE)

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat a token belongs to; None when the token is missing or not a seat's."""
        if not token:
            return None
        hashed = hash_token(token)
        version = self.tables.table(table_id).seats_seq
        known = self._seats.get((table_id, hashed))
        if known is not None and known[0] == version:
            return known[1]
        seat = self.store.seat_for_token(table_id, hashed)
        self._seats.put((table_id, hashed), (version, seat))
        return seat

    def credentials(self, table_id: str, tokens: Sequence[str]) -> tuple[list[int], bool]:
        """The seats the caller's tokens hold, and whether one of them is the host token."""
        seats = [s for s in (self.seat_of(table_id, t) for t in tokens) if s is not None]
        return seats, any(self.is_host(table_id, t) for t in tokens)

    def is_host(self, table_id: str, token: str | None) -> bool:
        """True when ``token`` is the table's host token."""
        if not token:
            return False
        try:
            version = self.tables.table(table_id).host_seq
        except NotFound:
            return False
        known = self._hosts.get(table_id)
        if known is None or known[0] != version:
            row = self.store.table(table_id)
            if row is None:
                return False
            known = (version, row.host_token_hash)
            self._hosts.put(table_id, known)
        return secrets.compare_digest(known[1], hash_token(token))

    def require_host(self, table_id: str, tokens: Sequence[str], power: str) -> None:
        """Refuse (403) a caller without the host token one of the host's powers (a key of
        ``HOST_ONLY``); 404 for an unknown table. Routes ask it before they read the body:
        rights before shape."""
        self.tables.table(table_id)
        if not self.credentials(table_id, tokens)[1]:
            raise Forbidden(*HOST_ONLY[power])

    def host_token(self, table_id: str, tokens: Sequence[str]) -> str:
        """The host token among the caller's tokens, for the host's link; 403 for a caller
        without it, 404 for an unknown table."""
        self.tables.table(table_id)
        for token in tokens:
            if self.is_host(table_id, token):
                return token
        raise Forbidden(*HOST_ONLY["link"])

    def check_host_link(self, table_id: str, token: object) -> str:
        """The token of a host link opened on another device, once checked: 400 when it is
        no token at all, 403 when it is not this table's host token, 404 for an unknown table."""
        self.tables.table(table_id)
        if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
            raise BadRequest("This host link is incomplete (it was cut short): ask the host to show it "
                             "again.",
                             "Questo link dell'organizzatore è incompleto (è stato troncato): chiedi "
                             "all'organizzatore di mostrarlo di nuovo.", reason="host_link")
        if not self.is_host(table_id, token):
            raise Forbidden("This host link does not open this table's host tools (it belongs to another "
                            "table, or it was cut short): ask the host to show it again.",
                            "Questo link non apre gli strumenti dell'organizzatore di questo tavolo (è di "
                            "un altro tavolo, o è stato troncato): chiedi all'organizzatore di mostrarlo "
                            "di nuovo.", reason="host_link")
        return token

    def require_player(self, table_id: str, tokens: Sequence[str]) -> None:
        """Refuse (401) a caller with neither a seat nor the host token at this table (before
        the body of a move is read); 404 for an unknown table."""
        self.tables.table(table_id)
        seats, host = self.credentials(table_id, tokens)
        if not seats and not host:
            raise Unauthorized("This phone has no seat at this table: join first.",
                               "Questo telefono non ha un posto a questo tavolo: entra prima.")
