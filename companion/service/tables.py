"""The table service: create, join, submit, undo. Replay + check + append.

A table is its event log: ``setup`` (game, seats, options, seed), then ``join``,
``action`` and ``undo`` events. The state is derived by replaying the log; a
small cache keeps the last derived table per id and catches up by reading only
the events it has not seen.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from recognizer import pipeline

from ..decks.library import DeckLibrary
from ..games import GAMES, PLAYABLE, get_rules
from ..games.cards import card_label, faces_of
from ..games.engine import IllegalAction, Rules, SetupError, json_number
from ..games.registry import get_game, hints_for
from ..games.settlement import settle
from ..storage.eventlog import EventLog
from ..storage.live import Doorbell
from ..storage.sqlite import (
    HOST_SEAT,
    DuplicateRequest,
    Event,
    RequestKey,
    ReusedRequest,
    SeatTaken,
    StaleSequence,
)
from .camera import table_kinds
from .errors import BadRequest, Conflict, Forbidden, Illegal, NotFound, Unauthorized
from .names import clean_name, quoted, unechoed
from .practice_log import PRACTICE_EVENTS, fold_practice, practice_view

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1
ROOM_LENGTH = 5
MAX_SEATS = 12
VIEW_CACHE = 2_000  # views kept for the live streams (about 8 per table)
# Events that change no game state: a move made on a view from before them means the same.
OUTSIDE_THE_GAME = frozenset({"join", "release", "camera", "hints", "show_bots"})
MAX_ROOM = 12


def hash_token(token: str) -> str:
    """The stored form of a seat or host token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Applied:
    """One action in force: its sequence, the action, and the state before it."""

    seq: int
    action: Any
    before: Any


@dataclass(frozen=True)
class Table:
    """A table derived from its log up to ``seq``."""

    id: str
    room: str
    game: str
    seq: int
    names: tuple[str | None, ...]
    options: dict[str, Any]
    state: Any
    applied: tuple[Applied, ...] = ()
    log: tuple[dict[str, Any], ...] = field(default=())
    camera: str | None = None  # the enrolled deck the camera reads this table's cards with
    hints: bool = True  # the host may switch hints off for a serious game
    bots: tuple[int, ...] = ()  # a practice table: the seats the app's bots play
    show_bots: bool = False  # a practice table: the bots' hands shown to the player
    seats_seq: int = 0  # the last event that gave or took a seat's token (join, release)

    @property
    def rules(self) -> Rules[Any, Any]:
        """The table's engine."""
        return get_rules(self.game)

    def display_names(self) -> list[str]:
        """Every seat's name, ``Seat n`` for an open seat."""
        return [n or f"Seat {i + 1}" for i, n in enumerate(self.names)]


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
}


