"""Synthetic table photos for training and for the stress table, with exact ground truth.

Cards are laid on a table plane in a layout players use (a lone card, a row, a spread, a
trick, a pile, a column, a fanned hand held as tightly as players hold it, the four hands
of a bridge deal), seen by a camera tilted up to 60 degrees, over a real or drawn surface
with clutter, lit unevenly (shadows, warm or cold light, glare), blurred, noisy and JPEG
compressed. Each placed card keeps its homography from face to photo, and a label map
says which card is on top at every pixel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .faces import Face
from .tables import clutter, surface

LAYOUTS = ("single", "row", "spread", "trick", "pile", "column", "fan", "fan", "bridge", "line")


@dataclass(frozen=True)
class Placed:
    """One card in a scene: its face and the homography from face pixels to photo pixels."""

    face: Face
    homography: np.ndarray

    def quad(self) -> np.ndarray:
        """The card's corners in the photo, clockwise from the face's top-left."""
        h, w = self.face.image.shape[:2]
        pts = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
        return project(self.homography, pts)


@dataclass(frozen=True)
class Scene:
    """A rendered photo, its cards (bottom first), the label map (card index on top at each
    pixel, -1 for the table) and how it was made."""

    image: np.ndarray
    cards: tuple[Placed, ...]
    labels: np.ndarray
    layout: str
    surface: str
    tilt: float  # degrees


def project(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Points (n, 2) through a homography."""
    p = np.c_[pts, np.ones(len(pts))] @ h.T
    return np.asarray(p[:, :2] / p[:, 2:3])


# ---- layouts: (angle, centre) per card, in card widths on the table ---------------------
def _layout(
    kind: str, n: int, aspect: float, rng: np.random.Generator, show: float | None = None
) -> list[tuple[float, np.ndarray]]:
    if kind == "single":
        return [(float(rng.uniform(0, 2 * np.pi)), np.zeros(2))]
    if kind in ("row", "line"):
        step = rng.uniform(1.02, 1.5) if kind == "row" else rng.uniform(0.12, 0.35)  # line: overlapped
        jitter = 0.06 if kind == "row" else 0.01
        return [(float(rng.normal(0, jitter)), np.array([i * step, rng.normal(0, 0.03)])) for i in range(n)]
    if kind == "column":  # cards overlapped downwards, as in a solitaire column
        step = rng.uniform(0.15, 0.35) * aspect
        return [(float(rng.normal(0, 0.01)), np.array([rng.normal(0, 0.01), i * step])) for i in range(n)]
    if kind == "spread":
        side = np.sqrt(n) * 1.6
        return [(float(rng.uniform(0, 2 * np.pi)), rng.uniform(-side / 2, side / 2, 2)) for _ in range(n)]
    if kind == "trick":
        return [(float(rng.uniform(0, 2 * np.pi)), rng.normal(0, 0.45, 2)) for _ in range(n)]
    if kind == "pile":
        return [(float(rng.normal(0, 0.15)), rng.normal(0, 0.08, 2)) for _ in range(n)]
    # a fan held in a hand: turned about a pivot under the cards, showing 10-40 % of each
    if show is None:
        show = rng.uniform(0.1, 0.4) if rng.random() < 0.7 else rng.uniform(0.1, 0.2)
    radius = aspect * rng.uniform(0.75, 1.1)  # from the pivot to the index
    step = show / radius
    start = -step * (n - 1) / 2
    out = []
    for i in range(n):
        a = start + i * step + rng.normal(0, step * 0.08)
        centre = np.array([np.sin(a), -np.cos(a)]) * (radius - aspect * 0.45)
        out.append((float(a), centre))
    return out


