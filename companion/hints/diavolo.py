"""Il Diavolo hints: the chance that the next card busts or wins, counted exactly.

The count runs over every card the player has not seen: the whole tarot less his
own cards. The other players' cards and the order of the pile are unknown to him,
so they are counted as unseen too and never looked at.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..games.cards import TAROT78, deck_list
from ..games.diavolo import DEVIL, TARGET, Ask, Continue, Diavolo, DiavoloState, Withdraw, total, value
from .model import NOT_NOW, UNKNOWN_HAND, Hints, Move, percent


def odds(own: Sequence[str]) -> tuple[int, int, int]:
    """``(bust, win, unseen)``: of the cards not in ``own``, how many would take the total over 15
    (the Devil never does), how many would win (the Devil, or exactly 15), and how many there are."""
    unseen = list(deck_list(TAROT78))
    for c in own:
        unseen.remove(c)
    now = total(own)
    bust = sum(1 for c in unseen if c != DEVIL and now + value(c) > TARGET)
    win = sum(1 for c in unseen if c == DEVIL or now + value(c) == TARGET)
    return bust, win, len(unseen)


def _number(x: Fraction) -> str:
    return str(int(x)) if x.denominator == 1 else f"{float(x):g}"


def hints(rules: Diavolo, s: DiavoloState, seat: int, names: Sequence[str]) -> Hints:
    """Ask or withdraw, with the exact chances of the next card."""
    own = s.cards[seat]
    if own is None or len(own) != s.counts[seat]:
        return UNKNOWN_HAND
    legal = rules.legal_actions(s, seat)
    if not legal or s.phase != "offer":
        return NOT_NOW
    bust, win, unseen = odds(own)
    now = total(own)
    moves: list[Move] = []
    for a in legal:
        if isinstance(a, Ask):
            over = now > TARGET
            en = (f"Ask: pay {s.stake} into the pot ({s.pot} now) for a card. Your total is {_number(now)}. "
                  f"Of the {unseen} cards you have not seen, {percent(bust, unseen)} would "
                  f"{'leave you over' if over else 'take you over'} 15, and {percent(win, unseen)} would "
                  "win (exactly 15 or the Devil).")
            it = (f"Chiedi: paghi {s.stake} nel piatto (ora {s.pot}) per una carta. Il tuo totale è "
                  f"{_number(now)}. Delle {unseen} carte che non hai visto, {percent(bust, unseen)} ti "
                  f"{'lascerebbero sopra' if over else 'porterebbero sopra'} 15, e {percent(win, unseen)} "
                  "vincerebbero (15 esatto o il Diavolo).")
            moves.append(Move({"type": "ask"}, en, it, None, {
                "total": float(now), "unseen": unseen, "bust": bust, "win": win,
                "bust_chance": str(Fraction(bust, unseen)), "win_chance": str(Fraction(win, unseen))}))
        elif isinstance(a, Withdraw):
            paid = s.paid[seat] * s.stake
            moves.append(Move({"type": "withdraw"},
                              f"Withdraw: you leave this deal; the {paid} chip(s) you paid stay in the pot.",
                              f"Ritirati: esci da questa mano; i {paid} gettoni che hai pagato restano nel "
                              "piatto.", None, {"paid": paid}))
        elif isinstance(a, Continue):
            moves.append(Move({"type": "continue"}, "Go on: your new card makes no 15.",
                              "Continua: la nuova carta non fa 15."))
    return Hints(tuple(moves))
