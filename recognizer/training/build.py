"""``make models``: rebuild the shipped index reader from ../shared and the project's code.

1. Synthetic scenes (:mod:`.corpus`) are made in parallel, one seed per scene, and the
   index finder's candidates in them are labelled and cut (:mod:`.dataset`).
2. The screen is trained on every candidate of the synthetic scenes. It serves every
   variant of the reader, and it chooses what the reader learns from: the reader only ever
   reads what the screen keeps, so it is trained on every index, on the non-indices the
   screen finds hardest (HARD_NEGATIVES of them, the likeliest) and on a random share of
   the rest (EASY_NEGATIVES), instead of on hundreds of thousands of plain table.
3. A reader is MEMBERS networks trained alike from different seeds, whose verdicts the
   app averages (their mistakes differ, so the mean is surer where they agree and doubts
   where one alone is sure). First readers are trained on the synthetic scenes alone.
4. The real photos whose licence allows training (:data:`.photos.TRAINING_FOLDERS`:
   ``cardcounter`` with corner-index boxes, ``quentin`` with whole-card boxes) are labelled
   with the first readers' help (:mod:`.photos`). Each variant of the reader goes on from
   the first ones for TUNE_EPOCHS on its real folders and a share of the synthetic
   candidates (TUNE_SHARE): ``shipped`` on every folder, and ``without-<folder>`` on all but
   one, so that the benchmark scores every real folder with networks that never saw it.
   Every training batch is changed at random (:mod:`.augment`: the frame a little off,
   colour casts, grey, softness, noise) so that the reader learns the index, not the
   renderer.
5. ``index_reader.json`` describes them: classes, patch geometry, each variant's screen
   threshold and which photo folders it was trained on. The threshold is calibrated on the
   exported networks as OpenCV runs them (``--calibrate`` redoes only this step): every
   card keeps SCREEN_RECALL of its held-back indices that the reader reads right (an index
   survives when any of its candidates does; one the reader misreads anyway is no loss of
   the screen's, and a rare card such as a joker is not outvoted by the common ones), unless
   that lets more than SCREEN_MAX_PASS of the non-indices through: the reader costs about
   ten times the screen per patch, so that share bounds the time a photo takes, and the
   threshold rises to keep it.

Generated patches are cached under ``build/models`` by a hash of the code that makes them
(:data:`.provenance.PATCH_MAKERS` and what they import) and of the settings,
so a second run only trains. Everything is seeded: the same inputs and thread count give
the same files.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from ..reader import MIN_READING
from ..types import FindSettings, PatchSettings

if TYPE_CHECKING:
    from torch import nn
from .corpus import Sources, scene
from .dataset import BACKGROUND, CLASSES, Labelled, scene_patches
from .environment import corpus_hash, environment
from .photos import TRAINING_FOLDERS, PhotoFolder, read_boxes
from .provenance import PATCH_MAKERS, commit, fingerprint

HERE = Path(__file__).resolve().parent
MODELS = HERE.parent / "models"
READER_PATCH = PatchSettings()
SCREEN_PATCH = PatchSettings(width=12, height=16)
READER_WIDTHS = (16, 32, 32, 64)  # channels of the reader's four convolutions
MEMBERS = 2  # networks a reader averages, trained alike from different seeds
AUGMENT = 1.0  # how much each training batch is changed at random (recognizer.training.augment)
TUNE_EPOCHS = 3  # each variant: the first reader trained on with its real photos added
TUNE_SHARE = 0.25  # ... and this share of the synthetic candidates the first reader learnt from
HARD_NEGATIVES = 0.15  # the reader learns from this share of the non-indices, those the screen likes best,
EASY_NEGATIVES = 0.15  # ... and from this share of the others, chosen at random
SEED = 2026
SCENES = 8000  # synthetic photos made for training
EPOCHS = 8  # passes over the synthetic candidates, for the screen and the first readers
SCREEN_FILE = "index_screen.onnx"  # one screen, trained on the synthetic scenes, for every variant
SCREEN_RECALL = 0.995  # of each card's indices read right (any candidate kept), on held-back scenes
SCREEN_MAX_PASS = 0.015  # ... unless more than this share of the non-indices would pass: the reader's budget
Log = Callable[[str], None]
Data = dict[str, np.ndarray]


def _default_shared() -> Path:
    env = os.environ.get("TAVOLO_SHARED")
    return Path(env) if env else HERE.parents[2] / "shared"


def _code_hash(extra: str) -> str:
    """The cache key of patches cut with ``extra`` (the settings) by today's patch code (a
    change to grouping or to the networks keeps the cache)."""
    return hashlib.sha256(f"{extra}-{fingerprint(PATCH_MAKERS)}".encode()).hexdigest()[:16]


def _arrays(parts: list[Labelled], photo_ids: list[int]) -> Data:
    """Labelled candidates of many photos as arrays; instances numbered across photos."""
    return {
        "reader": np.concatenate([p.patches[0] for p in parts]),
        "screen": np.concatenate([p.patches[1] for p in parts]),
        "labels": np.concatenate([p.labels for p in parts]).astype(np.int16),
        "heights": np.concatenate([p.heights for p in parts]),
        "instances": np.concatenate(
            [
                np.where(p.instances >= 0, i * 1000 + p.instances, -1)
                for i, p in zip(photo_ids, parts, strict=True)
            ]
        ),
        "photo": np.concatenate(
            [np.full(len(p.labels), i, np.int32) for i, p in zip(photo_ids, parts, strict=True)]
        ),
    }


def _scene_work(args: tuple[Sources, int, int]) -> Labelled:
    sources, seed, index = args
    cv2.setNumThreads(1)
    made = scene(sources, seed, index)
    return scene_patches(
        made, FindSettings(), (READER_PATCH, SCREEN_PATCH), rng=np.random.default_rng([seed, index, 1])
    )


def synthetic(sources: Sources, count: int, workers: int, cache: Path, log: Log) -> Data:
    """Labelled candidates of ``count`` synthetic scenes (cached)."""
    settings = f"{count}-{SEED}-{READER_PATCH}-{SCREEN_PATCH}-{FindSettings()}"  # what cuts them
    path = cache / f"synthetic-{_code_hash(settings)}.npz"
    if path.exists():
        log(f"synthetic patches: {path} (cached)")
        return dict(np.load(path))
    start = time.perf_counter()
    jobs = [(sources, SEED, i) for i in range(count)]
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_scene_work, jobs, chunksize=8)
    else:
        parts = [_scene_work(job) for job in jobs]
    data = _arrays(parts, list(range(count)))
    cache.mkdir(parents=True, exist_ok=True)
    np.savez(path, **data)  # type: ignore[arg-type]
    log(
        f"synthetic patches: {count} scenes, {len(data['labels'])} patches "
        f"({int((data['labels'] < BACKGROUND).sum())} of indices) in {time.perf_counter() - start:.0f} s"
    )
    return data


def real(
    shared: Path, folder: PhotoFolder, orient: Callable[[np.ndarray], np.ndarray], log: Log,
    limit: int | None = None,
) -> Data:
    """Labelled candidates of a real photo folder with boxes (its first ``limit`` photos by
    name, or all)."""
    path = shared / "cardphotos" / folder.name
    boxes = sorted(read_boxes(path).items())[:limit]
    parts, ids = [], []
    for i, (name, found) in enumerate(boxes):
        image = cv2.imread(str(path / name), cv2.IMREAD_COLOR)
        if image is not None:
            parts.append(folder.patches(image, name, found, orient, (READER_PATCH, SCREEN_PATCH),
                                        np.random.default_rng([SEED, i, 2])))
            ids.append(100_000 * (1 + TRAINING_FOLDERS.index(folder)) + i)
    data = _arrays(parts, ids)
    log(
        f"{folder.name}: {len(boxes)} photos, {len(data['labels'])} patches "
        f"({int(((data['labels'] >= 0) & (data['labels'] < BACKGROUND)).sum())} of indices)"
    )
    return data


def variant_folders(folders: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The reader's variants and the real folders each is trained on: ``shipped`` on all of
    them, and ``without-<folder>`` on all but that one (the benchmark's reader for it)."""
    out = {"shipped": folders}
    for name in folders:
        out[f"without-{name}"] = tuple(f for f in folders if f != name)
    return out


