"""Kaiserspiel's values: the actions, the state, and their JSON forms."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import KAISER48, deck_list, normalise_code
from ..engine import IllegalAction
from .tally import BASE
from .tricks import Context

SEATS = 4
TEAMS = ("A", "B")


def team_of(seat: int) -> int:
    """DECISION K1: team A (0) = seats 0 and 2, team B (1) = seats 1 and 3."""
    return seat % 2


def bad(rule: str, en: str, it: str) -> IllegalAction:
    """A refusal with a Kaiserspiel rule id."""
    return IllegalAction(f"kaiserspiel.{rule}", en, it)


# ---- actions ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal:
    """The next dealer deals. ``face_up`` (per seat) and ``hands`` (six per seat) fix the cards
    (scenarios); without them the app shuffles, or, with unknown hands, nobody knows them."""

    player: int
    face_up: tuple[str, ...] | None = None
    hands: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class Reveal:
    """Unknown hands: the face-up card a player was dealt, entered when it is seen."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Discard:
    """Two cards face down (named only when the app knows the hand)."""

    player: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass:
    """No raise this turn."""

    player: int


@dataclass(frozen=True, slots=True)
class Raise:
    """Raise the hand's value by 3."""

    player: int


@dataclass(frozen=True, slots=True)
class DeclareKaiser:
    """Show an Ace: +1, and the Ace becomes a Kaiser once the raise is accepted."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the pending raise."""

    player: int


@dataclass(frozen=True, slots=True)
class Refuse:
    """Refuse the pending raise: the hand ends "a tavolino"."""

    player: int


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    player: int
    card: str


Action = Deal | Reveal | Discard | Pass | Raise | DeclareKaiser | Accept | Refuse | Play
KINDS: dict[type, str] = {
    Deal: "deal", Reveal: "reveal", Discard: "discard", Pass: "pass", Raise: "raise",
    DeclareKaiser: "declare_kaiser", Accept: "accept", Refuse: "refuse", Play: "play",
}
_BARE: dict[str, type[Pass | Raise | Accept | Refuse]] = {
    "pass": Pass, "raise": Raise, "accept": Accept, "refuse": Refuse}


def dump_action(a: Action) -> dict[str, Any]:
    """An action as JSON-ready data."""
    out: dict[str, Any] = {"type": KINDS[type(a)], "player": a.player}
    if isinstance(a, Reveal | DeclareKaiser | Play):
        out["card"] = a.card
    elif isinstance(a, Discard):
        out["cards"] = list(a.cards)
    elif isinstance(a, Deal) and a.face_up is not None and a.hands is not None:
        out["face_up"] = list(a.face_up)
        out["hands"] = [list(h) for h in a.hands]
    return out


_ORDER = {c: i for i, c in enumerate(deck_list(KAISER48))}


def in_order(cards: Sequence[str]) -> tuple[str, ...]:
    """Cards in the pack's canonical order (a discard's two cards are a set, not a sequence)."""
    return tuple(sorted(cards, key=lambda c: _ORDER.get(c, len(_ORDER))))


def _codes(raw: Any) -> tuple[str, ...] | None:
    if not isinstance(raw, list | tuple) or not all(isinstance(c, str) for c in raw):
        return None
    return tuple(normalise_code(c) for c in raw)


def load_action(d: Mapping[str, Any]) -> Action:
    """Parse an action; a malformed one raises IllegalAction."""
    player = d.get("player")
    if not isinstance(player, int) or isinstance(player, bool):
        raise bad("malformed", "The action names no player.", "L'azione non indica il giocatore.")
    kind, card = d.get("type"), d.get("card")
    if isinstance(kind, str) and kind in _BARE:  # a list or an object is no action type
        return _BARE[kind](player)
    if kind in ("play", "reveal", "declare_kaiser") and isinstance(card, str):
        code = normalise_code(card)
        return Play(player, code) if kind == "play" else Reveal(player, code) if kind == "reveal" \
            else DeclareKaiser(player, code)
    if kind == "discard":
        cards = () if d.get("cards") is None else _codes(d.get("cards"))
        if cards is not None:
            return Discard(player, in_order(cards))
    if kind == "deal":
        face_up, hands = d.get("face_up"), d.get("hands")
        if face_up is None and hands is None:
            return Deal(player)
        up = _codes(face_up)
        rows = [_codes(h) for h in hands] if isinstance(hands, list) else None
        if up is not None and rows is not None and all(r is not None for r in rows):
            return Deal(player, up, tuple(r for r in rows if r is not None))
    raise bad("unknown_action",
              "In Kaiserspiel you discard, pass, raise, declare a Kaiser, accept or refuse a raise, "
              "or play a card.",
              "Nel Kaiserspiel si scarta, si passa, si rilancia, si dichiara un Kaiser, si accetta o "
              "si rifiuta un rilancio, o si gioca una carta.")


