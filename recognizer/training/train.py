"""Training the reader on labelled patches, on the CPU, reproducibly."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
import torch
from torch import nn

from .augment import augment
from .network import normalise


def seed_everything(seed: int, threads: int) -> None:
    """The same data, seed and thread count give the same weights."""
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)


def train(
    make: Callable[[], nn.Module],
    images: np.ndarray,
    labels: np.ndarray,
    epochs: int = 8,
    seed: int = 0,
    batch: int = 256,
    lr: float = 3e-3,
    threads: int = 2,
    weights: np.ndarray | None = None,
    log: Callable[[str], None] = print,
    strength: float = 0.0,
    start: nn.Module | None = None,
) -> nn.Module:
    """The model ``make`` builds, trained on uint8 patches (n, h, w, 3) and their classes
    (a class < 0 is left out).

    ``weights``: a loss weight per class (e.g. to make a missed index dearer than a false one).
    ``strength``: how much each batch is changed at random (:func:`.augment.augment`; 0: not).
    ``start``: a trained model whose weights this one starts from (training goes on from it).
    """
    seed_everything(seed, threads)
    keep = labels >= 0
    x_all = torch.from_numpy(np.ascontiguousarray(images[keep]))
    y_all = torch.from_numpy(labels[keep].astype(np.int64))
    n = len(x_all)
    model = make()
    if start is not None:
        model.load_state_dict(start.state_dict())
    optimiser = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    steps = epochs * ((n + batch - 1) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=lr, total_steps=max(steps, 1))
    loss_fn = nn.CrossEntropyLoss(
        weight=torch.from_numpy(weights).float() if weights is not None else None, label_smoothing=0.02
    )
    generator = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(n, generator=generator)
        total, right, began = 0.0, 0, time.perf_counter()
        for k in range(0, n, batch):
            idx = order[k : k + batch]
            x = augment(normalise(x_all[idx]), generator, strength)
            y = y_all[idx]
            optimiser.zero_grad(set_to_none=True)
            scores = model(x)
            loss = loss_fn(scores, y)
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(idx)
            right += int((scores.argmax(1) == y).sum())
        log(
            f"  epoch {epoch + 1}/{epochs}: loss {total / n:.4f}, train accuracy {right / n:.4f}, "
            f"{time.perf_counter() - began:.0f} s"
        )
    model.eval()
    return model


def predict(model: nn.Module, images: np.ndarray, batch: int = 2048) -> np.ndarray:
    """Class probabilities (n, classes) for uint8 patches."""
    model.eval()
    out = []
    with torch.no_grad():
        for k in range(0, len(images), batch):
            x = normalise(torch.from_numpy(np.ascontiguousarray(images[k : k + batch])))
            out.append(torch.softmax(model(x), dim=1).numpy())
    return np.concatenate(out) if out else np.zeros((0, 0), np.float32)
