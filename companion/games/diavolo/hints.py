"""Il Diavolo hints: the chance that the next card busts or wins, counted exactly.

The count runs over every card the player has not seen: the whole tarot less his
own cards. The other players' cards and the order of the pile are unknown to him,
so they are counted as unseen too and never looked at.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..cards import TAROT78, deck_list
from ..hints import NOT_NOW, UNKNOWN_HAND, Hints, Move, percent
from .engine import RULES, Diavolo
from .state import DEVIL, TARGET, Ask, Continue, DiavoloState, Withdraw, points, total, value


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


def _between_deals(s: DiavoloState, seat: int, names: Sequence[str]) -> Hints:
    """Deal again or end the evening; with a pot on the table, what ending would do (D9)."""
    if not s.pot:
        return Hints((
            Move({"type": "deal"}, f"Deal the next hand: every player antes {s.stake}.",
                 f"Distribuisci la prossima mano: ognuno versa {s.stake} nel piatto."),
            Move({"type": "end"}, "End the evening: the balances are the result.",
                 "Chiudi la serata: i saldi sono il risultato.")))
    back = ", ".join(f"{names[i]} {n}" for i, n in enumerate(s.pot_paid) if n)
    unknown = s.pot - sum(s.pot_paid)  # carried in from before the record: nobody's share is known
    if back:
        end_en = f"each player takes back what they paid into it since it was last won ({back})"
        end_it = f"ognuno riprende quanto ci ha versato da quando è stato vinto l'ultima volta ({back})"
        if unknown:
            end_en += f"; the other {unknown} has no known payer and stays on the table"
            end_it += f"; gli altri {unknown} non si sa chi li ha versati e restano sul tavolo"
    else:
        end_en = "nobody's share of it is on record, so it stays on the table for the players to settle"
        end_it = "non si sa chi l'ha versato, quindi resta sul tavolo e lo sistemano i giocatori"
    return Hints((
        Move({"type": "deal"},
             f"Deal one more hand: the pot of {s.pot} is indivisible and waits for the winner of a deal; "
             f"with the antes it grows to {s.pot + s.stake * s.players}.",
             f"Distribuisci un'altra mano: il piatto di {s.pot} è indivisibile e aspetta il vincitore di "
             f"una mano; con le entrate sale a {s.pot + s.stake * s.players}.",
             None, {"pot": s.pot}),
        Move({"type": "end"},
             f"End the evening anyway: nobody wins the pot of {s.pot}; {end_en}.",
             f"Chiudi comunque la serata: nessuno vince il piatto di {s.pot}; {end_it}.",
             None, {"refunds": list(s.pot_paid)}),
    ))


def can_hint(s: DiavoloState, seat: int) -> bool:
    """Whether hints can be given to the seat: between deals to the next dealer (they speak of
    the pot and the next deal, no hand needed); otherwise once the app knows every card the
    seat holds (dealt by the app, or each entered by the player on their own phone)."""
    if s.phase == "await_deal" and seat in RULES.to_act(s):
        return True
    own = s.cards[seat]
    return own is not None and len(own) == s.counts[seat]


def hints(rules: Diavolo, s: DiavoloState, seat: int, names: Sequence[str]) -> Hints:
    """Ask or withdraw, with the exact chances of the next card."""
    legal = rules.legal_actions(s, seat)
    if legal and s.phase == "await_deal":  # the pot and the next deal: no hand needed
        return _between_deals(s, seat, names)
    own = s.cards[seat]
    if own is None or not can_hint(s, seat):
        return UNKNOWN_HAND
    if not legal or s.phase != "offer":
        return NOT_NOW
    bust, win, unseen = odds(own)
    now = total(own)
    moves: list[Move] = []
    for a in legal:
        if isinstance(a, Ask):
            over = now > TARGET
            en = (f"Ask: pay {s.stake} into the pot ({s.pot} now) for a card. Your total is {points(now)}. "
                  f"Of the {unseen} cards you have not seen, {percent(bust, unseen)} would "
                  f"{'leave you over' if over else 'take you over'} 15, and {percent(win, unseen)} would "
                  "win (exactly 15 or the Devil).")
            it = (f"Chiedi: paghi {s.stake} nel piatto (ora {s.pot}) per una carta. Il tuo totale è "
                  f"{points(now)}. Delle {unseen} carte che non hai visto, {percent(bust, unseen, 'it')} ti "
                  f"{'lascerebbero sopra' if over else 'porterebbero sopra'} 15, e "
                  f"{percent(win, unseen, 'it')} vincerebbero (15 esatto o il Diavolo).")
            moves.append(Move({"type": "ask"}, en, it, None, {
                "total": float(now), "unseen": unseen, "bust": bust, "win": win,
                "bust_chance": str(Fraction(bust, unseen)), "win_chance": str(Fraction(win, unseen))}))
        elif isinstance(a, Withdraw):
            paid = s.paid[seat] * s.stake
            en_paid, it_paid = (
                ("the chip you paid stays", "il gettone che hai pagato resta") if paid == 1
                else (f"the {paid} chips you paid stay", f"i {paid} gettoni che hai pagato restano"))
            moves.append(Move({"type": "withdraw"},
                              f"Withdraw: you leave this deal; {en_paid} in the pot.",
                              f"Ritirati: esci da questa mano; {it_paid} nel piatto.", None, {"paid": paid}))
        elif isinstance(a, Continue):
            moves.append(Move({"type": "continue"}, "Go on: your new card makes no 15.",
                              "Continua: la nuova carta non fa 15."))
    return Hints(tuple(moves))
