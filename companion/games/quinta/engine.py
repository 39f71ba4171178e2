"""Quinta (seed 001, shared/rules/quinta.md): four rows on the aces, simultaneous choice.

Every round each player chooses one card face down; once all have chosen, the
cards are revealed and resolved: queens first (the queen takes its row but the
ace), then jokers (black before red, their owners choose a row of the joker's
colour), then the rest by suit ♠ ♣ ♦ ♥ and ascending rank. Whoever lays the
fifth card of a row takes the four after the ace. Pairs, threes and fours score
at the end, jokers assigned for the best total.

Two modes: *known hands* (dealt by the app or given by a scenario) and
*unknown hands* (a real table: a card is learnt when it is revealed; the engine
still refuses a card already seen, a second choice in a round, and any choice
from a hand that must be empty).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import FRENCH54, deck_list, is_card, normalise_code
from ..engine import Outcome, SetupError, cannot_hold_json, read_options
from .checks import _bad, check_play, check_row
from .scoring import score_pile, score_sets
from .state import (
    _CARDS,
    _LAY_KEY,
    _PLAYS,
    _RANK,
    _SUIT,
    ACES,
    HAND_SIZE,
    JOKER_ROWS,
    OPTIONS,
    ROWS,
    Action,
    ChooseRow,
    Play,
    QuintaState,
    _display_key,
    _Table,
    replace,
)


class Quinta:
    """The Quinta rules engine (3-6 players)."""

    name = "quinta"
    deck = FRENCH54
    seats = range(3, 7)

    # ---- setting up -------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> QuintaState:
        """Deal a fresh game; ``options['hands']`` is ``known`` (dealt here) or ``unknown``."""
        _, mode = read_options("Quinta", players, self.seats, options, OPTIONS)
        size = HAND_SIZE[players]
        rows = tuple((ACES[s],) for s in ROWS)
        empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(players))
        if mode == "unknown":
            hands: tuple[tuple[str, ...] | None, ...] = tuple(None for _ in range(players))
            put_aside: tuple[str, ...] | None = None
        else:
            cards = [c for c in deck_list(FRENCH54) if c not in ACES.values()]
            random.Random(seed).shuffle(cards)
            hands = tuple(tuple(cards[i * size:(i + 1) * size]) for i in range(players))
            put_aside = tuple(cards[players * size:])
        return QuintaState(
            players=players, hands=hands, hand_sizes=(size,) * players, rows=rows,
            piles=empty, put_aside=put_aside, chosen=(None,) * players, phase="choose",
        )

    def from_setup(
        self,
        players: int,
        rows: Mapping[str, Sequence[str]],
        hands: Sequence[Sequence[str] | None],
        piles: Sequence[Sequence[str]],
        put_aside: Sequence[str] | None,
        hand_sizes: Sequence[int] | None = None,
    ) -> QuintaState:
        """A state given card by card (scenarios, a game entered mid-way); checked for sense."""
        if players not in self.seats:
            raise SetupError("Quinta is played by 3 to 6 players")
        row_t = []
        for s in ROWS:
            row = tuple(normalise_code(c) for c in rows.get(s, (ACES[s],)))
            if not row or row[0] != ACES[s] or len(row) > 4:
                raise SetupError(f"row {s} must start with {ACES[s]} and hold 1 to 4 cards")
            row_t.append(row)
        hands_t = tuple(None if h is None else tuple(normalise_code(c) for c in h) for h in hands)
        sizes = tuple(hand_sizes) if hand_sizes else tuple(len(h or ()) for h in hands_t)
        state = QuintaState(
            players=players,
            hands=hands_t,
            hand_sizes=sizes,
            rows=tuple(row_t),
            piles=tuple(tuple(normalise_code(c) for c in p) for p in piles),
            put_aside=None if put_aside is None else tuple(normalise_code(c) for c in put_aside),
            chosen=(None,) * players,
            phase="choose" if any(sizes) else "over",
        )
        everything = [c for r in state.rows for c in r] + [c for p in state.piles for c in p]
        everything += [c for h in state.hands if h for c in h] + list(state.put_aside or ())
        bad = [c for c in everything if not is_card(FRENCH54, c)]
        if bad:
            raise SetupError(f"not French cards: {', '.join(bad)}")
        if len(everything) != len(set(everything)):
            raise SetupError("a card appears twice in the setup")
        if len({len(h) for h in hands_t if h is not None} | {*sizes}) > 1:
            raise SetupError("every hand must hold the same number of cards")
        return state

    # ---- whose turn -------------------------------------------------------
    def to_act(self, s: QuintaState) -> frozenset[int]:
        """Every seat that has not chosen (choose), or the owner of the next joker."""
        if s.phase == "choose":
            return frozenset([i for i, c in enumerate(s.chosen) if c is None])
        if s.phase == "joker_row":
            return frozenset({s.pending_jokers[0][0]})
        return frozenset()

    def legal_actions(self, s: QuintaState, player: int) -> list[Action]:
        """Every legal action; with an unknown hand, every card not yet seen."""
        if s.phase == "choose":
            if not 0 <= player < s.players or s.chosen[player] is not None:
                return []
        elif player not in self.to_act(s):
            return []
        if s.phase == "joker_row":
            return [ChooseRow(player, r) for r in JOKER_ROWS[s.pending_jokers[0][1]]]
        plays = _PLAYS[player]
        hand = s.hands[player]
        if hand is not None:
            return [plays[c] for c in hand]
        public = s.public()
        return [plays[c] for c in _CARDS if c not in public]

    # ---- checking ---------------------------------------------------------
    def check(self, s: QuintaState, a: Action) -> None:
        """Raise IllegalAction unless ``a`` is legal in ``s``."""
        if not 0 <= a.player < s.players:
            raise _bad("seat", "There is no such player at this table.",
                       "Non c'è un giocatore con quel posto.")
        if s.phase == "over":
            raise _bad("game_over", "The game is over.", "La partita è finita.")
        if isinstance(a, Play):
            check_play(s, a)
        else:
            check_row(s, a)

    def apply(self, s: QuintaState, a: Action) -> QuintaState:
        """Check ``a`` and return the new state."""
        self.check(s, a)
        if isinstance(a, Play):
            chosen = list(s.chosen)
            chosen[a.player] = a.card
            s = replace(s, chosen=tuple(chosen))
            if any(c is None for c in chosen):
                return s
            twice = [c for c in set(chosen) if chosen.count(c) > 1]
            if twice:
                # Two phones entered the same physical card: one of them is wrong. Nothing is
                # laid; those players look at their cards and enter them again.
                seats = tuple(i for i, c in enumerate(chosen) if c in twice)
                again = tuple(None if i in seats else c for i, c in enumerate(chosen))
                return replace(s, chosen=again, conflict=(twice[0], seats))
            return self._reveal(s)
        owner, joker = s.pending_jokers[0]
        table = _Table(s)
        table.lay(owner, joker, a.row)
        s = replace(s, pending_jokers=s.pending_jokers[1:], rows=tuple(table.rows),
                    piles=tuple(table.piles), captures=tuple(table.captures))
        return self._continue(s)

    def _reveal(self, s: QuintaState) -> QuintaState:
        played = tuple((i, c) for i, c in enumerate(s.chosen) if c is not None)
        hands = list(s.hands)
        for i, c in played:
            h = hands[i]
            if h is not None:
                hands[i] = tuple(x for x in h if x != c)
        table = _Table(s)
        table.captures = []
        for seat, card in sorted(played, key=lambda p: _LAY_KEY[p[1]]):
            if _RANK[card] == "Q":
                suit = _SUIT[card]
                table.take(seat, suit, table.rows[ROWS.index(suit)][1:] + (card,))
        jokers = sorted((p for p in played if p[1] in JOKER_ROWS), key=lambda p: p[1], reverse=True)
        rest = sorted(
            (p for p in played if p[1] not in JOKER_ROWS and _RANK[p[1]] != "Q"),
            key=lambda p: _LAY_KEY[p[1]],
        )
        s = replace(
            s, hands=tuple(hands), hand_sizes=tuple(max(n - 1, 0) for n in s.hand_sizes),
            chosen=(None,) * s.players, revealed=played, rows=tuple(table.rows), conflict=None,
            piles=tuple(table.piles), captures=tuple(table.captures),
            pending_jokers=tuple(jokers), waiting=tuple(rest),
        )
        return self._continue(s)

    def _continue(self, s: QuintaState) -> QuintaState:
        if s.pending_jokers:
            return replace(s, phase="joker_row")
        table = _Table(s)
        for seat, card in s.waiting:
            table.lay(seat, card, _SUIT[card])
        done = all(n == 0 for n in s.hand_sizes)
        return replace(
            s, rows=tuple(table.rows), piles=tuple(table.piles), captures=tuple(table.captures),
            waiting=(), phase="over" if done else "choose", round=s.round + (not done),
        )

    # ---- the end ----------------------------------------------------------
    def scores(self, s: QuintaState) -> tuple[int, ...]:
        """Each seat's points for the cards in his pile now."""
        return tuple(score_pile(p) for p in s.piles)

    def outcome(self, s: QuintaState) -> Outcome | None:
        """Scores and winners (equal top totals share, Q7) once all hands are empty."""
        if s.phase != "over":
            return None
        scores = self.scores(s)
        top = max(scores)
        return Outcome(scores=scores, winners=tuple(i for i, v in enumerate(scores) if v == top))

    def commutes(self, then: QuintaState, now: QuintaState, a: Action) -> bool:
        """True when a choice made looking at ``then`` means the same in ``now``.

        Only other players' face-down choices of the same round came between.
        """
        return (isinstance(a, Play) and then.phase == now.phase == "choose"
                and then.round == now.round and now.chosen[a.player] is None)

    def private(self, s: QuintaState, player: int) -> bool:
        """True when the app knows this seat's hand: nobody else may act for it."""
        return s.hands[player] is not None

    def can_correct(self, before: QuintaState, now: QuintaState, old: Action, new: Action) -> bool:
        """A revealed card entered for a hand the app does not know may be corrected by the
        host: a typing or scanning mistake about a card everybody has seen. A face-down
        choice is nobody's business but its player's."""
        revealed = before.round < now.round or now.phase != "choose"
        return (revealed and isinstance(old, Play) and isinstance(new, Play)
                and old.player == new.player and before.hands[old.player] is None)

    def moment(self, s: QuintaState) -> dict[str, str]:
        """When a move made on ``s`` was made, as the host's corrections list names it."""
        return {"en": f"Round {s.round}", "it": f"Giro {s.round}"}

    def same_turn(self, s: QuintaState) -> int:
        """Which choice a player's card answers: the round's. A player makes a second in one
        round only when his first was cancelled (two phones entered the same card), and only
        the second can be corrected."""
        return s.round

    def same_course(self, old: QuintaState, new: QuintaState) -> bool:
        """After a correction, the game must stand where it stood: same round, same phase,
        nobody asked to choose again."""
        return (old.round, old.phase, old.chosen.count(None), old.conflict) == \
            (new.round, new.phase, new.chosen.count(None), new.conflict)

    def can_undo(self, s: QuintaState, a: Action) -> bool:
        """A choice can be taken back by the host until the round is revealed; a row always."""
        if isinstance(a, ChooseRow):
            return True
        return s.phase == "choose" and s.chosen[a.player] == a.card

    def cannot_hold(self, s: QuintaState, player: int) -> frozenset[str]:
        """The aces and every card in sight (rows, piles, revealed): the same for every seat,
        since a face-down choice is nobody else's knowledge."""
        return s.out_of_hands()

    # ---- views and JSON ---------------------------------------------------
    def view(self, s: QuintaState, player: int | None) -> dict[str, Any]:
        """The public table plus, for ``player``, his own hand and face-down choice."""
        out: dict[str, Any] = {
            "phase": s.phase,
            "round": s.round,
            "to_act": sorted(self.to_act(s)),
            "rows": {suit: list(s.row(suit)) for suit in ROWS},
            "piles": [list(p) for p in s.piles],
            "scores": list(self.scores(s)),
            "sets": [score_sets(p) for p in s.piles] if s.phase == "over" else None,
            "hand_sizes": list(s.hand_sizes),
            "has_chosen": [c is not None for c in s.chosen],
            "pending_jokers": [{"player": p, "card": c} for p, c in s.pending_jokers],
            "waiting": [{"player": p, "card": c} for p, c in s.waiting],
            "revealed": [{"player": p, "card": c} for p, c in s.revealed],
            "captures": [{"player": p, "row": r, "cards": list(c)} for p, r, c in s.captures],
            "known_hands": s.known,
            "conflict": None if s.conflict is None else
            {"card": s.conflict[0], "players": list(s.conflict[1])},
            "cannot_hold": cannot_hold_json(self, s, s.players),
        }
        if player is not None and 0 <= player < s.players:
            hand = s.hands[player]
            out["hand"] = None if hand is None else sorted(hand, key=_display_key)
            out["chosen"] = s.chosen[player]
            out["legal"] = [self.dump_action(a) for a in self.legal_actions(s, player)]
        return out

    def dump_state(self, s: QuintaState) -> dict[str, Any]:
        """Everything, for saving and for JSON round trips."""
        return {
            "players": s.players,
            "hands": [None if h is None else list(h) for h in s.hands],
            "hand_sizes": list(s.hand_sizes),
            "rows": [list(r) for r in s.rows],
            "piles": [list(p) for p in s.piles],
            "put_aside": None if s.put_aside is None else list(s.put_aside),
            "chosen": list(s.chosen),
            "phase": s.phase,
            "pending_jokers": [list(p) for p in s.pending_jokers],
            "waiting": [list(p) for p in s.waiting],
            "round": s.round,
            "revealed": [list(p) for p in s.revealed],
            "captures": [[p, r, list(c)] for p, r, c in s.captures],
            "conflict": None if s.conflict is None else [s.conflict[0], list(s.conflict[1])],
        }

    def load_state(self, d: Mapping[str, Any]) -> QuintaState:
        """Inverse of :meth:`dump_state`."""
        return QuintaState(
            players=int(d["players"]),
            hands=tuple(None if h is None else tuple(h) for h in d["hands"]),
            hand_sizes=tuple(d["hand_sizes"]),
            rows=tuple(tuple(r) for r in d["rows"]),
            piles=tuple(tuple(p) for p in d["piles"]),
            put_aside=None if d["put_aside"] is None else tuple(d["put_aside"]),
            chosen=tuple(d["chosen"]),
            phase=d["phase"],
            pending_jokers=tuple((int(p), str(c)) for p, c in d["pending_jokers"]),
            waiting=tuple((int(p), str(c)) for p, c in d["waiting"]),
            round=int(d["round"]),
            revealed=tuple((int(p), str(c)) for p, c in d["revealed"]),
            captures=tuple((int(p), str(r), tuple(c)) for p, r, c in d["captures"]),
            conflict=None if d.get("conflict") is None else
            (str(d["conflict"][0]), tuple(int(i) for i in d["conflict"][1])),
        )

    def dump_action(self, a: Action) -> dict[str, Any]:
        """``{"type": "play", "player": 0, "card": "QH"}`` or ``choose_row`` with ``row``."""
        if isinstance(a, Play):
            return {"type": "play", "player": a.player, "card": a.card}
        return {"type": "choose_row", "player": a.player, "row": a.row}

    def load_action(self, d: Mapping[str, Any]) -> Action:
        """Parse an action; a malformed one raises IllegalAction (rule ``quinta.malformed``)."""
        kind = d.get("type")
        player = d.get("player")
        if not isinstance(player, int) or isinstance(player, bool):
            raise _bad("malformed", "The action names no player.", "L'azione non indica il giocatore.")
        if kind == "play" and isinstance(d.get("card"), str):
            return Play(player, normalise_code(d["card"]))
        if kind == "choose_row" and isinstance(d.get("row"), str):
            return ChooseRow(player, normalise_code(d["row"]))
        raise _bad(
            "unknown_action",
            "In Quinta you can only choose a card (play) or a row for your joker (choose_row).",
            "In Quinta puoi solo scegliere una carta (play) o la fila del tuo jolly (choose_row).",
        )


RULES = Quinta()


# ---- applying ---------------------------------------------------------
