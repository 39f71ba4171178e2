"""The learned index reader at serving time: ONNX networks run by OpenCV's ``dnn`` module
(no PyTorch needed). A small screen drops most candidates that are no index; the reader
names the card of each one left, or says it is none. A reader is a few networks trained
alike from different seeds, whose verdicts are averaged: where one of them is sure of a
wrong suit or takes court art for a card, the others rarely agree.

The networks are built by ``make models`` (:mod:`recognizer.training.build`) and shipped
in ``recognizer/models`` with a description (``index_reader.json``): the classes, the
patch geometry, and its variants: the shipped pair of networks, and a pair trained on
synthetic scenes alone that the benchmark uses to score the real photos the shipped pair
was trained on (each variant says which photo folders it saw).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from .patches import normalise
from .types import PatchSettings

MODELS = Path(__file__).resolve().parent / "models"
SETTLED = 0.05  # a card the first network gives less than this, the others are not asked about
MIN_READING = 0.5  # a reading this sure is kept (the build calibrates the screen for it)
DESCRIPTION = MODELS / "index_reader.json"


@dataclass(frozen=True)
class Model:
    """One variant of the reader: its networks, classes, patches and training folders."""

    name: str
    classes: tuple[str, ...]  # card codes, then "none"
    readers: tuple[Path, ...]  # networks whose class probabilities are averaged
    screen: Path | None
    patch: PatchSettings
    screen_patch: PatchSettings
    screen_threshold: float  # a candidate the screen scores under this is dropped
    trained_on: tuple[str, ...]  # "synthetic", "cardphotos/<folder>"

    @property
    def none(self) -> int:
        """The class index of "no index"."""
        return len(self.classes) - 1

    def saw(self, folder: str) -> bool:
        """Whether these networks were trained on photos of ``folder`` (a cardphotos name)."""
        return f"cardphotos/{folder}" in self.trained_on


def variants(description: Path = DESCRIPTION) -> dict[str, Model]:
    """Every variant a description lists, by name (the shipped one is ``shipped``)."""
    d = json.loads(description.read_text())
    out = {}
    for name, v in d["variants"].items():
        out[name] = Model(
            name=name,
            classes=tuple(d["classes"]),
            readers=tuple(description.parent / f for f in reader_entry(v["reader"])),
            screen=description.parent / v["screen"] if v.get("screen") else None,
            patch=PatchSettings(**d["patch"]),
            screen_patch=PatchSettings(**d["screen_patch"]),
            screen_threshold=float(v.get("threshold", 0.0)),
            trained_on=tuple(v["trained_on"]),
        )
    return out


def reader_entry(entry: str | list[str]) -> list[str]:
    """A variant's reader files: one name, or a list of them."""
    return [entry] if isinstance(entry, str) else list(entry)


def unseen(folder: str, description: Path = DESCRIPTION) -> Model | None:
    """A variant that never saw ``folder``: the shipped one when it can be, else another."""
    found = variants(description)
    ranked = sorted(found.values(), key=lambda m: m.name != "shipped")
    return next((m for m in ranked if not m.saw(folder)), None)


class Networks:
    """The networks of a variant, one copy per thread (an OpenCV net is not thread-safe)."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._local = threading.local()

    def _nets(self) -> tuple[list[cv2.dnn.Net], cv2.dnn.Net | None]:
        nets = getattr(self._local, "nets", None)
        if nets is None:
            readers = [cv2.dnn.readNetFromONNX(str(path)) for path in self.model.readers]
            screen = cv2.dnn.readNetFromONNX(str(self.model.screen)) if self.model.screen else None
            nets = (readers, screen)
            self._local.nets = nets
        return nets

    def screen(self, patches: np.ndarray) -> np.ndarray:
        """The screen's probability that each patch (uint8, n x h x w x 3) is an index."""
        _, net = self._nets()
        if net is None or not len(patches):
            return np.ones(len(patches), np.float32)
        return _softmax(_forward(net, normalise(patches)))[:, 0]

    def read(self, patches: np.ndarray) -> np.ndarray:
        """Class probabilities (n, classes) of each patch: the mean of the reader's networks.
        A patch the first network gives no card at least ``SETTLED`` is no index: the
        others are not asked (averaged with it, no card could reach a reading's minimum)."""
        readers, _ = self._nets()
        if not len(patches):
            return np.zeros((0, len(self.model.classes)), np.float32)
        x = normalise(patches)
        first = _softmax(_forward(readers[0], x))
        if len(readers) == 1:
            return first
        open_ = np.flatnonzero(first[:, :self.model.none].max(axis=1) >= SETTLED)
        if len(open_):
            rest = [_softmax(_forward(net, x[open_])) for net in readers[1:]]
            first[open_] = (first[open_] + np.sum(rest, axis=0)) / len(readers)
        return first


def _forward(net: cv2.dnn.Net, x: np.ndarray, batch: int = 512) -> np.ndarray:
    out = []
    for k in range(0, len(x), batch):
        chunk = x[k : k + batch]
        net.setInput(chunk)
        out.append(np.asarray(net.forward(), np.float32).reshape(len(chunk), -1))
    return np.concatenate(out)


def _softmax(scores: np.ndarray) -> np.ndarray:
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return np.asarray(e / e.sum(axis=1, keepdims=True), np.float32)


_NETWORKS: dict[tuple[str, str], Networks] = {}
_LOCK = threading.Lock()


def networks(variant: str = "shipped", description: Path = DESCRIPTION) -> Networks:
    """A variant's networks, loaded once per process (one copy per thread inside)."""
    key = (str(description), variant)
    with _LOCK:
        found = _NETWORKS.get(key)
        if found is None:
            found = _NETWORKS[key] = Networks(variants(description)[variant])
        return found


@lru_cache(maxsize=1)
def shipped() -> Model:
    """The shipped variant."""
    return variants()["shipped"]
