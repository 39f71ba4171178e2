"""Values shared by the recogniser's stages: detections and the settings of the stages that
also make the networks' training data (finding, cutting patches) or read photos in other ways.
How readings become cards, and which candidates are read, is set in :mod:`recognizer.settings`,
which ``make models`` never runs: changing it needs no new networks."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Detection:
    """One card found in a photo: its code, a confidence in [0, 1], its corners in pixels.

    ``corners`` go round the card from the corner carrying the index that was read
    (top-left of the upright card), clockwise.
    """

    card: str
    confidence: float
    corners: tuple[tuple[float, float], ...]

    def to_json(self) -> dict[str, object]:
        """The JSON form used by ``companion recognize --json`` and the API."""
        return {
            "card": self.card,
            "confidence": round(self.confidence, 3),
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
        }


@dataclass(frozen=True, slots=True)
class DecodeSettings:
    """Limits and working size for decoding."""

    max_bytes: int = 20 * 1024 * 1024
    max_pixels: int = 50_000_000  # JPEG, decoded at a reduced scale
    max_pixels_other: int = 24_000_000  # PNG, WebP, BMP: decoded whole
    working_side: int = 3000  # at most this long side for the index reader (others shrink it)
    reduce_target: int = 1800  # JPEG is decoded at 1/2, 1/4 or 1/8 while its long side stays this long


@dataclass(frozen=True, slots=True)
class LocateSettings:
    """Finding card-shaped bright regions."""

    min_area: float = 0.002  # of the image area
    max_area: float = 0.9
    pale_table: float = 0.6  # bright regions covering more than this share: split again
    no_split: float = 0.5  # bright regions covering at most this share: no second split
    mask_side: int = 1400  # the long side of the copy the outlines are found on
    blur: int = 5
    low_ratio: float = 0.7  # hysteresis: low threshold as a share of the high one
    poly_epsilon: float = 0.012  # of the contour perimeter
    chamfer: float = 0.15  # an outline's edge shorter than this share of sqrt(area) may cut a corner
    edge_low: int = 30  # Canny's low threshold when cards are sought by their edges (pale tables)
    edge_max_area: float = 0.4  # of the image area, for a card found by its edges
    edge_lines: int = 30  # the longest straight edges paired into a card's corner
    edge_corner_cos: float = 0.5  # two such edges meet at 60 to 120 degrees (a tilted card)
    edge_side: int = 1400  # the long side of the copy edges are sought on
    edge_density: float = 0.05  # more edge pixels than this share: a texture, no edge search
    min_corner_angle: float = 45.0
    max_corner_angle: float = 135.0


@dataclass(frozen=True, slots=True)
class FindSettings:
    """Finding candidate corner indices: glyph blobs on a pyramid, paired rank over suit."""

    window: int = 15  # adaptive threshold window, level pixels (wider than any glyph's stroke)
    relative_contrast: float = 0.12  # ink is darker than its neighbourhood by this share...
    min_contrast: int = 14  # ... and by at least this many grey levels
    thin_only: bool = True  # ink is a mark narrower than the window, never the dark side of an edge
    strong_relative: float = 0.2  # a glyph holds some ink darker than its paper by this share...
    strong_contrast: int = 24  # ... and by at least this many grey levels
    strong_glyphs: int = 1  # glyphs of a candidate holding strong ink: 1 (either) or 2 (both)
    min_glyph: int = 4  # a blob's longer side, level pixels...
    min_glyph_coarse: int = 6  # ... on a level with a finer one searched before it
    max_glyph: int = 32  # a tall rank: in some decks it is 1.3 rank-to-suit distances high
    max_glyph_top: int = 40  # on the last level, which no coarser level backs up
    min_fill: float = 0.12  # of its box
    min_area: int = 5
    max_elongation: float = 5.0  # longer over shorter side of its box
    min_paper: int = 30  # the neighbourhood of a glyph is paper: at least this bright
    min_distance: float = 0.45  # rank centre to suit centre, in rank sizes
    max_distance: float = 2.1
    min_size_ratio: float = 0.3  # suit size over rank size (a tall rank over a small suit)
    max_size_ratio: float = 1.6
    min_merged: int = 6  # a rank and suit blurred into one blob: its longer side, level pixels
    max_merged: int = 24
    merged_elongation: tuple[float, float] = (1.5, 3.6)  # its long axis over its short one
    min_side: int = 48  # the pyramid stops before a level's short side falls under this
    max_levels: int = 7


@dataclass(frozen=True, slots=True)
class PatchSettings:
    """The patch cut around a candidate index, in units of its rank-to-suit distance."""

    width: int = 24  # pixels
    height: int = 32
    left: float = -1.0  # across the index, from the rank's centre
    right: float = 1.0
    top: float = -0.95  # down the index (towards the suit), from the rank's centre
    bottom: float = 1.75


@dataclass(frozen=True, slots=True)
class EnrolSettings:
    """Learning a deck's faces from images, and finding them again in photos."""

    working_side: int = 1400  # photos are read at most this long (pixels)
    face_width: int = 240  # canonical pixels across a face; the height follows the deck's shape
    face_features: int = 320  # ORB keypoints kept per face image
    face_levels: int = 6  # pyramid levels of a face: it matches cards down to 1/2.5 of its size
    thumb_width: int = 40  # the normalised thumbnail compared pixel by pixel
    photo_features: int = 2500  # ORB keypoints in a photo (working size)
    photo_levels: int = 8
    neighbours: int = 3  # nearest enrolled descriptors looked up per photo descriptor
    max_distance: int = 64  # Hamming bits, of 256
    candidates: int = 24  # faces whose geometry is checked per photo
    min_inliers: int = 12  # RANSAC inliers for a face to be placed in a photo
    ransac_px: float = 6.0  # reprojection error in working-image pixels
    same_place: float = 0.5  # quads overlapping more than this (IoU) are one card
    inlier_margin: float = 1.8  # the best face's inliers over the next one's, to decide by features alone
    strong_inliers: int = 40  # this many inliers, and a look this close, need nothing more
    strong_error: float = 0.5
    strong_max_error: float = 1.2  # this many inliers, and the edges in view: the look may differ more
    max_error: float = 0.8  # otherwise a card's thumbnail may differ from its face by at most this
    min_edges: float = 0.35  # share of the outline in view where the card's edge shows, weaker evidence
    min_edges_strong: float = 0.2  # the same, for strong features
    clear_look: float = 2.5  # the features' face looks this much closer than any other: no doubt
    weak_look: float = 1.2  # fewer inliers: it must look this much closer, and its keypoints agree
    look_error: float = 0.45  # when the look decides, the face must look at least this alike
    look_ratio: float = 1.4  # when the look decides: the next face's error over the best one's
    outline_ratio: float = 1.5  # the same for a card outline without features
    sure_look: float = 0.12  # a look this close settles a place whatever face the features put there
    look_candidates: int = 4  # faces whose aligned keypoints are checked when the look decides
    support_radius: float = 0.035  # of the face width: how far a keypoint found again may have moved
    min_support: float = 0.3  # agreement of a face's keypoints and the card's, in place
    support_margin: float = 0.3  # keypoint agreement that overrules the look


@dataclass(frozen=True, slots=True)
class MarkerSettings:
    """Reading the printed Insonnia deck by its ArUco markers (``recognizer.markers``)."""

    working_side: int = 1400  # photos are read at most this long (pixels)
    aruco3: bool = False  # OpenCV's faster candidate search (it misses small markers)
    correct_bits: int = 2  # bits OpenCV may correct in one marker (the markers differ in 7)
    min_perimeter: float = 0.02  # of the image's long side: smaller outlines are not tried
    win_min: int = 3  # adaptive threshold windows tried by OpenCV (pixels)
    win_max: int = 33
    win_step: int = 10
    min_side: float = 14.0  # pixels: a marker alone must be at least this big
    min_contrast: float = 30.0  # grey levels between its black and white cells
    min_margin: float = 0.2  # every cell this far (share of half the contrast) on its side
    pair_tolerance: float = 0.6  # marker sides: how far a partner may sit from where it should
    conflict_tolerance: float = 0.35  # a different marker this close to a partner's place: doubt
