"""What the recogniser keeps of a card face: ORB keypoints and a small normalised thumbnail.

A face is first brought to the deck's canonical size (so every face of a deck shares
one frame), then described twice: by ORB keypoints (position, angle, size, a 256-bit
descriptor), robust to rotation, scale, perspective and partial cover; and by a grey
thumbnail, high-passed so that light falling unevenly does not count, which tells apart
plain faces that differ only in where their pips are.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .geometry import signed_area
from .locate import regions
from .types import EnrolSettings, LocateSettings


@dataclass(frozen=True)
class Keypoints:
    """ORB keypoints of one image: positions, angles (degrees), sizes and descriptors."""

    xy: np.ndarray  # (n, 2) float32
    angle: np.ndarray  # (n,) float32
    size: np.ndarray  # (n,) float32
    descriptors: np.ndarray  # (n, 32) uint8

    def __len__(self) -> int:
        return len(self.xy)


def orb_keypoints(grey: np.ndarray, features: int, levels: int) -> Keypoints:
    """ORB keypoints of a grey image (a new detector per call: detectors are not thread-safe)."""
    orb = cv2.ORB.create(nfeatures=features, scaleFactor=1.2, nlevels=levels, edgeThreshold=15,
                         patchSize=31, fastThreshold=10)
    kps, des = orb.detectAndCompute(grey, None)
    if des is None or not kps:
        return Keypoints(np.zeros((0, 2), np.float32), np.zeros(0, np.float32),
                         np.zeros(0, np.float32), np.zeros((0, 32), np.uint8))
    return Keypoints(np.array([k.pt for k in kps], np.float32), np.array([k.angle for k in kps], np.float32),
                     np.array([k.size for k in kps], np.float32), np.asarray(des, np.uint8))


def load_face(path: Path) -> np.ndarray:
    """A card face image file as BGR on white (transparent parts become paper)."""
    img = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise ValueError(f"cannot read {path}")
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    if img.shape[2] == 4:
        alpha = img[:, :, 3:4].astype(np.float32) / 255.0
        img = (img[:, :, :3].astype(np.float32) * alpha + 255.0 * (1.0 - alpha)).astype(np.uint8)
    return np.ascontiguousarray(img[:, :, :3])


def grey_of(image: np.ndarray) -> np.ndarray:
    """A grey copy (an already grey image is returned as it is)."""
    if image.ndim == 2:
        return image
    return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))


def canonical_size(aspect: float, s: EnrolSettings = EnrolSettings()) -> tuple[int, int]:
    """Width and height of a deck's canonical face for a height/width ``aspect``."""
    return s.face_width, round(s.face_width * aspect)


def thumb_size(size: tuple[int, int], s: EnrolSettings = EnrolSettings()) -> tuple[int, int]:
    """Width and height of the thumbnails of faces of canonical ``size``."""
    w, h = size
    return s.thumb_width, max(8, round(s.thumb_width * h / w))


def thumbnail(canonical_grey: np.ndarray, tsize: tuple[int, int]) -> np.ndarray:
    """The face shrunk to the thumbnail size (uint8, what is stored)."""
    return np.asarray(cv2.resize(canonical_grey, tsize, interpolation=cv2.INTER_AREA), np.uint8)


def normalised(thumbs: np.ndarray) -> np.ndarray:
    """Thumbnails (..., h, w) high-passed, then zero mean and unit spread each: what is compared."""
    t = thumbs.astype(np.float32)
    flat = t.reshape(-1, *t.shape[-2:])
    sigma = t.shape[-1] / 4
    low = np.stack([cv2.GaussianBlur(x, (0, 0), sigma, borderType=cv2.BORDER_REFLECT) for x in flat])
    hp = (flat - low).reshape(t.shape)
    hp -= hp.mean(axis=(-2, -1), keepdims=True)
    hp /= np.maximum(hp.std(axis=(-2, -1), keepdims=True), 1.0)
    return np.asarray(hp, np.float32)


