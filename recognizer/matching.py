"""Finding an enrolled deck's cards in a photo.

1. ORB keypoints of the whole photo are looked up among the deck's (an LSH index built
   once per deck); each face collects the photo keypoints that resemble its own.
2. Per face, the matches that agree on a turn and a scale are kept, and a RANSAC
   homography from the face to the photo places the card (a card partly covered, or one
   of several overlapping, is placed from what shows). Implausible shapes are dropped.
3. Card outlines found by ``locate`` (plain faces have few distinctive keypoints) are
   rectified in both upright orientations.
4. Places that overlap are one card; every card is compared with all faces through
   aligned thumbnails. The features decide when one face has clearly more inliers than
   any other there; otherwise the look decides (pip counts and layouts), only with a
   clear margin. Weaker evidence must also show the card's edges where the outline is in
   view, and evidence lying on a card already read does not count again. Anything else
   is an unknown card: no detection rather than a guess.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import cv2
import numpy as np

from .decode import Decoded
from .enrolled import EnrolledDeck
from .faces import Keypoints, grey_of, orb_keypoints, portrait_corners
from .geometry import edge_support, inside, iou, plausible
from .locate import Region, corners, regions
from .types import Detection, EnrolSettings, LocateSettings
from .verify import Verdict, Views, by_features, decide


@dataclass(frozen=True)
class Found:
    """A card placed in the working image: index into the deck's codes, confidence, corners."""

    card: int
    confidence: float
    quad: np.ndarray  # (4, 2) clockwise from the top-left of the upright face


@dataclass
class _Place:
    """One hypothesis: a face (or -1 for an outline with no face yet) and the face-to-photo maps."""

    face: int
    maps: list[np.ndarray]
    quad: np.ndarray
    inliers: int
    points: np.ndarray  # the photo keypoints that support it (none for an outline)


# ---- the deck's index ---------------------------------------------------------------------
def _prepared(deck: EnrolledDeck) -> tuple[cv2.FlannBasedMatcher, threading.Lock]:
    """The deck's LSH index and its lock: built once, kept on the deck."""
    cache = deck.cache
    if "index" not in cache:
        lsh: dict[str, bool | int | float | str] = {"algorithm": 6, "table_number": 8, "key_size": 20,
                                                    "multi_probe_level": 1}
        index = cv2.FlannBasedMatcher(lsh, {"checks": 32})
        index.add([deck.descriptors])
        cv2.setRNGSeed(1909)  # the hash functions are drawn at random: the same ones every time
        index.train()
        cache["lock"] = threading.Lock()
        cache["index"] = index
    return cache["index"], cache["lock"]


def _lookup(deck: EnrolledDeck, photo: Keypoints, s: EnrolSettings) -> dict[int, np.ndarray]:
    """Per face, (photo keypoint, deck keypoint) pairs whose descriptors are near."""
    index, lock = _prepared(deck)
    with lock:  # an index is not documented as safe to query from two threads at once
        rows = index.knnMatch(photo.descriptors, k=s.neighbours)
    q, t, d = [], [], []
    for row in rows:
        if not row:
            continue
        limit = min(float(s.max_distance), row[0].distance * 1.15 + 4)
        for m in row:
            if m.distance <= limit:
                q.append(m.queryIdx)
                t.append(m.trainIdx)
                d.append(m.distance)
    if not q:
        return {}
    pairs = np.stack([np.array(q, np.int32), np.array(t, np.int32)], axis=1)
    face = deck.owner[pairs[:, 1]]
    # One pair per (photo keypoint, face): the nearest, which comes first in each row.
    _, first = np.unique(pairs[:, 0].astype(np.int64) * 65536 + face, return_index=True)
    pairs, face = pairs[np.sort(first)], face[np.sort(first)]
    order = np.argsort(face, kind="stable")
    faces, starts = np.unique(face[order], return_index=True)
    groups = np.split(pairs[order], starts[1:])
    return {int(f): g for f, g in zip(faces, groups, strict=True)}


