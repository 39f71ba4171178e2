"""Enrolled decks: any deck made recognisable from images of its own faces.

``enrol_faces(images_by_code, kind, name)`` learns each face (from one image or several)
and returns an :class:`EnrolledDeck`; ``deck.to_bytes()`` / ``EnrolledDeck.from_bytes()``
are its one-file form (a NumPy ``.npz`` archive, read without pickles);
:func:`recognizer.matching.recognize_enrolled` finds its cards in a photo. Pure OpenCV and NumPy.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from .faces import Keypoints, canonical_size, crop_face, grey_of, orb_keypoints, thumb_size, thumbnail
from .types import EnrolSettings

FORMAT = "tavolo-deck"
VERSION = 1
MAX_FILE_BYTES = 16 * 1024 * 1024  # an exported 78-card deck is about 1 MB
MAX_CARDS = 200
MAX_KEYPOINTS = 400_000
NAME_CHARS = 40


NOT_A_DECK_IT = "Questo non è un file di mazzo di Tavolo."


class DeckFileError(ValueError):
    """A deck file that cannot be read; the message says why, for people, in English and in
    Italian (``italian``)."""

    def __init__(self, message: str, italian: str) -> None:
        super().__init__(message)
        self.italian = italian


@dataclass(frozen=True, eq=False)
class EnrolledDeck:
    """A deck learnt from images of its faces.

    Every face shares the canonical frame ``size`` (width, height). Keypoints of all
    faces are stored together, ``owner`` saying which card each belongs to (an index
    into ``codes``); so are the thumbnails, several per card when it was enrolled from
    several images.
    """

    name: str
    kind: str  # tarot78, kaiser40, french54... or "custom"
    size: tuple[int, int]
    codes: tuple[str, ...]
    owner: np.ndarray  # (n,) int32
    xy: np.ndarray  # (n, 2) float32, canonical pixels
    angle: np.ndarray  # (n,) float32, degrees
    scale: np.ndarray  # (n,) float32, keypoint size in canonical pixels
    descriptors: np.ndarray  # (n, 32) uint8
    thumbs: np.ndarray  # (v, th, tw) uint8
    thumb_owner: np.ndarray  # (v,) int32
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def nbytes(self) -> int:
        """Bytes of the learnt arrays (what the deck holds in memory, indexes aside)."""
        return int(sum(a.nbytes for a in (self.owner, self.xy, self.angle, self.scale, self.descriptors,
                                          self.thumbs, self.thumb_owner)))

    def summary(self) -> dict[str, Any]:
        """Name, kind, cards and sizes, for lists and logs."""
        return {"name": self.name, "kind": self.kind, "cards": len(self.codes),
                "keypoints": len(self.owner), "images": len(self.thumb_owner), "bytes": self.nbytes}

    # ---- the one-file form ------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """The deck as one ``.npz`` file (JSON facts plus arrays; no pickles)."""
        meta = {"format": FORMAT, "version": VERSION, "name": self.name, "kind": self.kind,
                "size": list(self.size), "codes": list(self.codes)}
        buf = io.BytesIO()
        np.savez_compressed(
            buf, meta=np.frombuffer(json.dumps(meta).encode(), np.uint8), owner=self.owner.astype(np.uint16),
            xy=self.xy.astype(np.float16), angle=self.angle.astype(np.float16),
            scale=self.scale.astype(np.float16), descriptors=self.descriptors, thumbs=self.thumbs,
            thumb_owner=self.thumb_owner.astype(np.uint16))
        return buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> EnrolledDeck:
        """Read a deck file, checking every part; :class:`DeckFileError` when it is not one."""
        if len(data) > MAX_FILE_BYTES:
            raise DeckFileError(f"The deck file is larger than {MAX_FILE_BYTES // 1_000_000} MB.",
                                f"Il file del mazzo supera {MAX_FILE_BYTES // 1_000_000} MB.")
        if not data.startswith(b"PK"):
            raise DeckFileError("This is not a Tavolo deck file.", NOT_A_DECK_IT)
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                # A small file may not unpack into a huge one.
                if sum(i.file_size for i in z.infolist()) > 4 * MAX_FILE_BYTES:
                    raise DeckFileError("The deck file unpacks to too much data.",
                                        "Il file del mazzo, aperto, contiene troppi dati.")
            with np.load(io.BytesIO(data), allow_pickle=False) as z:
                arrays = {k: np.asarray(z[k]) for k in ("meta", "owner", "xy", "angle", "scale",
                                                        "descriptors", "thumbs", "thumb_owner")}
        except DeckFileError:
            raise
        except (KeyError, ValueError, OSError, zipfile.BadZipFile) as e:
            raise DeckFileError("The deck file is damaged or not a Tavolo deck file.",
                                "Il file del mazzo è rovinato, o non è un file di mazzo di Tavolo.") from e
        return _checked(arrays)


def _checked(a: Mapping[str, np.ndarray]) -> EnrolledDeck:
    """An :class:`EnrolledDeck` from the arrays of a file, after checking shapes and facts."""
    try:
        meta = json.loads(a["meta"].astype(np.uint8).tobytes().decode())
    except (ValueError, UnicodeDecodeError) as e:
        raise DeckFileError("The deck file's description is damaged.",
                            "La descrizione nel file del mazzo è rovinata.") from e
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise DeckFileError("This is not a Tavolo deck file.", NOT_A_DECK_IT)
    if meta.get("version") != VERSION:
        raise DeckFileError(f"This deck file is of version {meta.get('version')}; this app reads {VERSION}.",
                            f"Questo file di mazzo è della versione {meta.get('version')}; "
                            f"questa app legge la {VERSION}.")
    name, kind, size, codes = meta.get("name"), meta.get("kind"), meta.get("size"), meta.get("codes")
    if not (isinstance(name, str) and isinstance(kind, str) and isinstance(codes, list)
            and all(isinstance(c, str) and 0 < len(c) <= 8 for c in codes) and 0 < len(codes) <= MAX_CARDS
            and len(set(codes)) == len(codes)
            and isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) for v in size)
            and 16 <= size[0] <= 1024 and 16 <= size[1] <= 2048):
        raise DeckFileError("The deck file's description is incomplete.",
                            "La descrizione nel file del mazzo è incompleta.")
    n = len(a["owner"])
    v = len(a["thumb_owner"])
    ok = (a["owner"].ndim == 1 and 0 < n <= MAX_KEYPOINTS
          and a["xy"].shape == (n, 2) and a["angle"].shape == (n,) and a["scale"].shape == (n,)
          and a["descriptors"].shape == (n, 32) and a["descriptors"].dtype == np.uint8
          and a["thumbs"].ndim == 3 and a["thumbs"].shape[0] == v and a["thumbs"].dtype == np.uint8
          and a["thumb_owner"].ndim == 1 and 0 < v <= 20 * len(codes)
          and int(a["owner"].max()) < len(codes) and int(a["thumb_owner"].max()) < len(codes)
          and bool(np.isfinite(a["xy"]).all()))
    if not ok:
        raise DeckFileError("The deck file's arrays do not fit together.",
                            "I dati nel file del mazzo non combaciano tra loro.")
    return EnrolledDeck(
        name=name, kind=kind, size=(size[0], size[1]), codes=tuple(codes),
        owner=a["owner"].astype(np.int32), xy=a["xy"].astype(np.float32), angle=a["angle"].astype(np.float32),
        scale=a["scale"].astype(np.float32), descriptors=np.ascontiguousarray(a["descriptors"]),
        thumbs=np.ascontiguousarray(a["thumbs"]), thumb_owner=a["thumb_owner"].astype(np.int32))


# ---- enrolment ------------------------------------------------------------------------------
def _aspect(faces: Sequence[np.ndarray]) -> float:
    return float(np.median([f.shape[0] / f.shape[1] for f in faces]))


def enrol_faces(images_by_code: Mapping[str, np.ndarray | Sequence[np.ndarray]], kind: str, name: str,
                s: EnrolSettings = EnrolSettings(), crop: bool = True,
                size: tuple[int, int] | None = None) -> EnrolledDeck:
    """Learn a deck from images of its faces: ``{code: image}`` or ``{code: [image, ...]}`` (BGR).

    With ``crop``, an image showing one card on a background is cut to the card first
    (clean artwork that fills its image is kept whole). Landscape images are turned upright.
    ``size``: the canonical frame to learn the faces in (a deck's own, to add cards to it:
    :func:`with_faces`); by default, one fitting these faces' shape.
    """
    if not images_by_code:
        raise ValueError("no faces to enrol")
    per_code: dict[str, list[np.ndarray]] = {}
    for code, imgs in images_by_code.items():
        group = [imgs] if isinstance(imgs, np.ndarray) else list(imgs)
        if not group:
            raise ValueError(f"no image for {code}")
        faces = []
        for img in group:
            face = crop_face(img) if crop else img
            if face.shape[1] > face.shape[0]:
                face = np.rot90(face).copy()
            faces.append(face)
        per_code[code] = faces
    if size is None:
        size = canonical_size(_aspect([f for fs in per_code.values() for f in fs]), s)
    tsize = thumb_size(size, s)
    parts: list[tuple[int, Keypoints]] = []
    thumbs: list[np.ndarray] = []
    thumb_owner: list[int] = []
    codes = tuple(per_code)
    for i, code in enumerate(codes):
        for face in per_code[code]:
            grey = np.asarray(cv2.resize(grey_of(face), size, interpolation=cv2.INTER_AREA), np.uint8)
            parts.append((i, orb_keypoints(grey, s.face_features, s.face_levels)))
            thumbs.append(thumbnail(grey, tsize))
            thumb_owner.append(i)
    return EnrolledDeck(
        name=name, kind=kind, size=size, codes=codes,
        owner=np.concatenate([np.full(len(k), i, np.int32) for i, k in parts]),
        xy=np.concatenate([k.xy for _, k in parts]), angle=np.concatenate([k.angle for _, k in parts]),
        scale=np.concatenate([k.size for _, k in parts]),
        descriptors=np.ascontiguousarray(np.concatenate([k.descriptors for _, k in parts])),
        thumbs=np.stack(thumbs), thumb_owner=np.array(thumb_owner, np.int32))


def with_faces(deck: EnrolledDeck, more: EnrolledDeck) -> EnrolledDeck:
    """``deck`` with the cards learnt in ``more`` added to it: a card both know is known from
    ``more`` alone (taught again). ``more`` must be learnt in ``deck``'s frame
    (:func:`enrol_faces` with ``size=deck.size``) and be of its kind."""
    if more.size != deck.size or more.kind != deck.kind:
        raise ValueError("the cards to add were learnt in another frame or are of another kind")
    codes = tuple(c for c in deck.codes if c not in more.codes) + more.codes
    index = {c: i for i, c in enumerate(codes)}
    old = np.array([-1 if c in more.codes else index[c] for c in deck.codes], np.int32)  # -1: taught again
    new = np.array([index[c] for c in more.codes], np.int32)
    points = old[deck.owner] >= 0
    pictures = old[deck.thumb_owner] >= 0
    return EnrolledDeck(
        name=deck.name, kind=deck.kind, size=deck.size, codes=codes,
        owner=np.concatenate([old[deck.owner][points], new[more.owner]]),
        xy=np.concatenate([deck.xy[points], more.xy]),
        angle=np.concatenate([deck.angle[points], more.angle]),
        scale=np.concatenate([deck.scale[points], more.scale]),
        descriptors=np.ascontiguousarray(np.concatenate([deck.descriptors[points], more.descriptors])),
        thumbs=np.concatenate([deck.thumbs[pictures], more.thumbs]),
        thumb_owner=np.concatenate([old[deck.thumb_owner][pictures], new[more.thumb_owner]]))
