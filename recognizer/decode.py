"""Decoding photos safely: format, size and pixel limits checked before any pixel is decoded.

JPEG photos are decoded at a reduced scale by libjpeg itself when they are much
larger than the working resolution (fast for 12-24 megapixel phone photos); EXIF
orientation is applied by OpenCV. Greyscale and alpha images become BGR on white.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from .types import DecodeSettings


class ImageError(ValueError):
    """A file that is not a photo we can read; the message says why, for people."""


@dataclass(frozen=True)
class Decoded:
    """A decoded photo: ``image`` (BGR, working size), and the photo's own size."""

    image: np.ndarray
    width: int  # of the photo as oriented, full resolution
    height: int
    scale: float  # multiply working-image coordinates by this to get photo pixels
    grey: bool = False  # no colour in the photo: red and black suits look alike
    # the photo's own pixels at a given long side, where it has more than the working image
    source: Callable[[int], np.ndarray] | None = field(default=None, compare=False, repr=False)

    def finer(self) -> np.ndarray:
        """The photo at twice the working size: from its own pixels where it has that many
        (a big JPEG is decoded again, less reduced), else the working image interpolated."""
        h, w = self.image.shape[:2]
        if self.source is not None and max(self.width, self.height) >= 2 * max(h, w):
            own = self.source(2 * max(h, w))
            if own.shape[:2] == (2 * h, 2 * w):
                return own
            return np.asarray(cv2.resize(own, (2 * w, 2 * h), interpolation=cv2.INTER_AREA))
        return np.asarray(cv2.resize(self.image, (2 * w, 2 * h), interpolation=cv2.INTER_CUBIC))

    def at_most(self, side: int) -> Decoded:
        """The same photo with at most ``side`` pixels on its long side (readers that
        work at a smaller size than the index reader)."""
        h, w = self.image.shape[:2]
        if max(h, w) <= side:
            return self
        small = _shrink(self.image, side)
        return Decoded(small, self.width, self.height, self.scale * w / small.shape[1], self.grey)

    def inverted(self) -> Decoded:
        """The photo with its brightness inverted and its colour dropped: light ink on dark
        paper becomes dark ink on light paper (the brightest channel, inverted, in grey)."""
        source = self.source
        return Decoded(
            inverted_brightness(self.image), self.width, self.height, self.scale, True,
            None if source is None else (lambda side: inverted_brightness(source(side))),
        )


def inverted_brightness(image: np.ndarray) -> np.ndarray:
    """255 minus each pixel's brightest channel, as a grey BGR image."""
    b, g, r = cv2.split(image)
    grey = cv2.bitwise_not(cv2.max(cv2.max(b, g), r))
    return np.asarray(cv2.merge([grey, grey, grey]))


