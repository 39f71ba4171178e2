"""Why Kaiserspiel refuses a deal, a face-up card, a discard, a declaration, a Kaiser or an answer to a
raise: each refusal with its rule id and a sentence in English and Italian.
"""

from __future__ import annotations

from ..cards import card_label
from .hand import (
    DISCARD,
    _bad_deal,
    _check_card,
    _check_holds,
)
from .state import (
    Accept,
    Deal,
    DeclareKaiser,
    Discard,
    KaiserState,
    Pass,
    Raise,
    Refuse,
    Reveal,
    bad,
)


def check_deal(s: KaiserState, a: Deal) -> None:
    if s.phase != "await_deal":
        raise bad("hand_running", "The hand is still being played.", "La mano è ancora in corso.")
    if a.player != s.first:
        raise bad("not_dealer", f"Seat {s.first + 1} deals the next hand (DECISION K2).",
                  f"La prossima mano la distribuisce il posto {s.first + 1} (DECISIONE K2).")
    if a.face_up is None and a.hands is None:
        return
    if not s.known:
        raise bad("deal_unknown", "The cards are real at this table: the app does not choose them.",
                  "A questo tavolo le carte sono vere: l'app non le sceglie.")
    problem = _bad_deal(s.size, a.face_up or (), a.hands or ())
    if problem:
        raise bad("bad_deal", f"That deal is not possible: {problem}.",
                  "Quella distribuzione non è possibile: carte sconosciute, ripetute o nel "
                  "numero sbagliato.")


def check_reveal(s: KaiserState, a: Reveal) -> None:
    if s.phase != "reveal":
        raise bad("no_reveal", "The face-up cards are already known.",
                  "Le carte scoperte sono già note.")
    if s.face_up[a.player] is not None:
        raise bad("revealed_twice", "Your face-up card is entered already.",
                  "La tua carta scoperta è già stata indicata.")
    _check_card(s, a.card)
    if a.card in s.face_up:
        raise bad("card_seen", f"{card_label(a.card)} was dealt face up to another player.",
                  f"{card_label(a.card)} è stata data scoperta a un altro giocatore.")


def check_discard(s: KaiserState, a: Discard) -> None:
    if s.phase == "reveal":
        raise bad("reveal_first", "First every face-up card must be entered.",
                  "Prima vanno indicate tutte le carte scoperte.")
    if s.phase != "discard" or s.discards[a.player] is not None:
        raise bad("discarded_twice", "You have already discarded your two cards for this hand.",
                  "Hai già scartato le tue due carte per questa mano.")
    hand = s.hands[a.player]
    if hand is None:
        if a.cards:
            raise bad("discard_unseen", "Discards are face down: they are not named.",
                      "Gli scarti sono coperti: non si nominano.")
        return
    if len(a.cards) != DISCARD or len(set(a.cards)) != DISCARD:
        raise bad("discard_two", "Discard exactly two different cards.",
                  "Scarta esattamente due carte diverse.")
    for c in a.cards:
        if c not in hand:
            raise bad("not_in_hand", f"{card_label(c)} is not in your hand.",
                      f"{card_label(c)} non è nella tua mano.")


def check_declaration(s: KaiserState, a: Pass | Raise | DeclareKaiser) -> None:
    if s.phase in ("reveal", "discard"):
        raise bad("declare_early", "The declarations start once all four players have discarded.",
                  "Le dichiarazioni cominciano quando tutti e quattro hanno scartato.")
    if s.phase == "play":
        raise bad("play_started",
                  "Play has started: the value can no longer be raised, nor a Kaiser declared "
                  "(DECISION K6).",
                  "Il gioco è cominciato: non si può più rilanciare né dichiarare un Kaiser "
                  "(DECISIONE K6).")
    if s.phase == "respond":
        if a.player == s.turn:
            raise bad("answer_first", "A raise is waiting for your answer: accept or refuse it.",
                      "Un rilancio aspetta la tua risposta: accettalo o rifiutalo.")
        raise bad("pending", f"A raise is waiting for seat {(s.turn or 0) + 1} to answer.",
                  f"Un rilancio aspetta la risposta del posto {(s.turn or 0) + 1}.")
    if a.player != s.turn:
        raise bad("not_your_turn", "It is not your turn to declare.", "Non tocca a te dichiarare.")
    if isinstance(a, DeclareKaiser):
        check_kaiser(s, a)


def check_kaiser(s: KaiserState, a: DeclareKaiser) -> None:
    _check_card(s, a.card)
    if not a.card.startswith("A"):
        raise bad("not_an_ace", f"Only an Ace can become a Kaiser: {card_label(a.card)} is not one.",
                  f"Solo un asso può diventare Kaiser: {card_label(a.card)} non lo è.")
    if a.card in {c for _, c in s.kaisers}:
        raise bad("kaiser_twice", f"{card_label(a.card)} is a Kaiser already.",
                  f"{card_label(a.card)} è già un Kaiser.")
    _check_holds(s, a.player, a.card)


def check_answer(s: KaiserState, a: Accept | Refuse) -> None:
    if s.phase != "respond" or s.pending is None:
        raise bad("nothing_to_answer", "There is no raise to answer.",
                  "Non c'è nessun rilancio a cui rispondere.")
    if a.player != s.turn:
        raise bad("not_responder",
                  f"Seat {(s.turn or 0) + 1}, the next player after the raiser, answers this raise.",
                  f"A questo rilancio risponde il posto {(s.turn or 0) + 1}, il giocatore dopo "
                  "chi ha rilanciato.")