class TableService:
    """Everything a phone can ask of a table, over one store."""

    def __init__(self, store: EventLog, doorbell: Doorbell | None = None) -> None:
        self.store = store
        self.doorbell = doorbell or Doorbell()
        self.decks = DeckLibrary(store)
        # Each table as last read, with the doorbell's count when it was read: every commit
        # rings the table's bell (other app servers' commits too, through the database), so
        # while the count stands the cached table is the log's last word and no query is needed.
        self._cache: dict[str, tuple[Table, int]] = {}
        # (table, token hash) -> (the table's seats_seq when looked up, the seat or None)
        self._seats: dict[tuple[str, str], tuple[int, int | None]] = {}
        self._hosts: dict[str, str] = {}  # table -> its host token's hash (never changes)
        # (table, seat, host) -> (seq, the view as JSON) for the live streams
        self._views: dict[tuple[str, int | None, bool], tuple[int, str]] = {}
        self._lock = threading.Lock()

    # ---- creating and joining --------------------------------------------
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
            raise BadRequest(str(e), _setup_it(str(e))) from e
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
            setup["camera"] = self._camera_deck(draft, camera)
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
            raise NotFound(f"No table has the room code {code}.",
                           f"Nessun tavolo ha il codice {code}.")
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
        table = self.table(table_id)
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
        self.doorbell.ring(table.id)
        return Joined(seat, token, new_name)

    # ---- who is asking ----------------------------------------------------
    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The seat a token belongs to; None when the token is missing or not a seat's."""
        if not token:
            return None
        hashed = hash_token(token)
        version = self.table(table_id).seats_seq
        with self._lock:
            known = self._seats.get((table_id, hashed))
        if known is not None and known[0] == version:
            return known[1]
        seat = self.store.seat_for_token(table_id, hashed)
        with self._lock:
            self._seats[(table_id, hashed)] = (version, seat)
        return seat

    def credentials(self, table_id: str, tokens: Sequence[str]) -> tuple[list[int], bool]:
        """The seats the caller's tokens hold, and whether one of them is the host token."""
        seats = [s for s in (self.seat_of(table_id, t) for t in tokens) if s is not None]
        return seats, any(self.is_host(table_id, t) for t in tokens)

    def is_host(self, table_id: str, token: str | None) -> bool:
        """True when ``token`` is the table's host token."""
        if not token:
            return False
        with self._lock:
            known = self._hosts.get(table_id)
        if known is None:
            row = self.store.table(table_id)
            if row is None:
                return False
            known = row.host_token_hash
            with self._lock:
                self._hosts[table_id] = known
        return secrets.compare_digest(known, hash_token(token))

    def require_host(self, table_id: str, tokens: Sequence[str], power: str) -> None:
        """Refuse (403) a caller without the host token one of the host's powers (a key of
        ``HOST_ONLY``); 404 for an unknown table. Routes ask it before they read the body:
        rights before shape."""
        self.table(table_id)
        if not self.credentials(table_id, tokens)[1]:
            raise Forbidden(*HOST_ONLY[power])

    def require_player(self, table_id: str, tokens: Sequence[str]) -> None:
        """Refuse (401) a caller with neither a seat nor the host token at this table (before
        the body of a move is read); 404 for an unknown table."""
        self.table(table_id)
        seats, host = self.credentials(table_id, tokens)
        if not seats and not host:
            raise Unauthorized("This phone has no seat at this table: join first.",
                               "Questo telefono non ha un posto a questo tavolo: entra prima.")

    # ---- reading ----------------------------------------------------------
    def table(self, table_id: str) -> Table:
        """The table as of its last event (cached, caught up from the log)."""
        rings = self.doorbell.rings(table_id)  # before reading: a later commit rings again
        with self._lock:
            found = self._cache.get(table_id)
        if found is not None and found[1] == rings:
            return found[0]
        if found is None:
            row = self.store.table(table_id)
            if row is None:
                raise NotFound("No such table.", "Questo tavolo non esiste.")
            events = self.store.read(table_id)
            table = _fold(_start(row.id, row.room, events[0]), events[1:])
        else:
            table = _fold(found[0], self.store.read(table_id, found[0].seq))
        with self._lock:
            old = self._cache.get(table_id)
            if old is None or (old[0].seq, old[1]) <= (table.seq, rings):
                self._cache[table_id] = (table, rings)
        return table

    def table_at(self, table_id: str, seq: int) -> Table:
        """The table as it was right after event ``seq`` (replayed from its log)."""
        latest = self.table(table_id)
        if seq == latest.seq:
            return latest
        row = self.store.table(table_id)
        if row is None:
            raise NotFound("No such table.", "Questo tavolo non esiste.")
        events = [e for e in self.store.read(table_id) if e.seq <= seq]
        return _fold(_start(row.id, row.room, events[0]), events[1:])

    def view(self, table_id: str, seat: int | None, host: bool = False) -> dict[str, Any]:
        """Everything one phone may see, for its seat (None = the table screen)."""
        return self.view_of(self.table(table_id), seat, host)

    def view_text(self, table_id: str, seat: int | None, host: bool = False) -> tuple[int, str]:
        """A seat's view as JSON text, and its sequence: what a live stream sends. Every phone
        of a seat (and every table screen) gets the same text for one event, so it is made
        once per event and seat however many streams are open (fifty phones on one table)."""
        table = self.table(table_id)
        key = (table_id, seat, host)
        with self._lock:
            known = self._views.get(key)
        if known is not None and known[0] == table.seq:
            return known
        made = (table.seq, json.dumps(self.view_of(table, seat, host)))
        with self._lock:
            if len(self._views) >= VIEW_CACHE:
                self._views.clear()  # a crude bound: the next event makes them again
            old = self._views.get(key)
            if old is None or old[0] <= made[0]:
                self._views[key] = made
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
        return {
            "table": table.id,
            "room": table.room,
            "game": table.game,
            "seq": table.seq,
            "names": names,
            "seats": [
                {"seat": i, "name": names[i], "named": table.names[i] is not None,
                 "joined": i in joined}
                for i in range(len(names))
            ],
            "me": seat,
            "host": host,
            "options": table.options,
            "state": rules.view(table.state, seat),
            "can_undo": bool(out is None and last and rules.can_undo(table.state, last.action)),
            "outcome": None if out is None else {
                "scores": [json_number(v) for v in out.scores],
                "winners": list(out.winners),
                "winner_names": [names[i] for i in out.winners],
                "payouts": list(out.payouts),
                "transfers": [{"from": a, "to": b, "amount": n} for a, b, n in settle(out.payouts)]
                if out.payouts else [],
            },
            "log": list(table.log),
            "corrections": _correctable(table) if host else [],
            "scannable": scannable(table, self.decks),
            "camera": table.camera,
            "hints": table.hints,
            **({"camera_choices": self.camera_choices(table)} if host else {}),
            "pack": info(table.state) if (info := getattr(rules, "table_info", None)) else None,
            "practice": practice_view(table, seat),
        }

    def record(self, table_id: str, tokens: Sequence[str]) -> dict[str, Any]:
        """The host's download of the table's log (``tavolo-record/1``), once the game is over.

        The record holds the seed (which rebuilds every hand the app dealt and the deck's order)
        and every private entry, so while the game is on it is refused (409,
        ``reason: game_in_progress``) and nothing changes.
        """
        table = self.table(table_id)  # 404 first
        self.require_host(table_id, tokens, "record")
        if table.rules.outcome(table.state) is None:
            raise Conflict(
                "The game record can be downloaded once the game is over: it would show the "
                "hidden cards of a game still being played.",
                "La registrazione della partita si può scaricare a partita finita: mostrerebbe "
                "le carte coperte di una partita ancora in corso.",
                reason="game_in_progress",
            )
        data = self.store.export_table(table_id)
        if data is None:  # removed meanwhile
            raise NotFound("No such table.", "Questo tavolo non esiste.")
        return data

    # ---- acting -----------------------------------------------------------
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
        table = self.table(table_id)
        seats, host = self.credentials(table_id, tokens) if bot is None else ([bot], False)
        if bot is not None and bot not in table.bots:
            raise Forbidden("Only a practice table's bots play by themselves.",
                            "Solo i bot di un tavolo di prova giocano da soli.")
        if not seats and not host:
            raise Unauthorized("This phone has no seat at this table: join first.",
                               "Questo telefono non ha un posto a questo tavolo: entra prima.")
        request_id = _request_id(body.get("id"))
        raw = body.get("action")
        if not isinstance(raw, dict):
            raise BadRequest("The request needs an 'action' object.",
                             "La richiesta deve contenere un oggetto 'action'.")
        expected = _need_seq(body.get("seq"))
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
            private = getattr(table.rules, "private", None)
            secret = bool(private(table.state, player)) \
                if private is not None and isinstance(player, int) and 0 <= player < len(table.names) \
                else False
            if secret and player in self.store.taken_seats(table_id):
                # With hands dealt by the app, the host's refusals would reveal a hand.
                raise Forbidden(
                    "That player has a phone at this table: only his phone can act for him.",
                    "Quel giocatore ha un telefono al tavolo: solo il suo telefono può agire per lui.",
                )
        try:
            action = table.rules.load_action(raw)
            table.rules.check(table.state, action)
        except IllegalAction as e:
            if expected != table.seq:
                self._fresh(table, expected)  # say "look again" rather than judge an old view
            raise Illegal(*for_players(e, table.names, raw), rule=e.rule, **e.details()) from e
        if expected != table.seq and not self._independent(table, expected, action):
            self._fresh(table, expected)
        try:
            event = self._append(table, "action", {
                "action": table.rules.dump_action(action), "by": by,
            }, expected=table.seq, request=request)
        except DuplicateRequest as e:  # the same retry arrived twice at once
            return self._repeated(table_id, e.seq, True)
        except ReusedRequest as e:
            return self._repeated(table_id, e.seq, False)
        return self.table(table_id), event

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
        return self.table_at(table_id, seq), self._event(table_id, seq)

    def _event(self, table_id: str, seq: int) -> Event:
        """One stored event of a table."""
        return self.store.read(table_id, seq - 1)[0]

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

    def correct(self, table_id: str, tokens: Sequence[str], body: Mapping[str, Any]) -> Event:
        """The host corrects a card entered by mistake: ``{"target": seq, "action": {...}, "seq"}``.

        Only where the engine allows it (a card from a hand the app does not know,
        revealed to everybody); the moves after it are replayed and must still fit.
        """
        table = self.table(table_id)
        self.require_host(table_id, tokens, "correct")
        expected, target, raw = body.get("seq"), body.get("target"), body.get("action")
        if not isinstance(expected, int) or not isinstance(target, int) or not isinstance(raw, dict):
            raise BadRequest("A correction needs 'seq', 'target' (the move's event) and 'action'.",
                             "Una correzione richiede 'seq', 'target' (l'evento della mossa) e 'action'.")
        self._fresh(table, expected)
        old = next((a for a in table.applied if a.seq == target), None)
        if old is None:
            raise BadRequest("There is no move with that number to correct.",
                             "Non c'è una mossa con quel numero da correggere.")
        raw = {**raw, "player": getattr(old.action, "player", None)}
        try:
            action = table.rules.load_action(raw)
            can_correct = getattr(table.rules, "can_correct", None)
            if can_correct is None or not can_correct(old.before, table.state, old.action, action):
                raise IllegalAction(
                    "correct.not_allowed",
                    "This move cannot be corrected: only a revealed card from a hand the app does "
                    "not know.",
                    "Questa mossa non si può correggere: solo una carta scoperta di una mano che "
                    "l'app non conosce.")
            after = _corrected(table, target, action, table.seq + 1)
            same_course = getattr(table.rules, "same_course", None)
            if same_course is None or not same_course(table.state, after.state):
                raise IllegalAction(
                    "correct.changes_course",
                    "That correction does not fit the game: that card was played by someone else "
                    "in the same round.",
                    "Questa correzione non torna: quella carta è stata giocata da un altro nello "
                    "stesso giro.")
        except IllegalAction as e:
            raise Illegal(*for_players(e, table.names, raw), rule=e.rule) from e
        return self._append(table, "correct", {"target": target, "action": table.rules.dump_action(action)},
                            expected=expected)

    def _camera_deck(self, table: Table, name: Any) -> str:
        """An enrolled deck's name, checked: it exists and its faces are this table's cards."""
        if not isinstance(name, str) or not name.strip():
            raise BadRequest("'camera' must name an enrolled deck.",
                             "'camera' deve nominare un mazzo registrato.")
        row = self.store.deck_row(name)
        if row is None:
            raise BadRequest(f"There is no enrolled deck named {name!r}.",
                             f"Non c'è un mazzo registrato di nome {name!r}.")
        kinds = table_kinds(table)
        if row.kind not in kinds:
            raise BadRequest(
                f"The deck {name!r} is a {row.kind} deck; this table's camera reads {' or '.join(kinds)}.",
                f"Il mazzo {name!r} è di tipo {row.kind}; qui la fotocamera legge {' o '.join(kinds)}.")
        return name

    def camera_choices(self, table: Table) -> list[str]:
        """The enrolled decks this table's camera could read with."""
        kinds = table_kinds(table)
        return [r.name for r in self.decks.decks() if r.kind in kinds]

    def choose_camera(self, table_id: str, tokens: Sequence[str], body: Mapping[str, Any]) -> Event:
        """The host chooses the enrolled deck the camera reads with (``{"deck": name | null, "seq"}``)."""
        self.require_host(table_id, tokens, "camera")
        expected = _need_seq(body.get("seq"))
        table = self.table(table_id)
        self._fresh(table, expected)
        name = body.get("deck")
        deck = None if name is None else self._camera_deck(table, name)
        return self._append(table, "camera", {"deck": deck}, expected=expected)

    def release(self, table_id: str, tokens: Sequence[str], seat: int) -> Event:
        """The host frees a seat (a phone lost its cookie): the player can join again."""
        table = self.table(table_id)
        self.require_host(table_id, tokens, "release")
        if seat not in self.store.taken_seats(table_id):
            raise BadRequest("That seat has no phone.", "Quel posto non ha un telefono.")
        for _ in range(20):
            try:
                event = self.store.append(table_id, table.seq, "release", {"seat": seat},
                                          release_seat=seat)
            except StaleSequence:
                table = self.table(table_id)
                continue
            self.doorbell.ring(table_id)
            return event
        raise Conflict("The table is too busy right now: try again.",
                       "Il tavolo è troppo occupato adesso: riprova.")

    def hints(self, table_id: str, tokens: Sequence[str]) -> dict[str, Any]:
        """The caller's own seat's legal moves and what each would do (only his own seat)."""
        table = self.table(table_id)
        seats, host = self.credentials(table_id, tokens)
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

    def switch_hints(self, table_id: str, tokens: Sequence[str], body: Mapping[str, Any]) -> Event:
        """The host switches hints on or off (``{"on": bool, "seq"}``); the log records it."""
        self.require_host(table_id, tokens, "hints")
        on = body.get("on")
        if not isinstance(on, bool):
            raise BadRequest("'on' must be true or false.", "'on' deve essere true o false.")
        expected = _need_seq(body.get("seq"))
        table = self.table(table_id)
        self._fresh(table, expected)
        if table.hints == on:
            raise Conflict("Hints are already " + ("on." if on else "off."),
                           "I suggerimenti sono già " + ("attivi." if on else "disattivati."))
        return self._append(table, "hints", {"on": on}, expected=expected)

    def undo(self, table_id: str, tokens: Sequence[str], expected: Any) -> Event:
        """The host takes back the last action, where the rules allow it."""
        self.require_host(table_id, tokens, "undo")
        expected = _need_seq(expected)
        table = self.table(table_id)
        self._fresh(table, expected)
        if not table.applied:
            raise Illegal("There is nothing to undo.", "Non c'è niente da annullare.",
                          rule="undo.nothing")
        if table.rules.outcome(table.state) is not None:
            # The game record (the deal's seed, every hand) is the host's once the game is
            # over: the game must not come back to life after it.
            raise Illegal(
                "The game is over: its last move can no longer be undone.",
                "La partita è finita: la sua ultima mossa non si può più annullare.",
                rule="undo.over",
            )
        if not table.rules.can_undo(table.state, table.applied[-1].action):
            raise Illegal(
                "The last move cannot be undone: cards have been revealed since.",
                "L'ultima mossa non si può annullare: da allora sono state scoperte carte.",
                rule="undo.revealed",
            )
        return self._append(table, "undo", {"seq": table.applied[-1].seq}, expected=expected)

    def _fresh(self, table: Table, expected: int) -> None:
        if expected != table.seq:
            raise moved_first(table.seq)

    def _append(
        self, table: Table, kind: str, payload: dict[str, Any],
        expected: int | None = None, seat_token: tuple[int, str] | None = None,
        request: RequestKey | None = None,
    ) -> Event:
        try:
            event = self.store.append(
                table.id, table.seq if expected is None else expected, kind, payload, seat_token,
                request=request,
            )
        except StaleSequence as e:
            raise moved_first(e.actual) from e
        self.doorbell.ring(table.id)
        return event


