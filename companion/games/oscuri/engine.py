"""Il Cerchio degli Oscuri (seed 000, shared/rules/oscuri.md): stakes that travel between cards.

Each player in turn plays one card and puts one stake down. Stakes lie on the
card that currently "beats" the others (the holder) and move when it is beaten;
an equal figure or a lower suit freezes them; a Black Angel (joker) takes them
without changing the suit; Death (any king) ends the turn and takes them all.
At the end of a turn every player collects the stakes on his own card.

Known hands (scenarios, a dealt game) are checked fully. Unknown hands (a real
table) cannot be checked for following suit when the card is played: the engine
records the claim "void in that suit" and flags a renege when later play proves
the player held the suit (he played it before drawing any new card).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..cards import FRENCH54, card_name, normalise_code
from ..engine import IllegalAction, Outcome, SetupError, cannot_hold_json, chosen_seat, read_options
from .state import (
    _CARDS,
    ANGELS,
    DEATHS,
    HAND,
    OPTIONS,
    Action,
    Discard,
    OscuriState,
    Placed,
    Play,
    _suit_name,
    cut_rank,
)
from .turns import (
    _begin_turn,
    _end_turn,
    _follows,
    _note_suit_claims,
    _play_card,
    _play_death,
    _take_from_hand,
)


def _bad(rule: str, en: str, it: str) -> IllegalAction:
    return IllegalAction(f"oscuri.{rule}", en, it)


def _name(code: str, lang: str) -> str:
    return card_name(FRENCH54, code, lang)


class Oscuri:
    """The Oscuri rules engine (2-6 players)."""

    name = "oscuri"
    deck = FRENCH54
    seats = range(2, 7)

    # ---- setting up -------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> OscuriState:
        """Cut for the first leader (DECISION O2), shuffle and deal three cards each.

        Option ``leader``: the seat that won the cut the players made with the real cards;
        without it the app cuts (the cut is drawn either way, so the shuffle is the same)."""
        stake, mode = read_options("Oscuri", players, self.seats, options, OPTIONS)
        rng = random.Random(seed)
        leader = self._cut(rng, players)
        chosen = options.get("leader")
        if chosen is not None:
            leader = chosen_seat("leader", chosen, players)
        cards = list(_CARDS)
        rng.shuffle(cards)
        if mode == "unknown":
            return self._start(players, stake, [None] * players, None, 54 - HAND * players, leader)
        hands = [cards[i * HAND:(i + 1) * HAND] for i in range(players)]
        return self._start(players, stake, hands, cards[HAND * players:], 0, leader)

    @staticmethod
    def _cut(rng: random.Random, players: int) -> int:
        contenders = list(range(players))
        while True:
            cards = rng.sample(_CARDS, len(contenders))
            best = max(cut_rank(c) for c in cards)
            contenders = [p for p, c in zip(contenders, cards, strict=True) if cut_rank(c) == best]
            if len(contenders) == 1:
                return contenders[0]

    def _start(self, players: int, stake: int, hands: Sequence[Sequence[str] | None],
               deck: Sequence[str] | None, deck_size: int, leader: int,
               balances: Sequence[int] | None = None) -> OscuriState:
        hands_t = tuple(None if h is None else tuple(h) for h in hands)
        sizes = tuple(HAND if h is None else len(h) for h in hands_t)
        state = OscuriState(
            players=players, stake=stake, hands=hands_t, hand_sizes=sizes,
            deck=None if deck is None else tuple(deck),
            deck_size=deck_size if deck is None else len(deck),
            balances=tuple(balances or (0,) * players), phase="play", leader=leader, order=(),
            out=(False,) * players, start=tuple(balances or (0,) * players),
        )
        return _begin_turn(state, leader)

    def from_setup(self, names: Sequence[str], stake: int, leader: int,
                   hands: Sequence[Sequence[str]], deck: Sequence[str],
                   balances: Sequence[int]) -> OscuriState:
        """A game given card by card (scenarios)."""
        players = len(names)
        if players not in self.seats:
            raise SetupError("Oscuri is played by 2 to 6 players")
        all_cards = [normalise_code(c) for h in hands for c in h] + [normalise_code(c) for c in deck]
        bad = [c for c in all_cards if c not in _CARDS]
        if bad or len(all_cards) != len(set(all_cards)):
            raise SetupError(f"bad or repeated cards in the setup: {bad or 'repeats'}")
        return self._start(players, stake, [[normalise_code(c) for c in h] for h in hands],
                           [normalise_code(c) for c in deck], 0, leader, balances)

    # ---- whose turn -------------------------------------------------------
    def to_act(self, s: OscuriState) -> frozenset[int]:
        """The player to play, or the first who owes a discard."""
        if s.phase == "death_discard":
            return frozenset({s.owing[0]})
        p = s.to_play
        return frozenset() if p is None else frozenset({p})

    def legal_actions(self, s: OscuriState, player: int) -> list[Action]:
        """Every legal action of ``player`` (with an unknown hand: every unseen card)."""
        if player not in self.to_act(s):
            return []
        hand = s.hands[player]
        elsewhere = self.cannot_hold(s, player)
        options = list(hand) if hand is not None else [c for c in _CARDS if c not in elsewhere]
        if s.phase == "death_discard":
            if hand is None:
                return [Discard(player, None)]
            return [Discard(player, c) for c in options]
        return [Play(player, c) for c in options if _follows(s, hand, c)]

    # ---- checking ---------------------------------------------------------
    def check(self, s: OscuriState, a: Action) -> None:
        """Raise IllegalAction unless ``a`` is legal in ``s``."""
        if not 0 <= a.player < s.players:
            raise _bad("seat", "There is no such player at this table.",
                       "Non c'è un giocatore con quel posto.")
        if s.phase == "over":
            raise _bad("game_over", "The game is over.", "La partita è finita.")
        if isinstance(a, Discard):
            self._check_discard(s, a)
            return
        if s.phase == "death_discard":
            first = s.owing[0]
            raise _bad(
                "discard_pending",
                f"The turn has ended with Death: seat {first + 1} first puts a card face down.",
                f"Il turno è finito con la Morte: prima il posto {first + 1} scarta una carta coperta.")
        if s.out[a.player]:
            raise _bad("out", "You have no cards left: you are out until the end of the game.",
                       "Non hai più carte: sei fuori fino alla fine della partita.")
        if a.player != s.to_play:
            if s.to_play is None:
                raise _bad("not_your_turn", "It is not your turn to play.", "Non tocca a te giocare.")
            raise _bad("not_your_turn", f"It is not your turn to play: it is seat {s.to_play + 1}'s turn.",
                       f"Non tocca a te giocare: è il turno del posto {s.to_play + 1}.")
        if a.card not in _CARDS:
            raise _bad("unknown_card", f"{a.card} is not a card of a French deck.",
                       f"{a.card} non è una carta del mazzo francese.")
        self._check_in_hand(s, a.player, a.card)
        if not _follows(s, s.hands[a.player], a.card):
            suit = s.suit or ""
            raise _bad(
                "follow_suit",
                f"You hold a card of the turn's suit ({_suit_name(suit, 'en')}): play one of them, "
                "or a Black Angel or Death.",
                f"Hai una carta del seme del turno ({_suit_name(suit, 'it')}): giocane una, "
                "oppure un Angelo Nero o la Morte.",
            )

    def _check_in_hand(self, s: OscuriState, player: int, card: str) -> None:
        hand = s.hands[player]
        if hand is not None:
            if card not in hand:
                raise _bad("not_in_hand", f"The {_name(card, 'en')} is not in your hand.",
                           f"La carta {_name(card, 'it')} non è nella tua mano.")
        elif card in self.cannot_hold(s, player):
            raise _bad("card_seen",
                       f"The {_name(card, 'en')} has already been played: it cannot be in your hand.",
                       f"La carta {_name(card, 'it')} è già stata giocata: non può essere nella tua mano.")

    def _check_discard(self, s: OscuriState, a: Discard) -> None:
        if s.phase != "death_discard":
            raise _bad("no_discard", "Nobody owes a face-down card now.",
                       "Nessuno deve scartare una carta coperta adesso.")
        if a.player not in s.owing:
            raise _bad("not_owing", "You do not owe a face-down card: the one who played Death "
                       "does not discard.", "Non devi scartare: chi ha giocato la Morte non scarta.")
        if a.player != s.owing[0]:
            first = s.owing[0]
            raise _bad("discard_order", f"Discards go in order of play: seat {first + 1} first.",
                       f"Gli scarti vanno in ordine di gioco: prima il posto {first + 1}.")
        if s.hands[a.player] is not None:
            if a.card is None:
                raise _bad("discard_card", "Say which card you put face down.",
                           "Indica quale carta scarti coperta.")
            self._check_in_hand(s, a.player, a.card)
        elif a.card is not None:
            raise _bad("discard_unseen", "A card put face down is not named: nobody may see it.",
                       "Una carta scartata coperta non si nomina: nessuno può vederla.")

    # ---- applying ---------------------------------------------------------
    def apply(self, s: OscuriState, a: Action) -> OscuriState:
        """Check ``a`` and return the new state."""
        self.check(s, a)
        if isinstance(a, Discard):
            s = _take_from_hand(s, a.player, a.card)
            s = replace(s, owing=s.owing[1:], out_face_down=s.out_face_down + 1)
            if s.owing:
                return s
            return _end_turn(replace(s, phase="play"), death_led=True)
        s = _note_suit_claims(s, a)
        s = _take_from_hand(s, a.player, a.card)
        if a.card in DEATHS:
            return _play_death(s, a)
        return _play_card(s, a)

    # ---- the end ----------------------------------------------------------
    def outcome(self, s: OscuriState) -> Outcome | None:
        """Net balances; the highest wins, ties share (DECISION O15)."""
        if s.phase != "over":
            return None
        top = max(s.balances)
        start = s.start or (0,) * s.players
        return Outcome(scores=s.balances, winners=tuple(i for i, b in enumerate(s.balances) if b == top),
                       payouts=tuple(b - a for b, a in zip(s.balances, start, strict=True)))

    def private(self, s: OscuriState, player: int) -> bool:
        """True when the app knows this seat's hand: nobody else may act for it."""
        return s.hands[player] is not None

    def moment(self, s: OscuriState) -> dict[str, str]:
        """When a move made on ``s`` was made, as the host's corrections list names it."""
        return {"en": f"Turn {s.turn}", "it": f"Turno {s.turn}"}

    def can_correct(self, before: OscuriState, now: OscuriState, old: Action, new: Action) -> bool:
        """A card played face up from a hand the app does not know may be corrected by the host
        (a typing or scanning mistake); discards stay face down and are nobody's business."""
        return (isinstance(old, Play) and isinstance(new, Play) and old.player == new.player
                and before.hands[old.player] is None)

    def same_course(self, old: OscuriState, new: OscuriState) -> bool:
        """After a correction the game must stand where it stood: same turn, same phase,
        the same player to act."""
        return (old.turn, old.phase, old.to_play, old.owing) == (new.turn, new.phase, new.to_play, new.owing)

    def can_undo(self, s: OscuriState, a: Action) -> bool:
        """A card played stays played: the host may take back only a discard-free last play
        that revealed nothing, i.e. never once the turn has been settled and cards drawn."""
        return isinstance(a, Play) and s.phase == "play" and bool(s.trick) and s.trick[-1].card == a.card

    def card_name(self, code: str, lang: str) -> str:
        """A card as Oscuri's players call it: a king is Death, a joker a Black Angel, with the
        French card it is in brackets; the other cards keep their French names."""
        plain = _name(code, lang)
        if code in DEATHS:
            return f"Death ({plain})" if lang == "en" else f"Morte ({plain})"
        if code in ANGELS:
            return f"Black Angel ({plain})" if lang == "en" else f"Angelo Nero ({plain})"
        return plain

    def cannot_hold(self, s: OscuriState, player: int) -> frozenset[str]:
        """The cards everybody knows ``player`` does not hold: those out of play face up and
        those in the trick (the same for every seat: nothing is shown to one player)."""
        return s.seen | {p.card for p in s.trick}

    # ---- views and JSON ---------------------------------------------------
    def view(self, s: OscuriState, player: int | None) -> dict[str, Any]:
        """Public table: the turn, stakes, balances, hand sizes; a seat's own hand."""
        out: dict[str, Any] = {
            "phase": s.phase, "turn": s.turn, "leader": s.leader,
            "to_act": sorted(self.to_act(s)),
            "trick": [_placed_json(p) for p in s.trick],
            "holder": s.holder, "ref": None if s.ref is None else s.trick[s.ref].card,
            "suit": s.suit, "last_turn": [_placed_json(p) for p in s.last_turn],
            "balances": list(s.balances), "hand_sizes": list(s.hand_sizes),
            "deck_size": s.deck_size, "out": list(s.out), "owing": list(s.owing),
            "out_face_down": s.out_face_down, "stake": s.stake,
            "reneges": [{"player": p, "suit": su, "turn": t} for p, su, t in s.reneges],
            "known_hands": all(h is not None for h in s.hands),
            "cannot_hold": cannot_hold_json(self, s, s.players),
        }
        if player is not None and 0 <= player < s.players:
            hand = s.hands[player]
            out["hand"] = None if hand is None else list(hand)
            out["legal"] = [self.dump_action(a) for a in self.legal_actions(s, player)]
        return out

    def dump_state(self, s: OscuriState) -> dict[str, Any]:
        """Everything, as JSON-ready data."""
        return {
            "players": s.players, "stake": s.stake,
            "hands": [None if h is None else list(h) for h in s.hands],
            "hand_sizes": list(s.hand_sizes), "deck": None if s.deck is None else list(s.deck),
            "deck_size": s.deck_size, "balances": list(s.balances), "phase": s.phase,
            "leader": s.leader, "order": list(s.order),
            "trick": [_placed_row(p) for p in s.trick],
            "holder": s.holder, "ref": s.ref, "suit": s.suit, "owing": list(s.owing),
            "last_turn": [_placed_row(p) for p in s.last_turn],
            "out": list(s.out), "out_face_down": s.out_face_down, "seen": sorted(s.seen),
            "turn": s.turn, "voids": [list(v) for v in s.voids], "start": list(s.start),
            "reneges": [list(r) for r in s.reneges],
        }

    def load_state(self, d: Mapping[str, Any]) -> OscuriState:
        """Inverse of :meth:`dump_state`."""
        def placed(rows: Sequence[Sequence[Any]]) -> tuple[Placed, ...]:
            return tuple(Placed(int(p), str(c), int(n), bool(f), *_account(rest))
                         for p, c, n, f, *rest in rows)
        return OscuriState(
            players=int(d["players"]), stake=int(d["stake"]),
            hands=tuple(None if h is None else tuple(h) for h in d["hands"]),
            hand_sizes=tuple(d["hand_sizes"]), deck=None if d["deck"] is None else tuple(d["deck"]),
            deck_size=int(d["deck_size"]), balances=tuple(d["balances"]), phase=d["phase"],
            leader=int(d["leader"]), order=tuple(d["order"]), trick=placed(d["trick"]),
            holder=d["holder"], ref=d["ref"], suit=d["suit"], owing=tuple(d["owing"]),
            last_turn=placed(d["last_turn"]), out=tuple(bool(x) for x in d["out"]),
            out_face_down=int(d["out_face_down"]), seen=frozenset(d["seen"]), turn=int(d["turn"]),
            voids=tuple((int(p), str(su), int(t), int(n)) for p, su, t, n in d["voids"]),
            reneges=tuple((int(p), str(su), int(t)) for p, su, t in d["reneges"]),
            start=tuple(int(x) for x in d.get("start", ())),
        )

    def dump_action(self, a: Action) -> dict[str, Any]:
        """``{"type": "play"|"discard", "player": n, "card": code|None}``."""
        kind = "play" if isinstance(a, Play) else "discard"
        return {"type": kind, "player": a.player, "card": a.card}

    def load_action(self, d: Mapping[str, Any]) -> Action:
        """Parse an action; a malformed one raises IllegalAction."""
        player = d.get("player")
        if not isinstance(player, int) or isinstance(player, bool):
            raise _bad("malformed", "The action names no player.", "L'azione non indica il giocatore.")
        card = d.get("card")
        if d.get("type") == "play" and isinstance(card, str):
            return Play(player, normalise_code(card))
        if d.get("type") == "discard" and (card is None or isinstance(card, str)):
            return Discard(player, None if card is None else normalise_code(card))
        raise _bad("unknown_action",
                   "In Oscuri you can only play a card, or put one face down after a led Death.",
                   "In Oscuri puoi solo giocare una carta, o scartarne una coperta dopo una Morte.")


def _placed_row(p: Placed) -> list[Any]:
    return [p.player, p.card, p.stakes, p.frozen, p.how, p.fate[0], p.fate[1]]


def _account(rest: Sequence[Any]) -> tuple[str, tuple[str, int | None]]:
    """A placed card's ``how`` and ``fate`` from the end of its stored row (older rows have none)."""
    if not rest:
        return "lead", ("kept", None)
    how, kind, card = rest
    return str(how), (str(kind), None if card is None else int(card))


def _placed_json(p: Placed) -> dict[str, Any]:
    return {"player": p.player, "card": p.card, "stakes": p.stakes, "frozen": p.frozen}


RULES = Oscuri()
