"""The app's icons for the home screen, drawn by code: a card table with two cards on it.

``python -m companion.web.icons`` writes them into ``static/`` (committed); a test checks the
committed files are what this draws. A maskable icon keeps its drawing inside the safe
circle (the middle 80%), for phones that cut icons to their own shape.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

FELT = (70, 110, 11)  # BGR: the table's green (#0b6e46)
CARD = (247, 249, 250)
INK_RED = (39, 31, 200)
INK_BLACK = (30, 30, 30)
ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}


def _card(img: np.ndarray, centre: tuple[float, float], w: float, h: float, angle: float,
          suit: str, colour: tuple[int, int, int]) -> None:
    """A card turned by ``angle`` degrees, with a suit drawn large in its middle."""
    box = cv2.boxPoints(((centre[0], centre[1]), (w, h), angle))
    pts = np.round(box * 16).astype(np.int32)
    cv2.fillConvexPoly(img, pts, (60, 60, 60), cv2.LINE_AA, shift=4)  # a thin dark edge
    inner = cv2.boxPoints(((centre[0], centre[1]), (w * 0.96, h * 0.97), angle))
    cv2.fillConvexPoly(img, np.round(inner * 16).astype(np.int32), CARD, cv2.LINE_AA, shift=4)
    r = w * 0.22
    t = np.deg2rad(angle)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    if suit == "H":  # a heart: two circles and a point
        shape = [(-0.5, -0.25), (0.5, -0.25)]
        for dx, dy in shape:
            c = np.array(centre) + rot @ np.array([dx * r, dy * r])
            cv2.circle(img, (int(c[0] * 16), int(c[1] * 16)), int(r * 0.62 * 16), colour, -1, cv2.LINE_AA, 4)
        tri = np.array([(-1.08, -0.05), (1.08, -0.05), (0.0, 1.25)]) * r
        poly = np.array([np.array(centre) + rot @ p for p in tri])
        cv2.fillConvexPoly(img, np.round(poly * 16).astype(np.int32), colour, cv2.LINE_AA, shift=4)
    else:  # a spade: a heart upside down and a stem
        for dx, dy in [(-0.5, 0.2), (0.5, 0.2)]:
            c = np.array(centre) + rot @ np.array([dx * r, dy * r])
            cv2.circle(img, (int(c[0] * 16), int(c[1] * 16)), int(r * 0.62 * 16), colour, -1, cv2.LINE_AA, 4)
        tri = np.array([(-1.08, 0.0), (1.08, 0.0), (0.0, -1.3)]) * r
        poly = np.array([np.array(centre) + rot @ p for p in tri])
        cv2.fillConvexPoly(img, np.round(poly * 16).astype(np.int32), colour, cv2.LINE_AA, shift=4)
        stem = np.array([(-0.12, 0.3), (0.12, 0.3), (0.35, 1.2), (-0.35, 1.2)]) * r
        poly = np.array([np.array(centre) + rot @ p for p in stem])
        cv2.fillConvexPoly(img, np.round(poly * 16).astype(np.int32), colour, cv2.LINE_AA, shift=4)


def draw(size: int, maskable: bool = False) -> np.ndarray:
    """The icon, ``size`` pixels square, as BGRA."""
    img = np.zeros((size, size, 3), np.uint8)
    img[:] = FELT
    if not maskable:  # rounded corners on a transparent ground
        alpha = np.zeros((size, size), np.uint8)
        r = int(size * 0.18)
        cv2.rectangle(alpha, (r, 0), (size - 1 - r, size - 1), 255, -1)
        cv2.rectangle(alpha, (0, r), (size - 1, size - 1 - r), 255, -1)
        for cx, cy in ((r, r), (size - 1 - r, r), (r, size - 1 - r), (size - 1 - r, size - 1 - r)):
            cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    else:
        alpha = np.full((size, size), 255, np.uint8)
    scale = 0.72 if maskable else 0.9  # a maskable icon keeps inside its safe circle
    w, h = size * 0.36 * scale, size * 0.52 * scale
    mid = size / 2
    _card(img, (mid - w * 0.42, mid + h * 0.04), w, h, -14, "S", INK_BLACK)
    _card(img, (mid + w * 0.42, mid - h * 0.04), w, h, 12, "H", INK_RED)
    return np.dstack([img, alpha])


def write(folder: Path) -> list[Path]:
    """Draw every icon into ``folder``; the files written."""
    out = []
    for name, (size, maskable) in ICONS.items():
        path = folder / name
        cv2.imwrite(str(path), draw(size, maskable), [cv2.IMWRITE_PNG_COMPRESSION, 9])
        out.append(path)
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "static"
    for p in write(target):
        print(p)