def reader_files(variant: str, members: int = MEMBERS) -> list[str]:
    """The ONNX files of a variant's reader, one a member network."""
    stem = "index_reader" if variant == "shipped" else f"index_reader_{variant.replace('-', '_')}"
    return [f"{stem}_{m + 1}.onnx" for m in range(members)]


def reader_rows(labels: np.ndarray, p_index: np.ndarray, rows: np.ndarray, seed: int) -> np.ndarray:
    """Which of ``rows`` the reader learns from: every index (and every unsure candidate,
    which training leaves out anyway), the HARD_NEGATIVES share of the non-indices the
    screen holds likeliest to be indices, and EASY_NEGATIVES of the others at random."""
    chosen = rows & (labels != BACKGROUND)
    negative = np.flatnonzero(rows & (labels == BACKGROUND))
    if len(negative):
        order = negative[np.argsort(-p_index[negative], kind="stable")]
        hard = round(HARD_NEGATIVES * len(order))
        chosen[order[:hard]] = True
        rest = order[hard:]
        rng = np.random.default_rng(seed)
        chosen[rng.choice(rest, round(EASY_NEGATIVES * len(rest)), replace=False)] = True
    return np.asarray(chosen)


def _join(parts: list[Data]) -> Data:
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def screen_threshold(p_index: np.ndarray, labels: np.ndarray, instances: np.ndarray, recall: float,
                     read_right: np.ndarray | None = None) -> float:
    """The highest screen threshold at which every card still keeps ``recall`` of its
    indices: an index is kept when the best of its candidates passes. With ``read_right``
    (per candidate: the reader names its card surely), only candidates the reader reads
    right count: an index the reader would misread or doubt is lost whatever the screen does."""
    positive = (labels >= 0) & (labels < BACKGROUND) & (instances >= 0)
    if read_right is not None:
        positive &= read_right
    ids, inverse = np.unique(instances[positive], return_inverse=True)
    if not len(ids):
        return 0.0
    best = np.full(len(ids), -1.0)
    np.maximum.at(best, inverse, p_index[positive])
    card = np.zeros(len(ids), np.int64)
    card[inverse] = labels[positive]
    return float(min(np.quantile(best[card == c], 1 - recall) for c in np.unique(card)))


