"""Insonnia's actions and state as frozen values, with their JSON forms."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import normalise_code
from ..engine import IllegalAction
from .runs import DECKS, Deck, Run


def bad(rule: str, en: str, it: str) -> IllegalAction:
    """A refusal with an ``insonnia.`` rule id."""
    return IllegalAction(f"insonnia.{rule}", en, it)


class PlacementRefused(IllegalAction):
    """A ``play`` refused because of one placement: which one, which card, which slot."""

    def __init__(self, rule: str, message: str, message_it: str, index: int, card: str,
                 slot: int) -> None:
        super().__init__(f"insonnia.{rule}", message, message_it)
        self.index = index
        self.card = card
        self.slot = slot

    def details(self) -> dict[str, Any]:
        """The placement to point at on the phone: its number in the play (from 0), card, slot."""
        return {"placement": {"index": self.index, "card": self.card, "slot": self.slot}}


# ---- actions -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Placement:
    """One card laid in a turn: ``card`` into ``slot`` of ``owner``'s run number ``run``."""

    card: str
    owner: int
    run: int
    slot: int


@dataclass(frozen=True, slots=True)
class Play:
    """One turn's placements, in laying order, checked as one unit (§4.2 a)."""

    player: int
    placements: tuple[Placement, ...]


@dataclass(frozen=True, slots=True)
class StartRun:
    """One numbered sheep as a new run of one's own (the first turn, or §4.2 b)."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Concentrate:
    """Remove a confused (or, in Family, foreign) sheep from one's own run; draw two (§4.2 c)."""

    player: int
    owner: int
    run: int
    slot: int


@dataclass(frozen=True, slots=True)
class Guess:
    """Turn over the pile's top card on a confused or foreign sheep (§4.2 d).

    ``card`` is the revealed card when the app cannot see the pile (unknown hands).
    """

    player: int
    owner: int
    run: int
    slot: int
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """Lay nothing and take the penalty: the highest sheep in front goes and two are drawn
    (§4.2 e). Always allowed, even with a card that fits (DECISION I10, revised)."""

    player: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn at no cost after a successful guess, without laying more (§4.2 d)."""

    player: int


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """The discards become the new pile (DECISION I4); ``order`` (top first) when known."""

    player: int
    order: tuple[str, ...] | None = None


Action = Play | StartRun | Concentrate | Guess | Pass | EndTurn | Reshuffle


# ---- state -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class InsonniaState:
    """A whole game. ``hands[i]`` is None when seat i's hand is unknown; ``pile`` too."""

    players: int
    deck: str  # printed | french
    variant: str  # base | rainbow | family
    seed: int
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    pile: tuple[str, ...] | None  # index 0 = top
    pile_size: int
    discard: tuple[str, ...]  # face up, the latest last
    runs: tuple[tuple[Run, ...], ...]  # per owner, in the order they were started
    phase: str  # first_turn | turn | continue | reshuffle | over
    turn: int  # the seat whose turn it is
    first: int  # who began the first turn
    owed: int = 0  # cards the seat in turn still draws (waiting for a reshuffle)
    then: str = "play"  # after those draws: "play" (his turn goes on) or "next"
    busy: bool = False  # a card was drawn or placed in this turn (DECISION I12)
    idle: int = 0  # turns in a row in which nothing was drawn or placed
    winner: int | None = None
    turn_no: int = 1
    reshuffles: int = 0
    # A guess that found the pile empty: it turns its card over once the discards are
    # reshuffled into a new pile (DECISION I4).
    pending: Guess | None = None
    # Positions at the start of turns with nothing left to draw (digests), for the repetition
    # that ends a game going round in circles.
    positions: tuple[str, ...] = ()

    @property
    def known(self) -> bool:
        """True when the engine sees the hands and the pile."""
        return self.pile is not None

    @property
    def cards(self) -> Deck:
        """The deck in use."""
        return DECKS[self.deck]


def dump_state(s: InsonniaState) -> dict[str, Any]:
    """Everything, as JSON-ready data."""
    return {
        "players": s.players, "deck": s.deck, "variant": s.variant, "seed": s.seed,
        "hands": [None if h is None else list(h) for h in s.hands], "hand_sizes": list(s.hand_sizes),
        "pile": None if s.pile is None else list(s.pile), "pile_size": s.pile_size,
        "discard": list(s.discard),
        "runs": [[{"cards": list(r.cards), "colour": r.colour} for r in runs] for runs in s.runs],
        "phase": s.phase, "turn": s.turn, "first": s.first, "owed": s.owed, "then": s.then,
        "busy": s.busy, "idle": s.idle, "winner": s.winner, "turn_no": s.turn_no,
        "reshuffles": s.reshuffles,
        "pending": None if s.pending is None else dump_action(s.pending),
        "positions": list(s.positions),
    }


