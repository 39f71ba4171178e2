"""A table derived from its event log: the value every part of the service reads.

A table is its log: ``setup`` (game, seats, options, seed), then ``join``, ``action``,
``undo``, ``correct`` and the host's and practice's own events. :func:`fold` says what
each kind of event does to a table; replaying the log from :func:`start` gives the table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..games.cards import card_text
from ..games.engine import IllegalAction, Rules
from ..games.registry import get_game, get_rules
from ..storage.rows import Event

# Events that change no game state: a move made on a view from before them means the same.
OUTSIDE_THE_GAME = frozenset({"join", "release", "camera", "hints", "show_bots", "host_link"})
# A practice table's own events (see practice.py): a rewind, and the bots' cards shown.
PRACTICE_EVENTS = frozenset({"rewind", "show_bots"})


@dataclass(frozen=True)
class Applied:
    """One action in force: its sequence, the action, and the state before it."""

    seq: int
    action: Any
    before: Any
    by: str = ""  # who sent it: "host" (the table screen, for a seat), "bot", or "" (the seat's phone)


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
    host_seq: int = 0  # the last event that gave the table a new host token (a new host link)
    next_table: dict[str, str] | None = None  # the game the host started after this one: id, room
    first: Any = None  # the state the setup made: its opening lines are said again as seats are named
    setup_seq: int = 0  # the setup event's sequence number (its opening lines carry it)

    @property
    def rules(self) -> Rules[Any, Any]:
        """The table's engine."""
        return get_rules(self.game)

    @cached_property
    def public_text(self) -> str:
        """The game's public view (what the table screen is shown) as JSON text, made once a
        table: the host's correction tries every card against it."""
        return json.dumps(self.rules.view(self.state, None))

    def display_names(self, lang: str = "en") -> list[str]:
        """Every seat's name, ``Seat n`` for an open seat (``Posto n`` in Italian)."""
        seat = "Posto" if lang == "it" else "Seat"
        return [n or f"{seat} {i + 1}" for i, n in enumerate(self.names)]

    def in_both_languages(self, lines: Callable[[list[str]], list[dict[str, Any]]]) -> list[dict[str, Any]]:
        """Log lines whose English names open seats in English and whose Italian names them in
        Italian: ``lines`` makes them from the seats' names (made twice only where a seat is open)."""
        en = list(lines(self.display_names("en")))
        if all(self.names):
            return en
        it = lines(self.display_names("it"))
        return [{**e, "it": i["it"]} for e, i in zip(en, it, strict=True)]


def table_deck(table: Table) -> str:
    """The cards this table plays with: the game's deck, or the one chosen at creation
    (Insonnia: the printed deck or two French decks)."""
    chosen = getattr(table.rules, "table_deck", None)
    return str(chosen(table.state)) if chosen is not None else table.rules.deck


def start(table_id: str, room: str, setup: Event) -> Table:
    """The table as its ``setup`` event makes it, before anyone joins or moves."""
    p = setup.payload
    rules = get_rules(p["game"])
    names = tuple(p["players"])
    state = rules.new_state(len(names), p["options"], int(p["seed"]))
    table = Table(table_id, room, p["game"], setup.seq, names, dict(p["options"]), state,
                  camera=p.get("camera"), hints=bool(p.get("hints", True)),
                  bots=tuple(p.get("practice", {}).get("bots", ())), first=state, setup_seq=setup.seq)
    # what the setup did by itself (Il Diavolo's first deal) is in the log like any deal after it
    return replace(table, log=opening_lines(table, state))


def opening_lines(table: Table, first: Any) -> tuple[dict[str, Any], ...]:
    """What the setup did by itself (Il Diavolo's first deal), as log lines of the setup event,
    with the seats' names as they are now."""
    made = table.in_both_languages(lambda seats: get_game(table.game).opening(seats, first))
    return tuple({"seq": table.setup_seq, **line} for line in made)