def moved_first(seq: int) -> Conflict:
    """The refusal of a request made on an older view of the table (409, ``reason:
    moved_first``): someone moved first; nothing was done. The web layer adds the caller's
    view of the table as it is now, so that the phone shows it at once."""
    return Conflict(
        "Someone moved first: here is the table as it is now. If your move still fits, send it "
        "again.",
        "Qualcuno ha mosso prima: ecco il tavolo com'è adesso. Se la tua mossa va ancora bene, "
        "inviala di nuovo.",
        reason="moved_first", seq=seq,
    )


_DECISION = re.compile(r"\s*\(DECISION[E]? [A-Z]+\d+\)")


def for_players(e: IllegalAction, names: Sequence[str | None], sent: Any = None) -> tuple[str, str]:
    """An engine's refusal as players read it: seats by their names, without the spec's
    DECISION numbers (the rule id still says which rule it was), and whatever odd text the
    action ``sent`` carried (a card code that is no card) quoted and escaped, never raw."""
    def name(seat: str) -> str | None:
        i = int(seat) - 1
        return names[i] if 0 <= i < len(names) and names[i] else None

    def english(m: re.Match[str]) -> str:
        return name(m[1]) or m[0]

    def italian(m: re.Match[str]) -> str:
        who = name(m[2])
        if who is None:
            return m[0]
        return f"di {who}" if m[1] else who

    en = re.sub(r"\bseat (\d+)", english, _DECISION.sub("", unechoed(e.message, sent)))
    it = re.sub(r"\b(?:(del )|il |al )?posto (\d+)", italian, _DECISION.sub("", unechoed(e.message_it, sent)))
    return en, it


REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def _request_id(value: Any) -> str | None:
    """A phone's id for one request (so that a retry is never applied twice), or None."""
    if value is None:
        return None
    if not isinstance(value, str) or not REQUEST_ID.fullmatch(value):
        raise BadRequest("'id' must be 8 to 64 letters, digits, '-' or '_'.",
                         "'id' deve avere da 8 a 64 lettere, cifre, '-' o '_'.")
    return value


def request_digest(body: Mapping[str, Any]) -> str:
    """The digest of a request's body without its id: a retry sends the same body again
    (keys in any order), another move with the same id does not."""
    rest = {k: v for k, v in body.items() if k != "id"}
    text = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def table_deck(table: Table) -> str:
    """The cards this table plays with: the game's deck, or the one chosen at creation
    (Insonnia: the printed deck or two French decks)."""
    chosen = getattr(table.rules, "table_deck", None)
    return str(chosen(table.state)) if chosen is not None else table.rules.deck


def camera_deck(table: Table) -> str | None:
    """The faces the camera must read at this table: the engine says (a Kaiserspiel table
    played with a French pack reads French cards, its other packs nothing yet), else the
    faces of the table's deck (two French decks are French cards)."""
    own = getattr(table.rules, "camera_deck", None)
    if own is not None:
        deck: str | None = own(table.state)
        return deck
    return faces_of(table_deck(table))


