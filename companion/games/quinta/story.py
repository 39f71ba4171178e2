"""Quinta's event log as sentences for players, in Italian and English.

Only public facts are told: a face-down choice is "X has chosen a card" until
the round is revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_text
from .scoring import score_sets
from .state import ChooseRow, Play, QuintaState

Line = dict[str, str]
ROW_NAMES = {
    "en": {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"},
    "it": {"H": "cuori", "D": "quadri", "C": "fiori", "S": "picche"},
}


def _cards(cards: Sequence[str], lang: str) -> str:
    """Cards as a sentence names them, a joker by its name (in a set it stands for the set's rank)."""
    return " ".join(card_text(c, lang) for c in cards)


def narrate(
    names: Sequence[str], before: QuintaState, action: Play | ChooseRow, after: QuintaState
) -> list[Line]:
    """Sentences telling what ``action`` did, taking ``before`` to ``after``."""
    who = names[action.player]
    if isinstance(action, ChooseRow):
        lines = [{
            "en": f"{who} puts the joker in the {ROW_NAMES['en'][action.row]} row.",
            "it": f"{who} mette il jolly nella fila di {ROW_NAMES['it'][action.row]}.",
        }]
        new_captures = after.captures[len(before.captures):]
    else:
        lines = [{"en": f"{who} has chosen a card.", "it": f"{who} ha scelto una carta."}]
        if sum(c is None for c in before.chosen) != 1:
            return lines  # others are still choosing
        if after.conflict is not None:
            card = after.conflict[0]
            both = " & ".join(names[i] for i in after.conflict[1])
            lines.append({
                "en": f"The {card_text(card, 'en')} was entered twice ({both}): look at your cards and "
                      "enter them again.",
                "it": f"La carta {card_text(card, 'it')} è stata indicata due volte ({both}): guardate "
                      "le carte e indicatele di nuovo.",
                "kind": "conflict",
            })
            return lines
        def shown(lang: str) -> str:
            return ", ".join(f"{names[p]} {card_text(c, lang)}" for p, c in after.revealed)
        lines.append({"en": f"Round {before.round} revealed: {shown('en')}.",
                      "it": f"Giro {before.round} scoperto: {shown('it')}."})
        new_captures = after.captures
    for seat, row, cards in new_captures:
        lines.append({
            "en": f"{names[seat]} takes {_cards(cards, 'en')} from the {ROW_NAMES['en'][row]} row.",
            "it": f"{names[seat]} prende {_cards(cards, 'it')} dalla fila di {ROW_NAMES['it'][row]}.",
        })
    if after.phase == "over" and before.phase != "over":
        lines.append({"en": "All hands are empty: the game is over.",
                      "it": "Tutte le mani sono vuote: la partita è finita."})
        lines.extend(_final_scores(names, after))
    return lines


SET_EN = {2: "a pair", 3: "three", 4: "four"}
SET_IT = {2: "una coppia", 3: "un tris", 4: "un poker"}


def _final_scores(names: Sequence[str], s: QuintaState) -> list[Line]:
    """One sentence per player: his points and the sets that make them (jokers as they count)."""
    lines = []
    for seat, pile in enumerate(s.piles):
        sets = score_sets(pile)
        points = sum(int(x["points"]) for x in sets)
        if not sets:
            n = len(pile)
            why_en = ("no card taken" if n == 0 else "one card taken, no pair" if n == 1
                      else f"no pair among {n} cards taken")
            why_it = ("nessuna carta presa" if n == 0 else "una sola carta presa, nessuna coppia" if n == 1
                      else f"nessuna coppia tra {n} carte prese")
            lines.append({"en": f"{names[seat]} scores 0: {why_en}.", "it": f"{names[seat]} fa 0: {why_it}.",
                          "kind": "end"})
            continue
        en = "; ".join(f"{SET_EN[min(len(x['cards']), 4)]} of {x['rank']} ({_cards(x['cards'], 'en')}) "
                       f"= {x['points']}" for x in sets)
        it = "; ".join(f"{SET_IT[min(len(x['cards']), 4)]} di {x['rank']} ({_cards(x['cards'], 'it')}) "
                       f"= {x['points']}" for x in sets)
        lines.append({"en": f"{names[seat]} scores {points}: {en}.",
                      "it": f"{names[seat]} fa {points} {'punto' if points == 1 else 'punti'}: {it}.",
                      "kind": "end"})
    return lines
