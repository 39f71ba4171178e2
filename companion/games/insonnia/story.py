"""Insonnia's event log as sentences, in Italian and English.

Only public facts are told: cards laid, removed, turned over or discarded.
A card drawn stays private ("draws two cards").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_label, card_name
from .runs import Deck, is_complete
from .state import (
    Action,
    Concentrate,
    EndTurn,
    Guess,
    InsonniaState,
    Pass,
    Play,
    Reshuffle,
    StartRun,
)

Line = dict[str, str]


def _face(deck: Deck, code: str, lang: str) -> str:
    """A card for the log: ``6♦`` for a French card, else its name (``yellow sheep 6``)."""
    if deck.name == "french" and deck.kinds[code].role == "sheep":
        return card_label(code)
    return card_name(deck.cards_deck, code, lang)


def _role(deck: Deck, code: str, lang: str) -> str:
    role = deck.kinds[code].role
    words = {"fence": ("a fence", "un recinto"), "confused": ("a confused sheep", "una pecora confusa")}
    if role == "sheep":
        return _face(deck, code, lang)
    en, it = words[role]
    extra = f" ({card_label(code)})" if deck.name == "french" else ""
    return (en if lang == "en" else it) + extra


def _run(names: Sequence[str], owner: int, run: int, lang: str) -> str:
    """``Max's run 1`` / ``serie 1 di Max`` (the Italian article is the caller's)."""
    return f"{names[owner]}'s run {run + 1}" if lang == "en" else f"serie {run + 1} di {names[owner]}"


def _run_of(names: Sequence[str], actor: int, owner: int, run: int, lang: str) -> str:
    """A run as its player's own move names it: ``their own run 1`` / ``propria serie 1`` for
    his own (not his name twice), else :func:`_run` (the Italian article is the caller's)."""
    if owner == actor:
        return f"their own run {run + 1}" if lang == "en" else f"propria serie {run + 1}"
    return _run(names, owner, run, lang)


def _the(deck: Deck, code: str, lang: str) -> str:
    """A card named in a sentence: ``the yellow sheep 6`` / ``la pecora gialla 6``, ``il
    recinto``; a French sheep by its label alone (``6♦``), as a player says it."""
    kind = deck.kinds.get(code)
    if kind is None:  # a card nobody saw ("?")
        return _face(deck, code, lang) if deck.name != "french" else code
    face = _face(deck, code, lang)
    role = kind.role
    if deck.name == "french" and role == "sheep":
        return face
    if lang == "en":
        return f"the {face}"
    return f"{'il' if role == 'fence' else 'la'} {face}"


def _play(names: Sequence[str], s: InsonniaState, a: Play) -> Line:
    deck = s.cards
    sheep = [p for p in a.placements if deck.kinds[p.card].role == "sheep"]
    others = [p for p in a.placements if deck.kinds[p.card].role != "sheep"]
    en: list[str] = []
    it: list[str] = []
    if sheep:
        first = sheep[0]
        cards_en = ", ".join(_the(deck, p.card, "en") for p in sheep)
        cards_it = ", ".join(_the(deck, p.card, "it") for p in sheep)
        en.append(f"lays {cards_en} on {_run_of(names, a.player, first.owner, first.run, 'en')}")
        it.append(f"mette {cards_it} sulla {_run_of(names, a.player, first.owner, first.run, 'it')}")
    for p in others:
        en.append(f"puts {_role(deck, p.card, 'en')} in slot {p.slot} of "
                  f"{_run_of(names, a.player, p.owner, p.run, 'en')}")
        it.append(f"mette {_role(deck, p.card, 'it')} nella casella {p.slot} della "
                  f"{_run_of(names, a.player, p.owner, p.run, 'it')}")
    who = names[a.player]
    return {"en": f"{who} " + "; ".join(en) + ".", "it": f"{who} " + "; ".join(it) + "."}


def _removed(before: InsonniaState, a: Concentrate | Guess) -> str:
    return before.runs[a.player][a.run].at(a.slot) or ""


def _what(deck: Deck, code: str, lang: str) -> str:
    if deck.kinds[code].role == "confused":
        return _role(deck, code, lang)
    return (f"the foreign sheep ({_face(deck, code, lang)})" if lang == "en"
            else f"la pecora estranea ({_face(deck, code, lang)})")


def _guess_result(names: Sequence[str], before: InsonniaState, a: Guess, after: InsonniaState) -> Line:
    """What the card turned over by a guess did (``before``: the state the guess was made in)."""
    who = names[a.player]
    deck = before.cards
    gone = _removed(before, a)
    shown = after.runs[a.player][a.run].at(a.slot) if after.phase in ("continue", "over") else None
    if shown is not None and shown != gone:
        return {"en": f"{who} guesses on {_what(deck, gone, 'en')} in slot {a.slot}: the top card is "
                      f"{_the(deck, shown, 'en')}, exactly right! It takes the place; {who} goes on.",
                "it": f"{who} tira a indovinare su {_what(deck, gone, 'it')} nella casella {a.slot}: "
                      f"esce {_the(deck, shown, 'it')}, proprio quella! Prende il posto; {who} continua."}
    held, now = before.hands[a.player], after.hands[a.player]
    revealed = now[len(held)] if held is not None and now is not None and len(now) > len(held) \
        else (a.card or "?")
    return {"en": f"{who} guesses on {_what(deck, gone, 'en')} in slot {a.slot}: the top card is "
                  f"{_the(deck, revealed, 'en')}, wrong. {who} takes it and draws two more.",
            "it": f"{who} tira a indovinare su {_what(deck, gone, 'it')} nella casella {a.slot}: "
                  f"esce {_the(deck, revealed, 'it')}, sbagliato. {who} la prende e ne pesca altre due."}


def _main(names: Sequence[str], before: InsonniaState, a: Action, after: InsonniaState) -> Line:
    who = names[a.player]
    deck = before.cards
    if isinstance(a, Reshuffle):
        n = len(before.discard)
        if n == 1:
            return {"en": "The pile is empty: the one discarded card becomes the new pile.",
                    "it": "Il mazzo è finito: l'unica carta scartata diventa il nuovo mazzo."}
        return {"en": f"The pile is empty: the {n} discarded cards are shuffled into a new pile.",
                "it": f"Il mazzo è finito: le {n} carte scartate vengono mescolate in un nuovo mazzo."}
    if isinstance(a, StartRun):
        en, it = _the(deck, a.card, "en"), _the(deck, a.card, "it")
        if before.phase == "first_turn":
            return {"en": f"{who} starts counting with {en}.", "it": f"{who} inizia a contare con {it}."}
        return {"en": f"{who} has no incomplete run and starts a new one with {en}.",
                "it": f"{who} non ha serie incomplete e ne inizia una nuova con {it}."}
    if isinstance(a, Play):
        return _play(names, before, a)
    if isinstance(a, Concentrate):
        gone = _removed(before, a)
        return {"en": f"{who} concentrates: {_what(deck, gone, 'en')} leaves slot {a.slot} of "
                      f"{_run(names, a.player, a.run, 'en')}, and {who} draws two cards.",
                "it": f"{who} si concentra: {_what(deck, gone, 'it')} lascia la casella {a.slot} della "
                      f"{_run(names, a.player, a.run, 'it')}, e {who} pesca due carte."}
    if isinstance(a, Guess):
        if after.phase == "reshuffle" and after.pending is not None:
            gone = _removed(before, a)
            return {"en": f"{who} guesses on {_what(deck, gone, 'en')} in slot {a.slot}: the pile is empty, "
                          "so the discards are shuffled into a new pile first.",
                    "it": f"{who} tira a indovinare su {_what(deck, gone, 'it')} nella casella {a.slot}: il "
                          "mazzo è finito, quindi prima si mescolano gli scarti in un nuovo mazzo."}
        return _guess_result(names, before, a, after)
    if isinstance(a, Pass):
        if before.phase == "first_turn":
            return {"en": f"{who} has no numbered sheep to lay and passes.",
                    "it": f"{who} non ha pecore numerate da mettere e passa."}
        dropped = after.discard[len(before.discard):]  # the reshuffle is an action of its own
        if dropped:
            en = ", ".join(_the(deck, c, "en") for c in dropped)
            it = ", ".join(_the(deck, c, "it") for c in dropped)
            return {"en": f"{who} passes: discards {en} from the table and draws two cards.",
                    "it": f"{who} passa: scarta {it} dal tavolo e pesca due carte."}
        return {"en": f"{who} passes with no sheep in front: draws two cards.",
                "it": f"{who} passa senza pecore davanti: pesca due carte."}
    assert isinstance(a, EndTurn)
    return {"en": f"{who} ends the turn.", "it": f"{who} finisce il turno."}


def narrate(names: Sequence[str], before: InsonniaState, action: Action,
            after: InsonniaState) -> list[Line]:
    """Sentences telling what ``action`` did."""
    lines = [_main(names, before, action, after)]
    if isinstance(action, Reshuffle) and before.pending is not None:
        # The guess that waited for the new pile turns its card over now.
        lines.append(_guess_result(names, before, before.pending, after))
    if after.phase != "over":
        lines.extend(_counts_changed(names, before, after))
    if after.phase == "over" and before.phase != "over":
        if after.winner is not None:
            w = names[after.winner]
            lines.append({"en": f"{w} has an empty hand and a complete count: {w} wins!",
                          "it": f"{w} ha la mano vuota e una conta completa: vince {w}!", "kind": "end"})
        elif after.idle >= after.players:
            lines.append({"en": "A whole round without a card drawn or laid: the game ends with no winner.",
                          "it": "Un giro intero senza pescare né mettere carte: la partita finisce "
                                "senza vincitori.", "kind": "end"})
        else:
            lines.append({"en": "The same position came back a third time: the game ends with no winner.",
                          "it": "La stessa posizione si è ripetuta per la terza volta: la partita finisce "
                                "senza vincitori.", "kind": "end"})
    return lines


def _complete_runs(s: InsonniaState, player: int) -> list[int]:
    """The numbers of ``player``'s complete runs (counts)."""
    return [r for r, run in enumerate(s.runs[player]) if is_complete(s.cards, s.variant, run)]


def _counts_changed(names: Sequence[str], before: InsonniaState, after: InsonniaState) -> list[Line]:
    """A count just completed (what its owner still needs to win), or a complete one broken."""
    lines: list[Line] = []
    for p in range(after.players):
        was, now = _complete_runs(before, p), _complete_runs(after, p)
        who = names[p]
        if len(now) > len(was):
            r = next((r for r in now if r not in was), now[-1])
            # a condition, never news of a win: the game goes on while the hand holds cards
            lines.append({"en": f"{_run(names, p, r, 'en')} is complete: {who} wins once no card is left "
                                f"in hand.",
                          "it": f"La {_run(names, p, r, 'it')} è completa: {who} vince appena resta senza "
                                f"carte in mano.",
                          "kind": "count"})
        elif len(now) < len(was):
            lines.append({"en": f"{who} loses a complete run: it must be completed again.",
                          "it": f"{who} perde una serie completa: va completata di nuovo.",
                          "kind": "count"})
    return lines
