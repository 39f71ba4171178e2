"""Kaiserspiel (seed 002, shared/rules/kaiserspiel.md): the Swiss game of the Emperor.

Two teams of two (seats 0+2 against 1+3). One card face up to each player fixes
the trump suit (the lowest; the first dealt on a tie) and stays in its owner's
hand; six more each, two discarded. The hand is worth 4; in the declaration round
a player may raise by 3, or by 1 showing an Ace that becomes a Kaiser; the next
player, an opponent, accepts or refuses (the hand then ends "a tavolino" at the
value before that raise). Play is free (no duty to follow); each card takes the
trick over or not by the table of §5; three tricks win the hand; 101 the game.

Known hands (scenarios, a game the app deals) are checked fully. With unknown
hands (real cards on a real table) the face-up cards are entered when dealt,
discards are not named, and the engine enforces what everybody can see: a card
is played once, nobody plays another player's face-up card or Kaiser, every
player plays his five cards at most.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any

from ..cards import FRENCH54, KAISER40, KAISER48, TAROT78
from ..engine import Outcome, SetupError, cannot_hold_json, chosen_seat, read_options
from . import state as ks
from .cards import CAMERA_PACKS, check_pack, kaiser_name, logical_card, logical_cards, pack_info
from .checks import check_answer, check_deal, check_declaration, check_discard, check_reveal
from .hand import (
    DISCARD,
    OPTIONS,
    _bad_deal,
    _check_card,
    _check_holds,
    _deal,
    _discard,
    _empty,
    _end_hand,
    _holdable,
    _play,
    _put,
    _read_game_options,
    _trump,
    cannot_hold,
    marks,
)
from .state import (
    SEATS,
    TEAMS,
    Accept,
    Action,
    Deal,
    DeclareKaiser,
    Discard,
    HandResult,
    KaiserState,
    Pass,
    Pending,
    Play,
    Raise,
    Refuse,
    Reveal,
    bad,
    team_of,
)
from .tally import KAISER, RAISE
from .tricks import evaluate

__all__ = [
    "RULES", "Accept", "Action", "Deal", "DeclareKaiser", "Discard", "HandResult", "KaiserState",
    "Kaiserspiel", "Pass", "Pending", "Play", "Raise", "Refuse", "Reveal", "marks",
]


class Kaiserspiel:
    """The Kaiserspiel rules engine (4 players in two teams)."""

    name = "kaiserspiel"
    deck = KAISER40  # the logical pack; a table's own size and physical pack are in its state
    seats = range(4, 5)

    # ---- setting up -------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> KaiserState:
        """The first hand dealt by a dealer the table chose (option ``dealer``) or drawn by lot."""
        _, mode = read_options("Kaiserspiel", players, self.seats, options, OPTIONS)
        size, target, pack = _read_game_options(options)
        dealer = options.get("dealer")
        dealer = random.Random(seed).randrange(SEATS) if dealer is None \
            else chosen_seat("dealer", dealer, SEATS)
        s = _empty(size, pack, target, mode == "known", seed, (dealer - 1) % SEATS, (0, 0))
        return _deal(s, None, None)

    def from_setup(self, size: int, target: int, dealer: int, face_up: Sequence[str],
                   hands: Sequence[Sequence[str]], scores: Sequence[int] = (0, 0),
                   pack: str = "french") -> KaiserState:
        """A first hand given card by card (scenarios): ``face_up`` and six ``hands`` per seat."""
        check_pack(pack, size)
        if not 1 <= target <= 1000 or not 0 <= dealer < SEATS:
            raise SetupError("the target must be 1 to 1000 and the dealer a seat from 0 to 3")
        a, b = (int(x) for x in scores)
        if not 0 <= a < target or not 0 <= b < target:
            raise SetupError("a team that has reached the target has already won")
        s = _empty(size, pack, target, True, 0, (dealer - 1) % SEATS, (a, b))
        problem = _bad_deal(size, face_up, hands)
        if problem:
            raise SetupError(problem)
        return _deal(s, tuple(face_up), tuple(tuple(h) for h in hands))

    # ---- whose turn -------------------------------------------------------
    def to_act(self, s: KaiserState) -> frozenset[int]:
        """Who may act: several at once while face-up cards are entered and while discarding."""
        if s.phase == "reveal":
            return frozenset(p for p in range(SEATS) if s.face_up[p] is None)
        if s.phase == "discard":
            return frozenset(p for p in range(SEATS) if s.discards[p] is None)
        if s.phase in ("declare", "respond") and s.turn is not None:
            return frozenset({s.turn})
        if s.phase == "play":
            return frozenset({(s.leader + len(s.trick)) % SEATS})
        if s.phase == "await_deal":
            return frozenset({s.first})
        return frozenset()

    def legal_actions(self, s: KaiserState, player: int) -> list[Action]:
        """Every legal action of ``player`` (with an unknown hand: every card he may hold)."""
        if player not in self.to_act(s):
            return []
        hand = s.hands[player]
        if s.phase == "await_deal":
            return [Deal(player)]
        if s.phase == "reveal":
            taken = {c for c in s.face_up if c is not None}
            return [Reveal(player, c) for c in logical_cards(s.size) if c not in taken]
        if s.phase == "discard":
            if hand is None:
                return [Discard(player)]
            return [Discard(player, pair) for pair in combinations(ks.in_order(hand), DISCARD)]
        if s.phase == "respond":
            return [Accept(player), Refuse(player)]
        if s.phase == "declare":
            declared = {c for _, c in s.kaisers}
            aces = [c for c in _holdable(s, player) if c.startswith("A") and c not in declared]
            return [Pass(player), Raise(player), *(DeclareKaiser(player, c) for c in aces)]
        return [Play(player, c) for c in _holdable(s, player)]

    # ---- checking ---------------------------------------------------------
    def check(self, s: KaiserState, a: Action) -> None:
        """Raise IllegalAction unless ``a`` is legal in ``s``."""
        if not 0 <= a.player < SEATS:
            raise bad("seat", "There is no such player at this table.",
                      "Non c'è un giocatore con quel posto.")
        if s.phase == "over":
            raise bad("game_over", "The game is over.", "La partita è finita.")
        if isinstance(a, Deal):
            check_deal(s, a)
            return
        if s.phase == "await_deal":
            raise bad("hand_over", "This hand is over: wait for the next deal.",
                      "Questa mano è finita: aspetta la prossima distribuzione.")
        if isinstance(a, Reveal):
            check_reveal(s, a)
        elif isinstance(a, Discard):
            check_discard(s, a)
        elif isinstance(a, Accept | Refuse):
            check_answer(s, a)
        elif isinstance(a, Pass | Raise | DeclareKaiser):
            check_declaration(s, a)
        else:
            self._check_play(s, a)

    def _check_play(self, s: KaiserState, a: Play) -> None:
        if s.phase in ("reveal", "discard"):
            raise bad("play_early", "Everybody discards two cards before play starts.",
                      "Prima del gioco ognuno scarta due carte.")
        if s.phase in ("declare", "respond"):
            raise bad("declarations_running",
                      "The declarations are not over: play starts after four passes in a row.",
                      "Le dichiarazioni non sono finite: si gioca quando tutti e quattro hanno "
                      "passato di fila.")
        if a.player not in self.to_act(s):
            turn = min(self.to_act(s)) + 1
            raise bad("not_your_turn", f"It is not your turn to play: it is seat {turn}'s turn.",
                      f"Non tocca a te giocare: è il turno del posto {turn}.")
        _check_card(s, a.card)
        _check_holds(s, a.player, a.card)

    # ---- applying ---------------------------------------------------------
    def apply(self, s: KaiserState, a: Action) -> KaiserState:
        """Check ``a`` and return the new state."""
        self.check(s, a)
        if isinstance(a, Deal):
            return _deal(s, a.face_up, a.hands)
        if isinstance(a, Reveal):
            face_up = _put(s.face_up, a.player, a.card)
            s = replace(s, face_up=face_up)
            if all(c is not None for c in face_up):
                s = replace(s, trump=_trump(s), phase="discard")
            return s
        if isinstance(a, Discard):
            return _discard(s, a)
        if isinstance(a, Pass):
            if s.passes + 1 == SEATS:  # four passes in a row: play starts (K5)
                return replace(s, passes=0, turn=None, phase="play", leader=s.first)
            return replace(s, passes=s.passes + 1, turn=(a.player + 1) % SEATS)
        if isinstance(a, Raise | DeclareKaiser):
            card = a.card if isinstance(a, DeclareKaiser) else None
            amount = KAISER if card else RAISE
            return replace(s, phase="respond", passes=0, pending=Pending(a.player, amount, card),
                           turn=(a.player + 1) % SEATS)
        if isinstance(a, Accept):
            p = s.pending
            assert p is not None
            kaisers = s.kaisers + (((p.seat, p.card),) if p.card else ())
            return replace(s, phase="declare", pending=None, raises=(*s.raises, p.amount),
                           kaisers=kaisers)
        if isinstance(a, Refuse):
            assert s.pending is not None
            return _end_hand(replace(s, pending=None), team_of(s.pending.seat), "refusal")
        return _play(s, a)

    # ---- the end ----------------------------------------------------------
    def outcome(self, s: KaiserState) -> Outcome | None:
        """Each seat scores its team's points; the team that reached the target wins."""
        if s.phase != "over":
            return None
        scores = s.scores
        best = 0 if scores[0] > scores[1] else 1
        return Outcome(scores=tuple(scores[team_of(p)] for p in range(SEATS)),
                       winners=tuple(p for p in range(SEATS) if team_of(p) == best))

    def winner(self, s: KaiserState) -> str | None:
        """The winning team's letter once the game is over."""
        out = self.outcome(s)
        return None if out is None else TEAMS[team_of(out.winners[0])]

    def private(self, s: KaiserState, player: int) -> bool:
        """True when the app knows this seat's hand: nobody else may act for it. Between two
        hands there is nothing to hide: the host may start the next deal for the dealer (the
        table screen offers it only for a dealer without a phone; a phone that has gone quiet
        need not hold up the table)."""
        return s.phase != "await_deal" and s.hands[player] is not None

    def commutes(self, then: KaiserState, now: KaiserState, a: Action) -> bool:
        """A discard or a face-up card entered while others did the same means the same."""
        same_hand = then.hand_no == now.hand_no and then.phase == now.phase
        if isinstance(a, Discard):
            return same_hand and now.phase == "discard" and now.discards[a.player] is None
        if isinstance(a, Reveal):
            return same_hand and now.phase == "reveal" and now.face_up[a.player] is None
        return False

    def moment(self, s: KaiserState) -> dict[str, str]:
        """When a move made on ``s`` was made, as the host's corrections list names it: the
        hand, and the trick it went to or, before play, the face-up cards or the declarations."""
        if s.phase == "reveal":
            en, it = "Face-up card", "Carta scoperta"
        elif s.phase in ("declare", "respond"):
            en, it = "Declarations", "Dichiarazioni"
        else:
            en, it = f"Trick {len(s.tricks) + 1}", f"Presa {len(s.tricks) + 1}"
        # a new deal: the list may still hold the last hand's cards
        return {"en": f"Hand {s.hand_no} · {en}", "it": f"Mano {s.hand_no} · {it}"}

    def can_correct(self, before: KaiserState, now: KaiserState, old: Action, new: Action) -> bool:
        """A card entered by mistake for a hand the app does not know (a played card, a face-up
        card, the Ace shown to declare a Kaiser) may be corrected by the host: everybody has
        seen the real one."""
        same = type(old) is type(new) and old.player == new.player
        return same and isinstance(old, Play | Reveal | DeclareKaiser) and before.hands[old.player] is None

    def same_course(self, old: KaiserState, new: KaiserState) -> bool:
        """After a correction the game must stand where it stood."""
        def where(s: KaiserState) -> tuple[Any, ...]:
            return (s.hand_no, s.phase, self.to_act(s), len(s.tricks), len(s.trick), s.dealer)
        return where(old) == where(new)

    def can_undo(self, s: KaiserState, a: Action) -> bool:
        """Take back the last move while it showed nothing new: a pass, a raise, an answer, a
        discard, a face-up card entered, a card on the unfinished trick. A Kaiser's Ace has been
        shown and a deal seen: those stay."""
        if isinstance(a, Play):
            return bool(s.trick) and s.trick[-1] == (a.player, a.card)
        return isinstance(a, Pass | Raise | Accept | Refuse | Discard | Reveal)

    def card_name(self, code: str, lang: str) -> str:
        """A card as this game names it everywhere (the scan's list too, as the tricks are
        told): ``Ober of Bells`` / ``cavallo di denari``."""
        return kaiser_name(code, lang)

    def cannot_hold(self, s: KaiserState, player: int) -> frozenset[str]:
        """The cards played in this hand, and those shown to be another player's (his face-up
        card, his Kaisers)."""
        return cannot_hold(s, player)

    # ---- views and JSON ---------------------------------------------------
    def view(self, s: KaiserState, player: int | None) -> dict[str, Any]:
        """Public: face-up cards, trumps, value, declarations, the trick, the board. A seat
        also sees its own hand, its discards and its legal actions."""
        verdicts = []
        if s.tricks:
            _, found = evaluate((c for _, c in s.tricks[-1]), s.context)
            verdicts = [{"player": p, "card": c, "takes": v.takes, "reason": v.reason}
                        for (p, c), v in zip(s.tricks[-1], found, strict=True)]
        result = s.result
        out: dict[str, Any] = {
            "phase": s.phase, "hand_no": s.hand_no, "dealer": s.dealer, "first": s.first,
            "to_act": sorted(self.to_act(s)), "deck": s.size, "pack": s.pack, "target": s.target,
            "face_up": list(s.face_up), "trump": s.trump, "hand_value": s.value,
            "raises": list(s.raises), "kaisers": [{"player": p, "card": c} for p, c in s.kaisers],
            "pending": None if s.pending is None else {
                "player": s.pending.seat, "amount": s.pending.amount, "card": s.pending.card},
            "passes": s.passes, "leader": s.leader,
            "trick": [{"player": p, "card": c} for p, c in s.trick],
            "last_trick": verdicts,
            "last_trick_winner": s.trick_winners[-1] if s.trick_winners else None,
            "tricks_won": {"A": s.tricks_won[0], "B": s.tricks_won[1]},
            "hand_sizes": list(s.hand_sizes), "discarded": [d is not None for d in s.discards],
            "hand_result": None if result is None else {
                "team": TEAMS[result.team], "points": result.points, "by": result.by},
            "team_scores": {"A": s.scores[0], "B": s.scores[1]}, "marks": marks(s),
            "known_hands": s.known,
            "cannot_hold": cannot_hold_json(self, s, SEATS),
        }
        if player is not None and 0 <= player < SEATS:
            hand, discards = s.hands[player], s.discards[player]
            out["hand"] = None if hand is None else list(hand)
            out["my_discards"] = None if discards is None else list(discards)
            out["legal"] = [self.dump_action(a) for a in self.legal_actions(s, player)]
        return out

    def table_info(self, s: KaiserState) -> dict[str, Any]:
        """The table's pack, the same for every seat: each card's names and the physical card it
        stands for, the cards the dealer leaves in the box (kept out of :meth:`view`, which
        names only cards a seat may see)."""
        return pack_info(s.pack, s.size)

    def table_deck(self, s: KaiserState) -> str:
        """The logical pack this table plays with: 40 or 48 cards."""
        return KAISER48 if s.size == 48 else KAISER40

    def camera_deck(self, s: KaiserState) -> str | None:
        """The deck a camera reads at this table: a French pack is read as French cards (the
        logical codes are the French ones); the other packs are not read yet."""
        return FRENCH54 if s.pack == "french" else None

    def camera_kinds(self, s: KaiserState) -> tuple[str, ...]:
        """The kinds of enrolled deck a camera reads this table's physical pack with: a tarot cut
        down (its cavalli are the obers, the rest stays in the box), an Italian 40-card deck or a
        Swiss pack (enrolled as ``kaiser40``/``kaiser48``, already in the logical codes), or
        French cards of an unusual design."""
        kinds = CAMERA_PACKS.get(s.pack, ())
        return tuple(k for k in kinds if not (k == KAISER40 and s.size == 48))

    def table_code(self, s: KaiserState, kind: str, code: str) -> str | None:
        """This table's code for a card read from an enrolled deck of ``kind``; None for a card
        the pack leaves in the box (a tarot's trumps)."""
        if kind == TAROT78:
            return logical_card(code, "tarot", s.size)
        if s.pack in ("italian", "swiss"):
            return logical_card(code, s.pack, s.size)
        return code

    def scan_kind(self, s: KaiserState) -> str:
        """What a card seen by the camera means now: a face-up card entered, or a card played."""
        return "reveal" if s.phase == "reveal" else "play"

    def dump_state(self, s: KaiserState) -> dict[str, Any]:
        """Everything, as JSON-ready data."""
        return ks.dump_state(s)

    def load_state(self, d: Mapping[str, Any]) -> KaiserState:
        """Inverse of :meth:`dump_state`."""
        return ks.load_state(d)

    def dump_action(self, a: Action) -> dict[str, Any]:
        """An action as JSON-ready data."""
        return ks.dump_action(a)

    def load_action(self, d: Mapping[str, Any]) -> Action:
        """Parse an action; a malformed one raises IllegalAction."""
        return ks.load_action(d)


RULES = Kaiserspiel()


