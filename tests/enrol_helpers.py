"""Card faces the enrolment tests draw themselves: busy ones, and plain pip cards."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np


def drawn_face(seed: int) -> np.ndarray:
    """A busy face: coloured shapes and a number, different for every seed."""
    rng = np.random.default_rng(seed)
    face = np.full((400, 240, 3), 235, np.uint8)
    cv2.rectangle(face, (8, 8), (231, 391), (30, 30, 30), 2)
    for _ in range(32):
        colour = tuple(int(c) for c in rng.integers(0, 200, 3))
        x, y = (int(v) for v in rng.integers([50, 50], [190, 330]))
        kind = int(rng.integers(3))
        if kind == 0:
            cv2.circle(face, (x, y), int(rng.integers(6, 28)), colour, -1)
        elif kind == 1:
            size = (int(v) for v in rng.integers(8, 50, 2))
            cv2.rectangle(face, (x, y), (x + next(size), y + next(size)), colour, -1)
        else:
            pts = rng.integers([22, 22], [218, 378], (3, 2)).astype(np.int32)
            cv2.polylines(face, [pts], True, colour, 3)
    cv2.putText(face, str(seed), (30, 370), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (0, 0, 160), 4)
    return face


PIP_PLACES = {2: [(0.5, 0.2), (0.5, 0.8)], 3: [(0.5, 0.2), (0.5, 0.5), (0.5, 0.8)],
              4: [(0.3, 0.2), (0.7, 0.2), (0.3, 0.8), (0.7, 0.8)],
              5: [(0.3, 0.2), (0.7, 0.2), (0.5, 0.5), (0.3, 0.8), (0.7, 0.8)],
              6: [(0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)]}


def pip_face(n: int) -> np.ndarray:
    """A plain face: ``n`` red diamonds and nothing else, like an old pip card."""
    face = np.full((400, 240, 3), 240, np.uint8)
    for fx, fy in PIP_PLACES[n]:
        x, y = fx * 240, fy * 400
        pts = np.array([[x, y - 30], [x + 20, y], [x, y + 30], [x - 20, y]], np.int32)
        cv2.fillPoly(face, [pts], (40, 40, 200))
    return face


def write_faces(folder: Path, faces: dict[str, np.ndarray]) -> Path:
    """Save faces as ``CODE.png`` files in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for code, face in faces.items():
        cv2.imwrite(str(folder / f"{code}.png"), face)
    return folder


def jpeg(image: np.ndarray) -> bytes:
    """An image as JPEG bytes."""
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return buf.tobytes()


def grid_photo(faces: list[np.ndarray], columns: int = 4, seed: int = 1) -> np.ndarray:
    """Faces laid upright in a grid on green felt, the photo a little turned: an enrolment shot."""
    rng = np.random.default_rng(seed)
    rows = (len(faces) + columns - 1) // columns
    height = 60 + rows * 480
    img = np.full((max(height, 600), 1400, 3), (40, 100, 40), np.uint8)
    for i, face in enumerate(faces):
        r, c = divmod(i, columns)
        x = 80 + c * 320 + int(rng.integers(-15, 15))
        y = 40 + r * 480 + int(rng.integers(-15, 15))
        img[y:y + 300, x:x + 180] = cv2.resize(face, (180, 300), interpolation=cv2.INTER_AREA)
    h, w = img.shape[:2]
    turn = cv2.getRotationMatrix2D((w / 2, h / 2), float(rng.uniform(-5, 5)), 1.0)
    return np.asarray(cv2.warpAffine(img, turn, (w, h), borderValue=(40, 100, 40)))
