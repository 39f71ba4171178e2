"""The printed Insonnia deck's marker scheme: which ArUco marker goes where on which card.

Every card carries two markers, one in its top-left corner (upright) and one in its
bottom-right corner (turned half a turn), each in a white quiet zone. The markers
come from OpenCV's predefined ``DICT_5X5_250`` (5x5 bits inside a one-cell black
border); only its first 104 markers are used, so that any two of them, in any of
their four turns, differ in at least 7 of the 25 bits.

Marker ``2 * i + corner`` belongs to the ``i``-th distinct card code of
:data:`CODES` (``R1`` … ``P10``, ``F``, ``X``) at ``corner`` (0 top-left,
1 bottom-right). One marker therefore names the card, its corner and, through the
marker's own orientation, which way the card is turned; its four corners and the
card's layout below give the whole card's outline (a homography from millimetres
on the card to pixels).

This module is shared by the printer (which draws the markers) and the reader
(which finds them); it has no other dependency than OpenCV and NumPy.
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

CARD_W = 63.0  # millimetres: standard poker size
CARD_H = 88.0
BITS = 5  # data bits per side
CELLS = BITS + 2  # with the black border
MARKER_SIDE = 18.0  # millimetres, border included
CELL = MARKER_SIDE / CELLS
MARKER_AT = 5.5  # the top-left marker's own top-left corner, from the card's top-left corner
QUIET = 3.5  # white margin around each marker (more than one cell)
BOX_AT = MARKER_AT - QUIET  # the white box holding the marker and its quiet zone
BOX_SIDE = MARKER_SIDE + 2 * QUIET

TOP_LEFT = 0
BOTTOM_RIGHT = 1
CORNERS = (TOP_LEFT, BOTTOM_RIGHT)

COLOURS = ("R", "Y", "G", "B", "P")
CODES: tuple[str, ...] = (*(f"{c}{n}" for c in COLOURS for n in range(1, 11)), "F", "X")
MARKERS = 2 * len(CODES)  # 104
MIN_DISTANCE = 7  # bits between any two markers used, every turn of each included
MAX_CORRECTION = (MIN_DISTANCE - 1) // 2

_INDEX = {code: i for i, code in enumerate(CODES)}


def marker_id(code: str, corner: int) -> int:
    """The marker printed at ``corner`` (0 top-left, 1 bottom-right) of card ``code``."""
    if corner not in CORNERS:
        raise ValueError(f"corner must be 0 or 1, not {corner!r}")
    try:
        return 2 * _INDEX[code] + corner
    except KeyError:
        raise ValueError(f"{code!r} is not a card of the Insonnia deck") from None


def marker_card(mid: int) -> tuple[str, int]:
    """The card code and the corner a marker id belongs to."""
    if not 0 <= mid < MARKERS:
        raise ValueError(f"marker {mid} is not used by the Insonnia deck")
    return CODES[mid // 2], mid % 2


@cache
def dictionary() -> cv2.aruco.Dictionary:
    """The 104 markers of the deck, as an OpenCV dictionary that knows no other marker."""
    base = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250)
    return cv2.aruco.Dictionary(base.bytesList[:MARKERS].copy(), BITS, MAX_CORRECTION)


@cache
def _bits(mid: int) -> tuple[tuple[int, ...], ...]:
    image = cv2.aruco.generateImageMarker(dictionary(), mid, CELLS * 4, borderBits=1)
    cells = image.reshape(CELLS, 4, CELLS, 4)[:, 1, :, 1]  # one pixel per cell
    return tuple(tuple(int(v > 127) for v in row) for row in cells)


def marker_cells(mid: int) -> np.ndarray:
    """The marker as a ``CELLS`` x ``CELLS`` grid, 1 for white, 0 for black, in its own upright
    frame (row 0 at the top); the outer ring is the black border."""
    if not 0 <= mid < MARKERS:
        raise ValueError(f"marker {mid} is not used by the Insonnia deck")
    return np.array(_bits(mid), np.uint8)


def turn_half(points: np.ndarray) -> np.ndarray:
    """Points on the card turned half a turn about the card's centre."""
    p = np.asarray(points, np.float64)
    return np.column_stack([CARD_W - p[:, 0], CARD_H - p[:, 1]])


def marker_points(corner: int) -> np.ndarray:
    """A marker's four corners on the upright card (mm), in the marker's own order: its
    top-left, top-right, bottom-right, bottom-left (the order OpenCV reports them in)."""
    a, b = MARKER_AT, MARKER_AT + MARKER_SIDE
    tl = np.array([[a, a], [b, a], [b, b], [a, b]], np.float64)
    return tl if corner == TOP_LEFT else turn_half(tl)


def box_points(corner: int) -> np.ndarray:
    """The white box around a marker (its quiet zone included), clockwise from its top-left."""
    a, b = BOX_AT, BOX_AT + BOX_SIDE
    tl = np.array([[a, a], [b, a], [b, b], [a, b]], np.float64)
    return tl if corner == TOP_LEFT else turn_half(tl)


def card_outline() -> np.ndarray:
    """The card's corners (mm), clockwise from the top-left of the upright card."""
    return np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float64)


def black_cells(mid: int, corner: int) -> list[tuple[float, float, float, float]]:
    """The marker's black cells on the card as rectangles (x, y, width, height in mm),
    runs of neighbouring cells in a row merged; the printer draws exactly these."""
    cells = marker_cells(mid)
    out = []
    for r in range(CELLS):
        c = 0
        while c < CELLS:
            if cells[r, c]:
                c += 1
                continue
            start = c
            while c < CELLS and not cells[r, c]:
                c += 1
            x, y, w = MARKER_AT + start * CELL, MARKER_AT + r * CELL, (c - start) * CELL
            if corner == BOTTOM_RIGHT:  # half a turn: the rectangle's far corner comes first
                x, y = CARD_W - x - w, CARD_H - y - CELL
            out.append((x, y, w, CELL))
    return out