def corrected(table: Table, target: int, action: Any, seq: int) -> Table:
    """The table as if the action stored at ``target`` had been ``action``: the moves after
    it are played again on top (raises IllegalAction when one of them no longer fits). What
    the log said of the corrected move and of those after it is marked ``corrected`` (it did
    not happen so), and those moves are told again as they now stand, under the correction."""
    state, applied = replayed(table, target, action)
    index = next(i for i, a in enumerate(table.applied) if a.seq == target)
    old = table.applied[index]
    card, old_card = str(getattr(action, "card", "")), str(getattr(old.action, "card", ""))
    (line,) = table.in_both_languages(lambda names: [{
        "en": f"The host corrected {names[action.player]}'s card: {card_text(old_card, 'en')} is "
              f"really {card_text(card, 'en')}.",
        "it": f"L'organizzatore ha corretto la carta di {names[action.player]}: "
              f"{card_text(old_card, 'it')} era in realtà {card_text(card, 'it')}."}])
    log = table.log
    retold: list[dict[str, Any]] = []
    for k, move in enumerate(applied[index:], start=index):
        after = applied[k + 1].before if k + 1 < len(applied) else state
        now = _narrated(table, move.action, after, before=move.before)
        was = [{key: v for key, v in said.items() if key not in ("seq", "move")} for said in log
               if _tells(said, move.seq) and not said.get("undone")]
        if now == was:  # told the same way still ("Bruno has chosen a card"): it stands
            continue
        log = undone(log, move.seq, corrected=True)
        # each line keeps the move it tells: a later undo or correction of that move finds it
        retold += ({"seq": seq, "move": move.seq, **told} for told in now)
    return replace(table, state=state, applied=applied, log=(*log, {"seq": seq, **line}, *retold))


def replayed(table: Table, target: int, action: Any) -> tuple[Any, tuple[Applied, ...]]:
    """The state and the moves in force had the move stored at ``target`` been ``action``: the
    moves after it played again on top (IllegalAction when one of them no longer fits)."""
    rules = table.rules
    index = next(i for i, a in enumerate(table.applied) if a.seq == target)
    old = table.applied[index]
    state = old.before
    applied = list(table.applied[:index])
    for a in (Applied(target, action, state, old.by), *table.applied[index + 1:]):
        applied.append(Applied(a.seq, a.action, state, a.by))
        try:
            state = rules.apply(state, a.action)
        except IllegalAction as e:
            if a.seq == target:  # the corrected move itself: the engine's own reason
                raise
            raise _later_move_refused(table, a.action, e) from e
    return state, tuple(applied)


def sent_by(payload: dict[str, Any]) -> str:
    """Who sent a stored move: "host", "bot" or "app" (what the game does by itself); "" for the
    seat's own phone (stored as its seat)."""
    by = payload.get("by")
    return by if by in ("host", "bot", "app") else ""


class LaterMoveRefused(IllegalAction):
    """A correction refused because a move made after it would no longer fit. ``hidden``: that
    move's card is not yet shown to the table (a face-down choice), so it is not named."""

    def __init__(self, message: str, message_it: str, hidden: bool) -> None:
        super().__init__("correct.later_move", message, message_it)
        self.hidden = hidden


def shown_to_table(table: Table, code: str) -> bool:
    """Whether ``code`` appears in what the table screen is shown (the game's public view)."""
    return f'"{code}"' in table.public_text


def _later_move_refused(table: Table, later: Any, e: IllegalAction) -> LaterMoveRefused:
    """A correction refused because a move made after it would no longer fit: whose move that
    is and what it was, with the engine's reason (said to that player) in quotes. A move whose
    card the table has not seen yet is named without its card or the reason, which could name
    it: the host must not learn a face-down choice from a refusal."""
    seat = getattr(later, "player", None)
    code = getattr(later, "card", None)
    hidden = isinstance(code, str) and not shown_to_table(table, code)
    if hidden:
        code = None
    move_en = " ".join([f"seat {seat + 1}'s" if isinstance(seat, int) else "a", "later move",
                        *([f"({card_text(code, 'en')})"] if isinstance(code, str) else [])])
    move_it = " ".join(["la mossa successiva", *([f"del posto {seat + 1}"] if isinstance(seat, int) else []),
                        *([f"({card_text(code, 'it')})"] if isinstance(code, str) else [])])
    why_en = "" if hidden else f" (\u201c{e.message}\u201d)"
    why_it = "" if hidden else f" (\u00ab{e.message_it}\u00bb)"
    return LaterMoveRefused(
        f"That correction does not fit what happened after it: {move_en} "
        f"would no longer be allowed{why_en}. Nothing was corrected.",
        f"Questa correzione non torna con quanto è successo dopo: {move_it} "
        f"non sarebbe più ammessa{why_it}. Non si è corretto nulla.", hidden)


