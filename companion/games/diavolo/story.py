"""Il Diavolo's event log as sentences: every payment and every pot, in Italian and English.
A player's cards and total are never told, except the winner's, shown to be checked."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import TAROT78, card_name
from .state import DEVIL, Ask, Continue, Deal, Declare, DiavoloState, End, Note, Withdraw

Line = dict[str, str]


Move = Ask | Withdraw | Declare | Note | Continue | Deal | End


def refund_lines(names: Sequence[str], before: DiavoloState, after: DiavoloState) -> list[Line]:
    """DECISION D9, line by line: a pot nobody won goes back to those who paid into it, each
    exactly his antes and asks since it was last won; the pot is never split."""
    if not before.pot:
        return []
    lines: list[Line] = [{
        "en": f"Nobody won the pot of {before.pot}, and it is indivisible: each player takes back what they "
              "paid into it since it was last won.",
        "it": f"Nessuno ha vinto il piatto di {before.pot}, che è indivisibile: ognuno riprende quanto ci "
              "ha versato da quando è stato vinto l'ultima volta.", "kind": "deal"}]
    for i, back in enumerate(after.refunded):
        asks = after.refunded_asks[i]
        antes, who = back - asks, names[i]
        lines.append({"en": f"{who} takes back {back} ({antes} for antes, {asks} for cards asked).",
                      "it": f"{who} riprende {back} ({antes} per le entrate, {asks} per le carte chieste).",
                      "kind": "refund"})
    if after.pot:
        lines.append({
            "en": f"{after.pot} of the pot came from before the record and nobody's share is known: it stays "
                  "on the table for the players to settle.",
            "it": f"{after.pot} del piatto viene da prima della registrazione e non si sa chi l'ha versato: "
                  "resta sul tavolo, lo sistemano i giocatori.", "kind": "refund"})
    return lines


def narrate(names: Sequence[str], before: DiavoloState, action: Move, after: DiavoloState) -> list[Line]:
    """Sentences telling what ``action`` did."""
    who = names[action.player]
    lines: list[Line] = []
    # The pot as it stands once this action's chips are in (antes, or one card's price).
    paid_in = before.stake * before.players if isinstance(action, Deal) else \
        before.stake if isinstance(action, Ask) else 0
    pot = before.pot + paid_in
    if isinstance(action, Deal):
        lines.append(_dealt(names, after, pot))
    elif isinstance(action, End):
        lines.append({"en": "The evening is over.", "it": "La serata è finita."})
        lines.extend(refund_lines(names, before, after))
    elif isinstance(action, Ask):
        lines.append({"en": f"{who} pays {before.stake} and takes a card (pot {pot}).",
                      "it": f"{who} paga {before.stake} e prende una carta (piatto {pot})."})
    elif isinstance(action, Withdraw):
        lines.append({"en": f"{who} withdraws from this deal.", "it": f"{who} si ritira da questa mano."})
    elif isinstance(action, Note):
        if len(after.missed) > len(before.missed):  # a rule broken, proved by the cards: said to all
            lines.append({
                "en": f"{who}'s cards, entered after saying they made no 15, win (exactly 15 or the Devil): "
                      "too late, a win is announced as the card arrives. The pot stays and the "
                      "deal goes on.",
                "it": f"Le carte di {who}, indicate dopo aver detto che non facevano 15, vincono "
                      "(esattamente 15 o il Diavolo): troppo tardi, la vincita si annuncia appena "
                      "arriva la carta. Il piatto resta e la mano continua."})
        elif after.deal_winner is None:
            return []  # private: nobody else is told
    elif isinstance(action, Continue):
        lines.append({"en": f"{who} goes on.", "it": f"{who} prosegue."})
    winner = after.deal_winner
    if winner is not None and (before.deal_winner is None or isinstance(action, Deal)):
        lines.append(_won(names, after, pot))
    elif before.phase == "offer" and after.phase == "await_deal":
        lines.append({"en": f"Everybody withdrew: the pot of {after.pot} stays for the next deal.",
                      "it": f"Tutti si sono ritirati: il piatto di {after.pot} resta per la prossima mano.",
                      "kind": "deal"})
    return lines


def opening(names: Sequence[str], first: DiavoloState) -> list[Line]:
    """The first deal, made when the table is set up: said like every deal after it (and a
    first card's Devil, when the app dealt it)."""
    pot = first.won or first.pot
    lines = [_dealt(names, first, pot)]
    if first.deal_winner is not None:
        lines.append(_won(names, first, pot))
    return lines


def _dealt(names: Sequence[str], after: DiavoloState, pot: int) -> Line:
    """A deal: who deals, the antes, the pot they make."""
    return {"en": f"Deal {after.deal_no}: {names[after.dealer]} deals; every player antes "
                  f"{after.stake}. The pot holds {pot}.",
            "it": f"Mano {after.deal_no}: distribuisce {names[after.dealer]}; ognuno versa "
                  f"{after.stake} nel piatto. Nel piatto: {pot}.", "kind": "deal"}


def _won(names: Sequence[str], after: DiavoloState, pot: int) -> Line:
    """The deal's winner, why, the pot taken and the cards shown."""
    winner = after.deal_winner
    assert winner is not None
    cards = after.cards[winner] or ()
    shown_en = ", ".join(card_name(TAROT78, c, "en") for c in cards)
    shown_it = ", ".join(card_name(TAROT78, c, "it") for c in cards)
    devil = DEVIL in cards
    why_en = "receives the Devil" if devil else "reaches exactly 15"
    why_it = "riceve il Diavolo" if devil else "fa esattamente 15"
    return {"en": f"{names[winner]} {why_en} and takes the pot: {pot}. Cards: {shown_en}.",
            "it": f"{names[winner]} {why_it} e prende il piatto: {pot}. Carte: {shown_it}.",
            "kind": "deal"}
