"""Cutting the candidate indices out of the pyramid as small upright patches for the reader.

A candidate's frame is fixed by its two glyph centres: the rank's centre is the origin,
the direction to the suit's centre is "down", and their distance is the unit. Every patch
is sampled on the same grid of that frame, so an index looks the same to the reader
whatever its size and rotation in the photo. All candidates of a level are cut by one
``cv2.remap`` call.
"""

from __future__ import annotations

import cv2
import numpy as np

from .candidates import Candidates, Level
from .types import PatchSettings

MAP_ROWS = 32_000  # OpenCV's remap takes maps of fewer than 32767 rows
MAP_COLUMNS = 1024  # sampling points per row of a remap map
MAX_PATCHES = 4096  # patches cut by one remap call at most (its maps take about 20 bytes a point)


def grid(s: PatchSettings = PatchSettings()) -> tuple[np.ndarray, np.ndarray]:
    """The sampling points of a patch in frame units: across (columns) and down (rows)."""
    across = s.left + (np.arange(s.width, dtype=np.float32) + 0.5) * (s.right - s.left) / s.width
    down = s.top + (np.arange(s.height, dtype=np.float32) + 0.5) * (s.bottom - s.top) / s.height
    return across, down


def frames(rank: np.ndarray, suit: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each candidate's unit vectors scaled by its unit: ``across`` and ``down`` (n, 2)."""
    down = suit - rank
    across = np.stack([down[:, 1], -down[:, 0]], axis=1)
    return across, down


def cut(levels: list[Level], found: Candidates, s: PatchSettings = PatchSettings()) -> np.ndarray:
    """The patches of all candidates, as uint8 BGR (n, height, width, 3), in ``found``'s order.

    The sampling points of every patch of a level go to ``cv2.remap`` as one map of wide
    rows (``MAP_COLUMNS`` points each), not as rows a patch wide: remap pays for every row
    it starts, and each point is sampled alone, so the layout changes nothing but the time."""
    out = np.empty((len(found), s.height, s.width, 3), np.uint8)
    if not len(found):
        return out
    gx, gy = grid(s)
    across, down = frames(found.rank, found.suit)
    per_patch = s.height * s.width
    chunk = max(1, min(MAX_PATCHES, MAP_ROWS * MAP_COLUMNS // per_patch))  # patches cut by one remap call
    for k, level in enumerate(levels):
        on_level = np.nonzero(found.level == k)[0]
        for start in range(0, len(on_level), chunk):
            idx = on_level[start : start + chunk]
            # point = rank + x * across + y * down, for every grid point of every candidate
            px = (
                found.rank[idx, 0][:, None, None]
                + gx[None, None, :] * across[idx, 0][:, None, None]
                + gy[None, :, None] * down[idx, 0][:, None, None]
            )
            py = (
                found.rank[idx, 1][:, None, None]
                + gx[None, None, :] * across[idx, 1][:, None, None]
                + gy[None, :, None] * down[idx, 1][:, None, None]
            )
            points = len(idx) * per_patch
            rows = -(-points // MAP_COLUMNS)
            mx = np.zeros(rows * MAP_COLUMNS, np.float32)
            my = np.zeros(rows * MAP_COLUMNS, np.float32)
            mx[:points] = px.ravel()
            my[:points] = py.ravel()
            sampled = cv2.remap(
                level.image,
                mx.reshape(rows, MAP_COLUMNS),
                my.reshape(rows, MAP_COLUMNS),
                cv2.INTER_LINEAR,
                borderMode=cv2.BORDER_REPLICATE,
            )
            out[idx] = sampled.reshape(-1, 3)[:points].reshape(len(idx), s.height, s.width, 3)
    return out


CHANNELS = 5  # network input: three colours, then the patch's brightness and contrast
BRIGHTNESS = (128.0, 64.0)  # the brightness plane: (mean - first) / second
CONTRAST = 32.0  # the contrast plane: standard deviation / this


def normalise(patches: np.ndarray) -> np.ndarray:
    """Network input (n, CHANNELS, height, width) float32: each patch's colours with its
    brightness and contrast taken out (relative to each other, so that a card reads alike in
    any light), then two constant planes that give back how bright and how contrasted the
    patch was (so that dark wood grain, stretched to look like ink on paper, can still be
    told from print on a white card)."""
    n = len(patches)
    h, w = patches.shape[1:3]
    out = np.empty((n, CHANNELS, h, w), np.float32)
    if not n:
        return out
    # channels first while still bytes, then one conversion and two passes in place
    x = out[:, :3]
    x[:] = patches.transpose(0, 3, 1, 2)
    flat = x.reshape(n, -1)
    mean = flat.mean(axis=1, dtype=np.float64)
    square = np.einsum("ij,ij->i", flat, flat, dtype=np.float64) / flat.shape[1]
    std = np.sqrt(np.maximum(square - mean * mean, 0.0))
    scale = 1.0 / (std + 8.0)
    flat *= scale.astype(np.float32)[:, None]
    flat -= (mean * scale).astype(np.float32)[:, None]
    out[:, 3] = ((mean - BRIGHTNESS[0]) / BRIGHTNESS[1]).astype(np.float32)[:, None, None]
    out[:, 4] = (std / CONTRAST).astype(np.float32)[:, None, None]
    return out