def _narrated(table: Table, action: Any, after: Any, before: Any = None) -> list[dict[str, Any]]:
    """The game's own sentences for a move (from ``before``, the table's state by default), open
    seats named in each line's language."""
    game = get_game(table.game)
    start = table.state if before is None else before
    return table.in_both_languages(lambda names: list(game.narrate(names, start, action, after)))


def _freed_line(seat: int) -> Callable[[list[str]], list[dict[str, Any]]]:
    """The log line of a seat freed by the host, from the seats' names."""
    def line(names: list[str]) -> list[dict[str, Any]]:
        return [{"en": f"The host freed {names[seat]}'s seat for another phone.",
                 "it": f"L'organizzatore ha liberato il posto di {names[seat]} per un altro telefono."}]
    return line


def fold(table: Table, events: Sequence[Event]) -> Table:
    """Apply events to a derived table; each event was checked before it was stored."""
    for ev in events:
        if ev.kind in ("join", "release"):
            table = replace(table, seats_seq=ev.seq)
        if ev.kind == "join":
            names = list(table.names)
            names[int(ev.payload["seat"])] = str(ev.payload["name"])
            table = replace(table, names=tuple(names))
            # the setup's own lines name the seats as they are now ("Deal 1: Carla deals", not "Seat 3")
            if table.first is not None:
                rest = tuple(line for line in table.log if line["seq"] != table.setup_seq)
                table = replace(table, log=(*opening_lines(table, table.first), *rest))
        elif ev.kind == "action":
            rules = table.rules
            action = rules.load_action(ev.payload["action"])
            after = rules.apply(table.state, action)
            lines = _narrated(table, action, after)
            table = replace(
                table, state=after,
                applied=(*table.applied, Applied(ev.seq, action, table.state, sent_by(ev.payload))),
                log=(*table.log, *({"seq": ev.seq, **line} for line in lines)),
            )
        elif ev.kind == "release":
            freed = table.in_both_languages(_freed_line(int(ev.payload["seat"])))
            table = replace(table, log=(*table.log, *({"seq": ev.seq, **line} for line in freed)))
        elif ev.kind == "host_link":
            table = replace(table, host_seq=ev.seq, log=(*table.log, {
                "seq": ev.seq,
                "en": "The host made a new host link: the old one no longer works, and other "
                      "devices lost the host's tools.",
                "it": "L'organizzatore ha creato un nuovo link dell'organizzatore: il vecchio non "
                      "funziona più, e gli altri dispositivi hanno perso gli strumenti "
                      "dell'organizzatore."}))
        elif ev.kind == "camera":
            deck = ev.payload.get("deck")
            table = replace(table, camera=deck, log=(*table.log, {
                "seq": ev.seq,
                "en": f"The camera now reads the enrolled deck {deck}." if deck
                else "The camera's deck was cleared.",
                "it": f"La fotocamera ora legge il mazzo registrato {deck}." if deck
                else "Il mazzo della fotocamera è stato tolto."}))
        elif ev.kind == "next":
            room = str(ev.payload["room"])
            table = replace(table, next_table={"table": str(ev.payload["table"]), "room": room},
                            log=(*table.log, {
                                "seq": ev.seq,
                                "en": f"The host started a new game: room {room}.",
                                "it": f"L'organizzatore ha iniziato una nuova partita: stanza {room}."}))
        elif ev.kind == "hints":
            on = bool(ev.payload["on"])
            table = replace(table, hints=on, log=(*table.log, {
                "seq": ev.seq,
                "en": "The host switched hints on." if on else "The host switched hints off for this game.",
                "it": "L'organizzatore ha attivato i suggerimenti." if on
                else "L'organizzatore ha disattivato i suggerimenti per questa partita."}))
        elif ev.kind == "correct":
            table = corrected(table, int(ev.payload["target"]),
                               table.rules.load_action(ev.payload["action"]), ev.seq)
        elif ev.kind in PRACTICE_EVENTS:
            table = _practice(table, ev)
        elif ev.kind == "undo":
            last = table.applied[-1]
            table = replace(
                table, state=last.before, applied=table.applied[:-1],
                log=(*undone(table.log, last.seq), {"seq": ev.seq, **_undo_line(table.log, last.seq),
                                                    "kind": "undo"}),
            )
        table = replace(table, seq=ev.seq)
    return table


