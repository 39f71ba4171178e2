"""Quinta hints: for each card in hand, whether it would take a row.

The others' choices are face down, so a card's place in its row depends on them:
the hint says where the card lands if nobody else plays into that row this round,
and how many lower cards of the suit would have to come first to make it the fifth.
A joker's row, chosen after the reveal, is known exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import FRENCH54, card_name, rank_of
from ..hints import NOT_NOW, UNKNOWN_HAND, Hints, Move
from .engine import Quinta
from .state import JOKER_ROWS, RANK_ORDER, ROWS, ChooseRow, Play, QuintaState

SUIT_EN = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
SUIT_IT = {"H": "cuori", "D": "quadri", "C": "fiori", "S": "picche"}


def _names(cards: Sequence[str], lang: str) -> str:
    return ", ".join(card_name(FRENCH54, c, lang) for c in cards)


def _queen(s: QuintaState, card: str, suit: str) -> Move:
    taken = (*s.row(suit)[1:], card)
    if len(taken) == 1:
        en = f"Queen: the {SUIT_EN[suit]} row holds only its ace, so the queen takes just itself."
        it = f"Donna: la fila di {SUIT_IT[suit]} ha solo l'asso, quindi la donna prende solo sé stessa."
    else:
        en = (f"Queen: it takes every card of the {SUIT_EN[suit]} row but the ace, with itself: "
              f"{_names(taken, 'en')} ({len(taken)} cards).")
        it = (f"Donna: prende tutte le carte della fila di {SUIT_IT[suit]} tranne l'asso, con sé stessa: "
              f"{_names(taken, 'it')} ({len(taken)} carte).")
    return Move({"type": "play", "card": card}, en, it, card,
                {"takes": list(taken), "row": suit, "certain": True})


def _joker(s: QuintaState, card: str) -> Move:
    parts_en, parts_it = [], []
    for suit in JOKER_ROWS[card]:
        n = len(s.row(suit)) + 1
        if n == 5:
            parts_en.append(f"in the {SUIT_EN[suit]} row it would be the fifth card and take the row")
            parts_it.append(f"nella fila di {SUIT_IT[suit]} sarebbe la quinta carta e prenderebbe la fila")
        else:
            parts_en.append(f"in the {SUIT_EN[suit]} row it would be card {n}")
            parts_it.append(f"nella fila di {SUIT_IT[suit]} sarebbe la carta {n}")
    return Move({"type": "play", "card": card},
                "Joker: you choose its row after the reveal; " + "; ".join(parts_en)
                + " (if no queen of that suit comes first).",
                "Jolly: scegli la fila dopo aver girato le carte; " + "; ".join(parts_it)
                + " (se prima non arriva una donna di quel seme).", card)


def could_come_first(card: str, seen: frozenset[str]) -> tuple[int, bool]:
    """The cards the others may still hold that would land in ``card``'s row before it this
    round (lower cards of its suit, and the joker of its colour: jokers are laid before plain
    cards), as far as the player can tell (``seen``: the cards he has seen), and whether that
    joker is one of them."""
    suit, rank = card[-1], RANK_ORDER[rank_of(card)]
    lower = [f"{r}{suit}" for r, k in RANK_ORDER.items() if k < rank and r != "Q"]
    joker = next(j for j, rows in JOKER_ROWS.items() if suit in rows)
    unseen_lower = sum(c not in seen for c in lower)
    return unseen_lower + (joker not in seen), joker not in seen


def _plain(s: QuintaState, card: str, suit: str, seen: frozenset[str]) -> Move:
    length = len(s.row(suit))
    place = length + 1
    before = 5 - place  # cards of the suit that must land first to make this one the fifth
    possible, joker = could_come_first(card, seen)
    others = min(s.players - 1, possible)  # one card each, and only cards still out there
    if place == 5:
        en = (f"It would be the fifth card of the {SUIT_EN[suit]} row and take "
              f"{_names(s.row(suit)[1:], 'en')} with itself, unless another player lays a lower "
              f"{SUIT_EN[suit]} card, a queen or a joker there this round.")
        it = (f"Sarebbe la quinta carta della fila di {SUIT_IT[suit]} e prenderebbe "
              f"{_names(s.row(suit)[1:], 'it')} con sé, a meno che un altro giocatore metta lì in questo "
              f"giro una carta di {SUIT_IT[suit]} più bassa, una donna o un jolly.")
        takes = True
    elif before <= others:
        if before == 1:
            what_en = f"another player lays a lower {SUIT_EN[suit]} card{' or a joker' if joker else ''}"
            what_it = (f"un altro giocatore metta prima lì una carta di {SUIT_IT[suit]} più bassa"
                       f"{' o un jolly' if joker else ''}")
        else:
            what_en = f"the others lay {before} lower {SUIT_EN[suit]} cards{' or jokers' if joker else ''}"
            what_it = (f"gli altri mettano prima lì {before} carte di {SUIT_IT[suit]} più basse"
                       f"{' o jolly' if joker else ''}")
        en = (f"It would be card {place} of the {SUIT_EN[suit]} row: safe, unless {what_en} there "
              "first this round.")
        it = (f"Sarebbe la carta {place} della fila di {SUIT_IT[suit]}: al sicuro, a meno che in questo "
              f"giro {what_it}.")
        takes = False
    else:
        en = f"It would be card {place} of the {SUIT_EN[suit]} row: it cannot take a row this round."
        it = f"Sarebbe la carta {place} della fila di {SUIT_IT[suit]}: in questo giro non può prendere file."
        takes = False
    return Move({"type": "play", "card": card}, en, it, card,
                {"row": suit, "place": place, "takes_if_alone": takes})


def _row_choice(s: QuintaState, a: ChooseRow) -> Move:
    row = s.row(a.row)
    joker = s.pending_jokers[0][1]
    if len(row) + 1 == 5:
        taken = (*row[1:], joker)
        return Move({"type": "choose_row", "row": a.row},
                    f"{SUIT_EN[a.row].capitalize()} row: the joker is the fifth card and you take "
                    f"{_names(taken, 'en')}.",
                    f"Fila di {SUIT_IT[a.row]}: il jolly è la quinta carta e prendi {_names(taken, 'it')}.",
                    joker, {"row": a.row, "takes": list(taken), "certain": True})
    return Move({"type": "choose_row", "row": a.row},
                f"{SUIT_EN[a.row].capitalize()} row: the joker becomes card {len(row) + 1}; "
                "nothing is taken.",
                f"Fila di {SUIT_IT[a.row]}: il jolly diventa la carta {len(row) + 1}; non si prende niente.",
                joker, {"row": a.row, "takes": [], "certain": True})


def can_hint(s: QuintaState, seat: int) -> bool:
    """Whether hints can be given to the seat: they need its hand, which the app knows when it
    dealt it."""
    return s.hands[seat] is not None


def hints(rules: Quinta, s: QuintaState, seat: int, names: Sequence[str]) -> Hints:
    """Each card in hand (or each row for a waiting joker) and what it would take."""
    if not can_hint(s, seat):
        return UNKNOWN_HAND
    legal = rules.legal_actions(s, seat)
    if not legal:
        return NOT_NOW
    moves: list[Move] = []
    for a in legal:
        if isinstance(a, ChooseRow):
            moves.append(_row_choice(s, a))
        elif isinstance(a, Play):
            moves.append(_move_for(s, a.card, s.public() | set(s.hands[seat] or ())))
    moves.sort(key=lambda m: (ROWS.index(m.facts["row"]) if "row" in m.facts else 4,
                              RANK_ORDER.get(rank_of(m.card or ""), 99) if m.card else 99))
    return Hints(tuple(moves))


def _move_for(s: QuintaState, card: str, seen: frozenset[str]) -> Move:
    if card in JOKER_ROWS:
        return _joker(s, card)
    suit = card[-1]
    if rank_of(card) == "Q":
        return _queen(s, card, suit)
    return _plain(s, card, suit, seen)
