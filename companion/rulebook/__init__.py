"""The rule books of the five games, in Italian and English, as data.

Each paragraph has a stable anchor; a paragraph names the engine rule ids it
explains, so a refusal's rule id leads to the paragraph that says why.
"""

from __future__ import annotations

from .diavolo import BOOK as DIAVOLO
from .insonnia import BOOK as INSONNIA
from .kaiserspiel import BOOK as KAISERSPIEL
from .model import Book, Para, Section
from .oscuri import BOOK as OSCURI
from .quinta import BOOK as QUINTA

BOOKS: dict[str, Book] = {b.game: b for b in (QUINTA, OSCURI, DIAVOLO, KAISERSPIEL, INSONNIA)}

__all__ = ["BOOKS", "Book", "Para", "Section", "anchor_for", "rule_link"]


def anchor_for(rule: str) -> tuple[str, str] | None:
    """``(game, anchor)`` of the paragraph explaining an engine rule id like ``quinta.joker_colour``."""
    game = rule.split(".", 1)[0]
    found = BOOKS.get(game)
    if found is None:
        return None
    anchor = found.anchor_of(rule)
    return None if anchor is None else (game, anchor)


def rule_link(rule: str) -> str | None:
    """The rule book address of the paragraph explaining ``rule`` (None when no paragraph does)."""
    place = anchor_for(rule)
    return None if place is None else f"/rules/{place[0]}#{place[1]}"
