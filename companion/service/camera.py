"""Which enrolled decks a table's camera can read with, and how their cards become the table's.

A Diavolo table reads a tarot (``tarot78``); a Kaiserspiel table reads the physical pack
it was created with: a tarot cut down (its cavalli are the obers, the rest stays in the
box), an Italian 40-card deck or a Swiss pack (enrolled as ``kaiser40``/``kaiser48``,
already in the logical codes), or French cards of an unusual design. Any other table
reads an enrolled deck of the faces it plays with (French cards for Quinta).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..games.cards import FRENCH54, KAISER40, KAISER48, TAROT78, faces_of
from ..games.kaiserspiel.cards import logical_card

if TYPE_CHECKING:
    from .tables import Table

_KAISER_PACKS = {"tarot": (TAROT78,), "italian": (KAISER40,), "swiss": (KAISER48, KAISER40),
                 "french": (FRENCH54,)}


def _kaiser(state: Any) -> tuple[str, int] | None:
    pack, size = getattr(state, "pack", None), getattr(state, "size", None)
    return (str(pack), int(size)) if isinstance(pack, str) and isinstance(size, int) else None


def kinds_for(game: str, state: Any, deck: str) -> tuple[str, ...]:
    """The kinds of enrolled deck whose faces a table of ``game`` (its state, its logical
    ``deck``) can be read with."""
    if game == "kaiserspiel" and (ks := _kaiser(state)) is not None:
        pack, size = ks
        kinds = _KAISER_PACKS.get(pack, ())
        return tuple(k for k in kinds if not (k == KAISER40 and size == 48))
    return (faces_of(deck),)


def table_kinds(table: Table) -> tuple[str, ...]:
    """The kinds of enrolled deck a table's camera can read with."""
    from .tables import table_deck

    return kinds_for(table.game, table.state, table_deck(table))


def to_table_code(table: Table, kind: str, code: str) -> str | None:
    """The table's code for a card read from an enrolled deck of ``kind``; None for a card
    this table leaves in the box (a tarot's trumps at a Kaiserspiel table)."""
    if table.game == "kaiserspiel" and (ks := _kaiser(table.state)) is not None:
        pack, size = ks
        if kind == TAROT78:
            return logical_card(code, "tarot", size)
        if pack in ("italian", "swiss"):
            return logical_card(code, pack, size)
    return code
