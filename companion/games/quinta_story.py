"""Quinta's event log as sentences for players, in Italian and English.

Only public facts are told: a face-down choice is "X has chosen a card" until
the round is revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import card_label
from .quinta import ChooseRow, Play, QuintaState

Line = dict[str, str]
ROW_NAMES = {
    "en": {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"},
    "it": {"H": "cuori", "D": "quadri", "C": "fiori", "S": "picche"},
}


def _cards(cards: Sequence[str]) -> str:
    return " ".join(card_label(c) for c in cards)


def narrate(
    names: Sequence[str], before: QuintaState, action: Play | ChooseRow, after: QuintaState
) -> list[Line]:
    """Sentences telling what ``action`` did, taking ``before`` to ``after``."""
    who = names[action.player]
    lines: list[Line] = []
    revealed = isinstance(action, Play) and all(c is None for c in after.chosen)
    if isinstance(action, Play):
        lines.append({"en": f"{who} has chosen a card.", "it": f"{who} ha scelto una carta."})
        if revealed:
            shown = ", ".join(f"{names[p]} {card_label(c)}" for p, c in after.revealed)
            lines.append({"en": f"Round {before.round} revealed: {shown}.",
                          "it": f"Giro {before.round} scoperto: {shown}."})
    else:
        lines.append({
            "en": f"{who} puts the joker in the {ROW_NAMES['en'][action.row]} row.",
            "it": f"{who} mette il jolly nella fila di {ROW_NAMES['it'][action.row]}.",
        })
    new_captures = after.captures if revealed else after.captures[len(before.captures):]
    for seat, row, cards in new_captures:
        lines.append({
            "en": f"{names[seat]} takes {_cards(cards)} from the {ROW_NAMES['en'][row]} row.",
            "it": f"{names[seat]} prende {_cards(cards)} dalla fila di {ROW_NAMES['it'][row]}.",
        })
    if after.phase == "over" and before.phase != "over":
        lines.append({"en": "All hands are empty: the game is over.",
                      "it": "Tutte le mani sono vuote: la partita è finita."})
    return lines
