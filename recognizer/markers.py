"""Reading the printed Insonnia deck (``insonnia108``) by the ArUco markers on its cards.

Each card has a marker in two opposite corners (see :mod:`recognizer.markerdeck`).
OpenCV finds the markers of the deck's own dictionary; each one is then read again
here, cell by cell, to know how cleanly it reads. A marker gives the card, its turn
and (through the card's printed layout) the card's outline.

Exactness comes from redundancy:

- two markers of one card that sit where each other's layout says they must form a
  pair: the card is certain, and its outline comes from both (eight points);
- a marker alone (the other corner covered or out of frame) counts only when every
  one of its cells reads on the right side with a margin, with no bit corrected, its
  white quiet zone intact, and no other lone marker sitting where its partner should be;
- anything else is dropped. Two copies of a card make two pairs (or lone markers).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from . import markerdeck as md
from .decode import Decoded
from .settings import Settings
from .types import Detection, MarkerSettings

PX_PER_CELL = 6  # sampling grid when a marker is read again
QUIET_CELLS = 1  # the ring of quiet zone read around it


@dataclass(frozen=True)
class Sighting:
    """One marker seen: its card, corner, corners in the working image, and how it read."""

    code: str
    corner: int
    points: np.ndarray  # (4, 2) in the marker's own order
    errors: int  # cells on the wrong side (data, border and quiet ring)
    margin: float  # the worst cell's distance from the threshold, share of half the contrast
    contrast: float
    side: float  # pixels

    def homography(self) -> np.ndarray:
        """Millimetres on the upright card to working-image pixels."""
        src = md.marker_points(self.corner).astype(np.float32)
        return np.asarray(cv2.getPerspectiveTransform(src, self.points.astype(np.float32)))

    def clean(self, s: MarkerSettings) -> bool:
        """Sure enough to stand alone."""
        return (self.errors == 0 and self.margin >= s.min_margin
                and self.contrast >= s.min_contrast and self.side >= s.min_side)

    def confidence(self) -> float:
        """In [0.5, 0.85] (a pair of markers gives 0.9 or more): higher for clean, large markers."""
        q = min(1.0, max(0.0, self.margin) / 0.6) * min(1.0, self.side / 40.0)
        return max(0.5, 0.85 - 0.1 * self.errors - 0.25 * (1.0 - q))


@cache
def _detector(s: MarkerSettings) -> cv2.aruco.ArucoDetector:
    p = cv2.aruco.DetectorParameters()
    p.errorCorrectionRate = min(1.0, s.correct_bits / max(md.MAX_CORRECTION, 1))
    p.minMarkerPerimeterRate = s.min_perimeter
    p.adaptiveThreshWinSizeMin = s.win_min
    p.adaptiveThreshWinSizeMax = s.win_max
    p.adaptiveThreshWinSizeStep = s.win_step
    p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE  # refine_corners does better
    p.useAruco3Detection = s.aruco3
    return cv2.aruco.ArucoDetector(md.dictionary(), p)


@cache
def _expected(mid: int) -> np.ndarray:
    """1 where white is printed, on the marker's cells and the quiet ring round them."""
    n = md.CELLS + 2 * QUIET_CELLS
    grid = np.ones((n, n), np.uint8)
    grid[QUIET_CELLS:QUIET_CELLS + md.CELLS, QUIET_CELLS:QUIET_CELLS + md.CELLS] = md.marker_cells(mid)
    return grid


