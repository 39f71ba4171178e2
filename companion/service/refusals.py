"""How the service words a refusal: seats by their names, a move made on an old view, a
missing sequence number, the Italian of the engines' set-up refusals."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..games.engine import IllegalAction
from .errors import BadRequest, Conflict
from .names import unechoed
from .table import Table


def moved_first(seq: int) -> Conflict:
    """The refusal of a request made on an older view of the table (409, ``reason:
    moved_first``): someone moved first; nothing was done. The web layer adds the caller's
    view of the table as it is now, so that the phone shows it at once, and the seats that
    moved since (``movers``), so that it can say who."""
    return Conflict(
        "The table changed first: here is the table as it is now. If your move still fits, send "
        "it again.",
        "Il tavolo è cambiato prima: ecco il tavolo com'è adesso. Se la tua mossa va ancora bene, "
        "inviala di nuovo.",
        reason="moved_first", seq=seq,
    )


def movers_since(table: Table, seq: object) -> list[int]:
    """The seats whose moves in force came after event ``seq`` (a refused request's view of the
    table): a phone told "someone moved first" learns who, itself from another screen too."""
    if not isinstance(seq, int) or isinstance(seq, bool):
        return []
    return sorted({p for a in table.applied
                   if a.seq > seq and isinstance(p := getattr(a.action, "player", None), int)})


def fresh(table_seq: int, expected: int) -> None:
    """Refuse (409 ``moved_first``) a request made on a view older than the table's last event."""
    if expected != table_seq:
        raise moved_first(table_seq)


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

    # "seat 4" mid-sentence, "Seat 4" at its start
    en = re.sub(r"\b[Ss]eat (\d+)", english, _DECISION.sub("", unechoed(e.message, sent)))
    it = re.sub(r"\b(?:(del )|il |al )?posto (\d+)", italian, _DECISION.sub("", unechoed(e.message_it, sent)))
    return en, it


def for_seat(texts: tuple[str, str], table: Table, seat: Any) -> tuple[str, str]:
    """A refusal the table screen gets when it acts for ``seat``: the engine speaks to the
    player ("you"), so the sentence is headed by whom it means ("BRUNO: You have already…"),
    an open seat as the log names it ("Seat 2", "Posto 2")."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.names):
        return texts
    return f"{table.display_names('en')[seat]}: {texts[0]}", f"{table.display_names('it')[seat]}: {texts[1]}"


def need_seq(expected: Any) -> int:
    """The last event number a phone saw, or a clear 400."""
    if not isinstance(expected, int) or isinstance(expected, bool):
        raise BadRequest("The request needs 'seq', the last event number this phone saw.",
                         "La richiesta deve contenere 'seq', l'ultimo evento visto.")
    return expected


def setup_it(message: str) -> str:
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