def _consistent(pairs: np.ndarray, deck: EnrolledDeck, photo: Keypoints) -> np.ndarray:
    """The pairs that agree on one turn and one scale (a Hough vote), the rest dropped."""
    q, t = pairs[:, 0], pairs[:, 1]
    turn = ((photo.angle[q] - deck.angle[t]) % 360.0) // 30.0
    counts = np.bincount(turn.astype(int), minlength=12)
    best = int(np.argmax(counts))
    near_turn = np.minimum((turn - best) % 12, (best - turn) % 12) <= 1
    scale = np.log2(np.maximum(photo.size[q], 1.0) / np.maximum(deck.scale[t], 1.0))
    bins = np.floor(scale / 0.5).astype(int)
    sel = bins[near_turn]
    if not len(sel):
        return pairs[:0]
    b = int(np.bincount(sel - sel.min()).argmax() + sel.min())
    return np.asarray(pairs[near_turn & (np.abs(bins - b) <= 1)])


# ---- geometry ---------------------------------------------------------------------------------
def _face_corners(deck: EnrolledDeck) -> np.ndarray:
    w, h = deck.size
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)


def _place_faces(deck: EnrolledDeck, photo: Keypoints, image_area: float, s: EnrolSettings) -> list[_Place]:
    """Homographies of the faces with enough consistent matches (a face may be placed twice)."""
    by_face = _lookup(deck, photo, s)
    ranked = sorted(by_face.items(), key=lambda kv: -len(kv[1]))[:s.candidates]
    corners = _face_corners(deck)
    w, h = deck.size
    places = []
    for face, pairs in ranked:
        rest = pairs
        for _ in range(3):  # the same face up to three times (decks with copies)
            if len(rest) < s.min_inliers:
                break
            kept = _consistent(rest, deck, photo)
            if len(kept) < s.min_inliers:
                break
            src, dst = deck.xy[kept[:, 1]], photo.xy[kept[:, 0]]
            m, mask = cv2.findHomography(src, dst, cv2.USAC_DEFAULT, s.ransac_px, maxIters=1000,
                                          confidence=0.995)
            if m is None or mask is None:
                break
            inl = mask.ravel().astype(bool)
            if int(inl.sum()) < s.min_inliers:
                break
            quad = cv2.perspectiveTransform(corners[None], m)[0]
            spread = np.ptp(src[inl], axis=0)
            if plausible(quad, image_area) and spread[0] * spread[1] >= 0.08 * w * h:
                places.append(_Place(face, [m], quad, int(inl.sum()), dst[inl]))
            used = set(kept[inl, 0].tolist())
            rest = rest[~np.isin(rest[:, 0], list(used))]
    return places


def _outline_place(deck: EnrolledDeck, quad: np.ndarray, turns: tuple[int, ...]) -> _Place:
    """A card outline (clockwise) as a place with a face-to-photo map for each of ``turns``."""
    corners = _face_corners(deck)
    maps = [cv2.getPerspectiveTransform(corners, np.roll(quad, -k, axis=0).astype(np.float32)) for k in turns]
    return _Place(-1, maps, quad.astype(np.float32), 0, np.zeros((0, 2), np.float32))


def _outlines(found: list[Region], deck: EnrolledDeck) -> list[_Place]:
    """Whole card outlines found by ``locate``, in the four turns (foreshortened, a card's long
    side can look the shorter)."""
    return [_outline_place(deck, portrait_corners(r.polygon), (0, 1, 2, 3))
            for r in found if r.single and len(r.polygon) == 4]


