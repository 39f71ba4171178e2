"""Enrolled decks for the app: learnt from images, stored in SQLite, exported and imported.

The recogniser's :class:`~recognizer.enrolled.EnrolledDeck` is the value; the store
keeps its one-file form. This module checks what the recogniser does not know about:
deck kinds and their card codes, names, and image files named by card.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from recognizer.decode import ImageError, decode
from recognizer.enrolled import MAX_KEYPOINTS, DeckFileError, EnrolledDeck, enrol_faces, with_faces

from ..games.cards import FRENCH54, KAISER40, KAISER48, TAROT78, deck_codes, deck_list, normalise_code
from ..storage.eventlog import EventLog
from ..storage.rows import DeckChanged, DeckExists, DeckRow

CUSTOM = "custom"
KINDS = (TAROT78, KAISER40, KAISER48, FRENCH54, CUSTOM)
BUILT_IN = frozenset({FRENCH54})  # names the recogniser keeps for the decks it reads without enrolment
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp", ".bmp")
MAX_IMAGES_PER_CARD = 6
ADD_ATTEMPTS = 5  # merges of cards added, each with the deck as another server last saved it
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.'-]{0,39}$")
_CUSTOM_CODE = re.compile(r"^[A-Z0-9]{1,8}$")
_FILE_STEM = re.compile(r"^(?P<code>[A-Za-z0-9]+?)(?:[-_ ~.(].*)?$")


class DeckError(ValueError):
    """A deck that cannot be enrolled, found or imported; the message says why, for people
    (``it``: the same in Italian, where a phone may show it)."""

    def __init__(self, message: str, it: str | None = None) -> None:
        super().__init__(message)
        self.it = it


@dataclass(frozen=True)
class Enrolled:
    """The outcome of an enrolment: the deck, and the cards of its kind it has no face for."""

    deck: EnrolledDeck
    missing: tuple[str, ...]


def check_name(name: str) -> str:
    """A deck name: 1-40 letters, digits, spaces and ``_ . ' -``; not a built-in deck's."""
    name = " ".join(name.split())
    if not _NAME.match(name):
        raise DeckError("A deck name has 1 to 40 letters, digits, spaces, or _ . ' - (starting with a "
                        "letter or digit).", "Il nome di un mazzo ha da 1 a 40 lettere, cifre, spazi o "
                        "_ . ' - (e comincia con una lettera o una cifra).")
    if name in BUILT_IN or name in KINDS:
        raise DeckError(f"{name!r} is the name of a kind of deck; choose another name.",
                        f"{name!r} è il nome di un tipo di mazzo: scegli un altro nome.")
    return name


def check_kind(kind: str) -> str:
    """A deck kind the app knows."""
    if kind not in KINDS:
        raise DeckError(f"unknown deck kind {kind!r}; known kinds: {', '.join(KINDS)}",
                        f"tipo di mazzo sconosciuto {kind!r}; i tipi noti: {', '.join(KINDS)}")
    return kind


def card_code(name: str, kind: str) -> str | None:
    """The card an image file is of, from its name: ``T15.jpg``, ``KC.png``, ``10H-2.jpg`` (a
    second image of 10H). In a Kaiserspiel deck the Italian cavallo ``C`` is the ober ``Q``.
    None when the name is not a card of the kind."""
    m = _FILE_STEM.match(Path(name).stem)
    if not m:
        return None
    code = face_code(m.group("code"), kind)
    if kind == CUSTOM:
        return code if _CUSTOM_CODE.match(code) else None
    return code if code in deck_codes(kind) else None


def face_code(code: str, kind: str) -> str:
    """A card code as a deck of ``kind`` stores it: normalised, and in a Kaiserspiel deck the
    Italian cavallo ``C`` (``CD``) written as the ober ``Q`` (``QD``)."""
    code = normalise_code(code)
    if kind in (KAISER40, KAISER48) and len(code) == 2 and code[0] == "C":
        code = "Q" + code[1]
    return code


def images_in_folder(folder: Path, kind: str) -> dict[str, list[np.ndarray]]:
    """The face images of a folder, by card code; :class:`DeckError` names any file that is
    not a card of the kind, or not an image."""
    if not folder.is_dir():
        raise DeckError(f"{folder} is not a folder")
    by_code: dict[str, list[np.ndarray]] = {}
    strangers = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES or path.name.startswith("."):
            continue
        code = card_code(path.name, kind)
        if code is None:
            strangers.append(path.name)
            continue
        by_code.setdefault(code, []).append(read_image(path.read_bytes(), path.name))
    if strangers:
        raise DeckError(f"not named by a card code of {kind}: {', '.join(strangers[:8])}"
                        + (f" and {len(strangers) - 8} more" if len(strangers) > 8 else ""))
    if not by_code:
        raise DeckError(f"no card images in {folder} (JPEG, PNG, WebP or BMP files named by card code)")
    return by_code


def read_image(data: bytes, label: str = "image") -> np.ndarray:
    """An uploaded or stored face image as BGR, decoded safely (size limits first)."""
    try:
        return decode(data).image
    except ImageError as e:
        raise DeckError(f"{label}: {e}", f"{label}: l'immagine non si può leggere ({e})") from e


def _check_codes(codes: Sequence[str], kind: str) -> tuple[str, ...]:
    """The cards of the kind with no face (in the deck's order); :class:`DeckError` for a stranger."""
    if kind == CUSTOM:
        bad = [c for c in codes if not _CUSTOM_CODE.match(c)]
        if bad:
            raise DeckError(f"card codes are 1 to 8 capital letters or digits: {', '.join(bad[:8])}",
                            f"i codici delle carte hanno da 1 a 8 maiuscole o cifre: {', '.join(bad[:8])}")
        return ()
    known = deck_codes(kind)
    bad = [c for c in codes if c not in known]
    if bad:
        raise DeckError(f"not cards of {kind}: {', '.join(bad[:8])}",
                        f"non sono carte di {kind}: {', '.join(bad[:8])}")
    have = set(codes)
    return tuple(dict.fromkeys(c for c in deck_list(kind) if c not in have))


def _check_images(images: Mapping[str, Sequence[np.ndarray]], kind: str) -> tuple[str, ...]:
    """Face images by card code to learn: some, of cards of ``kind``, at most
    ``MAX_IMAGES_PER_CARD`` a card; the cards of the kind they leave out."""
    if not images:
        raise DeckError("no face images to learn from", "nessuna immagine di carte da imparare")
    missing = _check_codes(list(images), kind)
    too_many = [c for c, imgs in images.items() if len(imgs) > MAX_IMAGES_PER_CARD]
    if too_many:
        raise DeckError(f"at most {MAX_IMAGES_PER_CARD} images per card: {', '.join(too_many[:8])}",
                        f"al massimo {MAX_IMAGES_PER_CARD} immagini per carta: {', '.join(too_many[:8])}")
    return missing


class DeckLibrary:
    """Enrolled decks kept in the store, with the last few used held ready in memory."""

    def __init__(self, store: EventLog, keep: int = 6) -> None:
        self.store = store
        self.keep = keep
        self._ready: OrderedDict[str, tuple[float, EnrolledDeck]] = OrderedDict()
        self._lock = threading.Lock()
        self._adding = threading.Lock()

    def precheck(self, name: str, kind: str, codes: Sequence[str], replace_existing: bool = False) -> None:
        """Refuse at once what :meth:`enrol` would refuse before any image is looked at."""
        name, kind = check_name(name), check_kind(kind)
        _check_codes(codes, kind)
        if not replace_existing and self.store.deck_row(name) is not None:
            raise DeckError(f"a deck named {name!r} exists already", f"esiste già un mazzo di nome {name!r}")

    def enrol(self, name: str, kind: str, images: Mapping[str, Sequence[np.ndarray]],
              replace_existing: bool = False) -> Enrolled:
        """Learn a deck from face images by card code and store it."""
        name, kind = check_name(name), check_kind(kind)
        missing = _check_images(images, kind)
        deck = enrol_faces({c: list(imgs) for c, imgs in images.items()}, kind, name)
        self._save(deck, replace_existing)
        return Enrolled(deck, missing)

    def add(self, name: str, kind: str, images: Mapping[str, Sequence[np.ndarray]]) -> Enrolled:
        """Teach a stored deck more cards (its missing ones, or one taught again), from face
        images by card code: the deck keeps what it knew and learns these in its own frame.
        The deck is saved only over the copy it was merged with: when another server saved
        it meanwhile (a second phone teaching it too), the cards are merged again with that."""
        name, kind = check_name(name), check_kind(kind)
        _check_images(images, kind)
        learnt: dict[tuple[int, int], EnrolledDeck] = {}  # the new faces, learnt once per frame size
        with self._adding:  # two phones of one server: the second merges with the first's deck
            for _ in range(ADD_ATTEMPTS):
                version, deck = self._ready_deck(name)
                if deck.kind != kind:
                    raise DeckError(f"the deck {name!r} is a {deck.kind} deck, not {kind}",
                                    f"il mazzo {name!r} è di tipo {deck.kind}, non {kind}")
                if deck.size not in learnt:
                    learnt[deck.size] = enrol_faces({c: list(imgs) for c, imgs in images.items()},
                                                    kind, name, size=deck.size)
                whole = with_faces(deck, learnt[deck.size])
                if len(whole.owner) > MAX_KEYPOINTS:
                    raise DeckError("the deck would be too large to store: teach fewer images per card",
                                    "il mazzo diventerebbe troppo grande: insegna meno immagini per carta")
                try:
                    self._save(whole, replace_existing=True, expected=version)
                except DeckChanged:
                    continue
                return Enrolled(whole, _check_codes(whole.codes, kind))
        raise DeckError("the deck kept changing while these cards were added: send them again",
                        "il mazzo è cambiato più volte mentre si aggiungevano queste carte: inviale di nuovo")

    def codes(self, name: str) -> tuple[EnrolledDeck, tuple[str, ...]]:
        """A stored deck and the cards of its kind it does not know yet (in the deck's order)."""
        deck = self._stored(name)
        return deck, _check_codes(deck.codes, deck.kind) if deck.kind in KINDS else ()

    def _stored(self, name: str) -> EnrolledDeck:
        """A stored deck, ready; :class:`DeckError` when there is none of that name."""
        return self._ready_deck(name)[1]

    def _save(self, deck: EnrolledDeck, replace_existing: bool, expected: float | None = None) -> DeckRow:
        try:
            row = self.store.save_deck(deck.name, deck.kind, len(deck.codes), deck.to_bytes(),
                                       replace_existing, expected)
        except DeckExists:
            raise DeckError(f"a deck named {deck.name!r} exists already",
                            f"esiste già un mazzo di nome {deck.name!r}") from None
        with self._lock:
            self._ready.pop(deck.name, None)
        return row

    def load(self, name: str) -> EnrolledDeck | None:
        """A stored deck ready to read photos with, or None."""
        try:
            return self._ready_deck(name)[1]
        except DeckError:
            return None

    def _ready_deck(self, name: str) -> tuple[float, EnrolledDeck]:
        """A stored deck ready to read photos with, and its stamp (``created``, which every
        save changes); :class:`DeckError` when there is none of that name."""
        row = self.store.deck_row(name)
        if row is not None:
            with self._lock:
                ready = self._ready.get(name)
                if ready is not None and ready[0] == row.created:
                    self._ready.move_to_end(name)
                    return ready
        found = self.store.deck(name)
        if found is None:
            raise DeckError(f"no deck named {name!r}", f"nessun mazzo di nome {name!r}")
        row, data = found
        deck = EnrolledDeck.from_bytes(data)
        with self._lock:
            self._ready[name] = (row.created, deck)
            while len(self._ready) > self.keep:
                self._ready.popitem(last=False)
        return row.created, deck

    def decks(self) -> list[DeckRow]:
        """Every stored deck."""
        return self.store.decks()

    def export(self, name: str) -> bytes:
        """A stored deck's one-file form."""
        found = self.store.deck(name)
        if found is None:
            raise DeckError(f"no deck named {name!r}", f"nessun mazzo di nome {name!r}")
        return found[1]

    def import_file(self, data: bytes, name: str | None = None, replace_existing: bool = False) -> Enrolled:
        """Store a deck file (under another name if given)."""
        try:
            deck = EnrolledDeck.from_bytes(data)
        except DeckFileError as e:
            raise DeckError(str(e), e.italian) from e
        kind = check_kind(deck.kind)
        missing = _check_codes(deck.codes, kind)
        new_name = check_name(name if name is not None else deck.name)
        if new_name != deck.name:
            deck = replace(deck, name=new_name, cache={})
        self._save(deck, replace_existing)
        return Enrolled(deck, missing)

    def delete(self, name: str) -> bool:
        """Forget a stored deck."""
        with self._lock:
            self._ready.pop(name, None)
        return self.store.delete_deck(name)