def _placements(
    kind: str, n: int, aspect: float, rng: np.random.Generator, show: float | None = None
) -> list[tuple[float, np.ndarray]]:
    if kind != "bridge":
        return _layout(kind, n, aspect, rng, show)
    out = []
    per = max(1, n // 4)
    for seat in range(4):  # four hands round the table, each fanned towards its player
        hand = _layout("fan", per, aspect, rng, show)
        turn = seat * np.pi / 2 + rng.normal(0, 0.1)
        c, s = np.cos(turn), np.sin(turn)
        rot = np.array([[c, -s], [s, c]])
        offset = rot @ np.array([0.0, aspect * rng.uniform(1.6, 2.2)])
        out += [(a + turn, rot @ p + offset) for a, p in hand]
    return out


def _face_to_table(face: Face, angle: float, centre: np.ndarray, width: float) -> np.ndarray:
    """Face pixels to table units: the card ``width`` units wide, turned and placed."""
    fh, fw = face.image.shape[:2]
    k = width / fw
    c, s = np.cos(angle), np.sin(angle)
    to_centre = np.array([[1, 0, -fw / 2], [0, 1, -fh / 2], [0, 0, 1]], np.float64)
    scale = np.diag([k, k, 1.0])
    rot = np.array([[c, -s, centre[0]], [s, c, centre[1]], [0, 0, 1]], np.float64)
    return rot @ scale @ to_centre


def _camera(tilt: float, yaw: float, distance: float) -> np.ndarray:
    """Table units to the camera's image plane (focal length 1) for a camera tilted by
    ``tilt`` radians, turned by ``yaw``, ``distance`` units from the point it looks at."""
    cz, sz = np.cos(yaw), np.sin(yaw)
    rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    cx, sx = np.cos(tilt), np.sin(tilt)
    rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    r = rx @ rz
    t = np.array([0, 0, distance])
    return np.asarray(np.c_[r[:, 0], r[:, 1], t])


def _warp_card(
    canvas: np.ndarray, labels: np.ndarray, face: np.ndarray, h: np.ndarray, index: int, shadow: float
) -> None:
    """Paint a face through homography ``h`` onto the canvas (float32) where it falls, with a
    soft drop shadow under it; record it in the label map."""
    ch, cw = canvas.shape[:2]
    fh, fw = face.shape[:2]
    quad = project(h, np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float64))
    # Shrink the face first (area averaging) when the photo shows it much smaller: a
    # perspective warp samples without averaging and would alias the glyphs.
    shown = max(float(np.linalg.norm(quad[1] - quad[0])), float(np.linalg.norm(quad[2] - quad[3])), 1.0)
    if shown * 1.5 < fw:
        k = shown * 1.5 / fw
        face = cv2.resize(face, (max(2, round(fw * k)), max(2, round(fh * k))), interpolation=cv2.INTER_AREA)
        h = h @ np.diag([fw / face.shape[1], fh / face.shape[0], 1.0])
        fh, fw = face.shape[:2]
    pad = max(3, int(shown * 0.03))
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - pad
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + pad
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, cw), min(y1, ch)
    if x1 <= x0 or y1 <= y0:
        return
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    hs = shift @ h
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(face, hs, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    alpha = cv2.warpPerspective(np.full((fh, fw), 255, np.uint8), hs, size, flags=cv2.INTER_LINEAR)
    region = canvas[y0:y1, x0:x1]
    if shadow > 0:
        off = max(1.0, shown * 0.012)
        sh = cv2.GaussianBlur(alpha, (0, 0), off).astype(np.float32) / 255.0
        sh = np.roll(sh, (int(off), int(off)), axis=(0, 1))
        region *= (1 - shadow * sh)[:, :, None]
    a = alpha.astype(np.float32)[:, :, None] / 255.0
    region[:] = region * (1 - a) + warped.astype(np.float32) * a
    lab = labels[y0:y1, x0:x1]
    lab[alpha > 127] = index


def _light(img: np.ndarray, rng: np.random.Generator) -> None:
    """Uneven light: a gradient and soft blotches, a colour cast, cast shadows, glare."""
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    field = 1.0 + rng.uniform(-0.35, 0.35) * (xx / w - 0.5) + rng.uniform(-0.35, 0.35) * (yy / h - 0.5)
    small = rng.normal(0, 1, (3, 4)).astype(np.float32)
    field += cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC) * rng.uniform(0, 0.12)
    for _ in range(int(rng.choice([0, 0, 1, 1, 2]))):  # a shadow: a hand, a phone, a lamp's arm
        pts = (rng.uniform(-0.2, 1.2, (int(rng.integers(3, 7)), 2)) * [w, h]).astype(np.int32)
        shape = np.zeros((h, w), np.float32)
        cv2.fillPoly(shape, [cv2.convexHull(pts)], 1.0)
        soft = rng.uniform(0.5, 0.03 * max(w, h))
        blurred = np.asarray(cv2.GaussianBlur(shape, (0, 0), soft), np.float32)
        field *= 1 - blurred * rng.uniform(0.2, 0.5)
    cast = {"warm": (0.78, 0.93, 1.08), "cold": (1.1, 1.0, 0.86), "neutral": (1.0, 1.0, 1.0)}[
        str(rng.choice(["warm", "cold", "neutral", "neutral"]))
    ]
    img *= (field * rng.uniform(0.7, 1.15))[:, :, None] * np.array(cast, np.float32)
    for _ in range(int(rng.choice([0, 0, 0, 1, 2]))):  # glare from a lamp on glossy cards
        gx, gy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.02, 0.15) * max(w, h)
        img += (np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * r * r)) * rng.uniform(40, 160))[:, :, None]