def load_state(d: Mapping[str, Any]) -> InsonniaState:
    """Inverse of :func:`dump_state`."""
    return InsonniaState(
        players=int(d["players"]), deck=str(d["deck"]), variant=str(d["variant"]), seed=int(d["seed"]),
        hands=tuple(None if h is None else tuple(h) for h in d["hands"]),
        hand_sizes=tuple(int(n) for n in d["hand_sizes"]),
        pile=None if d["pile"] is None else tuple(d["pile"]), pile_size=int(d["pile_size"]),
        discard=tuple(d["discard"]),
        runs=tuple(tuple(Run(tuple(r["cards"]), str(r["colour"])) for r in runs) for runs in d["runs"]),
        phase=str(d["phase"]), turn=int(d["turn"]), first=int(d["first"]), owed=int(d["owed"]),
        then=str(d["then"]), busy=bool(d["busy"]), idle=int(d["idle"]),
        winner=None if d["winner"] is None else int(d["winner"]), turn_no=int(d["turn_no"]),
        reshuffles=int(d["reshuffles"]),
        pending=_pending(d.get("pending")),
        positions=tuple(str(x) for x in d.get("positions", ())),
    )


def _pending(raw: Any) -> Guess | None:
    """The guess waiting for a reshuffle, from its JSON form."""
    if raw is None:
        return None
    guess = load_action(raw)
    assert isinstance(guess, Guess)
    return guess


_KINDS = {Play: "play", StartRun: "start_run", Concentrate: "concentrate", Guess: "guess",
          Pass: "pass", EndTurn: "end_turn", Reshuffle: "reshuffle"}


def dump_action(a: Action) -> dict[str, Any]:
    """An action as JSON-ready data (the scenario vocabulary, seats instead of names)."""
    out: dict[str, Any] = {"type": _KINDS[type(a)], "player": a.player}
    if isinstance(a, Play):
        out["placements"] = [{"card": p.card, "owner": p.owner, "run": p.run, "slot": p.slot}
                             for p in a.placements]
    elif isinstance(a, StartRun):
        out["card"] = a.card
    elif isinstance(a, Concentrate | Guess):
        out.update(owner=a.owner, run=a.run, slot=a.slot)
        if isinstance(a, Guess) and a.card is not None:
            out["card"] = a.card
    elif isinstance(a, Reshuffle) and a.order is not None:
        out["order"] = list(a.order)
    return out


def _int(d: Mapping[str, Any], key: str) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise bad("malformed", f"The action needs a whole number for {key!r}.",
                  f"L'azione richiede un numero intero per {key!r}.")
    return v


def _code(v: Any) -> str:
    if not isinstance(v, str):
        raise bad("malformed", "The action names no card.", "L'azione non indica la carta.")
    return normalise_code(v)


def load_action(d: Mapping[str, Any]) -> Action:
    """Parse an action; a malformed one raises IllegalAction."""
    player = _int(d, "player")
    kind = d.get("type")
    if kind == "play":
        raw = d.get("placements")
        if not isinstance(raw, list) or not all(isinstance(p, Mapping) for p in raw):
            raise bad("malformed", "A play lists its placements: card, owner, run and slot.",
                      "Una giocata elenca le carte: carta, proprietario, serie e casella.")
        return Play(player, tuple(Placement(_code(p.get("card")), _int(p, "owner"), _int(p, "run"),
                                            _int(p, "slot")) for p in raw))
    if kind == "start_run":
        return StartRun(player, _code(d.get("card")))
    if kind in ("concentrate", "guess"):
        owner, run, slot = _int(d, "owner"), _int(d, "run"), _int(d, "slot")
        if kind == "concentrate":
            return Concentrate(player, owner, run, slot)
        card = d.get("card")
        return Guess(player, owner, run, slot, None if card is None else _code(card))
    if kind == "pass":
        return Pass(player)
    if kind == "end_turn":
        return EndTurn(player)
    if kind == "reshuffle":
        order = d.get("order")
        if order is not None and not isinstance(order, list):
            raise bad("malformed", "A reshuffle's order is a list of cards.",
                      "L'ordine del nuovo mazzo è una lista di carte.")
        return Reshuffle(player, None if order is None else tuple(_code(c) for c in order))
    raise bad("unknown_action",
              "In Insonnia you play sheep, start a run, concentrate, guess, pass or end the turn.",
              "In Insonnia giochi pecore, inizi una serie, ti concentri, tiri a indovinare, "
              "passi o finisci il turno.")


def runs_json(runs: Sequence[Run]) -> list[dict[str, str]]:
    """A player's runs as the scenario format writes them."""
    return [r.to_json() for r in runs]

