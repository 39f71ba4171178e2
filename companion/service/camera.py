"""Which enrolled decks a table's camera can read with, and how their cards become the table's.

A table reads an enrolled deck of the faces it plays with (French cards for Quinta, a tarot
for Il Diavolo), unless its engine says otherwise: a Kaiserspiel table reads the physical
pack it was created with (``camera_kinds`` and ``table_code`` in its engine).
"""

from __future__ import annotations

from typing import Any

from recognizer import pipeline

from ..decks.library import DeckLibrary
from ..games.cards import DECKS, deck_codes, faces_of
from ..games.engine import Rules
from ..storage.eventlog import EventLog
from .errors import BadRequest
from .table import Table, table_deck


def kinds_for(rules: Rules[Any, Any], state: Any, deck: str) -> tuple[str, ...]:
    """The kinds of enrolled deck whose faces a table (its engine, its state, its logical
    ``deck``) can be read with: the engine says (``camera_kinds``), else the deck's faces."""
    own = getattr(rules, "camera_kinds", None)
    if own is not None:
        return tuple(own(state))
    return (faces_of(deck),)


def table_kinds(table: Table) -> tuple[str, ...]:
    """The kinds of enrolled deck a table's camera can read with."""
    return kinds_for(table.rules, table.state, table_deck(table))


def to_table_code(table: Table, kind: str, code: str) -> str | None:
    """The table's code for a card read from an enrolled deck of ``kind``; None for a card
    this table leaves in the box (a tarot's trumps at a Kaiserspiel table): the engine says
    (``table_code``), else the card keeps its code."""
    own = getattr(table.rules, "table_code", None)
    if own is not None:
        found: str | None = own(table.state, kind, code)
        return found
    return code


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
    return camera_builtin(table)


def check_camera_deck(store: EventLog, table: Table, name: Any) -> str:
    """An enrolled deck's name, checked: it exists and its faces are this table's cards."""
    if not isinstance(name, str) or not name.strip():
        raise BadRequest("'camera' must name an enrolled deck.",
                         "'camera' deve nominare un mazzo registrato.")
    row = store.deck_row(name)
    if row is None:
        raise BadRequest(f"There is no enrolled deck named {name!r}.",
                         f"Non c'è un mazzo registrato di nome {name!r}.")
    kinds = table_kinds(table)
    if row.kind not in kinds:
        raise BadRequest(
            f"The deck {name!r} is a {row.kind} deck; this table's camera reads {' or '.join(kinds)}.",
            f"Il mazzo {name!r} è di tipo {row.kind}; qui la fotocamera legge {' o '.join(kinds)}.")
    return name


def camera_menu(decks: DeckLibrary, table: Table) -> dict[str, Any]:
    """What the host chooses the camera's deck from: the enrolled decks this table's camera
    could read with (``camera_choices``); for each that does not know every card of its kind,
    [cards it knows, cards of the kind] (``camera_learnt``: such a deck finds only the cards
    it knows, and the host is told so); and whether the camera reads this table's cards with
    no enrolled deck at all (``camera_builtin``: the app's own French reader)."""
    kinds = table_kinds(table)
    rows = [r for r in decks.decks() if r.kind in kinds]
    learnt: dict[str, list[int]] = {}
    for row in rows:
        whole = len(deck_codes(row.kind)) if row.kind in DECKS else 0
        if 0 < row.cards < whole:
            learnt[row.name] = [row.cards, whole]
    return {"camera_choices": [r.name for r in rows], "camera_learnt": learnt,
            "camera_builtin": camera_builtin(table)}


def camera_builtin(table: Table) -> bool:
    """True when the camera reads this table's cards with no enrolled deck at all (the app's
    own French reader)."""
    deck = camera_deck(table)
    return deck is not None and deck in pipeline.DECKS