# ---- state -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pending:
    """A raise waiting for its answer: who raised, by how much, and the Ace of a Kaiser."""

    seat: int
    amount: int
    card: str | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: the scoring team, how it ended (``tricks`` | ``refusal``), and the
    accepted raises that count in its score, in order."""

    team: int
    by: str
    raises: tuple[int, ...] = ()

    @property
    def points(self) -> int:
        """The value scored: 4 plus the raises that count."""
        return BASE + sum(self.raises)


@dataclass(frozen=True, slots=True)
class KaiserState:
    """A whole game of Kaiserspiel. ``hands[i]`` is None when the app does not know seat i's
    hand; ``face_up[i]`` is None until it is known; ``discards[i]`` is None until seat i has
    discarded (then the two cards, or ``()`` when they were not named)."""

    size: int
    pack: str
    target: int
    known: bool
    seed: int
    hand_no: int
    dealer: int
    phase: str  # reveal | discard | declare | respond | play | await_deal | over
    face_up: tuple[str | None, ...]
    trump: str | None
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    discards: tuple[tuple[str, ...] | None, ...]
    turn: int | None = None  # who declares (declare) or answers (respond)
    passes: int = 0  # consecutive passes
    pending: Pending | None = None
    raises: tuple[int, ...] = ()  # accepted, in order
    kaisers: tuple[tuple[int, str], ...] = ()  # accepted: (declarer, Ace)
    leader: int = 0
    trick: tuple[tuple[int, str], ...] = ()
    tricks: tuple[tuple[tuple[int, str], ...], ...] = ()  # finished tricks of this hand
    trick_winners: tuple[int, ...] = ()
    tricks_won: tuple[int, int] = (0, 0)
    result: HandResult | None = None
    opening: tuple[int, int] = (0, 0)  # the scores the game was set up with
    results: tuple[HandResult, ...] = ()

    @property
    def first(self) -> int:
        """The player after the dealer: first face-up card, first to declare, first lead."""
        return (self.dealer + 1) % SEATS

    @property
    def deal_order(self) -> list[int]:
        """The seats in the order the cards are dealt: the first player, ..., the dealer."""
        return [(self.first + i) % SEATS for i in range(SEATS)]

    @property
    def value(self) -> int:
        """The hand's value as accepted so far."""
        return BASE + sum(self.raises)

    @property
    def scores(self) -> tuple[int, int]:
        """Team A's and team B's scores."""
        a, b = self.opening
        for r in self.results:
            if r.team == 0:
                a += r.points
            else:
                b += r.points
        return a, b

    @property
    def context(self) -> Context:
        """What card power depends on in this hand."""
        return Context(self.trump or "", self.size, frozenset(c for _, c in self.kaisers))

    def played(self) -> frozenset[str]:
        """The cards played to tricks in this hand."""
        return frozenset(c for t in (*self.tricks, self.trick) for _, c in t)

    def shown(self, seat: int) -> frozenset[str]:
        """Cards everybody knows ``seat`` was holding: his face-up card and his Kaisers
        (declared or waiting for an answer)."""
        cards = {c for p, c in self.kaisers if p == seat}
        up = self.face_up[seat]
        if up is not None:
            cards.add(up)
        if self.pending is not None and self.pending.seat == seat and self.pending.card:
            cards.add(self.pending.card)
        return frozenset(cards)


def dump_state(s: KaiserState) -> dict[str, Any]:
    """Everything, as JSON-ready data."""
    def result(r: HandResult) -> list[Any]:
        return [r.team, r.by, list(r.raises)]

    return {
        "size": s.size, "pack": s.pack, "target": s.target, "known": s.known, "seed": s.seed,
        "hand_no": s.hand_no, "dealer": s.dealer, "phase": s.phase, "face_up": list(s.face_up),
        "trump": s.trump, "hands": [None if h is None else list(h) for h in s.hands],
        "hand_sizes": list(s.hand_sizes),
        "discards": [None if d is None else list(d) for d in s.discards],
        "turn": s.turn, "passes": s.passes,
        "pending": None if s.pending is None else [s.pending.seat, s.pending.amount, s.pending.card],
        "raises": list(s.raises), "kaisers": [[p, c] for p, c in s.kaisers], "leader": s.leader,
        "trick": [[p, c] for p, c in s.trick],
        "tricks": [[[p, c] for p, c in t] for t in s.tricks],
        "trick_winners": list(s.trick_winners), "tricks_won": list(s.tricks_won),
        "result": None if s.result is None else result(s.result),
        "opening": list(s.opening), "results": [result(r) for r in s.results],
    }


def load_state(d: Mapping[str, Any]) -> KaiserState:
    """Inverse of :func:`dump_state`."""
    def plays(rows: Sequence[Sequence[Any]]) -> tuple[tuple[int, str], ...]:
        return tuple((int(p), str(c)) for p, c in rows)

    def result(r: Sequence[Any]) -> HandResult:
        return HandResult(int(r[0]), str(r[1]), tuple(int(x) for x in r[2]))

    pending = d["pending"]
    a, b = d["tricks_won"]
    oa, ob = d["opening"]
    return KaiserState(
        size=int(d["size"]), pack=str(d["pack"]), target=int(d["target"]), known=bool(d["known"]),
        seed=int(d["seed"]), hand_no=int(d["hand_no"]), dealer=int(d["dealer"]), phase=str(d["phase"]),
        face_up=tuple(d["face_up"]), trump=d["trump"],
        hands=tuple(None if h is None else tuple(h) for h in d["hands"]),
        hand_sizes=tuple(int(n) for n in d["hand_sizes"]),
        discards=tuple(None if x is None else tuple(x) for x in d["discards"]),
        turn=d["turn"], passes=int(d["passes"]),
        pending=None if pending is None else Pending(int(pending[0]), int(pending[1]), pending[2]),
        raises=tuple(int(r) for r in d["raises"]), kaisers=plays(d["kaisers"]),
        leader=int(d["leader"]), trick=plays(d["trick"]),
        tricks=tuple(plays(t) for t in d["tricks"]),
        trick_winners=tuple(int(w) for w in d["trick_winners"]), tricks_won=(int(a), int(b)),
        result=None if d["result"] is None else result(d["result"]),
        opening=(int(oa), int(ob)), results=tuple(result(r) for r in d["results"]),
    )
