"""Finding cards: bright, low-saturation regions, and the right-angled corners of their outlines.

A lone card is a quadrilateral; cards overlapping in a trick or a fan make one
region whose outline still shows the cards' corners. Every convex corner of
roughly 90 degrees (perspective allowed) is a place where an index may be read.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import signed_area
from .types import LocateSettings


@dataclass(frozen=True)
class Region:
    """A bright region: its outline polygon (clockwise in the image), area, and whether it is one card."""

    polygon: np.ndarray  # (n, 2) float32
    area: float
    single: bool


def whiteness(image: np.ndarray, s: LocateSettings = LocateSettings()) -> np.ndarray:
    """Brightness less saturation, blurred: high on card faces, low on felt, wood and shadows."""
    _, sat, val = cv2.split(cv2.cvtColor(image, cv2.COLOR_BGR2HSV))
    score = cv2.subtract(val, sat)  # saturates at 0
    return np.asarray(cv2.GaussianBlur(score, (s.blur, s.blur), 0), np.uint8)


def card_mask(image: np.ndarray, s: LocateSettings = LocateSettings(), level: int = 0,
              score: np.ndarray | None = None) -> np.ndarray:
    """Pixels that look like card faces: bright and unsaturated compared with the scene.

    Hysteresis, as in Canny: a region counts when it reaches the high threshold
    somewhere, and then keeps everything above the low one that is connected to
    it, so a card half in shadow stays whole. ``level`` 1 splits the bright
    pixels once more, for a pale table under white cards.
    """
    if score is None:
        score = whiteness(image, s)
    t, _ = cv2.threshold(score, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if level:
        bright = score[score > t]
        if bright.size > 100:
            t2, _ = cv2.threshold(bright.reshape(1, -1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
            t = max(t, t2)
    high = max(t, 110.0)
    low = max(high * s.low_ratio, 80.0)
    weak = (score > low).astype(np.uint8)
    n, labels = cv2.connectedComponents(weak, connectivity=4)
    keep = np.zeros(n, bool)
    keep[labels[score > high]] = True
    keep[0] = False
    shade = np.where(keep, 255, 0).astype(np.uint8)
    mask = np.asarray(np.take(shade, np.asarray(labels, np.int32)), np.uint8)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    mask = np.asarray(cv2.morphologyEx(mask, cv2.MORPH_OPEN, k), np.uint8)
    # Fill the pips and the court art: a card is a solid shape.
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    return filled


def _angle(prev: np.ndarray, at: np.ndarray, nxt: np.ndarray) -> float:
    a, b = prev - at, nxt - at
    cos = float(np.dot(a, b) / max(np.linalg.norm(a) * np.linalg.norm(b), 1e-6))
    return float(np.degrees(np.arccos(np.clip(cos, -1.0, 1.0))))


def regions(image: np.ndarray, s: LocateSettings = LocateSettings()) -> list[Region]:
    """Bright regions big enough to hold a card, with their simplified outlines.

    When the bright part covers most of the photo (a pale table), it is split again;
    when a card fills the photo (a close-up), the photo's frame is the card.
    """
    h, w = image.shape[:2]
    total = float(h * w)
    # Outlines are found on a smaller copy: a card's edge does not need every pixel.
    f = min(1.0, s.mask_side / max(h, w))
    small = cv2.resize(image, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA) \
        if f < 1.0 else image
    score = whiteness(small, s)
    first = _scaled(_regions(card_mask(small, s, score=score), s), 1.0 / f)
    # Split the bright part once more: a pale table, a grey screen or a white wall
    # under the cards. Both splits are kept; readings of one card merge later. When
    # every bright region is already one whole card, there is nothing to split; nor when
    # the bright regions cover at most half the photo: no pale table under them.
    covered = _covered(first)
    clear = bool(first) and (covered <= s.no_split * total
                             or (all(r.single for r in first) and covered <= s.pale_table * total))
    second = [] if clear else _scaled(_regions(card_mask(small, s, level=1, score=score), s), 1.0 / f)
    levels = [first, second]
    if _covered(first) > s.pale_table * total and second:
        levels = [second]
    found: list[Region] = []
    for level in levels:
        if _covered(level) <= s.max_area * total:
            found += [r for r in level if not any(_same(r, f) for f in found)]
    if not found:
        frame = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
        found = [Region(frame, total, True)]
    if _covered(first) > s.pale_table * total:
        # A white card on white paper or a pale screen differs from it by its edge alone.
        found += [r for r in _scaled(_edge_quads(small, s), 1.0 / f)
                  if not any(_same(r, f) for f in found)]
    return found


def _edge_quads(image: np.ndarray, s: LocateSettings) -> list[Region]:
    """Closed outlines of card-shaped quadrilaterals among the photo's edges (none on a
    busy texture: a card there stands out by its colour)."""
    k = min(1.0, s.edge_side / max(image.shape[:2]))
    if k < 1.0:
        image = cv2.resize(image, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    h, w = image.shape[:2]
    total = float(h * w)
    grey = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (s.blur, s.blur), 0)
    edges = cv2.Canny(grey, s.edge_low, 3 * s.edge_low)
    if cv2.countNonZero(edges) > s.edge_density * total:
        return []
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    out: list[Region] = []
    for c in contours:
        area = cv2.contourArea(c)
        if not s.min_area * total <= area <= s.edge_max_area * total:
            continue
        poly = cv2.approxPolyDP(c, 2 * s.poly_epsilon * cv2.arcLength(c, True), True).reshape(-1, 2)
        if len(poly) != 4 or not cv2.isContourConvex(poly):
            continue
        sides = [float(np.linalg.norm(poly[i] - poly[(i + 1) % 4])) for i in range(4)]
        a, b = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
        if not 1.2 <= max(a, b) / max(min(a, b), 1e-6) <= 1.75:
            continue
        if any(not s.min_corner_angle <= _angle(poly[i - 1], poly[i], poly[(i + 1) % 4])
               <= s.max_corner_angle for i in range(4)):
            continue
        if signed_area(poly) < 0:
            poly = poly[::-1]
        region = Region(poly.astype(np.float32), area, True)
        if not any(_same(region, r) for r in out):
            out.append(region)
    for region in _edge_corners(edges, s):
        if not any(_same(region, r) for r in out):
            out.append(region)
    return _scaled(out, 1.0 / k)


def _edge_corners(edges: np.ndarray, s: LocateSettings) -> list[Region]:
    """Cards whose outline shows on two sides only (white on white, lit from one side): two
    straight edges meeting at a right angle (give or take the tilt), in a card's proportions,
    complete the card."""
    h, w = edges.shape
    side = float(max(h, w))
    lines = cv2.HoughLinesP(edges, 1, np.pi / 180, int(0.05 * side), minLineLength=0.08 * side,
                            maxLineGap=max(3, int(0.006 * side)))
    if lines is None:
        return []
    flat = lines.reshape(-1, 4).astype(np.float32)
    longest = np.argsort(-np.hypot(flat[:, 2] - flat[:, 0], flat[:, 3] - flat[:, 1]))[:s.edge_lines]
    segs = [(flat[k, :2], flat[k, 2:]) for k in longest]
    out: list[Region] = []
    for i, (a0, a1) in enumerate(segs):
        for b0, b1 in segs[i + 1:]:
            for p, pf in ((a0, a1), (a1, a0)):
                for q, qf in ((b0, b1), (b1, b0)):
                    u, v = pf - p, qf - q
                    lu, lv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
                    if float(np.linalg.norm(p - q)) > 0.06 * min(lu, lv):
                        continue
                    cos = float(np.dot(u, v)) / (lu * lv)
                    if abs(cos) > s.edge_corner_cos or not 1.2 <= max(lu, lv) / min(lu, lv) <= 1.75:
                        continue
                    at = (p + q) / 2
                    poly = np.array([at, at + u, at + u + v, at + v], np.float32)
                    area = abs(signed_area(poly))
                    if not s.min_area * h * w <= area <= s.edge_max_area * h * w:
                        continue
                    if signed_area(poly) < 0:
                        poly = poly[::-1].copy()
                    region = Region(poly, area, True)
                    if not any(_same(region, r) for r in out):
                        out.append(region)
    return out


def _scaled(found: list[Region], k: float) -> list[Region]:
    if k == 1.0:
        return found
    return [Region(r.polygon * k, r.area * k * k, r.single) for r in found]


def _same(a: Region, b: Region) -> bool:
    """True when two regions are the same shape found at two thresholds."""
    if abs(a.area - b.area) > 0.06 * max(a.area, b.area):
        return False
    shift = float(np.linalg.norm(a.polygon.mean(axis=0) - b.polygon.mean(axis=0)))
    return shift < 0.05 * float(np.sqrt(max(a.area, b.area))) and a.single == b.single


def _covered(found: list[Region]) -> float:
    return sum(r.area for r in found)


def _regions(mask: np.ndarray, s: LocateSettings) -> list[Region]:
    h, w = mask.shape
    total = float(h * w)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    out = []
    for c in contours:
        area = cv2.contourArea(c)
        if area < s.min_area * total:
            continue
        poly = cv2.approxPolyDP(c, s.poly_epsilon * cv2.arcLength(c, True), True).reshape(-1, 2)
        if len(poly) < 3:
            continue
        # Clockwise in image coordinates (y down) means a positive signed area here.
        if signed_area(poly) < 0:
            poly = poly[::-1]
        # A lone card whose rounded corners the simplification cut across is four-sided
        # again once they are squared; overlapping cards keep every short edge.
        squared = _square_corners(poly.astype(np.float32), s.chamfer * float(np.sqrt(area)), (w, h))
        if len(squared) == 4:
            poly = squared
        hull_area = cv2.contourArea(cv2.convexHull(c))
        single = len(poly) == 4 and area > 0.9 * hull_area
        out.append(Region(poly.astype(np.float32), area, single))
    return out


def _square_corners(poly: np.ndarray, short: float, size: tuple[int, int]) -> np.ndarray:
    """The outline with each cut corner made square again: an edge shorter than ``short``
    between two edges that, extended, meet at 60 to 120 degrees close by (a rounded card
    corner the simplification cut across) is replaced by the point where they meet. Where
    the photo's frame (``size`` = width, height) cuts a card, its outline stays as it is."""
    w, h = size

    def on_frame(p: np.ndarray) -> bool:
        return bool(p[0] <= 1.5 or p[1] <= 1.5 or p[0] >= w - 2.5 or p[1] >= h - 2.5)

    pts = [p for p in poly]
    changed = True
    while changed and len(pts) > 4:
        changed = False
        n = len(pts)
        for i in range(n):
            a, b = pts[i], pts[(i + 1) % n]
            if float(np.linalg.norm(b - a)) >= short or on_frame(a) or on_frame(b):
                continue
            before, after = pts[i - 1], pts[(i + 2) % n]
            # Both ends of a cut corner are convex and obtuse (about 135 degrees each);
            # a short edge where two overlapping cards meet is not.
            if not all(_convex(p, q, r) and 100.0 <= _angle(p, q, r) <= 170.0
                       for p, q, r in ((before, a, b), (a, b, after))):
                continue
            meet = _intersection(before, a, b, after)
            if meet is None or float(np.linalg.norm(meet - (a + b) / 2)) > 2 * short:
                continue
            if not 60.0 <= _angle(before, meet, after) <= 120.0:
                continue
            pts[i] = meet
            del pts[(i + 1) % n]
            changed = True
            break
    return np.array(pts, np.float32)


