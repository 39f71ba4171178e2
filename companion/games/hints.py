"""What a hint is: one legal move and, in both languages, what it would do."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Move:
    """A legal move of the asking seat and its consequence (``facts`` are for programs)."""

    action: dict[str, Any] | None
    en: str
    it: str
    card: str | None = None
    facts: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The move as the API sends it."""
        return {"action": self.action, "card": self.card, "en": self.en, "it": self.it, **self.facts}


@dataclass(frozen=True, slots=True)
class Hints:
    """The hints of one seat: its moves, or a note saying why there are none."""

    moves: tuple[Move, ...] = ()
    note_en: str | None = None
    note_it: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The hints as the API sends them."""
        note = None if self.note_en is None else {"en": self.note_en, "it": self.note_it or self.note_en}
        return {"moves": [m.as_json() for m in self.moves], "note": note}


UNKNOWN_HAND = Hints(
    note_en="The app does not know your hand (real cards at a real table): hints need a hand the app "
            "dealt.",
    note_it="L'app non conosce la tua mano (carte vere a un tavolo vero): i suggerimenti richiedono una "
            "mano distribuita dall'app.")
NOT_NOW = Hints(note_en="Nothing to decide for you right now: wait for your turn.",
                note_it="Per ora non hai niente da decidere: aspetta il tuo turno.")


def percent(numerator: int, denominator: int, lang: str = "en") -> str:
    """``12/75 = 16.0%``: an exact count and its share, one decimal (in Italian with a
    decimal comma: ``16,0%``)."""
    share = 100 * numerator / denominator if denominator else 0.0
    shown = f"{share:.1f}"
    return f"{numerator}/{denominator} = {shown.replace('.', ',') if lang == 'it' else shown}%"
