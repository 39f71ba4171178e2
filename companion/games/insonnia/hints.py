"""Insonnia hints: for each card in hand, every place it could go now.

Places come from the engine's own single-placement generator over the runs on the
table (all face up) and the player's hand; a guess is never simulated, so the top
of the pile stays unknown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..hints import NOT_NOW, UNKNOWN_HAND, Hints, Move
from .check import name
from .engine import Insonnia
from .legal import can_start, singles
from .runs import highest_sheep
from .state import Concentrate, EndTurn, Guess, InsonniaState, Pass, Placement, StartRun

MAX_PLACES = 12  # per card: a long list helps nobody


def _place(p: Placement, seat: int, names: Sequence[str], lang: str) -> str:
    if lang == "it":
        if p.owner == seat:
            return f"la tua serie {p.run + 1}, casella {p.slot}"
        return f"la serie {p.run + 1} di {names[p.owner]}, casella {p.slot}"
    whose = "your" if p.owner == seat else f"{names[p.owner]}'s"
    return f"{whose} run {p.run + 1}, slot {p.slot}"


def _card_moves(s: InsonniaState, seat: int, hand: Sequence[str], names: Sequence[str]) -> list[Move]:
    places: dict[str, list[Placement]] = {}
    for p in singles(s, seat, Counter(hand)):
        places.setdefault(p.card, []).append(p)
    moves = []
    for card in sorted(places, key=lambda c: (len(c), c)):
        found = places[card]
        shown = found[:MAX_PLACES]
        more = len(found) - len(shown)
        en = f"{name(s, card, 'en').capitalize()}: " + "; ".join(_place(p, seat, names, "en") for p in shown)
        it = f"{name(s, card, 'it').capitalize()}: " + "; ".join(_place(p, seat, names, "it") for p in shown)
        if more:
            en += f" (and {more} more)"
            it += f" (e altre {more})"
        first = found[0]
        moves.append(Move(
            {"type": "play", "placements": [{"card": first.card, "owner": first.owner, "run": first.run,
                                             "slot": first.slot}]},
            en + ".", it + ".", card,
            {"places": [{"owner": p.owner, "run": p.run, "slot": p.slot} for p in found]}))
    return moves


def _pass_move(s: InsonniaState, seat: int) -> Move:
    """The pass, a choice like any other (DECISION I10): what it would cost."""
    best = highest_sheep(s.cards, s.runs[seat])
    if best is None:
        return Move({"type": "pass"},
                    "Pass: you lay nothing and draw two cards (you have no sheep in front).",
                    "Passa: non metti niente e peschi due carte (non hai pecore davanti).")
    r, slot = best
    card = s.runs[seat][r].at(slot) or ""
    return Move({"type": "pass"},
                f"Pass: you lay nothing, your highest sheep ({name(s, card, 'en')}, run {r + 1}) leaves the "
                "table and you draw two cards. Sometimes passing is better than giving a sheep to an "
                "opponent.",
                f"Passa: non metti niente, la tua pecora più alta ({name(s, card, 'it')}, serie {r + 1}) "
                "lascia il tavolo e peschi due carte. A volte è meglio passare che regalare una pecora a un "
                "avversario.",
                None, {"discards": card})


def can_hint(s: InsonniaState, seat: int) -> bool:
    """Whether hints can be given to the seat: they need its hand, which the app knows when it
    dealt it."""
    return s.hands[seat] is not None


def hints(rules: Insonnia, s: InsonniaState, seat: int, names: Sequence[str]) -> Hints:
    """Where each card in hand could go, a new run, and the confused sheep the player may remove."""
    hand = s.hands[seat]
    if hand is None or not can_hint(s, seat):
        return UNKNOWN_HAND
    legal = rules.legal_actions(s, seat)
    if not legal:
        return NOT_NOW
    moves = _card_moves(s, seat, hand, names)
    starts = sorted({a.card for a in legal if isinstance(a, StartRun)}, key=lambda c: (len(c), c))
    if starts and can_start(s, seat):
        en_cards = ", ".join(name(s, c, "en") for c in starts)
        it_cards = ", ".join(name(s, c, "it") for c in starts)
        moves.append(Move({"type": "start_run", "card": starts[0]},
                          f"Start a new run with one sheep (your turn then ends): {en_cards}.",
                          f"Apri una nuova serie con una pecora (poi il turno finisce): {it_cards}.",
                          None, {"cards": starts}))
    for a in legal:
        if isinstance(a, Concentrate):
            moves.append(Move({"type": "concentrate", "owner": a.owner, "run": a.run, "slot": a.slot},
                              f"Concentrate on slot {a.slot} of your run {a.run + 1}: the card goes to the "
                              "discards, you draw two, your turn ends.",
                              f"Concentrati sulla casella {a.slot} della tua serie {a.run + 1}: la carta va "
                              "negli scarti, peschi due carte, il turno finisce."))
        elif isinstance(a, Guess) and a.card is None:
            moves.append(Move({"type": "guess", "owner": a.owner, "run": a.run, "slot": a.slot},
                              f"Guess on slot {a.slot} of your run {a.run + 1}: the top card of the pile is "
                              "turned; if it is the sheep that belongs there it takes the place and you go "
                              "on, otherwise it joins your hand with two more.",
                              f"Indovina sulla casella {a.slot} della tua serie {a.run + 1}: si gira la "
                              "prima carta del mazzo; se è la pecora giusta prende il posto e continui, "
                              "altrimenti va in mano con altre due."))
        elif isinstance(a, Pass):
            moves.append(_pass_move(s, seat))
        elif isinstance(a, EndTurn):
            moves.append(Move({"type": "end_turn"}, "End your turn now, at no cost.",
                              "Chiudi ora il tuo turno, senza penalità."))
    return Hints(tuple(moves))