def _camera_flaws(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Blur (focus or motion), a soft webcam's lost detail, sensor noise and JPEG."""
    h, w = img.shape[:2]
    if rng.random() < 0.25:
        k = int(rng.integers(3, 9))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1.0 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), float(rng.uniform(0, 180)), 1.0)
        turned = np.asarray(cv2.warpAffine(kernel, rot, (k, k)), np.float32)
        img = np.asarray(cv2.filter2D(img, -1, turned / max(float(turned.sum()), 1e-6)), np.float32)
    sigma = float(rng.choice([0.0, rng.uniform(0.3, 1.0), rng.uniform(0.8, 2.2)]))
    if sigma > 0:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    if rng.random() < 0.25:
        f = rng.uniform(1.3, 2.5)
        small = cv2.resize(img, (max(8, int(w / f)), max(8, int(h / f))), interpolation=cv2.INTER_AREA)
        img = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    img = img + rng.normal(0, rng.uniform(0.5, 7), img.shape).astype(np.float32)
    if rng.random() < 0.05:  # salt and pepper, as some webcams and exports show
        dots = rng.random((h, w)) < rng.uniform(0.001, 0.006)
        img[dots] = rng.choice([0.0, 255.0])
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.04:  # a black-and-white photo: suits by shape alone
        out = cv2.cvtColor(cv2.cvtColor(out, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    ok, jpeg = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(35, 95))])
    return np.asarray(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), np.uint8) if ok else out


