"""Acting: a phone's move checked by the engine, appended once, and a retry answered again."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..games.engine import IllegalAction, automatic
from ..storage.rows import HOST_SEAT, DuplicateRequest, Event, RequestKey, ReusedRequest
from .errors import BadRequest, Conflict, Forbidden, Illegal, Unauthorized
from .phone_only import phone_only
from .refusals import for_players, for_seat, fresh, need_seq
from .seats import Seats
from .table import OUTSIDE_THE_GAME, Table
from .tables import Tables

REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
AUTOMATIC_TRIES = 3  # a move the game makes by itself, tried again when another request came first


def request_id_of(value: Any) -> str | None:
    """A phone's id for one request (so that a retry is never applied twice), or None."""
    if value is None:
        return None
    if not isinstance(value, str) or not REQUEST_ID.fullmatch(value):
        raise BadRequest("'id' must be 8 to 64 letters, digits, '-' or '_'.",
                         "'id' deve avere da 8 a 64 lettere, cifre, '-' o '_'.")
    return value


def unknown_fields(raw: Any, known: Any, where: str = "") -> list[str]:
    """The fields of an action as sent (``raw``) that its game does not read: those missing
    from the action as the game writes it back (``known``), nested objects and lists
    included. A field sent empty (``null``) is no field."""
    if isinstance(raw, Mapping):
        inner = known if isinstance(known, Mapping) else {}
        return [name for key, value in raw.items() if value is not None
                for name in ([f"{where}{key}"] if key not in inner
                             else unknown_fields(value, inner[key], f"{where}{key}."))]
    if isinstance(raw, list) and isinstance(known, list) and len(raw) == len(known):
        return [name for k, (r, n) in enumerate(zip(raw, known, strict=True))
                for name in unknown_fields(r, n, f"{where}{k}.")]
    return []


def refuse_unknown_fields(raw: Any, known: Any, undone: tuple[str, str]) -> None:
    """Refuse (400) an action as sent (``raw``) with a field the game does not read, against
    the action as the game writes it back (``known``): a field misspelt or misplaced would be
    silently dropped. ``undone``: what was not done, in English and Italian."""
    extra = sorted(unknown_fields(raw, known))
    if extra:
        names = ", ".join(f"'{name}'" for name in extra)
        one = len(extra) == 1
        raise BadRequest(
            f"This game's actions have no {'field' if one else 'fields'} {names}: {undone[0]}",
            f"Le azioni di questo gioco non hanno {'il campo' if one else 'i campi'} {names}: "
            f"{undone[1]}", fields=extra)


def request_digest(body: Mapping[str, Any]) -> str:
    """The digest of a request's body without its id: a retry sends the same body again
    (keys in any order), another move with the same id does not."""
    rest = {k: v for k, v in body.items() if k != "id"}
    text = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