def scannable(table: Table, decks: DeckLibrary | None = None) -> bool:
    """True when the recogniser reads this table's cards: through the enrolled deck chosen
    for the table, or a deck it reads without enrolment. Read at each call: as soon as
    ``recognizer.pipeline.DECKS`` lists a deck (say ``insonnia108``, the printed Insonnia
    deck), its tables offer the camera; other decks are entered with the picker."""
    if table.camera is not None and decks is not None:
        row = decks.store.deck_row(table.camera)
        if row is not None and row.kind in table_kinds(table):
            return True
    deck = camera_deck(table)
    return deck is not None and deck in pipeline.DECKS


def _correctable(table: Table) -> list[dict[str, Any]]:
    """The last moves the host may correct, newest first: event number, player, card."""
    can_correct = getattr(table.rules, "can_correct", None)
    out: list[dict[str, Any]] = []
    if can_correct is None:
        return out
    for a in reversed(table.applied):
        card = getattr(a.action, "card", None)
        if card is not None and can_correct(a.before, table.state, a.action, a.action):
            kind = table.rules.dump_action(a.action).get("type", "play")
            out.append({"seq": a.seq, "player": a.action.player, "card": card, "type": kind})
        if len(out) >= 2 * len(table.names):
            break
    return out


def _need_seq(expected: Any) -> int:
    """The last event number a phone saw, or a clear 400."""
    if not isinstance(expected, int) or isinstance(expected, bool):
        raise BadRequest("The request needs 'seq', the last event number this phone saw.",
                         "La richiesta deve contenere 'seq', l'ultimo evento visto.")
    return expected