def sniff(data: bytes) -> str | None:
    """The format from the first bytes: jpeg, png, webp, bmp, or None."""
    if data[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data[:2] == b"BM":
        return "bmp"
    return None


def _jpeg_size(data: bytes) -> tuple[int, int]:
    """The size from the frame header, walking the segments (never the compressed data)."""
    i = 2
    n = len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            break  # segments follow each other: anything else is damage
        marker = data[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        if marker in (0xDA, 0xD9):  # the image data starts (or ends) before any frame header
            break
        (length,) = struct.unpack(">H", data[i + 2:i + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if i + 9 > n:
                break
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h
        i += 2 + length
    raise ImageError("The JPEG file is damaged: no image size found.")


def _jpeg_complete(data: bytes) -> bool:
    """True when an end-of-image marker follows the last start-of-scan (data after it,
    as in motion photos, is allowed)."""
    return data.rfind(b"\xff\xd9") > data.rfind(b"\xff\xda") > 0


DAMAGED_JPEG = "The JPEG file is damaged (part of it was overwritten): take or send the photo again."
_RESTARTS = frozenset(range(0xD0, 0xD8))
_BETWEEN_SCANS = frozenset({0xC4, 0xCC, 0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xFE, *range(0xE0, 0xF0)})


def _jpeg_scans_intact(data: bytes, most_markers: int = 4096) -> bool:
    """False when a JPEG's compressed data is provably damaged: inside a scan, a 0xFF byte may
    only be followed by a stuffed zero, a restart marker or more 0xFF, and a scan may only end
    in tables, another scan (a progressive JPEG) or the end of the image. Bytes written over
    part of a photo at random break this almost surely (zeros do not: they are left to the
    decoder), while OpenCV would decode them as grey or smeared blocks without a word. Where
    the file's structure cannot be followed, or it holds more than ``most_markers`` segments
    (a camera writes a few dozen), it is not judged. The file is searched once: the time grows
    with its length, whatever it holds."""
    buf = np.frombuffer(data, np.uint8)
    ff = np.flatnonzero(buf[:-1] == 0xFF)
    after = buf[ff + 1]
    # where a scan's data may end: a 0xFF that is no stuffing, no restart and no fill
    ends = ff[(after != 0) & (after != 0xFF) & ((after < 0xD0) | (after > 0xD7))]
    n, pos = len(data), 2
    for _ in range(most_markers):
        if pos + 4 > n or data[pos] != 0xFF:
            return True  # no marker where one should be: left to the decoder
        marker = data[pos + 1]
        if marker == 0xFF:
            pos += 1
            continue
        if marker == 0xD9:
            return True
        if marker in _RESTARTS or marker == 0x01:
            pos += 2
            continue
        start = pos + 2 + int.from_bytes(data[pos + 2:pos + 4], "big")
        if marker != 0xDA:
            pos = start
            continue
        k = int(np.searchsorted(ends, start))
        if k == len(ends):
            return True  # the end is missing: the truncation check speaks
        pos = int(ends[k])
        if data[pos + 1] not in _BETWEEN_SCANS:
            return False
    return True


def _webp_size(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25:
        b = data[21:25]
        w = 1 + (((b[1] & 0x3F) << 8) | b[0])
        h = 1 + (((b[3] & 0x0F) << 10) | (b[2] << 2) | ((b[1] & 0xC0) >> 6))
        return w, h
    if chunk == b"VP8X" and len(data) >= 30:
        w = 1 + int.from_bytes(data[24:27], "little")
        h = 1 + int.from_bytes(data[27:30], "little")
        return w, h
    raise ImageError("The WebP file is damaged: no image size found.")


def image_size(data: bytes, kind: str) -> tuple[int, int]:
    """Width and height read from the file header, without decoding pixels."""
    if kind == "png":
        if len(data) < 24:
            raise ImageError("The PNG file is truncated.")
        w, h = struct.unpack(">II", data[16:24])
        return int(w), int(h)
    if kind == "jpeg":
        return _jpeg_size(data)
    if kind == "webp":
        return _webp_size(data)
    if len(data) < 26:
        raise ImageError("The BMP file is truncated.")
    (header,) = struct.unpack("<I", data[14:18])
    if header == 12:  # the old OS/2 header: 16-bit sizes
        w, h = struct.unpack("<hh", data[18:22])
    else:
        w, h = struct.unpack("<ii", data[18:26])
    return abs(int(w)), abs(int(h))


def _has_alpha(data: bytes, kind: str) -> bool:
    """Whether a PNG or WebP file says it carries transparency."""
    if kind == "png":
        return len(data) > 25 and data[25] in (4, 6)
    if kind == "webp":
        chunk = data[12:16]
        return (chunk == b"VP8X" and len(data) > 20 and bool(data[20] & 0x10)) or chunk == b"VP8L"
    return False


def _megapixels(pixels: int, limit: int) -> str:
    """A photo's megapixels as a refusal says them: whole, or to a tenth where the whole figure
    would not be over the limit ("24.3 megapixels; at most 24", never "24; at most 24")."""
    whole = f"{pixels / 1e6:.0f}"
    return whole if float(whole) * 1e6 > limit else f"{pixels / 1e6:.1f}"


def _reduction(long_side: int, target: int) -> int:
    for factor in (8, 4, 2):
        if long_side / factor >= target:
            return factor
    return 1


_REDUCED = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
            8: cv2.IMREAD_REDUCED_COLOR_8}


def _shrink(img: np.ndarray, side: int) -> np.ndarray:
    """At most ``side`` pixels on the long side; never zero on the short one."""
    h, w = img.shape[:2]
    if max(h, w) <= side:
        return img
    f = side / max(h, w)
    return np.asarray(cv2.resize(img, (max(1, round(w * f)), max(1, round(h * f))),
                                 interpolation=cv2.INTER_AREA))


def _to_bgr(img: np.ndarray) -> np.ndarray:
    if img.dtype != np.uint8:
        img = cv2.convertScaleAbs(img, alpha=255.0 / max(float(img.max()), 1.0))
    if img.ndim == 2:
        return np.asarray(cv2.cvtColor(img, cv2.COLOR_GRAY2BGR))
    if img.shape[2] == 4:  # transparent pixels become white paper
        alpha = img[:, :, 3:4].astype(np.uint16)
        rgb = img[:, :, :3].astype(np.uint16)
        return np.asarray(((rgb * alpha + 255 * (255 - alpha)) // 255).astype(np.uint8))
    return np.asarray(img, np.uint8)


def colourless(img: np.ndarray) -> bool:
    """True for a photo without colour (greyscale): red cannot be told from black."""
    # Averaged over whole blocks of k x k pixels (OpenCV's fast path for an integer factor).
    h, w = img.shape[:2]
    k = max(1, min(max(h, w) // 200, min(h, w)))
    small = img if k == 1 else cv2.resize(img[:h // k * k, :w // k * k], (w // k, h // k),
                                          interpolation=cv2.INTER_AREA)
    b, g, r = (small[:, :, i].astype(np.int16) for i in range(3))
    spread = np.maximum(np.maximum(abs(b - g), abs(g - r)), abs(b - r))
    return float(np.percentile(spread, 99)) < 12


def decode(data: bytes, settings: DecodeSettings = DecodeSettings()) -> Decoded:
    """Decode photo bytes into a working-size BGR image, or raise :class:`ImageError`."""
    if not data:
        raise ImageError("The file is empty.")
    if len(data) > settings.max_bytes:
        raise ImageError(f"The file is larger than {settings.max_bytes // 1_000_000} MB.")
    kind = sniff(data)
    if kind is None:
        if data[4:8] == b"ftyp" and data[8:12] in (b"heic", b"heix", b"mif1", b"msf1", b"avif"):
            raise ImageError("HEIC/AVIF photos are not supported: set the camera to JPEG "
                             "('Most Compatible'), or share the photo as JPEG.")
        raise ImageError("This is not a photo in a supported format (JPEG, PNG, WebP, BMP).")
    if kind == "jpeg" and not _jpeg_complete(data):
        raise ImageError("The JPEG file is truncated: it was not completely uploaded or saved.")
    if kind == "jpeg" and not _jpeg_scans_intact(data):
        raise ImageError(DAMAGED_JPEG)
    w, h = image_size(data, kind)
    if w <= 0 or h <= 0:
        raise ImageError("The image has no pixels.")
    # JPEG is decoded at a reduced scale by libjpeg itself; other formats are decoded
    # whole, so they get a lower limit (the pipeline works at a few thousand pixels anyway).
    limit = settings.max_pixels if kind == "jpeg" else settings.max_pixels_other
    if w * h > limit:
        raise ImageError(
            f"The image has {_megapixels(w * h, limit)} megapixels; at most {limit / 1e6:.0f} are accepted"
            + ("" if kind == "jpeg" else " for PNG, WebP and BMP files")
            + ": send a smaller copy of the photo."
        )
    buf = np.frombuffer(data, np.uint8)
    if kind == "jpeg":
        flags = _REDUCED[_reduction(max(w, h), settings.reduce_target)]
    else:
        # IMREAD_COLOR applies EXIF orientation; only transparency needs IMREAD_UNCHANGED.
        flags = cv2.IMREAD_UNCHANGED if _has_alpha(data, kind) else cv2.IMREAD_COLOR
    try:
        img = cv2.imdecode(buf, flags)
    except cv2.error as e:  # OpenCV refuses some damaged files loudly
        raise ImageError("The image file is damaged and cannot be decoded.") from e
    if img is None or img.size == 0:
        raise ImageError("The image file is damaged and cannot be decoded.")
    whole = img
    img = _to_bgr(_shrink(img, settings.working_side))
    full_w, full_h = (w, h) if (img.shape[1] >= img.shape[0]) == (w >= h) else (h, w)
    if kind == "jpeg":
        def source(side: int) -> np.ndarray:
            try:  # decoded once already: should it fail now, the working image stands in
                again = cv2.imdecode(buf, _REDUCED[_reduction(max(w, h), side)])
            except cv2.error:
                again = None
            return _to_bgr(_shrink(again, side)) if again is not None and again.size else img
    else:
        def source(side: int) -> np.ndarray:
            return _to_bgr(_shrink(whole, side))
    return Decoded(np.ascontiguousarray(img), full_w, full_h, full_w / img.shape[1],
                   colourless(img), source)


def decode_array(image: np.ndarray, settings: DecodeSettings = DecodeSettings()) -> Decoded:
    """Wrap an already decoded image (BGR, grey or BGRA), resized to the working size."""
    if image.size == 0:
        raise ImageError("The image has no pixels.")
    h, w = image.shape[:2]
    img = _to_bgr(_shrink(image, settings.working_side))
    return Decoded(np.ascontiguousarray(img), w, h, w / img.shape[1], colourless(img),
                   lambda side: _to_bgr(_shrink(image, side)))