class Moves:
    """Every move of a game, from a phone, the host's screen or a practice table's bot."""

    def __init__(self, tables: Tables, seats: Seats) -> None:
        self.tables = tables
        self.store = tables.store
        self.seats = seats

    def submit(
        self, table_id: str, tokens: Sequence[str], body: Mapping[str, Any], bot: int | None = None
    ) -> tuple[Table, Event]:
        """Check and append one action: ``{"action": {...}, "seq": last seen}``.

        ``tokens`` are the caller's credentials (a seat token, the host token): a
        seat acts for itself. The host (the referee, or the tablet that scans the
        table) acts for others, except for a seat whose hand the app dealt to a
        phone: his refusals would tell the host that hand. ``bot``: the practice table's
        bots act for that seat (practice.py), with no token.
        """
        # a move the game makes by itself, still due from the request before (which is storing
        # it now): made first, so that nobody makes it in its place
        table = self._automatic(self.tables.table(table_id))
        seats, host = self.seats.credentials(table_id, tokens) if bot is None else ([bot], False)
        if bot is not None and bot not in table.bots:
            raise Forbidden("Only a practice table's bots play by themselves.",
                            "Solo i bot di un tavolo di prova giocano da soli.")
        if not seats and not host:
            raise Unauthorized("This phone has no seat at this table: join first.",
                               "Questo telefono non ha un posto a questo tavolo: entra prima.")
        request_id = request_id_of(body.get("id"))
        raw = body.get("action")
        if not isinstance(raw, dict):
            raise BadRequest("The request needs an 'action' object.",
                             "La richiesta deve contenere un oggetto 'action'.")
        expected = need_seq(body.get("seq"))
        raw = dict(raw)
        if any(raw.get(key) is not None for key in ("deck", "face_up", "hands", "order")):
            # A deal's cards, or the order of a reshuffled pile: no phone chooses them.
            raise BadRequest("The cards of a deal cannot be chosen from a phone.",
                             "Le carte di una mano non si scelgono da un telefono.")
        if "player" not in raw and seats:
            raw["player"] = seats[0]
        player = raw.get("player")
        if player not in seats and not host:
            raise Forbidden("You can only act for your own seat.",
                            "Puoi agire solo per il tuo posto.")
        by = "bot" if bot is not None else player if player in seats else "host"
        # A request id is the sending seat's own (the host's screen has its own ids), and a
        # retry carries the same body: the same id with another body is refused.
        request = None if request_id is None else RequestKey(
            bot if bot is not None else player if player in seats else HOST_SEAT,
            request_id, request_digest(body))
        if request is not None:
            done = self.store.find_request(table_id, request.seat, request.id)
            if done is not None:
                return self._repeated(table_id, done.seq, done.same_body(request.digest))
        if player not in seats:
            if player in table.bots:
                raise Forbidden("The app's bot plays that seat: it moves by itself.",
                                "Quel posto lo gioca un bot dell'app: muove da solo.")
            if phone_only(table, player, self.store.taken_seats(table_id)):
                # With hands dealt by the app, the host's refusals would reveal a hand.
                raise Forbidden(
                    "That player has a phone at this table: only their phone can act for them.",
                    "Quel giocatore ha un telefono al tavolo: solo il suo telefono può agire per lui.",
                )
        try:
            action = table.rules.load_action(raw)
            refuse_unknown_fields(raw, table.rules.dump_action(action),
                                  ("nothing was played.", "non si è giocato nulla."))
            table.rules.check(table.state, action)
        except IllegalAction as e:
            if expected != table.seq:
                fresh(table.seq, expected)  # say "look again" rather than judge an old view
            texts = for_players(e, table.names, raw)
            if by == "host":  # the table screen acts for a player: say whom the "you" means
                texts = for_seat(texts, table, player)
            raise Illegal(*texts, rule=e.rule, game=table.game, **e.details()) from e
        if expected != table.seq and not self._independent(table, expected, action):
            fresh(table.seq, expected)
        try:
            event = self.tables.append(table, "action", {
                "action": table.rules.dump_action(action), "by": by,
            }, expected=table.seq, request=request)
        except DuplicateRequest as e:  # the same retry arrived twice at once
            return self._repeated(table_id, e.seq, True)
        except ReusedRequest as e:
            return self._repeated(table_id, e.seq, False)
        return self._automatic(self.tables.table(table_id)), event

    def _automatic(self, table: Table) -> Table:
        """What the game does by itself after a move, stored as a move of the app's own (Insonnia
        dealt by the app: the discards shuffled into a new pile when a card is wanted from an
        empty one). The table as it then stands."""
        for _ in range(AUTOMATIC_TRIES):
            action = automatic(table.rules, table.state)
            if action is None:
                return table
            table.rules.check(table.state, action)  # never stored unchecked: a bug would raise here
            # another request may store it (or move on) first: then look again
            with contextlib.suppress(Conflict):
                self.tables.append(table, "action", {"action": table.rules.dump_action(action), "by": "app"},
                                   expected=table.seq)
            table = self.tables.table(table.id)
        return table

    def _repeated(self, table_id: str, seq: int, same_body: bool) -> tuple[Table, Event]:
        """A request id this seat already used (for event ``seq``): a retry (the same body) is
        answered as the first time, with the table as it was right after its move; an id sent
        again with another body is refused (409) and nothing is done."""
        if not same_body:
            raise Conflict(
                "This request id was already used for a different move: nothing was done. Send "
                "a new move with a new id.",
                "Questo identificativo di richiesta è già stato usato per un'altra mossa: non è "
                "stato fatto nulla. Invia la nuova mossa con un nuovo identificativo.",
                reason="request_id_reused", event=seq)
        return self.tables.table_at(table_id, seq), self.tables.event(table_id, seq)

    def _independent(self, table: Table, expected: int, action: Any) -> bool:
        """True when only events that cannot change the meaning of ``action`` came after
        ``expected``: events outside the game (a phone joining, a seat freed, the camera's deck,
        hints, the bots' cards shown), and moves the engine says commute with it.

        Players choosing at the same moment (Quinta) all send the sequence they saw:
        the others' face-down choices do not change theirs; nor does a phone joining meanwhile.
        The action was checked against the table as it is now.
        """
        if expected > table.seq:
            return False
        later = [e for e in self.store.read(table.id, expected) if e.kind not in OUTSIDE_THE_GAME]
        if not later:
            return True
        commutes = getattr(table.rules, "commutes", None)
        if commutes is None or any(e.kind != "action" for e in later):
            return False
        first = next((a for a in table.applied if a.seq > expected), None)
        then = first.before if first is not None else table.state
        return bool(commutes(then, table.state, action))