def _setup_it(message: str) -> str:
    """The Italian of the engines' set-up refusals (read_options)."""
    known = {
        "option 'hands' must be 'known' or 'unknown'":
            "l'opzione 'hands' deve essere 'known' o 'unknown'",
        "option 'stake' must be a whole number of chips from 1 to 1000":
            "l'opzione 'stake' deve essere un numero intero di gettoni da 1 a 1000",
        "option 'deck' must be 40 or 48": "l'opzione 'deck' deve essere 40 o 48",
        "option 'target' must be a whole number of points from 1 to 1000":
            "l'opzione 'target' deve essere un numero intero di punti da 1 a 1000",
        "option 'pack' must be one of: french, tarot, italian, swiss":
            "l'opzione 'pack' deve essere una di: french, tarot, italian, swiss",
        "an Italian deck has no 8s and 9s: play with 40 cards, or with a tarot or a French deck":
            "un mazzo italiano non ha gli 8 e i 9: gioca con 40 carte, o con un mazzo di tarocchi o "
            "francese",
        "option 'deck' must be 'printed' or 'french'": "l'opzione 'deck' deve essere 'printed' o 'french'",
        "option 'variant' must be 'base', 'rainbow' or 'family'":
            "l'opzione 'variant' deve essere 'base', 'rainbow' o 'family'",
        "Insonnia with two French decks takes 2 to 5 players":
            "Insonnia con due mazzi francesi si gioca da 2 a 5 giocatori",
    }
    played = re.fullmatch(r"(.+) is played by (\d+) to (\d+) players", message)
    if played and played[2] == played[3]:
        return f"{played[1]} si gioca in {played[2]}"
    if played:
        return f"{played[1]} si gioca da {played[2]} a {played[3]} giocatori"
    seat = re.fullmatch(r"option '(dealer|leader)' must be a seat from 0 to (\d+)", message)
    if seat:
        return f"l'opzione '{seat[1]}' deve essere un posto da 0 a {seat[2]}"
    unknown = re.fullmatch(r"unknown (.+) option\(s\): (.+)", message)
    if unknown:
        return f"opzioni di {unknown[1]} sconosciute: {unknown[2]}"
    return known.get(message, message)