def _short_side(quad: np.ndarray) -> float:
    sides = [float(np.linalg.norm(quad[(i + 1) % 4] - quad[i])) for i in range(4)]
    return min((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2)


def _corner_places(found: list[Region], deck: EnrolledDeck, known: list[np.ndarray], image_area: float
                   ) -> list[_Place]:
    """Card outlines guessed from the corners of regions where cards touch or overlap.

    A right-angled corner of such a region is a corner of some card, which runs along
    the two outline edges meeting there. An edge joining two such corners is a whole side
    of it; with three corners in a row the card is fixed. Otherwise its size is that of
    the cards already read (``known``) or, failing them, the longer edge as either side.
    """
    w, h = deck.size
    aspect = h / w
    width = float(np.median([_short_side(q) for q in known])) if known else None
    out = []
    for r in found:
        if r.single:
            continue
        poly = r.polygon
        shape = _Raster(poly)
        at_corner = {tuple(np.round(c[0], 3)) for c in corners(r)}
        n = len(poly)
        for i in range(n):
            at = poly[i]
            if tuple(np.round(at, 3)) not in at_corner or any(inside(at[None], q)[0] for q in known):
                continue  # not a card's corner, or a corner of a card already read
            nxt, prv = poly[(i + 1) % n], poly[i - 1]
            u, v = _unit(nxt - at), _unit(prv - at)
            ln, lp = float(np.linalg.norm(nxt - at)), float(np.linalg.norm(prv - at))
            whole_n = tuple(np.round(nxt, 3)) in at_corner
            whole_p = tuple(np.round(prv, 3)) in at_corner
            sides: list[tuple[float, float]] = []
            if whole_n and whole_p:
                sides = [(ln, lp)]
            elif whole_n:
                sides = [(ln, ln * aspect), (ln, ln / aspect)]
            elif whole_p:
                sides = [(lp * aspect, lp), (lp / aspect, lp)]
            else:
                for wd in [width] if width else [max(ln, lp), max(ln, lp) / aspect]:
                    sides += [(wd, wd * aspect), (wd * aspect, wd)]
            for a_len, b_len in sides:
                if a_len * b_len < 0.0012 * image_area:
                    continue
                quad = np.array([at, at + u * a_len, at + u * a_len + v * b_len, at + v * b_len], np.float32)
                # Cards in a pile lie wholly inside its outline; a guess at a bright blob's corner does not.
                if shape.share_inside(quad) >= 0.85:
                    out.append(_outline_place(deck, quad, (0, 2) if a_len <= b_len else (1, 3)))
    return out


class _Raster:
    """A region's outline drawn small, to measure how much of a quad lies inside it."""

    def __init__(self, polygon: np.ndarray, scale: float = 0.25) -> None:
        self.scale = scale
        self.origin = polygon.min(axis=0)
        size = np.ceil((polygon.max(axis=0) - self.origin) * scale).astype(int) + 2
        self.mask = np.zeros((int(size[1]), int(size[0])), np.uint8)
        cv2.fillPoly(self.mask, [np.round((polygon - self.origin) * scale).astype(np.int32)], 1)

    def share_inside(self, quad: np.ndarray) -> float:
        pts = np.round((quad - self.origin) * self.scale).astype(np.int32)
        lo = np.minimum(pts.min(axis=0), 0)
        hi = np.maximum(pts.max(axis=0) + 2, self.mask.shape[::-1])
        canvas = np.zeros((int(hi[1] - lo[1]), int(hi[0] - lo[0])), np.uint8)
        cv2.fillConvexPoly(canvas, pts - lo, 1)
        total = int(canvas.sum())
        mh, mw = self.mask.shape
        both = int((canvas[-lo[1]:-lo[1] + mh, -lo[0]:-lo[0] + mw] & self.mask).sum())
        return both / total if total else 0.0


def _unit(v: np.ndarray) -> np.ndarray:
    return np.asarray(v / max(float(np.linalg.norm(v)), 1e-6), np.float32)


def _clusters(places: list[_Place], s: EnrolSettings) -> list[list[_Place]]:
    """Places grouped by where they are (one card each), strongest first."""
    clusters: list[list[_Place]] = []
    for p in places:
        home = next((c for c in clusters if iou(c[0].quad, p.quad) >= s.same_place), None)
        if home is None:
            clusters.append([p])
        else:
            home.append(p)
    return clusters


@dataclass(frozen=True)
class _Candidate:
    """A place judged on its own: the verdict, the outline, its evidence and how well it looks."""

    verdict: Verdict
    quad: np.ndarray
    points: np.ndarray
    error: float
    edges: float | None

    @property
    def quality(self) -> float:
        """Better first: a face that looks alike, with its edges seen."""
        return (0.5 if self.edges is None else self.edges) - self.error


def _candidates(image: np.ndarray, grey: np.ndarray, deck: EnrolledDeck, places: list[_Place],
                s: EnrolSettings, log: list[str] | None = None) -> list[_Candidate]:
    """Every place's verdict, each judged on its own."""
    corners = _face_corners(deck)
    out = []
    for cluster in _clusters(places, s):
        lead = cluster[0]
        placed = [m for p in cluster if p.face >= 0 and p.inliers >= 0.5 * lead.inliers for m in p.maps]
        outlined = [m for p in cluster if p.face < 0 for m in p.maps]
        inliers: dict[int, int] = {}
        for p in cluster:
            if p.face >= 0:
                inliers[p.face] = max(inliers.get(p.face, 0), p.inliers)
        views = Views(grey, deck, placed or outlined, s)
        settled, verdict = by_features(inliers, views, s) if placed else (False, None)
        if not settled:
            if placed and outlined:
                views.add(outlined)  # the outline's maps only when the features do not settle it
            verdict = decide(inliers, bool(outlined), views, s)
        if log is not None:
            best = [f"{deck.codes[c]} {views.errors[c]:.2f}" for c in np.argsort(views.errors)[:3]]
            log.append(f"place at {lead.quad.mean(axis=0).round().tolist()}: inliers "
                       f"{ {deck.codes[f]: n for f, n in inliers.items()} } outline {bool(outlined)}; "
                       f"looks {', '.join(best)}; verdict "
                       + (f"{deck.codes[verdict.card]} {verdict.confidence:.2f}"
                          f"{' (edges needed)' if verdict.needs_edges else ''}" if verdict else "none"))
        if verdict is None:
            continue
        k = 0 if verdict.card == lead.face else int(views.which[verdict.card])
        quad = cv2.perspectiveTransform(corners[None], views.maps[k])[0]
        out.append(_Candidate(verdict, quad, lead.points, float(views.per_map[k][verdict.card]),
                              edge_support(image, quad)))
    return out


def _accept(image: np.ndarray, candidates: list[_Candidate], found: list[Found], s: EnrolSettings,
            deck: EnrolledDeck, log: list[str] | None = None) -> None:
    """Add to ``found`` the candidates that hold up, best first, against the cards already read."""
    for c in sorted(candidates, key=lambda c: -c.quality):
        card = c.verdict.card
        refusal = None
        if len(c.points) and found:
            # Evidence lying on a card already read is that card's, not another's.
            on_found = np.zeros(len(c.points), bool)
            for f in found:
                on_found |= inside(c.points, f.quad)
            if on_found.mean() >= 0.5:
                refusal = "its keypoints lie on a card already read"
        if refusal is None and not len(c.points) and any(iou(f.quad, c.quad) >= s.same_place for f in found):
            refusal = "an outline where a card was read already"
        # A card's edges show where its outline is in view, cards read above it aside.
        shows = edge_support(image, c.quad, [f.quad for f in found]) if found else c.edges
        needed = s.min_edges if c.verdict.needs_edges else s.min_edges_strong
        if refusal is None and shows is not None and shows < needed:
            refusal = f"edges seen on {shows:.2f} of its outline"
        if refusal is None and any(f.card == card and iou(f.quad, c.quad) > 0.3 for f in found):
            refusal = "read already"
        if log is not None:
            at = c.quad.mean(axis=0).round().tolist()
            log.append(f"{deck.codes[card]} at {at} (quality {c.quality:.2f}): {refusal or 'accepted'}")
        if refusal is None:
            found.append(Found(card, c.verdict.confidence, c.quad))


def find_cards(image: np.ndarray, deck: EnrolledDeck, s: EnrolSettings = EnrolSettings(),
               log: list[str] | None = None) -> list[Found]:
    """The deck's cards in a BGR working image; ``log`` collects why each place was read or not."""
    grey = grey_of(image)
    area = float(grey.shape[0] * grey.shape[1])
    photo = orb_keypoints(grey, s.photo_features, s.photo_levels)
    places = _place_faces(deck, photo, area, s) if len(photo) else []
    places.sort(key=lambda p: -p.inliers)
    found_regions = regions(image, LocateSettings())
    outlines = _outlines(found_regions, deck)
    found: list[Found] = []
    _accept(image, _candidates(image, grey, deck, places + outlines, s, log), found, s, deck, log)
    # Then the cards no keypoints placed and no whole outline shows: plain faces in a pile.
    known = [f.quad for f in found] + [o.quad for o in outlines]
    guesses = _corner_places(found_regions, deck, known, area)
    if guesses:
        _accept(image, _candidates(image, grey, deck, guesses, s, log), found, s, deck, log)
    return found


def recognize_enrolled(decoded: Decoded, deck: EnrolledDeck, s: EnrolSettings = EnrolSettings()
                       ) -> list[Detection]:
    """The enrolled deck's cards in a decoded photo, corners in the photo's own pixels.

    A card that cannot be told apart from another with confidence is left out: an
    unknown card, never a guess.
    """
    decoded = decoded.at_most(s.working_side)
    found = find_cards(decoded.image, deck, s)
    return [Detection(deck.codes[f.card], f.confidence,
                      tuple((float(x) * decoded.scale, float(y) * decoded.scale) for x, y in f.quad))
            for f in found]
