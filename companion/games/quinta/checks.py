"""Why Quinta refuses a move: a card that is not in the hand or already seen, a second choice in a
round, a joker's row of the wrong colour; every refusal with its rule id and a sentence in English
and Italian.
"""

from __future__ import annotations

from ..cards import FRENCH54, card_name, french_card_it
from ..engine import IllegalAction
from .state import (
    _SUIT,
    JOKER_ROWS,
    ChooseRow,
    Play,
    QuintaState,
)


def _en(code: str) -> str:
    return card_name(FRENCH54, code, "en")


def _bad(rule: str, en: str, it: str) -> IllegalAction:
    return IllegalAction(f"quinta.{rule}", en, it)


def check_play(s: QuintaState, a: Play) -> None:
    if s.phase != "choose":
        owner = s.pending_jokers[0][0]
        raise _bad(
            "joker_pending",
            f"Wait: seat {owner + 1} must first choose a row for the joker.",
            f"Aspetta: il posto {owner + 1} deve prima scegliere la fila del jolly.",
        )
    if s.chosen[a.player] is not None:
        raise _bad(
            "already_chosen",
            "You have already chosen your card for this round; it cannot be changed.",
            "Hai già scelto la tua carta per questo giro; non si può cambiare.",
        )
    if a.card not in _SUIT:  # every French card, jokers included
        raise _bad(
            "unknown_card", f"{a.card} is not a card of a French deck.",
            f"{a.card} non è una carta del mazzo francese.",
        )
    hand = s.hands[a.player]
    if hand is not None:
        if a.card not in hand:
            raise _bad(
                "not_in_hand", f"The {_en(a.card)} is not in your hand.",
                f"{french_card_it(a.card).capitalize()} non è nella tua mano.",
            )
        return
    if s.hand_sizes[a.player] == 0:
        raise _bad(
            "hand_empty", "Your hand must be empty: you have played all your cards.",
            "La tua mano deve essere vuota: hai giocato tutte le carte.",
        )
    if a.card in s.out_of_hands():
        raise _bad(
            "card_seen",
            f"The {_en(a.card)} cannot be in your hand: it is already on the table or in a "
            "pile. Check the card you hold.",
            f"{french_card_it(a.card).capitalize()} non può essere nella tua mano: è già sul tavolo o tra "
            "le prese. Controlla la carta che hai.",
        )


def check_row(s: QuintaState, a: ChooseRow) -> None:
    if s.phase != "joker_row":
        raise _bad(
            "no_joker", "No joker is waiting for a row now.",
            "Nessun jolly aspetta una fila adesso.",
        )
    owner, joker = s.pending_jokers[0]
    if a.player != owner:
        mine = any(p == a.player for p, _ in s.pending_jokers)
        if mine:
            raise _bad(
                "joker_order", "The black joker is placed before the red one: wait your turn.",
                "Il jolly nero si piazza prima di quello rosso: aspetta il tuo turno.",
            )
        raise _bad(
            "no_joker", "You have no joker waiting for a row.",
            "Non hai nessun jolly da piazzare.",
        )
    if a.row not in JOKER_ROWS[joker]:
        colour = ("red", "hearts or diamonds") if joker == "JK1" else ("black", "clubs or spades")
        colour_it = ("rosso", "cuori o quadri") if joker == "JK1" else ("nero", "fiori o picche")
        raise _bad(
            "joker_colour",
            f"The {colour[0]} joker may only go to the {colour[1]} row.",
            f"Il jolly {colour_it[0]} può andare solo nella fila di {colour_it[1]}.",
        )
