"""Synthetic photos of the printed Insonnia cards on a table, with the true corners of each card.

The cards are drawn by :mod:`companion.decks.raster` and placed on a table seen by a
tilted camera (perspective up to about 45 degrees); cards may overlap, a hand may
cover part of one, and the photo gets uneven light, blur, noise and JPEG. Every
card keeps at least one of its markers, quiet zone included, in full view (the
generator tries again otherwise), so a good reader must find every card.
Used by the tests and by ``companion bench``; the recogniser never sees this code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from recognizer import markerdeck as md

from .raster import render_card

SKIN = ((150, 180, 225), (95, 130, 185), (60, 90, 140))  # BGR skin tones


@dataclass(frozen=True)
class SceneCard:
    """A card in a synthetic photo: its code and corners (photo pixels, clockwise from the
    top-left of the upright card)."""

    code: str
    corners: np.ndarray  # (4, 2)
    homography: np.ndarray  # card millimetres to photo pixels

    @property
    def size(self) -> float:
        """The card's longer side in the photo, on average (pixels)."""
        c = self.corners
        return float(np.linalg.norm(c[1] - c[2]) + np.linalg.norm(c[3] - c[0])) / 2


@dataclass(frozen=True)
class Scene:
    """A synthetic photo (BGR) and the cards in it."""

    image: np.ndarray
    cards: tuple[SceneCard, ...]


def table(rng: np.random.Generator, width: int, height: int) -> np.ndarray:
    """A table top: wood grain, cloth or felt, with blotches, at any size."""
    w, h = max(8, width // 4), max(8, height // 4)
    kind = rng.integers(3)
    base = np.array([rng.uniform(30, 200) for _ in range(3)], np.float32)
    blotches = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), rng.uniform(1, 6))
    noise = np.asarray(blotches / max(float(blotches.std()), 1e-6), np.float32)
    if kind == 0:  # wood: stretched noise and rings
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        a = rng.uniform(0, math.pi)
        grain = np.sin((xx * math.cos(a) + yy * math.sin(a)) * rng.uniform(0.1, 0.4) + 3 * noise)
        tex = 0.6 * grain + 0.4 * noise
    elif kind == 1:  # cloth: a fine weave
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        tex = 0.5 * np.sin(xx * 1.3) * np.sin(yy * 1.3) + 0.5 * noise
    else:
        tex = noise
    img = base[None, None, :] * (1 + 0.25 * tex[:, :, None] * rng.uniform(0.3, 1.0, 3))
    img = cv2.resize(np.clip(img, 0, 255).astype(np.uint8), (width, height), interpolation=cv2.INTER_LINEAR)
    return np.asarray(img)


def _camera(rng: np.random.Generator, tilt_max: float) -> np.ndarray:
    """Table millimetres (around the origin) to an arbitrary image plane, seen from a tilted camera."""
    tilt = math.radians(rng.uniform(0, tilt_max))
    turn = rng.uniform(0, 2 * math.pi)
    c, s = math.cos(tilt), math.sin(tilt)
    rx = np.array([[1, 0, 0], [0, c, -s], [0, s, c]])
    rz = np.array([[math.cos(turn), -math.sin(turn), 0], [math.sin(turn), math.cos(turn), 0], [0, 0, 1]])
    r = rx @ rz
    distance = rng.uniform(350, 600)  # mm from the table's centre, along the view
    f = 1000.0
    k = np.array([[f, 0, 0], [0, f, 0], [0, 0, 1]])
    return np.asarray(k @ np.column_stack([r[:, 0], r[:, 1], [0, 0, distance]]))


def _place(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    out = cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), h)
    return np.asarray(out.reshape(-1, 2))


def _card_on_table(rng: np.random.Generator, x: float, y: float) -> np.ndarray:
    """Card millimetres to table millimetres: turned by any angle, centred at (x, y)."""
    a = rng.uniform(0, 2 * math.pi)
    c, s = math.cos(a), math.sin(a)
    centre = np.array([md.CARD_W / 2, md.CARD_H / 2])
    t = np.array([x, y]) - np.array([[c, -s], [s, c]]) @ centre
    return np.array([[c, -s, t[0]], [s, c, t[1]], [0, 0, 1]])


