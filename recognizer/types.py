"""Values shared by the recogniser's stages: detections and the settings of each stage."""

from __future__ import annotations

from dataclasses import dataclass, field


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
    working_side: int = 1400  # the long side of the image the pipeline works on


@dataclass(frozen=True, slots=True)
class LocateSettings:
    """Finding card-shaped bright regions."""

    min_area: float = 0.002  # of the image area
    max_area: float = 0.9
    pale_table: float = 0.6  # bright regions covering more than this share: split again
    mask_side: int = 1400  # the long side of the copy the outlines are found on
    blur: int = 5
    low_ratio: float = 0.7  # hysteresis: low threshold as a share of the high one
    poly_epsilon: float = 0.012  # of the contour perimeter
    min_corner_angle: float = 45.0
    max_corner_angle: float = 135.0


@dataclass(frozen=True, slots=True)
class IndexSettings:
    """Reading the corner index (rank over suit) of a card."""

    patch_width: int = 112  # canonical pixels for the index region
    patch_height: int = 168
    region_w: float = 0.30  # of the card width
    region_h: float = 0.32  # of the card height
    region_pad: float = 0.0  # of the card width, outwards from the corner found
    card_ratio: float = 1.42  # height / width of a standard card
    min_rank_score: float = 0.3
    min_suit_score: float = 0.3
    min_confidence: float = 0.5


@dataclass(frozen=True, slots=True)
class MarkerSettings:
    """Reading the printed Insonnia deck by its ArUco markers (``recognizer.markers``)."""

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


@dataclass(frozen=True, slots=True)
class Settings:
    """Every stage's settings."""

    decode: DecodeSettings = field(default_factory=DecodeSettings)
    locate: LocateSettings = field(default_factory=LocateSettings)
    index: IndexSettings = field(default_factory=IndexSettings)
    markers: MarkerSettings = field(default_factory=MarkerSettings)