def budget_threshold(others: np.ndarray, share: float) -> float:
    """The lowest threshold that lets at most ``share`` of the non-index scores ``others``
    through (0 when there are none)."""
    if not len(others):
        return 0.0
    ranked = np.sort(others)[::-1]
    allowed = int(np.floor(share * len(ranked)))
    if allowed >= len(ranked):
        return 0.0
    return float(np.nextafter(ranked[allowed], np.inf))


def held_back(data: Data) -> np.ndarray:
    """The candidates of every twentieth synthetic scene: never trained on, they check the
    training and calibrate the screens."""
    return np.asarray(data["photo"] % 20 == 0)


def calibrate(out: Path, data: Data, variants: dict[str, list[str]], log: Log) -> dict[str, float]:
    """Each variant's screen threshold (see :func:`screen_threshold`), from its exported
    networks in ``out`` (``variants``: each one's reader files) run by OpenCV on the
    held-back scenes, exactly as the app runs them."""
    from ..reader import Model, Networks

    held = held_back(data)
    labels = data["labels"][held]
    thresholds = {}
    p_index: np.ndarray | None = None
    for name, files in variants.items():
        nets = Networks(Model(name=name, classes=tuple(CLASSES), readers=tuple(out / f for f in files),
                              screen=out / SCREEN_FILE, patch=READER_PATCH, screen_patch=SCREEN_PATCH,
                              screen_threshold=0.0, trained_on=()))
        if p_index is None:  # one screen serves every variant: scored once
            p_index = nets.screen(data["screen"][held])
        read = nets.read(data["reader"][held])
        right = (read.argmax(axis=1) == labels) & (read.max(axis=1) >= MIN_READING)
        by_recall = screen_threshold(p_index, labels, data["instances"][held], SCREEN_RECALL, right)
        others = p_index[labels == BACKGROUND]
        threshold = max(by_recall, budget_threshold(others, SCREEN_MAX_PASS))
        kept = float(np.mean(others >= threshold)) if len(others) else 0.0
        index = p_index[(labels >= 0) & (labels < BACKGROUND) & right]
        read_kept = float(np.mean(index >= threshold)) if len(index) else 0.0
        log(f"{name} screen threshold {threshold:.4f} (for {SCREEN_RECALL} of every card's held-back indices "
            f"read right: {by_recall:.4f}): {kept:.3f} of the non-indices pass, "
            f"{read_kept:.4f} of the index candidates read right")
        thresholds[name] = math.ceil(threshold * 1e6) / 1e6  # rounded up: the budget holds
    return thresholds