def _steady_camera(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A camera in focus: a little sensor noise and a good JPEG."""
    img = img + rng.normal(0, rng.uniform(0.5, 3), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(80, 95))])
    return np.asarray(cv2.imdecode(jpeg, cv2.IMREAD_COLOR), np.uint8) if ok else out


def _outline(face: Face) -> np.ndarray:
    h, w = face.image.shape[:2]
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)


def _size(rng: np.random.Generator) -> tuple[int, int]:
    long_side = int(rng.uniform(480, 1800))
    ratio = float(rng.choice([4 / 3, 16 / 9, 1.0, 3 / 2]))
    short = int(long_side / ratio)
    return (long_side, short) if rng.random() < 0.6 else (short, long_side)


def render(
    faces: Sequence[Face],
    rng: np.random.Generator,
    photos: Mapping[str, np.ndarray],
    size: tuple[int, int] | None = None,
    layout: str | None = None,
    tilt_deg: float | None = None,
    fill: float | None = None,
    surface_kind: str | None = None,
    show: float | None = None,
    card_px: float | None = None,
    in_focus: bool = False,
) -> Scene:
    """A photo of ``faces`` (later ones on top). Unset arguments are drawn at random: the
    photo's size (width, height), the layout, the camera's tilt in degrees, the share of the
    photo the cards fill (or ``card_px``, a card's width in pixels), the surface (a drawn
    one's name, or the start of a surface photo's name) and, for a fan, the share of each
    card left showing. ``in_focus``: a steady camera in focus (sensor noise and a good JPEG,
    no blur, no lost detail), for figures that vary one thing alone, such as the index's size."""
    kind = layout or str(rng.choice(LAYOUTS))
    w, h = size or _size(rng)
    faces = list(faces)
    aspect = faces[0].image.shape[0] / faces[0].image.shape[1]
    places = _placements(kind, len(faces), aspect, rng, show)
    random_tilt = float(rng.choice([rng.uniform(0, 25), rng.uniform(0, 60)]))
    tilt = np.radians(tilt_deg if tilt_deg is not None else random_tilt)
    to_table = [_face_to_table(f, a, c, 1.0) for f, (a, c) in zip(faces, places, strict=False)]
    corners = np.concatenate([project(t, _outline(f)) for f, t in zip(faces, to_table, strict=False)])
    middle = (corners.min(axis=0) + corners.max(axis=0)) / 2
    extent = float(np.max(corners.max(axis=0) - corners.min(axis=0)))
    recentre = np.array([[1, 0, -middle[0]], [0, 1, -middle[1]], [0, 0, 1]], np.float64)
    cam = _camera(tilt, float(rng.uniform(0, 2 * np.pi)), extent * rng.uniform(1.3, 4.0)) @ recentre
    seen = np.concatenate([project(cam @ t, _outline(f)) for f, t in zip(faces, to_table, strict=False)])
    lo, hi = seen.min(axis=0), seen.max(axis=0)
    if card_px is not None:  # one card's width in the photo (as seen from straight above)
        widths = [np.linalg.norm(q[1] - q[0]) for q in (project(cam @ t, _outline(f)) for f, t in
                                                        zip(faces, to_table, strict=False))]
        k = card_px / max(float(np.median(widths)), 1e-9)
    else:
        share = fill if fill is not None else float(rng.uniform(0.35, 0.95))
        k = share * min(w / max(hi[0] - lo[0], 1e-9), h / max(hi[1] - lo[1], 1e-9))
    room = np.array([w, h]) - (hi - lo) * k
    offset = rng.uniform(0, 1, 2) * np.maximum(room, 0) - lo * k + np.minimum(room, 0) / 2
    if card_px is None and rng.random() < 0.08:  # now and then the frame cuts the cards
        offset += rng.normal(0, 0.15, 2) * [w, h]
    to_photo = np.array([[k, 0, offset[0]], [0, k, offset[1]], [0, 0, 1]], np.float64) @ cam
    canvas = surface(h, w, photos, rng, surface_kind)
    if rng.random() < 0.35:
        clutter(canvas, rng, int(rng.integers(1, 12)))
    labels = np.full((h, w), -1, np.int16)
    placed = []
    shadow = float(rng.uniform(0.1, 0.45))
    for i, (face, t) in enumerate(zip(faces, to_table, strict=False)):
        hom = to_photo @ t
        _warp_card(canvas, labels, face.image, hom, i, shadow)
        placed.append(Placed(face, hom))
    if rng.random() < 0.12:  # a book, a hand or a phone over part of the cards
        _occluder(canvas, labels, rng)
    _light(canvas, rng)
    image = _steady_camera(canvas, rng) if in_focus else _camera_flaws(canvas, rng)
    return Scene(image, tuple(placed), labels, kind, surface_kind or "any", float(np.degrees(tilt)))


def _occluder(canvas: np.ndarray, labels: np.ndarray, rng: np.random.Generator) -> None:
    h, w = canvas.shape[:2]
    centre = rng.uniform(0.2, 0.8, 2) * [w, h]
    axes = rng.uniform(0.08, 0.3, 2) * max(w, h)
    mask = np.zeros((h, w), np.uint8)
    if rng.random() < 0.5:  # a hand or a thumb
        cv2.ellipse(
            mask,
            (int(centre[0]), int(centre[1])),
            (int(axes[0]), int(axes[1] * 0.5)),
            float(rng.uniform(0, 180)),
            0,
            360,
            255,
            -1,
        )
        colour = np.array([rng.uniform(90, 170), rng.uniform(120, 190), rng.uniform(170, 235)], np.float32)
    else:  # a book or a phone
        box = cv2.boxPoints(
            (
                (float(centre[0]), float(centre[1])),
                (float(axes[0]), float(axes[1])),
                float(rng.uniform(0, 180)),
            )
        )
        cv2.fillPoly(mask, [box.astype(np.int32)], 255)
        colour = rng.uniform(10, 230, 3).astype(np.float32)
    on = mask > 0
    canvas[on] = colour + rng.normal(0, 4, (int(on.sum()), 3)).astype(np.float32)
    labels[on] = -1
