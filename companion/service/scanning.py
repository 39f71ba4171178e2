"""From a photo of the table to moves: detections matched against the legal actions.

The recogniser says which cards it sees; this module asks the engine what each
card would mean for the caller now: a move he can make (one tap), or the
engine's reason why it cannot be played. Corrections and seat assignments are
made on the phone; every move still goes through the normal action path.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace
from typing import Any

from recognizer.decode import Decoded, ImageError, decode
from recognizer.enrolled import EnrolledDeck
from recognizer.matching import recognize_enrolled
from recognizer.pipeline import recognize_decoded
from recognizer.settings import Settings, decks_mixed
from recognizer.types import Detection

from ..decks.library import DeckLibrary
from ..games.cards import DECKS, FRENCH54, TAROT78, card_name, deck_list, is_card
from ..games.engine import IllegalAction
from ..games.registry import rule_link
from .camera import camera_deck, scannable, table_kinds, to_table_code
from .offload import offload
from .phone_only import phone_only
from .refusals import for_players
from .table import Table, table_deck

STRONG = 0.6  # below this a detection is shown as a guess to confirm
NOT_READ = "The camera cannot read this table's cards yet: enter them with the picker."


def scan(table: Table, data: bytes, seat: int | None, host: bool,
         decks: DeckLibrary | None = None, phones: frozenset[int] = frozenset()) -> dict[str, Any]:
    """Recognise the cards in ``data`` and say what each could do at ``table``: through the
    enrolled deck chosen for the table (``decks`` holds it), or a deck read without enrolment.
    ``phones``: the seats held by a phone (the table screen is never told what only such a
    seat's own phone may know: see :func:`judged_for`)."""
    rules = table.rules
    if not scannable(table, decks):
        raise ImageError(NOT_READ)
    deck = table_deck(table)
    enrolled = _enrolled(table, decks)
    faces = enrolled.kind if enrolled is not None else camera_deck(table)
    assert faces is not None  # scannable
    start = time.perf_counter()
    decoded = offload(decode, data)
    read = offload(_read_enrolled, decoded, table, enrolled) if enrolled is not None \
        else [(d, d.card) for d in offload(_read, decoded, faces, one_deck(deck))]
    elapsed = (time.perf_counter() - start) * 1000
    waiting = sorted(rules.to_act(table.state))
    # whose play each card is checked as: the caller's, or on the table screen (which plays for
    # others) the first seat still to play, for whom a card already on the table fits nobody
    asked = judged_for(table, seat, waiting[0] if waiting else None, phones)
    codes = list(dict.fromkeys(deck_list(deck)))
    items = []
    for d, physical in read:
        # A card this game leaves in the box is named as the deck the camera read.
        named, shown = (deck, d.card) if is_card(deck, d.card) else (faces, physical)
        names = _names(table, named, shown)
        item: dict[str, Any] = {**d.to_json(), "names": names, "strong": d.confidence >= STRONG}
        if asked is not None:
            item["move"] = _check_play(table, asked, d.card, faces)
        items.append(item)
    mark_extra_copies(items, deck_list(deck))
    legal = [i for i in items if i.get("move", {}).get("legal")] if seat is not None else []
    return {
        "width": decoded.width,
        "height": decoded.height,
        "elapsed_ms": round(elapsed, 1),
        "detections": items,
        "seat": seat,
        "host": host,
        # One strong legal card for the caller: offer it for a single tap (not when a card was
        # read more often than the deck holds it: which reading is right is the player's call).
        "proposal": legal[0]["card"] if len(legal) == 1 and legal[0]["strong"]
        and not any(i.get("extra_copy") for i in items) else None,
        "waiting": waiting,
        "seq": table.seq,  # the table the moves were judged on: the phone asks again once it moves
        "kind": _kind(table),
        # what a card read may be corrected to (the picker greys those the view's cannot_hold
        # says the seat does not hold, as the table stands when it opens)
        "codes": codes,
        # what this game calls a card corrected by hand, where it names cards its own way
        # (at an Oscuri table a joker is a Black Angel), or each card's name where the phone
        # cannot draw the deck's codes as rank and suit (the printed Insonnia deck's "red 5")
        **({"code_names": {c: _names(table, deck, c) for c in codes}}
           if getattr(rules, "card_name", None) is not None or not drawn_by_phone(codes) else {}),
    }


_DRAWN = frozenset(deck_list(FRENCH54)) | frozenset(deck_list(TAROT78))


def drawn_by_phone(codes: list[str]) -> bool:
    """Whether the phone names every one of ``codes`` itself, as a rank and a suit (French and
    tarot cards); a deck of its own codes is named by the server."""
    return all(c in _DRAWN for c in codes)


MAX_CHECKED = 60  # cards asked about at once: more than any photo's list holds


def judged_for(table: Table, seat: int | None, wanted: int | None,
               phones: frozenset[int] = frozenset()) -> int | None:
    """The seat a card is judged for: the caller's own; on the table screen (``seat`` None)
    the seat it would be given to (``wanted``), unless the app knows that seat's hand and a
    phone holds it. Then the table screen cannot play for him, and a verdict ("not in your
    hand") would tell the whole table what he holds: nothing is judged (None)."""
    if seat is not None:
        return seat
    if wanted is None or phone_only(table, wanted, phones):
        return None
    return wanted


def check_cards(table: Table, cards: object, seat: int | None,
                decks: DeckLibrary | None = None, seats: object = None,
                phones: frozenset[int] = frozenset()) -> dict[str, Any]:
    """What each of ``cards`` (a scan's list, perhaps corrected) would mean for the caller now,
    as :func:`scan` says it: the phone asks again when the table has moved since the photo, so
    that "not your turn" becomes a move once it is his turn, and a card played meanwhile is
    told as such. On the table screen (``seat`` None) each card is judged for the seat it is
    given to (``seats``, one per card, None for none yet) while that seat still has to play, or
    else for the first seat still to play, as in :func:`scan`; a phone's ``seats`` are ignored
    (it is judged for itself)."""
    if not isinstance(cards, list) or not all(isinstance(c, str) and 0 < len(c) <= 8 for c in cards):
        raise ValueError("'cards' must be a list of card codes")
    if len(cards) > MAX_CHECKED:
        raise ValueError(f"at most {MAX_CHECKED} cards are checked at once")
    players = len(table.names)
    if seats is None:
        seats = [None] * len(cards)
    if not isinstance(seats, list) or len(seats) != len(cards) or not all(
            s is None or (isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players)
            for s in seats):
        raise ValueError("'seats' must give each card a seat of this table, or null")
    codes = [str(c) for c in cards]
    enrolled = _enrolled(table, decks)
    faces = enrolled.kind if enrolled is not None else camera_deck(table)
    waiting = sorted(table.rules.to_act(table.state))
    first = waiting[0] if waiting else None
    moves = []
    for card, given in zip(codes, seats, strict=True):
        # a seat that no longer has to play is given nothing: the card is judged as unassigned
        wanted = given if given is not None and given in waiting else first
        asked = judged_for(table, seat, wanted, phones)
        moves.append(_check_play(table, asked, card, faces) if asked is not None else None)
    return {"seq": table.seq, "waiting": waiting, "moves": moves}


READ_TWICE = {
    "en": "This card was read more often than the deck holds it: one of them is another card. "
          "Tap it to correct it.",
    "it": "Questa carta è stata letta più volte di quante ne abbia il mazzo: una è un'altra carta. "
          "Toccala per correggerla.",
}


def mark_extra_copies(items: list[dict[str, Any]], deck: tuple[str, ...]) -> None:
    """Where a photo shows a card more often than the table's deck holds it (a one-deck table
    with two ten of hearts), the surest readings stay as they are and each extra one is shown
    as a guess to correct, offered as no move: one of them is a misread card, and playing both
    would play one card twice. Cards the deck does not hold are left to the engine."""
    copies = Counter(deck)
    seen: Counter[str] = Counter()
    for item in sorted(items, key=lambda i: -float(i["confidence"])):
        card = item["card"]
        if card not in copies:
            continue
        seen[card] += 1
        if seen[card] > copies[card]:
            item["strong"] = False
            item["extra_copy"] = True
            item["move"] = {"legal": False, "rule": "scan.twice", "messages": dict(READ_TWICE)}


def _kind(table: Table) -> str:
    """The action a card seen now makes: ``play``, or what the engine says (a face-up card
    entered in Kaiserspiel)."""
    own = getattr(table.rules, "scan_kind", None)
    return str(own(table.state)) if own is not None else "play"


def _read(decoded: Decoded, faces: str, single: bool = True) -> list[Detection]:
    """The cards in a decoded photo, read as ``faces`` (a deck of ``pipeline.DECKS``:
    French cards by their corner index, the printed Insonnia deck by its markers).
    ``single``: the table plays one deck, which holds one of each card, so a card read twice
    whose reader doubted is read as its second guess; else copies read alike stay copies."""
    settings = READ_ONE_DECK if single else READ_DECKS_MIXED
    return recognize_decoded(decoded, settings, deck=faces)


READ_ONE_DECK = Settings()
READ_DECKS_MIXED = decks_mixed(READ_ONE_DECK)


def one_deck(deck: str) -> bool:
    """Whether a table's deck holds one copy of each card (Insonnia's two French decks do not)."""
    codes = deck_list(deck)
    return len(set(codes)) == len(codes)


def _refused(e: IllegalAction, table: Table) -> dict[str, Any]:
    en, it = for_players(e, table.names)
    why = rule_link(e.rule)
    return {"legal": False, "rule": e.rule, "messages": {"en": en, "it": it}, **({"why": why} if why else {})}


def _enrolled(table: Table, decks: DeckLibrary | None) -> EnrolledDeck | None:
    """The enrolled deck chosen for the table, when it is there and fits."""
    if table.camera is None or decks is None:
        return None
    found = decks.load(table.camera)
    return found if found is not None and found.kind in table_kinds(table) else None


def _read_enrolled(decoded: Decoded, table: Table, deck: EnrolledDeck) -> list[tuple[Detection, str]]:
    """The cards read through an enrolled deck, in the table's codes (a card this table leaves in
    the box keeps its own), each with the code of the physical card read."""
    out = []
    for d in recognize_enrolled(decoded, deck):
        code = to_table_code(table, deck.kind, d.card)
        out.append((replace(d, card=code if code is not None else d.card), d.card))
    return out


def _names(table: Table, deck: str, code: str) -> dict[str, str]:
    """A card read, named in both languages as this game's players call it (at an Oscuri table
    a king is Death), or by its code when it is no card of a deck we know."""
    if not (_known_deck(deck) and is_card(deck, code)):
        return {"en": code, "it": code}
    own = getattr(table.rules, "card_name", None)
    if own is not None and deck == table_deck(table):
        return {"en": str(own(code, "en")), "it": str(own(code, "it"))}
    return {"en": card_name(deck, code, "en"), "it": card_name(deck, code, "it")}


def _known_deck(deck: str) -> bool:
    return deck in DECKS


def _check_play(table: Table, seat: int, card: str, faces: str | None = None) -> dict[str, Any]:
    """Would playing ``card`` from ``seat`` be legal now? If not, the engine's reason.

    In a game where a card is laid in a chosen place (Insonnia), the question is whether it
    fits anywhere now: then the phone takes it as its chosen card (``pick``) and the player
    taps where it goes.
    """
    rules = table.rules
    faces = faces or camera_deck(table)
    # A card of the faces the camera reads goes to the engine, which says why it has no
    # place in this game (a Kaiserspiel 8 in the 40-card game).
    known = faces is not None and _known_deck(faces) and is_card(faces, card)
    if not (is_card(table_deck(table), card) or known):
        return {"legal": False, "rule": "scan.deck", "messages": {
            "en": "This card is not part of this game's deck.",
            "it": "Questa carta non fa parte del mazzo di questo gioco."}}
    fits = getattr(rules, "check_card", None)
    if fits is not None:
        try:
            fits(table.state, seat, card)
        except IllegalAction as e:
            return _refused(e, table)
        return {"legal": True, "pick": card}
    try:
        action = rules.load_action({"type": _kind(table), "player": seat, "card": card})
        rules.check(table.state, action)
    except IllegalAction as e:
        return _refused(e, table)
    return {"legal": True, "action": rules.dump_action(action)}