def _hand(rng: np.random.Generator, img: np.ndarray, labels: np.ndarray, at: np.ndarray,
          size: float) -> None:
    """A hand-shaped blob (palm and four fingers) reaching to ``at``, in a skin tone."""
    h, w = labels.shape
    reach = int(1.6 * size) + 2
    x0, y0 = max(0, int(at[0]) - reach), max(0, int(at[1]) - reach)
    x1, y1 = min(w, int(at[0]) + reach), min(h, int(at[1]) + reach)
    if x0 >= x1 or y0 >= y1:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    a = rng.uniform(0, 2 * math.pi)
    d = np.array([math.cos(a), math.sin(a)])
    n = np.array([-d[1], d[0]])
    palm = at - d * 0.55 * size - [x0, y0]
    cv2.ellipse(mask, tuple(int(v) for v in palm), (int(0.5 * size), int(0.38 * size)),
                math.degrees(a), 0, 360, 255, -1)
    for i in range(4):
        base = palm + n * (i - 1.5) * 0.22 * size
        tip = base + d * rng.uniform(0.55, 0.75) * size
        cv2.line(mask, tuple(int(v) for v in base), tuple(int(v) for v in tip), 255,
                 max(1, int(0.17 * size)))
    tone = np.array(SKIN[rng.integers(len(SKIN))], np.float32)
    shade = cv2.GaussianBlur(mask, (0, 0), max(1.0, size / 12)).astype(np.float32) / 255
    colour = tone[None, None, :] * (0.75 + 0.25 * shade[:, :, None])
    m = mask.astype(bool)
    img[y0:y1, x0:x1][m] = colour[m].astype(np.uint8)
    labels[y0:y1, x0:x1][m] = -1


