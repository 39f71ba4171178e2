"""The host's powers: undo, correct a card, free a seat, hints on or off, the camera's deck,
the game record and a new host link. A caller without the host token is refused before the
body is read."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from ..games.cards import deck_codes
from ..games.engine import IllegalAction
from ..storage.rows import Event, StaleSequence
from .camera import check_camera_deck
from .errors import BadRequest, Conflict, Illegal, NotFound
from .moves import refuse_unknown_fields
from .refusals import for_players, for_seat, fresh, need_seq
from .seats import Seats, hash_token
from .table import Applied, LaterMoveRefused, Table, replayed, table_deck
from .tables import Tables


class HostTools:
    """What only the host may do at a table."""

    def __init__(self, tables: Tables, seats: Seats) -> None:
        self.tables = tables
        self.store = tables.store
        self.seats = seats

    def record(self, table_id: str, tokens: Sequence[str]) -> dict[str, Any]:
        """The host's download of the table's log (``tavolo-record/1``), once the game is over.

        The record holds the seed (which rebuilds every hand the app dealt and the deck's order)
        and every private entry, so while the game is on it is refused (409,
        ``reason: game_in_progress``) and nothing changes.
        """
        table = self.tables.table(table_id)  # 404 first
        self.seats.require_host(table_id, tokens, "record")
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

    def undo(self, table_id: str, tokens: Sequence[str], expected: Any) -> Event:
        """The host takes back the last action, where the rules allow it."""
        self.seats.require_host(table_id, tokens, "undo")
        expected = need_seq(expected)
        table = self.tables.table(table_id)
        fresh(table.seq, expected)
        if not table.applied:
            raise Illegal("There is nothing to undo.", "Non c'è niente da annullare.",
                          rule="undo.nothing", game=table.game)
        if table.rules.outcome(table.state) is not None:
            # The game record (the deal's seed, every hand) is the host's once the game is
            # over: the game must not come back to life after it.
            raise Illegal(
                "The game is over: its last move can no longer be undone.",
                "La partita è finita: la sua ultima mossa non si può più annullare.",
                rule="undo.over", game=table.game,
            )
        if not table.rules.can_undo(table.state, table.applied[-1].action):
            raise Illegal(
                "The last move cannot be undone: cards have been revealed since.",
                "L'ultima mossa non si può annullare: da allora sono state scoperte carte.",
                rule="undo.revealed", game=table.game,
            )
        return self.tables.append(table, "undo", {"seq": table.applied[-1].seq}, expected=expected)

    def correct(self, table_id: str, tokens: Sequence[str], body: Mapping[str, Any]) -> Event:
        """The host corrects a card entered by mistake: ``{"target": seq, "action": {...}, "seq"}``.

        Only where the engine allows it (a card from a hand the app does not know,
        revealed to everybody); the moves after it are replayed and must still fit.
        """
        table = self.tables.table(table_id)
        self.seats.require_host(table_id, tokens, "correct")
        expected, target, raw = body.get("seq"), body.get("target"), body.get("action")
        if not isinstance(expected, int) or not isinstance(target, int) or not isinstance(raw, dict):
            raise BadRequest("A correction needs 'seq', 'target' (the move's event) and 'action'.",
                             "Una correzione richiede 'seq', 'target' (l'evento della mossa) e 'action'.")
        fresh(table.seq, expected)
        old = next((a for a in table.applied if a.seq == target), None)
        if old is None:
            raise BadRequest("There is no move with that number to correct.",
                             "Non c'è una mossa con quel numero da correggere.")
        player = getattr(old.action, "player", None)
        if raw.get("player") is not None and raw["player"] != player:
            raise BadRequest("A correction changes the card, not who played it: leave out 'player' "
                             "(nothing was corrected).",
                             "Una correzione cambia la carta, non chi l'ha giocata: togli 'player' "
                             "(non si è corretto nulla).", fields=["player"])
        raw = {**raw, "player": player}
        try:
            action = table.rules.load_action(raw)
            refuse_unknown_fields(raw, table.rules.dump_action(action),
                                  ("nothing was corrected.", "non si è corretto nulla."))
            check_correction(table, old, action)
        except IllegalAction as e:  # the host corrects a player's move: say whose
            texts = for_seat(for_players(e, table.names, raw), table, raw["player"])
            raise Illegal(*texts, rule=e.rule, game=table.game) from e
        return self.tables.append(table, "correct", {"target": target,
                                                     "action": table.rules.dump_action(action)},
                                  expected=expected)

    def correction_cards(self, table_id: str, tokens: Sequence[str], target: int) -> dict[str, Any]:
        """The cards the host may put in place of the card of the move stored at ``target``
        (:func:`fitting_cards`): asked for one move at a time, as the host opens its line."""
        table = self.tables.table(table_id)
        self.seats.require_host(table_id, tokens, "correct")
        # only a move the host's list offers: a face-down choice's card must not be told
        listed = any(c["seq"] == target for c in correctable(table, len(table.applied)))
        old = next((a for a in table.applied if a.seq == target), None)
        if old is None or not listed:
            raise NotFound("There is no move with that number to correct.",
                           "Non c'è una mossa con quel numero da correggere.")
        return {"seq": table.seq, "target": target, "cards": fitting_cards(table, old)}

    def announce_next(self, table_id: str, tokens: Sequence[str], body: Mapping[str, Any],
                      next_tokens: Sequence[str]) -> Event:
        """The host tells a finished table's phones about the game he started after it
        (``{"table": new id, "seq"}``): he must be the host of both, so that nobody sends a
        table's players to a stranger's table."""
        self.seats.require_host(table_id, tokens, "next")
        table = self.tables.table(table_id)
        expected = need_seq(body.get("seq"))
        fresh(table.seq, expected)
        if table.rules.outcome(table.state) is None:
            raise Conflict("A new game can be announced once this one is over.",
                           "Una nuova partita si può annunciare solo a partita finita.",
                           reason="game_in_progress")
        new_id = body.get("table")
        if not isinstance(new_id, str) or new_id == table_id:
            raise BadRequest("'table' must name the new table.", "'table' deve indicare il nuovo tavolo.",
                             fields=["table"])
        new = self.tables.table(new_id)  # 404 when there is none
        self.seats.require_host(new_id, next_tokens, "next")
        return self.tables.append(table, "next", {"table": new.id, "room": new.room}, expected=expected)

    def switch_hints(self, table_id: str, tokens: Sequence[str], body: Mapping[str, Any]) -> Event:
        """The host switches hints on or off (``{"on": bool, "seq"}``); the log records it."""
        self.seats.require_host(table_id, tokens, "hints")
        on = body.get("on")
        if not isinstance(on, bool):
            raise BadRequest("'on' must be true or false.", "'on' deve essere true o false.")
        expected = need_seq(body.get("seq"))
        table = self.tables.table(table_id)
        fresh(table.seq, expected)
        if table.hints == on:
            raise Conflict("Hints are already " + ("on." if on else "off."),
                           "I suggerimenti sono già " + ("attivi." if on else "disattivati."))
        return self.tables.append(table, "hints", {"on": on}, expected=expected)

    def choose_camera(self, table_id: str, tokens: Sequence[str], body: Mapping[str, Any]) -> Event:
        """The host chooses the enrolled deck the camera reads with (``{"deck": name | null, "seq"}``)."""
        self.seats.require_host(table_id, tokens, "camera")
        expected = need_seq(body.get("seq"))
        table = self.tables.table(table_id)
        fresh(table.seq, expected)
        name = body.get("deck")
        deck = None if name is None else check_camera_deck(self.store, table, name)
        return self.tables.append(table, "camera", {"deck": deck}, expected=expected)

    def new_host_link(self, table_id: str, tokens: Sequence[str]) -> str:
        """A new host token, for a new host link: the old link stops working and every other
        device loses the host's tools (a link shown to the wrong person, a phone lost). The
        caller's device gets the new token; 403 for a caller without the host token."""
        table = self.tables.table(table_id)
        self.seats.require_host(table_id, tokens, "new_link")
        token = secrets.token_urlsafe(24)
        self._append_whatever_came_first(table, "host_link", {}, host_token_hash=hash_token(token))
        return token

    def release(self, table_id: str, tokens: Sequence[str], seat: int) -> Event:
        """The host frees a seat (a phone lost its cookie): the player can join again."""
        table = self.tables.table(table_id)
        self.seats.require_host(table_id, tokens, "release")
        if seat not in self.store.taken_seats(table_id):
            raise BadRequest("That seat has no phone.", "Quel posto non ha un telefono.")
        return self._append_whatever_came_first(table, "release", {"seat": seat}, release_seat=seat)

    def _append_whatever_came_first(self, table: Table, kind: str, payload: dict[str, Any],
                                    **store: Any) -> Event:
        """Append an event outside the game, after whatever events came first (it does not
        depend on the game's state), then ring the table's bell."""
        for _ in range(20):
            try:
                event = self.store.append(table.id, table.seq, kind, payload, **store)
            except StaleSequence:
                table = self.tables.table(table.id)
                continue
            self.tables.doorbell.ring(table.id)
            return event
        raise Conflict("The table is too busy right now: try again.",
                       "Il tavolo è troppo occupato adesso: riprova.")

LISTED = 40  # the most moves the host's corrections list offers (newest first)


def check_correction(table: Table, old: Applied, action: Any) -> Any:
    """The game's state had the move ``old`` been ``action``; IllegalAction when the engine does
    not let the host correct that move so, or when the game would not stand where it stands
    (a later move no longer fits, or the round would go another way)."""
    can_correct = getattr(table.rules, "can_correct", None)
    if can_correct is None or not can_correct(old.before, table.state, old.action, action):
        raise IllegalAction(
            "correct.not_allowed",
            "This move cannot be corrected: only a revealed card from a hand the app does "
            "not know.",
            "Questa mossa non si può correggere: solo una carta scoperta di una mano che "
            "l'app non conosce.")
    state, _ = replayed(table, old.seq, action)
    same_course = getattr(table.rules, "same_course", None)
    if same_course is None or not same_course(table.state, state):
        raise IllegalAction(
            "correct.changes_course",
            "That correction does not fit the game: that card was played by someone else "
            "in the same round.",
            "Questa correzione non torna: quella carta è stata giocata da un altro nello "
            "stesso giro.")
    return state


def fitting_cards(table: Table, old: Applied) -> list[str]:
    """The cards the host may put in place of the card of move ``old``: its own card, and each
    card of the table's deck that the correction would accept (the engine allows it there and
    every later move still fits), so that the list offers no card already seen elsewhere. A card
    refused only by a later face-down choice stays in the list: leaving it out would tell the
    host what was chosen."""
    raw = table.rules.dump_action(old.action)
    own = raw.get("card")
    out = []
    for code in sorted(deck_codes(table_deck(table))):
        if code != own:
            try:
                check_correction(table, old, table.rules.load_action({**raw, "card": code}))
            except LaterMoveRefused as e:
                if not e.hidden:  # a face-down choice's card: leaving it out would show it
                    continue
            except IllegalAction:
                continue
        out.append(code)
    return out


def correctable(table: Table, listed: int = LISTED) -> list[dict[str, Any]]:
    """The moves the host may correct, newest first (at most ``listed``): event number, player,
    card, and when it was made where the game names it (``moment``: "Round 3"). The cards that
    could replace each one are asked for apart (:meth:`HostTools.correction_cards`): trying
    every card on every move would slow each view of the host."""
    can_correct = getattr(table.rules, "can_correct", None)
    out: list[dict[str, Any]] = []
    if can_correct is None:
        return out
    same_turn = getattr(table.rules, "same_turn", None)
    moment = getattr(table.rules, "moment", None)
    redone: set[tuple[Any, ...]] = set()  # (player, type, turn) of moves made again later
    for a in reversed(table.applied):
        card = getattr(a.action, "card", None)
        kind = table.rules.dump_action(a.action).get("type", "play")
        turn = same_turn(a.before) if same_turn is not None else a.seq
        key = (a.action.player, kind, turn)
        superseded = key in redone  # cancelled, then made again: the later one stands
        redone.add(key)
        if card is not None and not superseded and can_correct(a.before, table.state, a.action, a.action):
            out.append({"seq": a.seq, "player": a.action.player, "card": card, "type": kind,
                        **({"when": moment(a.before)} if moment is not None else {})})
        if len(out) >= listed:
            break
    return out
