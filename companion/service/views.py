"""What each phone sees: its view of a table, the same text for every stream of a seat, and
its hints."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..decks.library import DeckLibrary
from ..games.engine import json_number
from ..games.registry import get_game, hints_for
from ..games.settlement import settle
from .bounded import Bounded
from .camera import camera_menu, scannable
from .errors import Forbidden, Unauthorized
from .host import correctable
from .practice_view import practice_view
from .seats import Seats
from .table import Table
from .tables import Tables

VIEWS_PER_TABLE = 8  # views kept per cached table for the live streams (its seats, the host, the screen)


class Views:
    """Every phone's view of a table, made once per event and seat for the live streams."""

    def __init__(self, tables: Tables, seats: Seats, decks: DeckLibrary) -> None:
        self.tables = tables
        self.store = tables.store
        self.seats = seats
        self.decks = decks
        # (table, seat, host) -> (seq, the view as JSON) for the live streams
        self._views: Bounded[tuple[str, int | None, bool], tuple[int, str]] = Bounded(
            tables.cache * VIEWS_PER_TABLE)

    def view(self, table_id: str, seat: int | None, host: bool = False) -> dict[str, Any]:
        """Everything one phone may see, for its seat (None = the table screen)."""
        return self.view_of(self.tables.table(table_id), seat, host)

    def view_text(self, table_id: str, seat: int | None, host: bool = False) -> tuple[int, str]:
        """A seat's view as JSON text, and its sequence: what a live stream sends. Every phone
        of a seat (and every table screen) gets the same text for one event, so it is made
        once per event and seat however many streams are open (fifty phones on one table)."""
        table = self.tables.table(table_id)
        key = (table_id, seat, host)
        known = self._views.get(key)
        if known is not None and known[0] == table.seq:
            return known
        made = (table.seq, json.dumps(self.view_of(table, seat, host)))
        self._views.put(key, made, replaces=lambda old: old[0] <= made[0])
        return made

    def view_of(self, table: Table, seat: int | None, host: bool = False) -> dict[str, Any]:
        """Everything one phone may see of ``table`` as derived (a retry's answer is the table
        right after its move), for its seat (None = the table screen)."""
        table_id = table.id
        rules = table.rules
        names = table.display_names()
        out = rules.outcome(table.state)
        last = table.applied[-1] if table.applied else None
        joined = self.store.taken_seats(table_id)
        state = rules.view(table.state, seat)
        return {
            "table": table.id,
            "room": table.room,
            "game": table.game,
            "seq": table.seq,
            "names": names,
            "seats": [
                {"seat": i, "name": names[i], "named": table.names[i] is not None,
                 "joined": i in joined, "bot": i in table.bots}
                for i in range(len(names))
            ],
            "me": seat,
            "host": host,
            "options": table.options,
            "state": state,
            "entered": entered_by(table, state),
            "entered_for_me": entered_for(table, seat),
            "can_undo": bool(out is None and last and rules.can_undo(table.state, last.action)),
            "moved": last is not None,  # a move to take back, or none yet (why undo is greyed)
            "outcome": None if out is None else {
                "scores": [json_number(v) for v in out.scores],
                "winners": list(out.winners),
                "winner_names": [names[i] for i in out.winners],
                "payouts": list(out.payouts),
                "transfers": [{"from": a, "to": b, "amount": n} for a, b, n in settle(out.payouts)]
                if out.payouts else [],
            },
            "log": list(table.log),
            "next": table.next_table,
            "corrections": correctable(table) if host else [],
            "scannable": scannable(table, self.decks),
            "camera": table.camera,
            "hints": table.hints,
            # whether hints can be given to the caller: most need a hand the app knows
            "hints_work": seat is not None and get_game(table.game).can_hint(table.state, seat),
            **(camera_menu(self.decks, table) if host else {}),
            "pack": info(table.state) if (info := getattr(rules, "table_info", None)) else None,
            "practice": practice_view(table, seat),
        }

    def hints(self, table_id: str, tokens: Sequence[str]) -> dict[str, Any]:
        """The caller's own seat's legal moves and what each would do (only his own seat)."""
        table = self.tables.table(table_id)
        seats, host = self.seats.credentials(table_id, tokens)
        if not seats:
            if host:
                raise Forbidden("Hints are for a player's own hand: open the table from your seat.",
                                "I suggerimenti sono per la mano di un giocatore: apri il tavolo dal tuo "
                                "posto.")
            raise Unauthorized("Join the table to see hints.", "Entra al tavolo per vedere i suggerimenti.")
        if not table.hints:
            raise Forbidden("The host has switched hints off for this game.",
                            "L'organizzatore ha disattivato i suggerimenti per questa partita.",
                            reason="hints_off")
        seat = seats[0]
        found = hints_for(table.game, table.rules, table.state, seat, table.display_names())
        return {"table": table.id, "seq": table.seq, "seat": seat, **found.as_json()}


def entered_by(table: Table, state: dict[str, Any]) -> dict[str, int]:
    """Who entered each card the table has seen played (the view's public ``cannot_hold``: on
    the table, in a pile, shown): the seat of the last move in force that played it. A player
    who really holds such a card is then told who entered it, so that one of the two entries
    can be put right. Cards entered face down and not yet shown are in no public list."""
    seen = {c for cards in state.get("cannot_hold") or [] for c in cards}
    out: dict[str, int] = {}
    for applied in table.applied:
        card, player = getattr(applied.action, "card", None), getattr(applied.action, "player", None)
        if isinstance(card, str) and card in seen and isinstance(player, int):
            out[card] = player
    return out


def entered_for(table: Table, seat: int | None) -> dict[str, Any] | None:
    """The last move the table screen made for ``seat`` (its event number, and its card where it
    has one), so that the seat's own phone is told: a card entered for him by mistake is his to
    notice. None for the table screen, or when the host never acted for the seat."""
    if seat is None:
        return None
    for applied in reversed(table.applied):
        if getattr(applied.action, "player", None) == seat and applied.by == "host":
            card = getattr(applied.action, "card", None)
            return {"seq": applied.seq, "card": card if isinstance(card, str) else None}
    return None
