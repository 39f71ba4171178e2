"""Oscuri's event log as sentences: where each stake went and why, in Italian and English."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import card_label, suit_of
from .oscuri import ANGELS, DEATHS, Discard, OscuriState, Play, _beats, _suit_name

Line = dict[str, str]


def _chips(n: int, lang: str) -> str:
    if lang == "it":
        return f"{n} gettone" if n == 1 else f"{n} gettoni"
    return f"{n} chip" if n == 1 else f"{n} chips"


def narrate(names: Sequence[str], before: OscuriState, action: Play | Discard,
            after: OscuriState) -> list[Line]:
    """Sentences telling what ``action`` did."""
    who = names[action.player]
    if isinstance(action, Discard):
        told: list[Line] = [{"en": f"{who} puts a card face down.", "it": f"{who} scarta una carta coperta."}]
        return told + (_turn_end(names, before, after) if after.turn > before.turn else [])
    card = card_label(action.card)
    stake = before.stake
    holder = before.trick[before.holder] if before.holder is not None else None
    owner = names[holder.player] if holder else ""
    if action.card in DEATHS and not before.trick:
        victims = " & ".join(names[p] for p in after.owing)
        if victims:
            lines = [{"en": f"{who} leads Death ({card}): {victims} each pay {_chips(stake, 'en')} "
                            "and put a card face down.",
                      "it": f"{who} apre con la Morte ({card}): {victims} pagano "
                            f"{_chips(stake, 'it')} a testa e scartano una carta coperta."}]
        else:
            lines = [{"en": f"{who} leads Death ({card}): nobody else holds cards.",
                      "it": f"{who} apre con la Morte ({card}): nessun altro ha carte."}]
    elif action.card in DEATHS:
        total = sum(p.stakes for p in before.trick)
        lines = [{"en": f"{who} plays Death ({card}): takes every stake on the table "
                        f"({_chips(total, 'en')}); the turn ends.",
                  "it": f"{who} gioca la Morte ({card}): prende tutte le puntate sul tavolo "
                        f"({_chips(total, 'it')}); il turno finisce."}]
    elif action.card in ANGELS and not before.trick:
        lines = [{"en": f"{who} leads a Black Angel: no suit yet; any card will take its stake.",
                  "it": f"{who} apre con un Angelo Nero: ancora nessun seme; qualsiasi carta ne "
                        "prende la puntata."}]
    elif action.card in ANGELS:
        taken = holder.stakes if holder else 0
        lines = [{"en": f"{who} plays a Black Angel: takes {_chips(taken, 'en')} from {owner}, "
                        "the suit stays.",
                  "it": f"{who} gioca un Angelo Nero: prende {_chips(taken, 'it')} da {owner}, "
                        "il seme resta."}]
    else:
        ref = before.trick[before.ref].card if before.ref is not None else None
        how = _beats(action.card, ref) if before.trick else "lead"
        if how == "lead":
            en, it = "leads", "apre"
        elif how == "beat":
            taken = holder.stakes if holder else 0
            en = f"beats and takes {_chips(taken, 'en')} from {owner}"
            it = f"vince e prende {_chips(taken, 'it')} da {owner}"
        elif how == "lower":
            en, it = f"is lower: the stake goes onto {owner}'s card", \
                f"è più bassa: la puntata va sulla carta di {owner}"
        elif how == "equal":
            en, it = f"is an equal figure: the stakes on {owner}'s card freeze", \
                f"è una figura pari: le puntate sulla carta di {owner} restano ferme"
        else:
            suit = suit_of(action.card) or ""  # the turn may have ended with this card
            en = (f"is a lower suit: the stake goes onto {owner}'s card, whose stakes now freeze; "
                  f"the suit becomes {_suit_name(suit, 'en')}")
            it = (f"è un seme più basso: la puntata va sulla carta di {owner}, le cui puntate ora "
                  f"restano ferme; il seme diventa {_suit_name(suit, 'it')}")
        lines = [{"en": f"{who} plays {card}: {en}.", "it": f"{who} gioca {card}: {it}."}]
    for p, suit, turn in after.reneges[len(before.reneges):]:
        lines.append({
            "en": f"Renege: {names[p]} played off suit in turn {turn} but held {_suit_name(suit, 'en')}. "
                  "The table decides what follows.",
            "it": f"Rinuncia: {names[p]} non ha risposto a {_suit_name(suit, 'it')} nel turno {turn} "
                  "pur avendone. Decide il tavolo.",
        })
    if after.turn > before.turn:
        lines.extend(_turn_end(names, before, after))
    return lines


def _turn_end(names: Sequence[str], before: OscuriState, after: OscuriState) -> list[Line]:
    """The end of a turn: who collects what and why, then who leads (or the end of the game)."""
    lines: list[Line] = []
    for placed in after.last_turn:
        if not placed.stakes:
            continue
        # Only one card ends a turn with live stakes: the last holder, which nobody beat.
        if placed.card in DEATHS:
            why_en, why_it = "Death takes every stake on the table", "la Morte prende tutte le puntate"
        elif placed.frozen:
            why_en, why_it = "the stakes froze on it", "le puntate ci sono rimaste ferme"
        else:
            why_en, why_it = "nobody beat it", "nessuno l'ha battuta"
        card = card_label(placed.card)
        lines.append({
            "en": f"{names[placed.player]} collects {_chips(placed.stakes, 'en')} from {card}: {why_en}.",
            "it": f"{names[placed.player]} incassa {_chips(placed.stakes, 'it')} da {card}: {why_it}.",
            "kind": "turn"})
    if after.phase == "over":
        lines.append({"en": "Fewer than two players hold cards: the game is over.",
                      "it": "Meno di due giocatori hanno carte: la partita è finita."})
        net = [b - s for b, s in zip(after.balances, after.start or (0,) * after.players, strict=True)]
        shown = ", ".join(f"{names[i]} {n:+d}" for i, n in enumerate(net))
        lines.append({"en": f"Net result, the chips each player won or lost over the game: {shown}.",
                      "it": f"Risultato netto, i gettoni vinti o persi da ciascuno nella partita: {shown}.",
                      "kind": "end"})
    else:
        lines.append({"en": f"{names[after.leader]} leads the next turn.",
                      "it": f"{names[after.leader]} apre il prossimo turno.", "kind": "turn"})
    return lines