def _marker_visible(labels: np.ndarray, index: int, quad: np.ndarray) -> bool:
    """Every pixel of the marker's white box shows this card (none covered, none outside)."""
    h, w = labels.shape
    if quad[:, 0].min() < 1 or quad[:, 1].min() < 1 or quad[:, 0].max() > w - 2 or quad[:, 1].max() > h - 2:
        return False
    mask = np.zeros(labels.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
    inside = labels[mask.astype(bool)]
    return inside.size > 0 and bool((inside == index).mean() > 0.995)


def _light(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """A lamp off to one side and a slight colour cast."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h:16, 0:w:16].astype(np.float32)
    cx, cy = rng.uniform(-0.3, 1.3) * w, rng.uniform(-0.3, 1.3) * h
    fall = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2) / max(w, h)
    gain = cv2.resize(1.1 - rng.uniform(0.15, 0.4) * fall, (w, h), interpolation=cv2.INTER_LINEAR)
    cast = 1 + rng.uniform(-0.08, 0.08, 3)
    return np.asarray(np.clip(img.astype(np.float32) * gain[:, :, None] * cast, 0, 255).astype(np.uint8))


def scene(rng: np.random.Generator, width: int, height: int, codes: list[str], tilt_max: float = 45.0,
          overlap: bool = True, hand: bool = True, blur: float = 1.0, noise: float = 4.0) -> Scene:
    """A photo of ``codes`` (repeats allowed) on a table. ``blur`` is the largest Gaussian sigma
    and ``noise`` the largest noise level, both in pixels of a 1280-pixel-wide photo."""
    for _ in range(200):
        made = _try_scene(rng, width, height, codes, tilt_max, overlap, hand)
        if made is not None:
            img, cards = made
            break
    else:
        raise RuntimeError("no layout kept a marker of every card in view")
    img = _light(rng, img)
    res = max(width, height) / 1280
    sigma = rng.uniform(0.3, max(0.3, blur)) * res
    img = cv2.GaussianBlur(img, (0, 0), sigma)
    level = rng.uniform(1.0, max(1.0, noise))
    img = img.astype(np.float32)
    img += rng.standard_normal(img.shape, dtype=np.float32) * np.float32(level)
    return Scene(np.clip(img, 0, 255).astype(np.uint8), cards)


def _try_scene(rng: np.random.Generator, width: int, height: int, codes: list[str], tilt_max: float,
               overlap: bool, hand: bool) -> tuple[np.ndarray, tuple[SceneCard, ...]] | None:
    n = len(codes)
    cols = max(1, round(math.sqrt(n * width / height)))
    rows = math.ceil(n / cols)
    pitch = (80.0, 95.0) if overlap else (112.0, 112.0)
    spots = [((i % cols - (cols - 1) / 2) * pitch[0] + rng.uniform(-8, 8),
              (i // cols - (rows - 1) / 2) * pitch[1] + rng.uniform(-8, 8)) for i in range(n)]
    on_table = [_card_on_table(rng, x, y) for x, y in spots]
    camera = _camera(rng, tilt_max)
    outline = md.card_outline()
    corners = [_place(camera @ t, outline) for t in on_table]
    allpts = np.vstack(corners)
    lo, hi = allpts.min(axis=0), allpts.max(axis=0)
    fill = rng.uniform(0.8, 0.95)
    k = fill * min(width / (hi[0] - lo[0]), height / (hi[1] - lo[1]))
    off = np.array([width, height]) / 2 - k * (lo + hi) / 2 + rng.uniform(-0.03, 0.03, 2) * [width, height]
    fit = np.array([[k, 0, off[0]], [0, k, off[1]], [0, 0, 1]])
    view = fit @ camera
    img = table(rng, width, height)
    labels = np.full((height, width), -2, np.int16)
    cards = []
    for i, (code, t) in enumerate(zip(codes, on_table, strict=True)):
        to_photo = view @ t
        quad = _place(to_photo, outline)
        size = max(float(np.linalg.norm(quad[0] - quad[2])), float(np.linalg.norm(quad[1] - quad[3])))
        ppm = round(4 * float(np.clip(1.5 * size / math.hypot(md.CARD_W, md.CARD_H), 3, 16))) / 4
        face = render_card(code, ppm)
        mm_from_px = np.array([[1 / ppm, 0, 0.5 / ppm], [0, 1 / ppm, 0.5 / ppm], [0, 0, 1]])
        x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 2
        x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 3
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
        if x0 >= x1 or y0 >= y1:
            return None
        shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]])
        m = shift @ to_photo @ mm_from_px
        roi = (int(x1 - x0), int(y1 - y0))
        warped = cv2.warpPerspective(face, m, roi, flags=cv2.INTER_LINEAR)
        alpha = cv2.warpPerspective(np.full(face.shape[:2], 255, np.uint8), m, roi)
        a = alpha[:, :, None].astype(np.float32) / 255
        part = img[y0:y1, x0:x1].astype(np.float32)
        shadow = cv2.GaussianBlur(alpha, (0, 0), max(1.0, size / 60)).astype(np.float32)[:, :, None] / 255
        part *= 1 - 0.35 * shadow * (1 - a)
        img[y0:y1, x0:x1] = (part * (1 - a) + warped.astype(np.float32) * a).astype(np.uint8)
        labels[y0:y1, x0:x1][alpha > 127] = i
        cards.append(SceneCard(code, quad, to_photo))
    if hand and n and rng.random() < 0.7:
        ti = int(rng.integers(n))
        target = cards[ti]
        box = _place(view @ on_table[ti], md.box_points(int(rng.integers(2))))
        at = box.mean(axis=0) + rng.normal(0, 0.05, 2) * target.size
        _hand(rng, img, labels, at, target.size * rng.uniform(0.5, 0.8))
    for i, t in enumerate(on_table):
        if not any(_marker_visible(labels, i, _place(view @ t, md.box_points(k))) for k in md.CORNERS):
            return None
    return img, tuple(cards)


def jpeg(image: np.ndarray, quality: int = 85) -> bytes:
    """The photo as JPEG bytes."""
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise ValueError("JPEG encoding failed")
    return bytes(buf.tobytes())