def build(
    shared: Path,
    out: Path,
    scenes: int = SCENES,
    epochs: int = EPOCHS,
    workers: int = 2,
    cache: Path = Path("build/models"),
    threads: int = 2,
    log: Log = print,
    real_limit: int | None = None,
    widths: tuple[int, int, int, int] = READER_WIDTHS,
) -> Path:
    """Make every shipped network and its description; returns the description's path.
    ``real_limit``: use only that many photos of each real folder (a quick check)."""

    from .network import Reader, Screen, export
    from .train import predict, train

    sources = Sources(shared / "cardart", shared / "backgrounds")
    if not (sources.art / "french-vector").is_dir():
        raise SystemExit(f"no card artwork at {sources.art} (set TAVOLO_SHARED)")
    # the commit is read before anything is written: networks written into the checkout
    # would otherwise make it look as if they came from uncommitted code
    made_from = commit()
    data = synthetic(sources, scenes, workers, cache, log)
    held = held_back(data)
    out.mkdir(parents=True, exist_ok=True)

    log("screen (for every variant):")
    is_none = np.where(data["labels"] < 0, -1, (data["labels"] == BACKGROUND).astype(np.int64))
    screen = train(
        lambda: Screen(SCREEN_PATCH.height, SCREEN_PATCH.width),
        data["screen"][~held],
        is_none[~held],
        epochs=epochs,
        seed=SEED + 10,
        threads=threads,
        log=log,
    )
    export(screen, out / SCREEN_FILE, SCREEN_PATCH.height, SCREEN_PATCH.width)
    p_index = predict(screen, data["screen"])[:, 0]
    rows = reader_rows(data["labels"], p_index, ~held, SEED + 20)
    log(f"the reader learns from {int(rows.sum())} of {int((~held).sum())} synthetic candidates "
        f"({int((rows & (data['labels'] == BACKGROUND)).sum())} non-indices)")

    def reader() -> Reader:
        return Reader(len(CLASSES), READER_PATCH.height, READER_PATCH.width, widths)

    def fit(name: str, every: Data, chosen: np.ndarray, seed: int, start: nn.Module | None = None
            ) -> nn.Module:
        log(f"{name}" + (" (going on from a first one):" if start is not None else ":"))
        model = train(
            reader,
            every["reader"][chosen],
            every["labels"][chosen],
            epochs=epochs if start is None else max(1, min(epochs, TUNE_EPOCHS)),
            seed=seed,
            threads=threads,
            log=log,
            strength=AUGMENT,
            start=start,
        )
        _report(model, data["reader"][held], data["labels"][held], log)
        return model

    firsts = [fit(f"first reader {m + 1} (synthetic scenes alone)", data, rows, SEED + 100 * m)
              for m in range(MEMBERS)]

    def orient(patches: np.ndarray) -> np.ndarray:
        return np.asarray(np.mean([predict(f, patches) for f in firsts], axis=0))

    photos = {f.name: real(shared, f, orient, log, real_limit)
              for f in TRAINING_FOLDERS if (shared / "cardphotos" / f.name / "boxes").is_dir()}
    share = rows & (np.random.default_rng(SEED + 30).random(len(rows)) < TUNE_SHARE)
    readers: dict[str, list[str]] = {}  # each variant's reader files
    trained_on: dict[str, list[str]] = {}
    for k, (name, folders) in enumerate(variant_folders(tuple(photos)).items()):
        every = _join([data, *(photos[f] for f in folders)])
        chosen = np.r_[share, np.ones(len(every["labels"]) - len(share), bool)]
        files = reader_files(name)
        for m, (first, file) in enumerate(zip(firsts, files, strict=True)):
            model = fit(f"{name} reader, network {m + 1}", every, chosen, SEED + 1 + k + 100 * m, start=first)
            export(model, out / file, READER_PATCH.height, READER_PATCH.width)
        readers[name] = files
        trained_on[name] = ["synthetic", *(f"cardphotos/{f}" for f in folders)]
    thresholds = calibrate(out, data, readers, log)
    description = {
        "classes": list(CLASSES),
        "patch": asdict(READER_PATCH),
        "screen_patch": asdict(SCREEN_PATCH),
        "variants": {name: {"reader": files, "screen": SCREEN_FILE, "threshold": thresholds[name],
                            "trained_on": trained_on[name]} for name, files in readers.items()},
        "synthetic_scenes": scenes,
        "epochs": epochs,
        "code": fingerprint(),  # the modules this build ran: the benchmark says if they changed since
        "commit": made_from,
        # what else made them: the patches trained on, and the machine's fonts and libraries
        "corpus": {"synthetic": corpus_hash(data), **{name: corpus_hash(d) for name, d in photos.items()}},
        "environment": environment(),
    }
    shipped = {f for files in readers.values() for f in files}
    for stale in out.glob("index_reader*.onnx"):  # a network an earlier build made and this one does not
        if stale.name not in shipped:
            stale.unlink()
    return _describe(out, description, log)


