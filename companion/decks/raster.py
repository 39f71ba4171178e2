"""The printed Insonnia cards drawn in pixels with OpenCV, from the same shapes as the PDF.

Used to make synthetic photos for tests and benchmarks (:mod:`companion.decks.scenes`).
Pixel ``(i, j)`` covers the millimetres ``[i, i + 1) / px_per_mm``: a point at ``x`` mm
lies at pixel coordinate ``x * px_per_mm - 0.5``. Text uses OpenCV's Hershey font,
which only looks like the printed Helvetica; the markers are exact.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from recognizer import markerdeck as md

from .art import Cells, Colour, Ellipse, Poly, Shape, Text, card_shapes

SHIFT = 4  # sub-pixel bits for OpenCV's drawing functions
_ONE = 1 << SHIFT
FONT = cv2.FONT_HERSHEY_DUPLEX
CAP_HEIGHT = 0.72  # of the font size, as in Helvetica


def _bgr(c: Colour) -> tuple[int, int, int]:
    return (c[2], c[1], c[0])


def _fixed(points: np.ndarray, k: float) -> np.ndarray:
    return np.round((np.asarray(points, np.float64) * k - 0.5) * _ONE).astype(np.int32)


def _text(img: np.ndarray, t: Text, k: float) -> None:
    (_, h1), _ = cv2.getTextSize("0", FONT, 1.0, 2)
    scale = CAP_HEIGHT * t.size * k / h1
    thick = max(1, round(scale * 2.4))
    rim = thick + 2 * max(1, round(t.outline * k)) if t.stroke and t.outline > 0 else thick
    (tw, th), base = cv2.getTextSize(t.text, FONT, scale, rim)
    pad = rim + 2
    pw, ph = tw + 2 * pad, th + base + 2 * pad
    masks = []
    for width in ([rim, thick] if rim > thick else [thick]):
        m = np.zeros((ph, pw), np.uint8)
        cv2.putText(m, t.text, (pad, pad + th), FONT, scale, 255, width, cv2.LINE_AA)
        masks.append(m)
    ax = pad + tw / 2 if t.anchor == "middle" else float(pad)
    ay = float(pad + th)
    if t.turned:
        masks = [m[::-1, ::-1] for m in masks]
        ax, ay = pw - 1 - ax, ph - 1 - ay
    x0, y0 = round(t.x * k - 0.5 - ax), round(t.y * k - 0.5 - ay)
    colours = [t.stroke, t.fill] if len(masks) == 2 and t.stroke else [t.fill]
    for m, colour in zip(masks, colours, strict=True):
        assert colour is not None
        _blend(img, m, x0, y0, _bgr(colour))


def _blend(img: np.ndarray, mask: np.ndarray, x0: int, y0: int, colour: tuple[int, int, int]) -> None:
    h, w = img.shape[:2]
    xa, ya, xb, yb = max(0, x0), max(0, y0), min(w, x0 + mask.shape[1]), min(h, y0 + mask.shape[0])
    if xa >= xb or ya >= yb:
        return
    a = mask[ya - y0:yb - y0, xa - x0:xb - x0, None].astype(np.float32) / 255
    roi = img[ya:yb, xa:xb].astype(np.float32)
    img[ya:yb, xa:xb] = (roi * (1 - a) + np.array(colour, np.float32) * a).round().astype(np.uint8)


def draw(img: np.ndarray, shapes: tuple[Shape, ...] | list[Shape], k: float) -> None:
    """Draw ``shapes`` (millimetres) on ``img`` (BGR) at ``k`` pixels per millimetre."""
    for s in shapes:
        if isinstance(s, Poly):
            pts = _fixed(np.array(s.points), k)
            if s.fill and s.closed:
                cv2.fillPoly(img, [pts], _bgr(s.fill), cv2.LINE_AA, SHIFT)
            if s.stroke and s.width > 0:
                cv2.polylines(img, [pts], s.closed, _bgr(s.stroke), max(1, round(s.width * k)),
                              cv2.LINE_AA, SHIFT)
        elif isinstance(s, Ellipse):
            centre = tuple(int(v) for v in _fixed(np.array([s.cx, s.cy]), k))
            axes = (round(s.rx * k * _ONE), round(s.ry * k * _ONE))
            if s.fill:
                cv2.ellipse(img, centre, axes, 0, 0, 360, _bgr(s.fill), -1, cv2.LINE_AA, SHIFT)
            if s.stroke and s.width > 0:
                cv2.ellipse(img, centre, axes, 0, 0, 360, _bgr(s.stroke), max(1, round(s.width * k)),
                            cv2.LINE_AA, SHIFT)
        elif isinstance(s, Text):
            _text(img, s, k)
        elif isinstance(s, Cells):
            _cells(img, s, k)


def _coverage(a: float, b: float, n: int) -> tuple[int, np.ndarray]:
    """How much of each pixel from the first touched one lies in ``[a, b)`` (pixel units)."""
    i0, i1 = max(0, math.floor(a)), min(n, math.ceil(b))
    edges = np.arange(i0, i1 + 1, dtype=np.float64)
    return i0, np.clip(np.minimum(edges[1:], b) - np.maximum(edges[:-1], a), 0, 1)


def _cells(img: np.ndarray, s: Cells, k: float) -> None:
    """Black rectangles with each pixel darkened by the share of it they cover (exact edges)."""
    h, w = img.shape[:2]
    cover = np.zeros((h, w), np.float32)
    for x, y, rw, rh in s.rects:
        i0, cx = _coverage(x * k, (x + rw) * k, w)
        j0, cy = _coverage(y * k, (y + rh) * k, h)
        cover[j0:j0 + len(cy), i0:i0 + len(cx)] += np.outer(cy, cx).astype(np.float32)
    keep = 1 - np.clip(cover, 0, 1)[:, :, None]
    img[:] = (img.astype(np.float32) * keep).round().astype(np.uint8)


@lru_cache(maxsize=256)
def _card(code: str, k: float) -> np.ndarray:
    img = np.full((round(md.CARD_H * k), round(md.CARD_W * k), 3), 255, np.uint8)
    draw(img, card_shapes(code), k)
    img.setflags(write=False)
    return img


def render_card(code: str, px_per_mm: float = 8.0) -> np.ndarray:
    """One card, upright, as a BGR image of 63 x 88 mm at ``px_per_mm`` (a cached, read-only array)."""
    return _card(code, float(px_per_mm))