def _convex(prev: np.ndarray, at: np.ndarray, nxt: np.ndarray) -> bool:
    """Whether the clockwise outline turns outwards at ``at`` (see :func:`corners`)."""
    e_next, e_prev = nxt - at, prev - at
    return float(e_next[0] * e_prev[1] - e_next[1] * e_prev[0]) > 0


def _intersection(p0: np.ndarray, p1: np.ndarray, q0: np.ndarray, q1: np.ndarray) -> np.ndarray | None:
    """Where the line through p0, p1 meets the line through q0, q1 (None when parallel)."""
    d, e = p1 - p0, q1 - q0
    den = float(d[0] * e[1] - d[1] * e[0])
    if abs(den) < 1e-6:
        return None
    t = float((q0[0] - p0[0]) * e[1] - (q0[1] - p0[1]) * e[0]) / den
    return np.asarray(p0 + t * d, np.float32)


def corners(region: Region, s: LocateSettings = LocateSettings()
            ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Convex near-right-angle vertices: (point, edge towards the next vertex, edge towards the previous).

    With the outline clockwise, the frame (to next, to previous) is right-handed in
    image coordinates, so an index read in it is never mirrored.
    """
    poly = region.polygon
    n = len(poly)
    out = []
    for i in range(n):
        prev, at, nxt = poly[i - 1], poly[i], poly[(i + 1) % n]
        if not _convex(prev, at, nxt):  # a reflex vertex: where two cards meet
            continue
        e_next, e_prev = nxt - at, prev - at
        angle = _angle(prev, at, nxt)
        if region.single or s.min_corner_angle <= angle <= s.max_corner_angle:
            out.append((at, e_next, e_prev))
    return out
