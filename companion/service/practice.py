"""Practice tables: one phone plays any game against the app's bots.

The player creates the table and holds seat 0 (and the host token); the bots hold the
other seats. After every change the bots still to act move one at a time, each move sent
through :meth:`TableService.submit` like a phone's (checked, stored, then announced), with
a short pause between them so that a person can follow. The pause runs in a thread of its
own: a greenlet under the gevent server, so it never holds the server up.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..games import GAMES, PLAYABLE
from ..games.bots import decide
from ..games.engine import automatic
from ..games.registry import bot_for, get_game
from ..storage.rows import Event, StaleSequence
from .errors import BadRequest, Conflict, Forbidden, Illegal
from .lobby import Created, Joined
from .names import clean_name, quoted
from .practice_view import last_own_move
from .service import TableService
from .table import Table

log = logging.getLogger(__name__)

BOT_NAMES = ("Ada", "Bruno", "Carla", "Dino", "Elsa", "Franco", "Gina", "Ivo", "Lia", "Marco")
DEFAULT_DELAY = 0.8  # seconds from a bot getting the turn to its move (a person follows)
DEAL_PAUSE = 4.0  # times that before a bot deals again: the player reads how the last deal ended
MAX_FAILURES = 5  # refusals in a row before the bots of a table give up (a bug: logged)


class Practice:
    """Practice tables over a :class:`TableService`: create, let the bots play, rewind, show."""

    def __init__(self, service: TableService, delay: float = DEFAULT_DELAY,
                 background: bool = True) -> None:
        self.service = service
        self.delay = delay
        self.background = background  # False: the bots move inside kick() (tests)
        self._lock = threading.Lock()
        self._running: set[str] = set()
        self._again: set[str] = set()

    # ---- creating -----------------------------------------------------------
    def create(self, body: Mapping[str, Any]) -> tuple[Created, Joined]:
        """``{"game", "bots": n?, "name": "..."?, "options": {}?}``: a table dealt by the app,
        the caller at seat 0 and ``n`` bots at the others."""
        game = body.get("game")
        if not isinstance(game, str) or game not in PLAYABLE:
            raise BadRequest(f"Unknown game {quoted(game)}. Available: {', '.join(sorted(PLAYABLE))}.",
                             f"Gioco sconosciuto {quoted(game)}. Disponibili: {', '.join(sorted(PLAYABLE))}.")
        seats = GAMES[game].seats
        bots = body.get("bots", get_game(game).practice_bots)
        low, high = seats.start - 1, seats.stop - 2
        if not isinstance(bots, int) or isinstance(bots, bool) or not low <= bots <= high:
            span = f"{low}" if low == high else f"{low} to {high}"
            span_it = f"{low}" if low == high else f"da {low} a {high}"
            raise BadRequest(f"This game needs {span} bots.", f"Per questo gioco servono {span_it} bot.")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise BadRequest("'options' must be an object.", "'options' deve essere un oggetto.")
        if options.get("hands", "known") != "known":
            raise BadRequest("At a practice table the app deals the cards ('hands' must be 'known').",
                             "A un tavolo di prova le carte le dà l'app ('hands' deve essere 'known').")
        name = clean_name(body.get("name")) or "Player"
        names = [name, *(n for n in BOT_NAMES if n.casefold() != name.casefold())][:bots + 1]
        created = self.service.lobby.create({"game": game, "players": names, "options": options},
                                      bots=range(1, bots + 1))
        joined = self.service.lobby.join(created.table_id, 0)
        self.kick(created.table_id)
        return created, joined

    # ---- the player's controls ------------------------------------------------
    def player_table(self, table_id: str, tokens: Sequence[str]) -> Table:
        """The practice table, when the caller is its player (else 403; 400 for another table)."""
        table = self.service.tables.table(table_id)
        if not table.bots:
            raise BadRequest("This is not a practice table.", "Questo non è un tavolo di prova.")
        seats, host = self.service.seats.credentials(table_id, tokens)
        if not host and not any(s not in table.bots for s in seats):
            raise Forbidden("Only the player of this practice table can do that.",
                            "Solo chi gioca a questo tavolo di prova può farlo.")
        return table

    def rewind(self, table_id: str, tokens: Sequence[str]) -> Event:
        """Take back the player's last move and every bot move after it (a ``rewind`` event)."""
        self.player_table(table_id, tokens)
        for _ in range(20):
            table = self.service.tables.table(table_id)
            move = last_own_move(table)
            if move is None:
                raise Illegal("You have no move to take back.", "Non hai mosse da annullare.",
                              rule="practice.nothing_to_rewind", game=table.game)
            try:
                event = self.service.store.append(table_id, table.seq, "rewind", {"seq": move.seq})
            except StaleSequence:
                continue  # a bot moved meanwhile: the move to take back is still the same
            self.service.doorbell.ring(table_id)
            self.kick(table_id)
            return event
        raise Conflict("The table is too busy right now: try again.",
                       "Il tavolo è troppo occupato adesso: riprova.")

    def show_bots(self, table_id: str, tokens: Sequence[str], show: Any) -> Event:
        """Show (``True``) or hide (``False``) the bots' cards on the player's phone."""
        self.player_table(table_id, tokens)
        if not isinstance(show, bool):
            raise BadRequest("'show' must be true or false.", "'show' deve essere true o false.")
        for _ in range(20):
            table = self.service.tables.table(table_id)
            try:
                event = self.service.store.append(table_id, table.seq, "show_bots", {"show": show})
            except StaleSequence:
                continue
            self.service.doorbell.ring(table_id)
            return event
        raise Conflict("The table is too busy right now: try again.",
                       "Il tavolo è troppo occupato adesso: riprova.")

    # ---- the bots -----------------------------------------------------------
    def kick(self, table_id: str) -> None:
        """Let the bots of a practice table move if it is their turn (no-op otherwise)."""
        table = self.service.tables.table(table_id)
        if not table.bots or not self._bots_to_act(table):
            return
        if not self.background:
            self.run(table_id)
            return
        with self._lock:
            if table_id in self._running:
                self._again.add(table_id)
                return
            self._running.add(table_id)
        threading.Thread(target=self._loop, args=(table_id,), daemon=True,
                         name=f"bots-{table_id}").start()

    def _loop(self, table_id: str) -> None:
        while True:
            try:
                self.run(table_id, self.delay)
            except Exception:
                log.exception("the bots of table %s stopped", table_id)
            with self._lock:
                if table_id not in self._again:
                    self._running.discard(table_id)
                    return
                self._again.discard(table_id)

    def run(self, table_id: str, delay: float = 0.0) -> int:
        """Bots move until none is to act; returns how many moves they made.

        ``delay``: the pause a person needs to follow, counted from the moment the bots got
        the turn, not added to the time they take to decide: each bot's move lands ``delay``
        after the event that gave it the turn, early in a game as late (a new deal waits
        DEAL_PAUSE times longer, so that the end of the last one is read). Bots that choose at
        the same moment (Quinta's face-down choices) all choose after one pause, not one
        pause each. The table is read again after the pause: the player may have taken a
        move back meanwhile."""
        moves = failures = 0
        while failures < MAX_FAILURES:
            turn = time.monotonic()
            table = self.service.tables.table(table_id)
            seats = self._bots_to_act(table)
            if not seats:
                return moves
            # The first bot decides during the pause: its thinking never adds to the pause.
            planned = (table.seq, seats[0], self._decide(table, seats[0]))
            if delay:
                dealing = planned[2]["action"].get("type") == "deal"
                time.sleep(max(0.0, turn + delay * (DEAL_PAUSE if dealing else 1) - time.monotonic()))
            table = self.service.tables.table(table_id)
            together = self._bots_to_act(table)
            if not together:
                return moves
            for seat in together if len(together) > 1 else together[:1]:
                if seat not in self._bots_to_act(table):
                    continue  # a bot's choice changed what the others may do: next pause
                body = planned[2] if planned[:2] == (table.seq, seat) else self._decide(table, seat)
                if self._send(table, seat, body):
                    moves, failures = moves + 1, 0
                else:
                    failures += 1
                    break
                table = self.service.tables.table(table_id)
        log.error("the bots of table %s gave up after %d refusals", table_id, failures)
        return moves

    @staticmethod
    def _decide(table: Table, seat: int) -> dict[str, Any]:
        """The request a bot sends for its move at ``table`` as it stands."""
        rules = table.rules
        rng = random.Random(f"{table.id}/{table.seq}/{seat}")
        action = decide(bot_for(table.game), rules, table.state, seat, rng)
        return {"action": rules.dump_action(action), "seq": table.seq}

    def _send(self, table: Table, seat: int, body: dict[str, Any]) -> bool:
        """Send a bot's move like a phone's; False when it was refused (the table moved on)."""
        try:
            self.service.moves.submit(table.id, [], body, bot=seat)
        except (Conflict, Illegal) as e:  # the table moved on meanwhile (a rewind): look again
            log.info("a bot move at table %s was refused: %s", table.id, e.message)
            return False
        return True

    def move(self, table: Table, seat: int) -> bool:
        """One bot move at ``table`` as it stands, now (no pause); False when refused."""
        return self._send(table, seat, self._decide(table, seat))

    @staticmethod
    def _bots_to_act(table: Table) -> list[int]:
        rules = table.rules
        if rules.outcome(table.state) is not None:
            return []
        if automatic(rules, table.state) is not None:
            return []  # the app moves first (a shuffle of its own), then the bots look again
        return [s for s in sorted(rules.to_act(table.state)) if s in table.bots]