def _cell_values(grey: np.ndarray, points: np.ndarray) -> np.ndarray:
    """The mean grey level at the centre of every cell of the marker and its quiet ring."""
    n = md.CELLS + 2 * QUIET_CELLS
    size = n * PX_PER_CELL
    square = np.array([[0, 0], [md.CELLS, 0], [md.CELLS, md.CELLS], [0, md.CELLS]], np.float32)
    to_image = cv2.getPerspectiveTransform(square, points.astype(np.float32))
    # patch pixel (u, v) -> cell coordinates ((u + 0.5) / k - q, ...) -> image
    k = float(PX_PER_CELL)
    to_cells = np.array([[1 / k, 0, 0.5 / k - QUIET_CELLS], [0, 1 / k, 0.5 / k - QUIET_CELLS],
                         [0, 0, 1]], np.float64)
    patch = cv2.warpPerspective(grey, to_image @ to_cells, (size, size),
                                flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    a, b = PX_PER_CELL // 3, PX_PER_CELL - PX_PER_CELL // 3
    cells = patch.reshape(n, PX_PER_CELL, n, PX_PER_CELL)[:, a:b, :, a:b]
    return np.asarray(cells.mean(axis=(1, 3)), np.float64)


_SQUARE = np.array([[0, 0], [md.CELLS, 0], [md.CELLS, md.CELLS], [0, md.CELLS]], np.float64)
Line = tuple[np.ndarray, np.ndarray]  # a point and a unit direction


def _edge_samples(reach: float) -> np.ndarray:
    """Points (cell units) on profiles across the four sides of the marker, from ``reach`` cells
    out in the white quiet zone to as far into the black border: (4 sides, along, across, 2)."""
    along = np.linspace(0.3, md.CELLS - 0.3, 48)
    s, t = np.meshgrid(along, np.linspace(-reach, reach, 29), indexing="ij")
    n = float(md.CELLS)
    return np.stack([
        np.stack([s, t], -1),  # top (y = 0)
        np.stack([n - t, s], -1),  # right (x = 7)
        np.stack([s, n - t], -1),  # bottom (y = 7)
        np.stack([t, s], -1),  # left (x = 0)
    ])


_MARKER_EDGE = _edge_samples(0.7)


def _edge_lines(grey: np.ndarray, h: np.ndarray, min_step: float = 10.0) -> list[Line | None]:
    """Each side's edge as a fitted line (image pixels), found where every profile across the
    side crosses half-way from its white end to its dark end; None where it is not seen."""
    samples = _MARKER_EDGE
    where = _apply(h, samples.reshape(-1, 2)).reshape(samples.shape).astype(np.float32)
    n = samples.shape[2]
    prof = cv2.remap(grey, where[..., 0].reshape(-1, n), where[..., 1].reshape(-1, n), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE).astype(np.float64).reshape(samples.shape[:3])
    white, dark = prof[..., :5].mean(-1), prof[..., -5:].mean(-1)
    level = (white + dark) / 2
    below = prof < level[..., None]
    j = np.argmax(below, axis=-1)
    ok = below.any(-1) & (j > 0) & (white - dark >= min_step)
    j = np.maximum(j, 1)
    a = np.take_along_axis(prof, (j - 1)[..., None], -1)[..., 0]
    b = np.take_along_axis(prof, j[..., None], -1)[..., 0]
    f = np.clip((a - level) / np.maximum(a - b, 1e-6), 0, 1)
    p0 = np.take_along_axis(where, (j - 1)[..., None, None].repeat(2, -1), 2)[:, :, 0]
    p1 = np.take_along_axis(where, j[..., None, None].repeat(2, -1), 2)[:, :, 0]
    edge = p0 + f[..., None] * (p1 - p0)
    lines: list[Line | None] = []
    for side in range(4):
        good = edge[side][ok[side]]
        if len(good) < 6:
            lines.append(None)
            continue
        vx, vy, x0, y0 = cv2.fitLine(good.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0], np.float64), np.array([vx, vy], np.float64)))
    return lines


def _meet(a: Line | None, b: Line | None) -> np.ndarray | None:
    if a is None or b is None:
        return None
    (p, d), (q, e) = a, b
    m = np.array([d, -e]).T
    if abs(float(np.linalg.det(m))) < 1e-3:
        return None
    u, _ = np.linalg.solve(m, q - p)
    return np.asarray(p + u * d)


def _corners(lines: list[Line | None]) -> list[np.ndarray | None]:
    """Corner k of a square is where its sides k - 1 and k meet."""
    return [_meet(lines[k - 1], lines[k]) for k in range(4)]


def _to_image(points: np.ndarray) -> np.ndarray:
    """Marker cells to image pixels, from the marker's four corners."""
    return np.asarray(cv2.getPerspectiveTransform(_SQUARE.astype(np.float32), points.astype(np.float32)),
                      np.float64)


def refine_corners(grey: np.ndarray, points: np.ndarray, rounds: int = 2) -> np.ndarray:
    """Sharper marker corners: the outer edge of the black border found where profiles across
    it cross half-way from the quiet zone's white to the border's black, a line fitted to each
    side, and the corners where the lines meet. Unbiased under even blur."""
    pts = np.asarray(points, np.float64)
    cell = float(np.linalg.norm(pts[0] - pts[2])) / (md.CELLS * np.sqrt(2))
    for _ in range(rounds):
        found = _corners(_edge_lines(grey, _to_image(pts)))
        if any(c is None for c in found):
            return pts
        moved = np.array(found)
        if float(np.abs(moved - pts).max()) > 0.6 * cell:
            return pts
        pts = moved
    return pts


def _sighting(grey: np.ndarray, mid: int, points: np.ndarray) -> Sighting:
    code, corner = md.marker_card(mid)
    values = _cell_values(grey, points)
    white = _expected(mid).astype(bool)
    black_level, white_level = float(np.median(values[~white])), float(np.median(values[white]))
    contrast = white_level - black_level
    threshold = (black_level + white_level) / 2
    signed = (values - threshold) / max(contrast / 2, 1.0)
    signed[~white] *= -1  # positive: on the right side
    sides = [float(np.linalg.norm(points[i] - points[(i + 1) % 4])) for i in range(4)]
    return Sighting(code, corner, points, int((signed <= 0).sum()), float(signed.min()), contrast,
                    min(sides))


