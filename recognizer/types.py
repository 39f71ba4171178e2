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
class Settings:
    """Every stage's settings."""

    decode: DecodeSettings = field(default_factory=DecodeSettings)
    locate: LocateSettings = field(default_factory=LocateSettings)
    index: IndexSettings = field(default_factory=IndexSettings)