def cell_errors(photo: np.ndarray, faces: np.ndarray, cells: tuple[int, int] = (5, 8)) -> np.ndarray:
    """Mean squared difference of a normalised photo thumbnail and each normalised face, per cell:
    an array (faces, cells). 0 is identical; unrelated thumbnails give about 2."""
    _, h, w = faces.shape
    cx, cy = cells
    d = (faces - photo[None]) ** 2
    ys = np.linspace(0, h, cy + 1).astype(int)
    xs = np.linspace(0, w, cx + 1).astype(int)
    sums = np.add.reduceat(np.add.reduceat(d, ys[:-1], axis=1), xs[:-1], axis=2)
    counts = np.outer(np.diff(ys), np.diff(xs)).astype(np.float32)
    return np.asarray((sums / counts).reshape(len(faces), cy * cx), np.float32)


def look_errors(errors: np.ndarray, contenders: int = 8, unexplained: float = 1.0) -> np.ndarray:
    """Per face, the mean cell error over the cells some face explains.

    A cell that none of the ``contenders`` (the faces agreeing best overall) explains is
    covered by another card, lost in glare or off the photo: it tells nothing about which
    face this is and is left out for every face alike. Cells where the faces differ among
    themselves (one more pip, another index) all count.
    """
    overall = errors.mean(axis=1)
    top = np.argsort(overall)[:contenders]
    seen = errors[top].min(axis=0) <= unexplained
    if not seen.any():
        return np.asarray(overall, np.float32)
    return np.asarray(errors[:, seen].mean(axis=1), np.float32)


def portrait_corners(polygon: np.ndarray) -> np.ndarray:
    """A four-sided outline's corners, clockwise from the top-left of the upright card.

    The card is taken to be upright or nearly so: its first corner is the one nearest the
    photo's top-left among the two ends of a short side at the top.
    """
    p = np.asarray(polygon, np.float32)
    if signed_area(p) < 0:
        p = p[::-1]
    best = 0
    best_key = np.inf
    for i in range(4):
        a, b, c = p[i], p[(i + 1) % 4], p[(i + 2) % 4]
        if np.linalg.norm(b - a) > np.linalg.norm(c - b):
            continue  # a long side: not the top of an upright card
        key = float(a[1] + b[1])  # the short side highest in the photo
        if key < best_key:
            best, best_key = i, key
    return np.roll(p, -best, axis=0)


def rectify(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card inside a clockwise outline (from its top-left), cut out upright at its own size."""
    width = float(np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    height = float(np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    out_w, out_h = max(8, round(width)), max(8, round(height))
    dst = np.array([[0, 0], [out_w, 0], [out_w, out_h], [0, out_h]], np.float32)
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return np.asarray(cv2.warpPerspective(image, m, (out_w, out_h), flags=cv2.INTER_AREA))


def cut_faces(image: np.ndarray) -> list[np.ndarray]:
    """The cards laid upright in a grid, apart, in reading order (rows top to bottom, then
    left to right), each cut out upright: for enrolling a deck a few cards at a time."""
    found = [r for r in regions(image, LocateSettings()) if r.single and len(r.polygon) == 4]
    if not found:
        return []
    biggest = max(r.area for r in found)
    cards = [portrait_corners(r.polygon) for r in found if r.area >= 0.4 * biggest]
    height = float(np.median([np.linalg.norm(q[3] - q[0]) for q in cards]))
    rows: list[list[np.ndarray]] = []
    for q in sorted(cards, key=lambda q: float(q[:, 1].mean())):
        if rows and abs(float(q[:, 1].mean()) - float(rows[-1][0][:, 1].mean())) < 0.5 * height:
            rows[-1].append(q)
        else:
            rows.append([q])
    ordered = [q for row in rows for q in sorted(row, key=lambda q: float(q[:, 0].mean()))]
    return [rectify(image, q) for q in ordered]


def crop_face(image: np.ndarray) -> np.ndarray:
    """The card face in an enrolment image: a photo of one card is found and rectified;
    clean artwork (the card fills the image, or no card outline is seen) is kept whole."""
    h, w = image.shape[:2]
    found = [r for r in regions(image, LocateSettings()) if r.single and len(r.polygon) == 4]
    found = [r for r in found if 0.2 * h * w <= r.area <= 0.92 * h * w]
    if not found:
        return image
    return rectify(image, portrait_corners(max(found, key=lambda r: r.area).polygon))