def _apply(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    out = cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), h)
    return np.asarray(out.reshape(-1, 2))


def _offset(a: Sighting, corner: int, b: Sighting) -> float:
    """How far ``b`` sits from where ``a``'s card puts its ``corner`` marker, in marker sides."""
    predicted = _apply(a.homography(), md.marker_points(corner))
    return float(np.linalg.norm(predicted - b.points, axis=1).max()) / max(b.side, 1.0)


def _outline(sightings: list[Sighting]) -> np.ndarray:
    """The card's corners in the working image, from one marker or both."""
    if len(sightings) == 1:
        return _apply(sightings[0].homography(), md.card_outline())
    src = np.vstack([md.marker_points(s.corner) for s in sightings]).astype(np.float32)
    dst = np.vstack([s.points for s in sightings]).astype(np.float32)
    h, _ = cv2.findHomography(src, dst, 0)
    return _apply(np.asarray(h, np.float64), md.card_outline())


def _convex(quad: np.ndarray) -> bool:
    edges = np.roll(quad, -1, axis=0) - quad
    nxt = np.roll(edges, -1, axis=0)
    cross = edges[:, 0] * nxt[:, 1] - edges[:, 1] * nxt[:, 0]
    return all(c > 0 for c in cross) or all(c < 0 for c in cross)


def _pairs(sightings: list[Sighting], s: MarkerSettings) -> tuple[list[tuple[Sighting, Sighting]],
                                                                   list[Sighting]]:
    """Top-left and bottom-right markers of one card that agree; the markers left alone."""
    candidates = []
    for i, a in enumerate(sightings):
        if a.corner != md.TOP_LEFT:
            continue
        for j, b in enumerate(sightings):
            if b.corner != md.BOTTOM_RIGHT or b.code != a.code:
                continue
            off = min(_offset(a, md.BOTTOM_RIGHT, b), _offset(b, md.TOP_LEFT, a))
            if off <= s.pair_tolerance:
                candidates.append((off, i, j))
    used: set[int] = set()
    pairs = []
    for _, i, j in sorted(candidates):
        if i not in used and j not in used:
            used |= {i, j}
            pairs.append((sightings[i], sightings[j]))
    return pairs, [x for k, x in enumerate(sightings) if k not in used]


def _doubted(alone: list[Sighting], s: MarkerSettings) -> set[int]:
    """Lone markers contradicted by another: a different marker where the partner should be."""
    doubted: set[int] = set()
    for i, a in enumerate(alone):
        for j, b in enumerate(alone):
            if i != j and (b.code, b.corner) != (a.code, 1 - a.corner) \
                    and _offset(a, 1 - a.corner, b) <= s.conflict_tolerance:
                doubted |= {i, j}
    return doubted


def read_markers(decoded: Decoded, settings: Settings = Settings()) -> list[Detection]:
    """The Insonnia cards in a decoded photo, with corners in the photo's pixels."""
    s = settings.markers
    decoded = decoded.at_most(s.working_side)
    image = decoded.image
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found, ids, _ = _detector(s).detectMarkers(grey)
    if ids is None:
        return []
    sightings = [_sighting(grey, int(mid), refine_corners(grey, np.asarray(pts, np.float64).reshape(4, 2)))
                 for pts, mid in zip(found, ids.ravel(), strict=True) if 0 <= int(mid) < md.MARKERS]
    pairs, alone = _pairs(sightings, s)
    cards: list[tuple[str, float, np.ndarray]] = []
    for a, b in pairs:
        conf = 1.0 - (1.0 - a.confidence()) * (1.0 - b.confidence())
        # A marker with a cell misread (a corner cut by another card, say) confirms the card
        # but does not place it: the outline comes from the clean markers.
        placing = [m for m in (a, b) if m.errors == 0] or [max(a, b, key=lambda m: m.margin)]
        cards.append((a.code, min(0.999, max(0.9, conf)), _outline(placing)))
    doubted = _doubted(alone, s)
    for i, a in enumerate(alone):
        if i not in doubted and a.clean(s):
            cards.append((a.code, a.confidence(), _outline([a])))
    out = []
    for code, conf, quad in sorted(cards, key=lambda c: -c[1]):
        if not _convex(quad):
            continue
        corners = tuple((float(x) * decoded.scale, float(y) * decoded.scale) for x, y in quad)
        out.append(Detection(code, conf, corners))
    return out
