"""Synthetic photos of card corners, made from clean card-face artwork, for building templates.

A card face is laid on a random table colour under a random perspective, lit
unevenly, blurred, shrunk to a few dozen pixels wide as a far card is, given
sensor noise and JPEG compression; the corner frame handed to the segmenter is
nudged the way the locator's outline is off in real photos. The glyphs the
segmenter then cuts out (with their flaws: broken hairlines, merged strokes)
are the samples, labelled from the artwork's file name.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .index import Corner, segment_corner
from .types import IndexSettings

JOKER_CODES = {"JK1", "JK2"}


@dataclass(frozen=True)
class Sample:
    """One segmented index: the rank glyph (and its pieces), the suit glyph, the true card."""

    card: str
    rank: np.ndarray
    parts: list[np.ndarray]
    suit: np.ndarray


def load_face(path: Path) -> np.ndarray:
    """A card face as BGR on white (transparent parts become paper)."""
    img = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise ValueError(f"cannot read {path}")
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    if img.shape[2] == 4:
        alpha = img[:, :, 3:4].astype(np.float32) / 255.0
        img = (img[:, :, :3].astype(np.float32) * alpha + 255.0 * (1.0 - alpha)).astype(np.uint8)
    return np.asarray(img[:, :, :3])


def scene(face: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The face in a small perspective photo: the image and the card's four corners in it."""
    h, w = face.shape[:2]
    width = float(rng.uniform(45, 260))  # the card's width in the photo, pixels
    height = width * h / w
    canvas = int(max(width, height) * 1.8)
    centre = np.array([canvas / 2, canvas / 2])
    angle = rng.uniform(0, 2 * np.pi)
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    box = np.array([[-width / 2, -height / 2], [width / 2, -height / 2],
                    [width / 2, height / 2], [-width / 2, height / 2]])
    # Tilt: foreshorten along a random direction, as a phone held at up to ~45 degrees does.
    tilt = rng.uniform(0.7, 1.0)
    box = box @ rot.T
    axis = np.array([np.cos(angle * 1.7), np.sin(angle * 1.7)])
    along = box @ axis
    box = box - np.outer(along * (1 - tilt), axis)
    box += rng.normal(0, width * 0.02, box.shape)
    quad = (box + centre).astype(np.float32)
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad)
    table = rng.uniform(20, 200, 3)
    photo = np.empty((canvas, canvas, 3), np.float32)
    photo[:] = table
    warped = cv2.warpPerspective(face, m, (canvas, canvas), flags=cv2.INTER_AREA,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), m, (canvas, canvas)) > 127
    photo[inside] = warped[inside]
    # Light: a gradient across the scene and a colour cast (lamps, daylight).
    yy, xx = np.mgrid[0:canvas, 0:canvas].astype(np.float32) / canvas
    gx, gy = rng.uniform(-0.35, 0.35, 2)
    light = 1.0 + gx * (xx - 0.5) + gy * (yy - 0.5)
    cast = rng.uniform(0.8, 1.1, 3)
    photo *= light[:, :, None] * rng.uniform(0.55, 1.05)
    photo *= cast
    blur = rng.uniform(0.3, 1.4)
    photo = np.asarray(cv2.GaussianBlur(photo, (0, 0), blur), np.float32)
    photo += rng.normal(0, rng.uniform(1, 6), photo.shape).astype(np.float32)
    img = np.clip(photo, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(55, 95))])
    if ok:
        img = np.asarray(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), np.uint8)
    return img, quad


def corner_frame(quad: np.ndarray, at: int, rng: np.random.Generator) -> Corner:
    """The corner frame the locator would hand over at corner ``at``, slightly off."""
    p = quad[at]
    nxt, prev = quad[(at + 1) % 4], quad[(at + 3) % 4]
    across, down = nxt - p, prev - p
    size = float(np.linalg.norm(across))
    shift = rng.normal(0, 0.015 * size, 2)
    turn = rng.normal(0, np.radians(1.5))
    c, s = np.cos(turn), np.sin(turn)
    r = np.array([[c, -s], [s, c]])
    scale = rng.uniform(0.94, 1.06)
    return Corner((p + shift).astype(np.float32), (r @ across * scale).astype(np.float32),
                  (r @ down * scale).astype(np.float32))


def samples(face: np.ndarray, card: str, count: int, rng: np.random.Generator,
            s: IndexSettings = IndexSettings()) -> Iterator[Sample]:
    """Up to ``count`` segmented indices of ``face`` from synthetic photos (failed cuts skipped)."""
    for _ in range(count):
        img, quad = scene(face, rng)
        # The index is at the top-left of the face and, turned, at the bottom-right.
        at = 0 if rng.random() < 0.5 else 2
        glyphs = segment_corner(img, corner_frame(quad, at, rng), s)
        if glyphs is None:
            continue
        yield Sample(card, glyphs.rank[4], [p[4] for p in glyphs.parts], glyphs.suit[4])


def card_code(path: Path) -> str | None:
    """The card an artwork file shows, from its name (``QH.png``, ``10D.png``, ``JK1.png``)."""
    code = path.stem
    if code in JOKER_CODES:
        return code
    rank, suit = code[:-1], code[-1:]
    if suit in "SHDC" and rank in {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}:
        return code
    return None