def _tells(line: dict[str, Any], seq: int) -> bool:
    """Whether a log line tells the move stored at ``seq``: told when it was made, or told again
    under a correction (such a line keeps the move's number as ``move``)."""
    return bool(line.get("move", line.get("seq")) == seq)


def _undo_line(log: tuple[dict[str, Any], ...], seq: int) -> dict[str, str]:
    """The host's undo, naming the move it takes back by the first sentence that told it."""
    told = next((line for line in log if _tells(line, seq) and not line.get("undone")), None)
    if told is None:
        return {"en": "The host undid the last move.", "it": "L'organizzatore ha annullato l'ultima mossa."}
    return {"en": f"The host undid the last move: {told['en']}",
            "it": f"L'organizzatore ha annullato l'ultima mossa: {told['it']}"}


def undone(log: tuple[dict[str, Any], ...], seq: int, corrected: bool = False) -> tuple[dict[str, Any], ...]:
    """The log with the lines of the move stored at ``seq`` (told when it was made, or told again
    under a correction) marked ``undone`` (the host's undo, a practice take-back; with
    ``corrected``, a correction: the move did not happen as told): the phones no longer show
    them as what just happened, and the log shows them as taken back, or as corrected."""
    mark = {"undone": True, "corrected": True} if corrected else {"undone": True}
    return tuple({**line, **mark} if _tells(line, seq) else line for line in log)


def _took_back(who: str, bots: int) -> dict[str, str]:
    """The practice log's line for a move taken back, with the bots' moves after it (none, one,
    several), the same for every player ("their last move", not "his")."""
    if bots == 0:
        return {"en": f"{who} took back their last move.", "it": f"{who} ha annullato l'ultima mossa."}
    if bots == 1:
        return {"en": f"{who} took back their last move and the bot's move after it.",
                "it": f"{who} ha annullato l'ultima mossa e la mossa del bot dopo di essa."}
    return {"en": f"{who} took back their last move and the {bots} bot moves after it.",
            "it": f"{who} ha annullato l'ultima mossa e le {bots} mosse dei bot dopo di essa."}


def _practice(table: Table, ev: Event) -> Table:
    """Apply a practice event to a derived table (checked before it was stored)."""
    names = table.display_names()
    if ev.kind == "rewind":
        target = int(ev.payload["seq"])
        index = next(i for i, a in enumerate(table.applied) if a.seq == target)
        moved = table.applied[index]
        bots = sum(1 for a in table.applied[index + 1:] if a.by != "app")  # the app's shuffles: no bot's
        who = names[int(getattr(moved.action, "player", 0))]
        line = {"seq": ev.seq, **_took_back(who, bots)}
        log = table.log
        for a in table.applied[index:]:
            log = undone(log, a.seq)
        return replace(table, state=moved.before, applied=table.applied[:index], log=(*log, line))
    show = bool(ev.payload["show"])
    line = {"seq": ev.seq,
            "en": "The bots' cards are shown." if show else "The bots' cards are hidden again.",
            "it": "Le carte dei bot sono scoperte." if show else "Le carte dei bot sono di nuovo coperte."}
    return replace(table, show_bots=show, log=(*table.log, line))

