"""``make models``: rebuild the shipped index reader from ../shared and the project's code.

1. Synthetic scenes (:mod:`.corpus`) are made in parallel, one seed per scene, and the
   index finder's candidates in them are labelled and cut (:mod:`.dataset`).
2. A reader trained on them alone is kept as ``index_reader_synthetic.onnx`` (with a screen
   ``index_screen_synthetic.onnx``): it has never seen a real photo, so the benchmark
   scores the real folders used for training with it.
3. The real photos whose licence allows training (``cardcounter``: corner-index boxes,
   CC BY 4.0) are labelled with that reader's help (it decides which order of a box's
   two glyphs is upright) and added; the shipped reader ``index_reader.onnx`` and the
   screen ``index_screen.onnx`` are trained on everything.
4. ``index_reader.json`` describes them: classes, patch geometry, the screen's threshold,
   and which photo folders each network was trained on (the benchmark never scores a
   folder with a network that saw it).

Generated patches are cached under ``build/models`` by a hash of the training code and
the settings, so a second run only trains. Everything is seeded: the same inputs and
thread count give the same files.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

import cv2
import numpy as np

from ..types import FindSettings, PatchSettings
from .corpus import Sources, scene
from .dataset import BACKGROUND, CLASSES, box_patches, cardcounter_code, read_boxes, scene_patches

HERE = Path(__file__).resolve().parent
MODELS = HERE.parent / "models"
READER_PATCH = PatchSettings()
SCREEN_PATCH = PatchSettings(width=12, height=16)
TRAINING_FOLDERS = ("cardcounter",)  # real photos whose licence allows training
SEED = 2026
READER_FILES = {"shipped": "index_reader.onnx", "synthetic": "index_reader_synthetic.onnx"}
SCREEN_FILES = {"shipped": "index_screen.onnx", "synthetic": "index_screen_synthetic.onnx"}
SCREEN_RECALL = 0.995  # the screen keeps this share of real indices (on held-back scenes)
Log = Callable[[str], None]
OrientFn = Callable[[np.ndarray], np.ndarray]


def _default_shared() -> Path:
    env = os.environ.get("TAVOLO_SHARED")
    return Path(env) if env else HERE.parents[2] / "shared"


def _code_hash(extra: str) -> str:
    h = hashlib.sha256(extra.encode())
    for p in sorted(HERE.parent.glob("*.py")) + sorted(HERE.glob("*.py")):
        if p.name != "build.py":
            h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _scene_work(args: tuple[Sources, int, int]) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    sources, seed, index = args
    cv2.setNumThreads(1)
    made = scene(sources, seed, index)
    return scene_patches(
        made, FindSettings(), (READER_PATCH, SCREEN_PATCH), rng=np.random.default_rng([seed, index, 1])
    )


def synthetic(sources: Sources, count: int, workers: int, cache: Path, log: Log) -> dict[str, np.ndarray]:
    """Labelled patches of ``count`` synthetic scenes (cached)."""
    path = cache / f"synthetic-{_code_hash(f'{count}-{SEED}')}.npz"
    if path.exists():
        log(f"synthetic patches: {path} (cached)")
        return dict(np.load(path))
    start = time.perf_counter()
    jobs = [(sources, SEED, i) for i in range(count)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        parts = pool.map(_scene_work, jobs, chunksize=8)
    data = {
        "reader": np.concatenate([p[0][0] for p in parts]),
        "screen": np.concatenate([p[0][1] for p in parts]),
        "labels": np.concatenate([p[1] for p in parts]),
        "heights": np.concatenate([p[2] for p in parts]),
        "scene": np.concatenate([np.full(len(p[1]), i, np.int32) for i, p in enumerate(parts)]),
    }
    cache.mkdir(parents=True, exist_ok=True)
    np.savez(path, **data)  # type: ignore[arg-type]
    log(
        f"synthetic patches: {count} scenes, {len(data['labels'])} patches "
        f"({int((data['labels'] < BACKGROUND).sum())} indices) in {time.perf_counter() - start:.0f} s"
    )
    return data


def real(folder: Path, orient: OrientFn, log: Log, limit: int | None = None) -> dict[str, np.ndarray]:
    """Labelled patches of a real photo folder with corner-index boxes (its first ``limit``
    photos by name, or all)."""
    boxes = dict(sorted(read_boxes(folder).items())[:limit])
    readers, screens, labels, heights = [], [], [], []
    for i, (name, found) in enumerate(sorted(boxes.items())):
        image = cv2.imread(str(folder / name), cv2.IMREAD_COLOR)
        if image is None:
            continue
        (reader, screen), lab, hts = box_patches(
            image,
            found,
            orient,
            cardcounter_code(name),
            FindSettings(),
            (READER_PATCH, SCREEN_PATCH),
            rng=np.random.default_rng([SEED, i, 2]),
        )
        readers.append(reader)
        screens.append(screen)
        labels.append(lab)
        heights.append(hts)
    data = {
        "reader": np.concatenate(readers),
        "screen": np.concatenate(screens),
        "labels": np.concatenate(labels),
        "heights": np.concatenate(heights),
    }
    log(
        f"{folder.name}: {len(boxes)} photos, {len(data['labels'])} patches "
        f"({int(((data['labels'] >= 0) & (data['labels'] < BACKGROUND)).sum())} indices)"
    )
    return data


def build(
    shared: Path,
    out: Path,
    scenes: int = 4000,
    epochs: int = 6,
    workers: int = 2,
    cache: Path = Path("build/models"),
    threads: int = 2,
    log: Log = print,
    real_limit: int | None = None,
) -> Path:
    """Make every shipped network and its description; returns the description's path.
    ``real_limit``: use only that many photos of each real folder (a quick check)."""
    from .network import Reader, Screen, export
    from .train import predict, train

    sources = Sources(shared / "cardart", shared / "backgrounds")
    if not (sources.art / "french-vector").is_dir():
        raise SystemExit(f"no card artwork at {sources.art} (set TAVOLO_SHARED)")
    data = synthetic(sources, scenes, workers, cache, log)
    held = data["scene"] % 20 == 0  # every twentieth scene is held back to check the training
    classes = len(CLASSES)

    def reader() -> Reader:
        return Reader(classes, READER_PATCH.height, READER_PATCH.width)

    log("reader on synthetic scenes only:")
    first = train(
        reader,
        data["reader"][~held],
        data["labels"][~held],
        epochs=epochs,
        seed=SEED,
        threads=threads,
        log=log,
    )
    _report(first, data["reader"][held], data["labels"][held], log)
    out.mkdir(parents=True, exist_ok=True)
    export(first, out / READER_FILES["synthetic"], READER_PATCH.height, READER_PATCH.width)

    def orient(patches: np.ndarray) -> np.ndarray:
        return predict(first, patches)

    parts = [data]
    trained_on = ["synthetic"]
    for name in TRAINING_FOLDERS:
        folder = shared / "cardphotos" / name
        if (folder / "boxes").is_dir():
            parts.append(real(folder, orient, log, real_limit))
            trained_on.append(f"cardphotos/{name}")
    every = {k: np.concatenate([p[k] for p in parts]) for k in ("reader", "screen", "labels")}
    use = np.r_[~held, np.ones(len(every["labels"]) - len(held), bool)]
    log("reader on synthetic scenes and real photos:")
    final = train(
        reader,
        every["reader"][use],
        every["labels"][use],
        epochs=epochs,
        seed=SEED + 1,
        threads=threads,
        log=log,
    )
    _report(final, data["reader"][held], data["labels"][held], log)
    export(final, out / READER_FILES["shipped"], READER_PATCH.height, READER_PATCH.width)

    log("screens:")
    is_index = np.where(every["labels"] < 0, -1, (every["labels"] == BACKGROUND).astype(np.int64))
    synthetic_only = np.r_[~held, np.zeros(len(every["labels"]) - len(held), bool)]
    screens = {}
    for name, rows, seed in (("synthetic", synthetic_only, SEED + 2), ("shipped", use, SEED + 3)):
        screen = train(
            lambda: Screen(SCREEN_PATCH.height, SCREEN_PATCH.width),
            every["screen"][rows],
            is_index[rows],
            epochs=max(2, epochs // 2),
            seed=seed,
            threads=threads,
            log=log,
        )
        screens[name] = _threshold(screen, data["screen"][held], data["labels"][held], log)
        export(screen, out / SCREEN_FILES[name], SCREEN_PATCH.height, SCREEN_PATCH.width)
    description = {
        "classes": list(CLASSES),
        "patch": asdict(READER_PATCH),
        "screen_patch": asdict(SCREEN_PATCH),
        "variants": {
            "shipped": {
                "reader": READER_FILES["shipped"],
                "screen": SCREEN_FILES["shipped"],
                "threshold": screens["shipped"],
                "trained_on": trained_on,
            },
            "synthetic": {
                "reader": READER_FILES["synthetic"],
                "screen": SCREEN_FILES["synthetic"],
                "threshold": screens["synthetic"],
                "trained_on": ["synthetic"],
            },
        },
        "synthetic_scenes": scenes,
        "epochs": epochs,
    }
    path = out / "index_reader.json"
    path.write_text(json.dumps(description, indent=1) + "\n")
    log(f"wrote {path}")
    return path


def _threshold(screen: object, images: np.ndarray, labels: np.ndarray, log: Log) -> float:
    """The screen's threshold that keeps SCREEN_RECALL of the held-back scenes' indices."""
    from .train import predict

    p_index = predict(screen, images)[:, 0]  # type: ignore[arg-type]
    positives = (labels >= 0) & (labels < BACKGROUND)
    threshold = float(np.quantile(p_index[positives], 1 - SCREEN_RECALL))
    kept = float(np.mean(p_index[labels == BACKGROUND] >= threshold))
    log(f"  threshold {threshold:.4f}: keeps {kept:.3f} of the non-indices of the held-back scenes")
    return round(threshold, 6)


def _report(model: object, images: np.ndarray, labels: np.ndarray, log: Log) -> None:
    from .train import predict

    keep = labels >= 0
    probs = predict(model, images[keep])  # type: ignore[arg-type]
    y = labels[keep]
    guess = probs.argmax(axis=1)
    index = y < BACKGROUND
    log(
        f"  held-back scenes: {np.mean(guess[index] == y[index]):.4f} of indices read right, "
        f"{np.mean(guess[~index] == BACKGROUND):.4f} of non-indices rejected"
    )


def main(argv: list[str] | None = None) -> int:
    """The ``make models`` command line."""
    parser = argparse.ArgumentParser(
        prog="python -m recognizer.training.build", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--shared", type=Path, default=_default_shared(), help="the shared folder (../shared)"
    )
    parser.add_argument("--out", type=Path, default=MODELS, help="where the networks go")
    parser.add_argument("--scenes", type=int, default=4000, help="synthetic scenes")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--workers", type=int, default=2, help="processes making scenes")
    parser.add_argument("--cache", type=Path, default=Path("build/models"))
    args = parser.parse_args(argv)
    start = time.perf_counter()
    build(args.shared, args.out, args.scenes, args.epochs, args.workers, args.cache)
    print(f"done in {(time.perf_counter() - start) / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
