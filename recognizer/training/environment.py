"""What a build depends on beyond the project's code and ``../shared``: the font files its
decks are drawn with (a font missing on one machine changes every scene, since a deck's font
is drawn from those installed) and the versions of the libraries that draw, warp and train.
A build records them, with a hash of the patches it trained on, so that a rebuild that does
not repeat the shipped networks says whether the machine or the scenes differ.

Standard library and the core dependencies only: the benchmark reads it without the
training extra.
"""

from __future__ import annotations

import hashlib
from importlib import metadata

import numpy as np

from .glyphs import RANK_FONT_NAMES, SUIT_FONT_NAMES, fonts

LIBRARIES = ("opencv-python-headless", "numpy", "pillow", "torch", "onnx")


def font_files() -> dict[str, str]:
    """Each installed font the decks may be drawn with: its file name and a hash of its bytes."""
    out = {}
    for path in fonts((*RANK_FONT_NAMES, *SUIT_FONT_NAMES)):
        out[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return out


def libraries() -> dict[str, str]:
    """The installed version of each library a build uses ("none" where it is missing)."""
    out = {}
    for name in LIBRARIES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "none"
    return out


def environment() -> dict[str, dict[str, str]]:
    """This machine's fonts and libraries, as a build records them."""
    return {"fonts": font_files(), "libraries": libraries()}


def differences(recorded: dict[str, dict[str, str]], today: dict[str, dict[str, str]]) -> list[str]:
    """What differs between a recorded environment and today's, one phrase each."""
    out = []
    for kind in ("fonts", "libraries"):
        before, now = recorded.get(kind, {}), today.get(kind, {})
        for name in sorted(set(before) | set(now)):
            if name not in now:
                out.append(f"{name} missing")
            elif name not in before:
                out.append(f"{name} added")
            elif before[name] != now[name]:
                out.append(f"{name} {before[name]} -> {now[name]}")
    return out


def corpus_hash(data: dict[str, np.ndarray]) -> str:
    """A short hash of training arrays (their names, shapes, types and bytes)."""
    h = hashlib.sha256()
    for key in sorted(data):
        array = np.ascontiguousarray(data[key])
        h.update(f"{key}:{array.shape}:{array.dtype}".encode())
        h.update(array.tobytes())
    return h.hexdigest()[:16]
