"""Oscuri hints: for each card the player may play now, which stakes would move.

The consequence is computed by the engine itself on the cards already on the table
(all of them face up) and the player's own card: nothing hidden enters the sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import FRENCH54, card_name, french_card_it
from ..hints import NOT_NOW, UNKNOWN_HAND, Hints, Move
from .engine import Oscuri
from .state import ANGELS, DEATHS, Discard, OscuriState, Placed, Play
from .story import chips


def _card(code: str, lang: str) -> str:
    return card_name(FRENCH54, code, lang)


def _the_chips_it(n: int) -> str:
    """``il gettone``, ``i 2 gettoni``: the chips lying somewhere, with their article."""
    return "il gettone" if n == 1 else f"i {n} gettoni"


def _after(rules: Oscuri, s: OscuriState, a: Play) -> tuple[tuple[Placed, ...], bool]:
    """The turn's cards with their stakes right after ``a``, and whether the turn ended."""
    after = rules.apply(s, a)
    ended = after.turn != s.turn
    return (after.last_turn if ended else after.trick), ended


def _describe(rules: Oscuri, s: OscuriState, a: Play, names: Sequence[str]) -> Move:
    placed, ended = _after(rules, s, a)
    me = placed[len(s.trick)]
    stake = s.stake
    holder = s.trick[s.holder] if s.holder is not None else None
    whose_en = f"{names[holder.player]}'s {_card(holder.card, 'en')}" if holder else ""
    # Italian names the card as "la carta di Ada (donna di quadri)": one article and one
    # preposition ("sulla") whatever the card's own gender is.
    whose_it = f"carta di {names[holder.player]} ({_card(holder.card, 'it')})" if holder else ""
    action = {"type": "play", "card": a.card}
    facts: dict[str, object] = {"stakes_on_card": me.stakes, "turn_ends": ended}
    if a.card in DEATHS:
        if not s.trick:
            others = sum(1 for p in s.order[1:] if s.holds(p))
            return Move(action,
                        f"Death led: each of the {others} other player(s) with cards pays you "
                        f"{chips(stake, 'en')} and puts a card face down; you lead again.",
                        f"Morte di apertura: ognuno degli altri {others} giocatori con carte ti paga "
                        f"{chips(stake, 'it')} e mette una carta coperta; riapri tu.",
                        a.card, {**facts, "collect": others * stake})
        return Move(action,
                    f"Death: you take all the stakes on the table ({chips(me.stakes, 'en')}) and the "
                    "turn ends at once; you lead the next one.",
                    f"Morte: prendi tutte le puntate sul tavolo ({chips(me.stakes, 'it')}) e il turno "
                    "finisce subito; il prossimo lo apri tu.",
                    a.card, {**facts, "collect": me.stakes})
    if a.card in ANGELS and holder is None:
        en = "Black Angel led: it sets no suit, and the next suit card played takes its stake."
        it = ("Angelo Nero di apertura: non fissa un seme, e la prima carta di seme giocata ne prende "
              "la puntata.")
    elif a.card in ANGELS and holder is not None:
        en = (f"Black Angel: it takes the {chips(holder.stakes, 'en')} on {whose_en} ({me.stakes} with "
              "yours); the card to beat and the suit stay as they are.")
        it = (f"Angelo Nero: prende {_the_chips_it(holder.stakes)} sulla {whose_it} ({me.stakes} con i "
              "tuoi); la carta da battere e il seme restano quelli.")
    elif me.stakes > 0 and holder is not None and placed[s.holder or 0].frozen and not holder.frozen:
        en = (f"Equal figure: the stakes on {whose_en} freeze there; yours lie on your card, now the "
              "card to beat.")
        it = (f"Figura uguale: le puntate sulla {whose_it} restano congelate lì; la tua sta sulla tua "
              "carta, ora da battere.")
    elif me.stakes > 0 and holder is not None:
        en = (f"It beats {whose_en} and takes its {chips(holder.stakes, 'en')}; with yours, "
              f"{chips(me.stakes, 'en')} {'lies' if me.stakes == 1 else 'lie'} on it and it is the card "
              "to beat.")
        it = (f"Batte la {whose_it} e ne prende {_the_chips_it(holder.stakes)}; con i tuoi, ne stanno "
              f"{me.stakes} sopra ed è la carta da battere.")
    elif me.stakes > 0:
        en = f"You lead: it is the card to beat, with your {chips(me.stakes, 'en')} on it."
        yours = "il tuo gettone" if me.stakes == 1 else f"i tuoi {me.stakes} gettoni"
        it = f"Apri tu: è la carta da battere, con {yours} sopra."
    else:
        frozen = holder is not None and placed[s.holder or 0].frozen and not holder.frozen
        if frozen:
            en = (f"A weaker suit: your stake goes onto {whose_en} and freezes there; the suit changes and "
                  "the next player answers your card.")
            it = (f"Seme più debole: la tua puntata va sulla {whose_it} e resta congelata lì; il seme "
                  "cambia e il giocatore dopo risponde alla tua carta.")
        else:
            en = f"Lower: your stake goes onto {whose_en}, which stays the winning card."
            it = f"Più bassa: la tua puntata va sulla {whose_it}, che resta la carta vincente."
    if ended:
        en += f" You play last: the turn ends and you collect {me.stakes}."
        it += f" Giochi per ultimo: il turno finisce e raccogli {me.stakes}."
        facts["collect"] = me.stakes
    return Move(action, en, it, a.card, facts)


def _discard(a: Discard, left: int) -> Move:
    """A card put face down after a led Death: out of the game; what it costs the player."""
    card = a.card or ""
    keep_en = "no card" if left == 0 else "1 card" if left == 1 else f"{left} cards"
    keep_it = "non ti restano carte" if left == 0 else "ti resta 1 carta" if left == 1 \
        else f"ti restano {left} carte"
    en = f"Face down: the {_card(card, 'en')} leaves the game unseen; you keep {keep_en} to play."
    it = (f"{french_card_it(card).capitalize()} va a faccia in giù fuori dal gioco, e nessuno saprà "
          f"quale carta era; {keep_it}.")
    if card in DEATHS:
        en += " It is a Death, the card that takes every stake: a costly one to lose."
        it += " È una Morte, la carta che prende tutte le puntate: perderla costa cara."
    elif card in ANGELS:
        en += " It is a Black Angel, which takes the stake of the card to beat: a costly one to lose."
        it += " È un Angelo Nero, che prende la puntata della carta da battere: perderlo costa caro."
    return Move({"type": "discard", "card": card}, en, it, card, {"cards_left": left})


def can_hint(s: OscuriState, seat: int) -> bool:
    """Whether hints can be given to the seat: they need its hand, which the app knows when it
    dealt it."""
    return s.hands[seat] is not None


def hints(rules: Oscuri, s: OscuriState, seat: int, names: Sequence[str]) -> Hints:
    """Each card the player may play now and where the stakes would go; after a led Death,
    each card he may put face down and what it costs him."""
    if not can_hint(s, seat):
        return UNKNOWN_HAND
    legal = rules.legal_actions(s, seat)
    discards = [a for a in legal if isinstance(a, Discard) and a.card is not None]
    if discards:  # Death was led: one card face down, whichever the player can spare
        left = len(s.hands[seat] or ()) - 1
        return Hints(tuple(_discard(a, left) for a in discards))
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return NOT_NOW
    return Hints(tuple(_describe(rules, s, a, names) for a in plays))