def _start(table_id: str, room: str, setup: Event) -> Table:
    p = setup.payload
    rules = get_rules(p["game"])
    names = tuple(p["players"])
    state = rules.new_state(len(names), p["options"], int(p["seed"]))
    return Table(table_id, room, p["game"], setup.seq, names, dict(p["options"]), state,
                 camera=p.get("camera"), hints=bool(p.get("hints", True)),
                 bots=tuple(p.get("practice", {}).get("bots", ())))


def _corrected(table: Table, target: int, action: Any, seq: int) -> Table:
    """The table as if the action stored at ``target`` had been ``action``: the moves after
    it are played again on top (raises IllegalAction when one of them no longer fits)."""
    rules = table.rules
    index = next(i for i, a in enumerate(table.applied) if a.seq == target)
    old = table.applied[index]
    state = old.before
    applied = list(table.applied[:index])
    for a in (Applied(target, action, state), *table.applied[index + 1:]):
        applied.append(Applied(a.seq, a.action, state))
        state = rules.apply(state, a.action)
    names = table.display_names()
    card = card_label(str(getattr(action, "card", "")))
    old_card = card_label(str(getattr(old.action, "card", "")))
    who = names[action.player]
    line = {"seq": seq,
            "en": f"The host corrected {who}'s card: {old_card} is really {card}.",
            "it": f"L'organizzatore ha corretto la carta di {who}: {old_card} era in realtà {card}."}
    return replace(table, state=state, applied=tuple(applied), log=(*table.log, line))


