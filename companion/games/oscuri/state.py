"""Oscuri's cards, actions and state: what a game of Oscuri is made of, and how one card answers
another (§4.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import FRENCH54, deck_list, rank_of, suit_of

SUIT_POWER = {"S": 1, "C": 2, "D": 3, "H": 4}  # Croci < Alberi < Fiamme < Teschi


RANK_POWER = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "A"))}


FIGURES = frozenset({"J", "Q"})  # equal, above the ace (DECISION O3)


ANGELS = frozenset({"JK1", "JK2"})


DEATHS = frozenset({"KS", "KH", "KD", "KC"})


SKULL_FIGURES = frozenset({"JH", "QH"})  # beaten by 2S (DECISION O4)


HAND = 3


OPTIONS = frozenset({"stake", "hands", "leader"})


_CARDS = deck_list(FRENCH54)


def is_suit_card(code: str) -> bool:
    """A card with a suit: not an Angel (joker) and not Death (king)."""
    return code not in ANGELS and code not in DEATHS


def _power(code: str) -> int:
    rank = rank_of(code)
    return 11 if rank in FIGURES else RANK_POWER[rank]


def cut_rank(code: str) -> tuple[int, int, int]:
    """DECISION O2: Death > Angel > suit power > rank (figures equal)."""
    if code in DEATHS:
        return (3, 0, 0)
    if code in ANGELS:
        return (2, 0, 0)
    return (1, SUIT_POWER[suit_of(code) or "S"], _power(code))


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card (and put a stake on the table, except with Death)."""

    player: int
    card: str


@dataclass(frozen=True, slots=True)
class Discard:
    """After a led Death: one card face down (``card`` None when the hand is unknown)."""

    player: int
    card: str | None


Action = Play | Discard


@dataclass(frozen=True, slots=True)
class Placed:
    """A card of the turn and the stakes lying on it, with the engine's own account of the turn:
    ``how`` the card answered when it was played (``lead``, ``beat``, ``lower``, ``equal``,
    ``lower_suit``, ``angel``, ``death``, ``led_death``) and the ``fate`` of the stakes that were
    once its own: ``("kept", None)``, or where they went (``beaten``, ``gave``, ``gave_suit``,
    ``death``, with the index in the turn of the card they went to), or ``("led_death", None)``.
    The story of a turn reads them, so that it can never tell another turn than the one played."""

    player: int
    card: str
    stakes: int
    frozen: bool = False
    how: str = "lead"
    fate: tuple[str, int | None] = ("kept", None)


@dataclass(frozen=True, slots=True)
class OscuriState:
    """A whole game of Oscuri. ``hands[i]`` is None when seat i's hand is unknown."""

    players: int
    stake: int
    hands: tuple[tuple[str, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    deck: tuple[str, ...] | None  # index 0 = top; None when unknown
    deck_size: int
    balances: tuple[int, ...]
    phase: str  # play | death_discard | over
    leader: int
    order: tuple[int, ...]  # who plays this turn, from the leader
    trick: tuple[Placed, ...] = ()
    holder: int | None = None  # index in trick of the card the live stakes lie on
    ref: int | None = None  # index in trick of the card to answer
    suit: str | None = None
    owing: tuple[int, ...] = ()  # players who owe a face-down discard (led Death)
    last_turn: tuple[Placed, ...] = ()
    out: tuple[bool, ...] = ()  # out of the game for good (DECISION O14)
    out_face_down: int = 0
    seen: frozenset[str] = frozenset()  # cards out of play face up
    turn: int = 1
    # Unknown hands: (player, suit, turn, credit) claims of being void; credit = cards drawn
    # since the claim less cards of that suit played since.
    voids: tuple[tuple[int, str, int, int], ...] = ()
    start: tuple[int, ...] = ()  # balances when the game was set up
    reneges: tuple[tuple[int, str, int], ...] = ()  # proven: (player, suit, turn)

    @property
    def to_play(self) -> int | None:
        """Whose card is next in this turn."""
        if self.phase != "play":
            return None
        return self.order[len(self.trick)] if len(self.trick) < len(self.order) else None

    def holds(self, player: int) -> bool:
        """True when the player still has cards."""
        return self.hand_sizes[player] > 0


def _suit_name(suit: str, lang: str) -> str:
    names = {"en": {"S": "crosses ♠", "C": "trees ♣", "D": "flames ♦", "H": "skulls ♥"},
             "it": {"S": "croci ♠", "C": "alberi ♣", "D": "fiamme ♦", "H": "teschi ♥"}}
    return names[lang].get(suit, suit)


def _beats(card: str, ref: str | None) -> str:
    """How a suit card answers ref: beat, equal, lower (same suit) or lower_suit (§4.1)."""
    if ref is None:
        return "beat"
    if card == "2S" and ref in SKULL_FIGURES:
        return "beat"
    mine, theirs = suit_of(card) or "", suit_of(ref) or ""
    if mine == theirs:
        a, b = _power(card), _power(ref)
        if a > b:
            return "beat"
        if a == b:  # only the two figures are equal
            return "equal"
        return "lower"
    return "beat" if SUIT_POWER[mine] > SUIT_POWER[theirs] else "lower_suit"
