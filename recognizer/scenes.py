"""Synthetic table photos made from clean card artwork, with their ground truth.

Several faces are laid on a textured table, turned, tilted in perspective, sometimes
overlapping as in a trick or a fanned hand, lit unevenly with a colour cast and a glare
spot, blurred, given sensor noise and JPEG compression. Each card's share left visible
is measured on a label map, so a scorer knows which cards a reader must find and which
are too covered to demand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Placed:
    """One card in a scene: its code, corners (clockwise from the face's top-left), share visible."""

    code: str
    quad: np.ndarray
    visible: float


@dataclass(frozen=True)
class Scene:
    """A rendered photo (BGR) and the cards in it, bottom first."""

    image: np.ndarray
    cards: tuple[Placed, ...]
    layout: str = "spread"

    def required(self, share: float = 0.6) -> list[str]:
        """The codes a reader must find: cards at least ``share`` visible."""
        return [c.code for c in self.cards if c.visible >= share]

    def allowed(self, share: float = 0.15) -> list[str]:
        """The codes a reader may report without being wrong."""
        return [c.code for c in self.cards if c.visible >= share]


def _table(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A table top: a base colour, large soft blotches and fine grain (felt, wood, cloth)."""
    tops = ((40, 110, 40), (30, 70, 120), (60, 60, 60), (120, 90, 70), (150, 170, 190), (90, 40, 30),
            (20, 20, 25), (170, 160, 150))  # BGR: felt, wood, slate, cloth, a dark or pale table
    base = np.array(tops[int(rng.integers(len(tops)))], np.float32) * rng.uniform(0.75, 1.2, 3)
    low = cv2.resize(rng.normal(0, 1, (6, 8, 3)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    grain = rng.normal(0, 1, (h, w, 1)).astype(np.float32)
    if rng.random() < 0.5:  # wood: grain stretched along one direction
        streaks = cv2.resize(rng.normal(0, 1, (h, max(2, w // 40), 1)).astype(np.float32), (w, h))
        grain = np.asarray(streaks, np.float32)[:, :, None]
    img = base + low * rng.uniform(5, 25) + grain * rng.uniform(3, 14)
    return np.asarray(img, np.float32)


def _quad(centre: np.ndarray, width: float, aspect: float, angle: float, tilt: float,
          tilt_dir: float, rng: np.random.Generator) -> np.ndarray:
    """A card's corners: a turned rectangle, foreshortened along one direction, slightly uneven."""
    height = width * aspect
    box = np.array([[-width / 2, -height / 2], [width / 2, -height / 2],
                    [width / 2, height / 2], [-width / 2, height / 2]])
    c, s = np.cos(angle), np.sin(angle)
    box = box @ np.array([[c, -s], [s, c]]).T
    axis = np.array([np.cos(tilt_dir), np.sin(tilt_dir)])
    box = box - np.outer((box @ axis) * (1 - tilt), axis)
    # Perspective: the far side of the card a little narrower than the near side.
    far = box @ axis
    box = box * (1 - 0.08 * (1 - tilt) * far / max(float(np.abs(far).max()), 1.0))[:, None]
    box += rng.normal(0, width * 0.01, box.shape)
    return np.asarray(box + centre, np.float32)


def render(faces: Mapping[str, np.ndarray], codes: list[str], rng: np.random.Generator,
           size: tuple[int, int] = (1400, 1050), layout: str = "spread") -> Scene:
    """A photo of ``codes`` (later ones on top) in a ``spread`` (apart, may touch), a ``trick``
    (overlapping near the centre) or a ``fan`` (a hand held open)."""
    w, h = size
    photo = _table(h, w, rng)
    labels = np.zeros((h, w), np.int32)
    quads = []
    n = len(codes)
    width = float(rng.uniform(0.10, 0.20) * w) if n > 1 else float(rng.uniform(0.12, 0.35) * w)
    centre = np.array([w / 2, h / 2]) + rng.uniform(-0.1, 0.1, 2) * [w, h]
    base_angle = rng.uniform(0, 2 * np.pi)
    tilt_dir = rng.uniform(0, np.pi)
    tilt = rng.uniform(0.65, 1.0)
    for i, code in enumerate(codes):
        face = faces[code]
        fh, fw = face.shape[:2]
        aspect = fh / fw
        if layout == "fan":
            angle = base_angle + (i - (n - 1) / 2) * rng.uniform(0.2, 0.3)
            up = np.array([np.sin(angle), -np.cos(angle)])  # the card's top, once turned
            at = centre + up * width * aspect * 0.5
        elif layout == "trick":
            angle = base_angle + rng.normal(0, 0.6)
            at = centre + rng.normal(0, 0.6 * width, 2)
        else:
            angle = rng.uniform(0, 2 * np.pi)
            cols = int(np.ceil(np.sqrt(n * w / h)))
            rows = int(np.ceil(n / cols))
            cx, cy = i % cols, i // cols
            at = np.array([(cx + 0.5) * w / cols, (cy + 0.5) * h / rows]) + rng.normal(0, 0.04, 2) * [w, h]
        quad = _quad(at, width * rng.uniform(0.93, 1.07), aspect, angle, tilt, tilt_dir, rng)
        src = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
        m = cv2.getPerspectiveTransform(src, quad)
        warped = cv2.warpPerspective(face.astype(np.float32), m, (w, h), flags=cv2.INTER_AREA)
        inside = cv2.warpPerspective(np.full((fh, fw), 255, np.uint8), m, (w, h)) > 127
        photo[inside] = warped[inside]
        labels[inside] = i + 1
        quads.append(quad)
    # Light: a gradient, an overall level, a colour cast, and sometimes a glare spot.
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-0.4, 0.4, 2)
    light = 1.0 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5)
    photo *= (light * rng.uniform(0.6, 1.1))[:, :, None] * rng.uniform(0.82, 1.12, 3)
    if rng.random() < 0.5:
        gxy = rng.uniform([0, 0], [w, h])
        r = rng.uniform(0.05, 0.15) * w
        glare = np.exp(-(((xx - gxy[0]) ** 2 + (yy - gxy[1]) ** 2) / (2 * r * r)))
        photo += (glare * rng.uniform(40, 120))[:, :, None]
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.4, 1.6))
    photo += rng.normal(0, rng.uniform(1.5, 6), photo.shape).astype(np.float32)
    img = np.clip(photo, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(60, 92))])
    if ok:
        img = np.asarray(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), np.uint8)
    cards = []
    for i, (code, quad) in enumerate(zip(codes, quads, strict=True)):
        full = cv2.contourArea(quad)
        shown = float(np.count_nonzero(labels == i + 1))
        cards.append(Placed(code, quad, min(1.0, shown / max(full, 1.0))))
    return Scene(img, tuple(cards), layout)


def random_scene(faces: Mapping[str, np.ndarray], rng: np.random.Generator,
                 size: tuple[int, int] = (1400, 1050)) -> Scene:
    """A scene of 1 to 6 distinct cards drawn from ``faces`` in a random layout."""
    codes = sorted(faces)
    layout = str(rng.choice(["spread", "spread", "trick", "fan"]))
    n = int(rng.integers(1, 7)) if layout == "spread" else int(rng.integers(2, 6))
    picked = [codes[int(i)] for i in rng.choice(len(codes), size=n, replace=False)]
    return render(faces, picked, rng, size, layout)