def _fold(table: Table, events: Sequence[Event]) -> Table:
    """Apply events to a derived table; each event was checked before it was stored."""
    for ev in events:
        if ev.kind in ("join", "release"):
            table = replace(table, seats_seq=ev.seq)
        if ev.kind == "join":
            names = list(table.names)
            names[int(ev.payload["seat"])] = str(ev.payload["name"])
            table = replace(table, names=tuple(names))
        elif ev.kind == "action":
            rules = table.rules
            action = rules.load_action(ev.payload["action"])
            after = rules.apply(table.state, action)
            lines = get_game(table.game).narrate(table.display_names(), table.state, action, after)
            table = replace(
                table, state=after,
                applied=(*table.applied, Applied(ev.seq, action, table.state)),
                log=(*table.log, *({"seq": ev.seq, **line} for line in lines)),
            )
        elif ev.kind == "release":
            name = table.display_names()[int(ev.payload["seat"])]
            table = replace(table, log=(*table.log, {
                "seq": ev.seq, "en": f"The host freed {name}'s seat for another phone.",
                "it": f"L'organizzatore ha liberato il posto di {name} per un altro telefono."}))
        elif ev.kind == "camera":
            deck = ev.payload.get("deck")
            table = replace(table, camera=deck, log=(*table.log, {
                "seq": ev.seq,
                "en": f"The camera now reads the enrolled deck {deck}." if deck
                else "The camera's deck was cleared.",
                "it": f"La fotocamera ora legge il mazzo registrato {deck}." if deck
                else "Il mazzo della fotocamera è stato tolto."}))
        elif ev.kind == "hints":
            on = bool(ev.payload["on"])
            table = replace(table, hints=on, log=(*table.log, {
                "seq": ev.seq,
                "en": "The host switched hints on." if on else "The host switched hints off for this game.",
                "it": "L'organizzatore ha attivato i suggerimenti." if on
                else "L'organizzatore ha disattivato i suggerimenti per questa partita."}))
        elif ev.kind == "correct":
            table = _corrected(table, int(ev.payload["target"]),
                               table.rules.load_action(ev.payload["action"]), ev.seq)
        elif ev.kind in PRACTICE_EVENTS:
            table = fold_practice(table, ev)
        elif ev.kind == "undo":
            last = table.applied[-1]
            table = replace(
                table, state=last.before, applied=table.applied[:-1],
                log=(*table.log, {"seq": ev.seq, "en": "The host undid the last move.",
                                  "it": "L'organizzatore ha annullato l'ultima mossa."}),
            )
        table = replace(table, seq=ev.seq)
    return table