def _describe(out: Path, description: dict[str, object], log: Log) -> Path:
    path = out / "index_reader.json"
    path.write_text(json.dumps(description, indent=1) + "\n")
    log(f"wrote {path}")
    return path


def recalibrate(shared: Path, out: Path, scenes: int = SCENES, workers: int = 2,
                cache: Path = Path("build/models"), log: Log = print) -> Path:
    """Calibrate the screens of the networks already in ``out`` again (the last step of
    :func:`build`, on the same held-back scenes) and rewrite their description."""
    sources = Sources(shared / "cardart", shared / "backgrounds")
    data = synthetic(sources, scenes, workers, cache, log)
    description = json.loads((out / "index_reader.json").read_text())
    from ..reader import reader_entry

    files = {name: reader_entry(v["reader"]) for name, v in description["variants"].items()}
    for name, threshold in calibrate(out, data, files, log).items():
        description["variants"][name]["threshold"] = threshold
    return _describe(out, description, log)


def _report(model: nn.Module, images: np.ndarray, labels: np.ndarray, log: Log) -> None:
    from .train import predict

    keep = labels >= 0
    probs = predict(model, images[keep])
    y = labels[keep]
    guess = probs.argmax(axis=1)
    index = y < BACKGROUND
    if not index.any() or index.all():
        log("  held-back scenes: too few patches to judge")
        return
    log(
        f"  held-back scenes: {np.mean(guess[index] == y[index]):.4f} of index patches read right, "
        f"{np.mean(guess[~index] == BACKGROUND):.4f} of the others rejected"
    )


def main(argv: list[str] | None = None) -> int:
    """The ``make models`` command line."""
    parser = argparse.ArgumentParser(
        prog="python -m recognizer.training.build", description="Rebuild the recogniser's networks."
    )
    parser.add_argument(
        "--shared", type=Path, default=_default_shared(), help="the shared folder (../shared)"
    )
    parser.add_argument("--out", type=Path, default=MODELS, help="where the networks go")
    parser.add_argument("--scenes", type=int, default=SCENES, help="synthetic scenes")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--workers", type=int, default=2, help="processes making scenes")
    parser.add_argument("--cache", type=Path, default=Path("build/models"))
    parser.add_argument("--widths", default=",".join(map(str, READER_WIDTHS)),
                        help="channels of the reader's four convolutions")
    parser.add_argument("--calibrate", action="store_true",
                        help="only calibrate the screens of the networks already in --out")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    widths = tuple(int(w) for w in args.widths.split(","))
    if len(widths) != 4:
        parser.error("--widths takes four numbers")
    if args.calibrate:
        recalibrate(args.shared, args.out, args.scenes, args.workers, args.cache)
    else:
        build(args.shared, args.out, args.scenes, args.epochs, args.workers, args.cache,
              widths=widths)
    print(f"done in {(time.perf_counter() - start) / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
