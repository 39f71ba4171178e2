"""Kaiserspiel hints: in play, for each card in hand, who would win the trick so far and why;
in the declarations, what each answer does to the value of the hand.

Only the cards already in the trick (face up) and the player's own card are judged;
the players still to play are named, never guessed.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_label
from ..hints import NOT_NOW, UNKNOWN_HAND, Hints, Move
from .engine import Kaiserspiel
from .state import (
    SEATS,
    Accept,
    Deal,
    DeclareKaiser,
    KaiserState,
    Pass,
    Play,
    Raise,
    Refuse,
    team_of,
)
from .story import explain, kind_name
from .tricks import evaluate


def _who(seat: int, me: int, names: Sequence[str], lang: str) -> str:
    if seat == me:
        return "te" if lang == "it" else "you"
    if team_of(seat) == team_of(me):
        return f"{names[seat]} ({'compagno' if lang == 'it' else 'partner'})"
    return f"{names[seat]} ({'avversario' if lang == 'it' else 'opponent'})"


def _goes(seat: int, me: int, names: Sequence[str], lang: str) -> str:
    """``to you`` / ``a te``, ``to Carla (opponent)`` / ``a Carla (avversario)``."""
    if seat == me:
        return "a te" if lang == "it" else "to you"
    if lang == "it":
        return ("ad " if names[seat][:1].lower() in "aeiou" else "a ") + _who(seat, me, names, lang)
    return "to " + _who(seat, me, names, lang)


def _play(s: KaiserState, a: Play, names: Sequence[str]) -> Move:
    trick = (*s.trick, (a.player, a.card))
    ctx = s.context
    best, verdicts = evaluate((c for _, c in trick), ctx)
    winner = trick[best][0]
    if len(trick) == 1:  # the lead: said to the player himself
        c = card_label(a.card)
        why = {"en": f"You lead {c}, {kind_name(a.card, ctx, 'en')}.",
               "it": f"Apri con {c}, {kind_name(a.card, ctx, 'it')}."}
    else:
        why = explain(verdicts[-1], trick[0][1], ctx, names[a.player], s.pack)
    left = SEATS - len(trick)
    ours = team_of(winner) == team_of(a.player)
    if left:
        still_it = "manca ancora un giocatore" if left == 1 else f"mancano ancora {left} giocatori"
        en = (f"{why['en']} So far the trick would go {_goes(winner, a.player, names, 'en')}; "
              f"{left} player(s) still to play.")
        it = f"{why['it']} Per ora la presa andrebbe {_goes(winner, a.player, names, 'it')}; {still_it}."
    else:
        en = f"{why['en']} You play last: the trick goes {_goes(winner, a.player, names, 'en')}."
        it = f"{why['it']} Giochi per ultimo: la presa va {_goes(winner, a.player, names, 'it')}."
    return Move({"type": "play", "card": a.card}, en, it, a.card,
                {"winner": winner, "our_team": ours, "takes_over": verdicts[-1].takes, "final": not left})


def _declaration(s: KaiserState, a: Pass | Raise | DeclareKaiser | Accept | Refuse) -> Move:
    value = s.value
    if isinstance(a, Pass):
        return Move({"type": "pass"}, f"Pass: the hand stays at {value}; four passes in a row start play.",
                    f"Passo: la mano resta a {value}; quattro passi di fila fanno cominciare il gioco.")
    if isinstance(a, Raise):
        return Move({"type": "raise"},
                    f"Raise by 3: if accepted the hand is worth {value + 3}; if refused your team scores "
                    f"{value} at once.",
                    f"Rilancio di 3: se accettato la mano vale {value + 3}; se rifiutato la tua squadra "
                    f"segna subito {value}.")
    if isinstance(a, DeclareKaiser):
        return Move({"type": "declare_kaiser", "card": a.card},
                    f"Declare {card_label(a.card)} a Kaiser: +1 if accepted (worth {value + 1}), and the "
                    f"ace becomes a trump; if refused your team scores {value}.",
                    f"Dichiara Kaiser {card_label(a.card)}: +1 se accettato (vale {value + 1}), e l'asso "
                    f"diventa briscola; se rifiutato la tua squadra segna {value}.", a.card)
    pending = s.pending
    amount = pending.amount if pending is not None else 0
    if isinstance(a, Accept):
        return Move({"type": "accept"}, f"Accept: the hand is worth {value + amount} and play goes on.",
                    f"Accetta: la mano vale {value + amount} e si continua.")
    return Move({"type": "refuse"}, f"Refuse: the hand ends now and the other team scores {value}.",
                f"Rifiuta: la mano finisce subito e l'altra squadra segna {value}.")


def can_hint(s: KaiserState, seat: int) -> bool:
    """Whether hints can be given to the seat: they need its hand, which the app knows when it
    dealt it."""
    return s.hands[seat] is not None


def hints(rules: Kaiserspiel, s: KaiserState, seat: int, names: Sequence[str]) -> Hints:
    """The player's moves now: cards with the trick's winner so far, or the declarations."""
    if not can_hint(s, seat):
        return UNKNOWN_HAND
    moves: list[Move] = []
    for a in rules.legal_actions(s, seat):
        if isinstance(a, Play):
            moves.append(_play(s, a, names))
        elif isinstance(a, Pass | Raise | DeclareKaiser | Accept | Refuse):
            moves.append(_declaration(s, a))
        elif isinstance(a, Deal):
            moves.append(Move({"type": "deal"}, "Deal the next hand: you are the dealer now.",
                              "Distribuisci la prossima mano: ora il mazziere sei tu."))
    if not moves:
        if s.phase == "discard" and seat in rules.to_act(s):
            return Hints(note_en="Discard any two cards face down; hints start with the declarations.",
                         note_it="Scarta due carte qualsiasi coperte; i suggerimenti cominciano con le "
                                 "dichiarazioni.")
        return NOT_NOW
    return Hints(tuple(moves))
