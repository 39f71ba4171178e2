"""Plane geometry of card outlines in a photo: shapes, overlaps, and whether an outline shows.

Outlines are (4, 2) arrays of corners, clockwise in image coordinates (y down), from the
top-left corner of the upright face.
"""

from __future__ import annotations

import cv2
import numpy as np


def signed_area(p: np.ndarray) -> float:
    """Shoelace area: positive for a clockwise outline in image coordinates."""
    x, y = p[:, 0].astype(np.float64), p[:, 1].astype(np.float64)
    return float(0.5 * (np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


def plausible(quad: np.ndarray, image_area: float) -> bool:
    """A card's outline as a homography draws it: convex, not mirrored, not tiny, right-ish angles."""
    area = signed_area(quad)
    if area < 0.0012 * image_area or area > 3.0 * image_area:
        return False
    for i in range(4):
        a, b = quad[i - 1] - quad[i], quad[(i + 1) % 4] - quad[i]
        if a[0] * b[1] - a[1] * b[0] >= 0:  # every turn of a clockwise outline goes one way
            return False
        cos = float(np.dot(a, b) / max(np.linalg.norm(a) * np.linalg.norm(b), 1e-6))
        if abs(cos) > 0.6:  # corners between about 53 and 127 degrees
            return False
    return True


def iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex outlines."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    union = abs(signed_area(a)) + abs(signed_area(b)) - inter
    return float(inter / union) if union > 0 else 0.0


def inside(points: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Which points (n, 2) lie inside a clockwise convex outline."""
    if not len(points):
        return np.zeros(0, bool)
    ok = np.ones(len(points), bool)
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        ok &= (b[0] - a[0]) * (points[:, 1] - a[1]) - (b[1] - a[1]) * (points[:, 0] - a[0]) >= 0
    return ok


def edge_support(image: np.ndarray, quad: np.ndarray, covered: list[np.ndarray] | None = None,
                 samples: int = 16) -> float | None:
    """The share of an outline's visible points where the photo changes across the outline.

    A card's edge shows against the table or against another card's border; an outline
    that a wrong homography draws across the blank middle of a card does not. Points
    inside the photo and outside the ``covered`` outlines (cards lying on top) count.
    None when too little of the outline is seen to tell (a card filling the photo).
    """
    h, w = image.shape[:2]
    width = float(np.linalg.norm(quad[1] - quad[0]))
    steps = np.array([0.02, 0.045]) * max(width, 40.0)
    t = np.linspace(0.12, 0.88, samples)
    counted = supported = 0
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
        out = np.array([d[1], -d[0]])  # outward for a clockwise outline, y down
        pts = a[None] + np.outer(t, b - a)
        inner = np.concatenate([pts - out * k for k in steps])
        outer = np.concatenate([pts + out * k for k in steps])
        ok = np.all((inner >= 0) & (outer >= 0) & (inner < [w - 1, h - 1]) & (outer < [w - 1, h - 1]), axis=1)
        ok = ok[:samples] & ok[samples:]
        for q in covered or []:
            ok &= ~inside(pts, q)
        if not ok.any():
            continue
        pin, pout = (image[np.clip(p[:, 1], 0, h - 1).astype(int), np.clip(p[:, 0], 0, w - 1).astype(int)]
                     .astype(np.float32).reshape(2, samples, -1) for p in (inner, outer))
        contrast = np.abs(pin.mean(axis=0) - pout.mean(axis=0)).max(axis=-1)
        counted += int(ok.sum())
        supported += int((ok & (contrast >= 16)).sum())
    if counted < samples:  # less than a quarter of the outline in view
        return None
    return supported / counted
