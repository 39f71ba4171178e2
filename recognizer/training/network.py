"""The reader's networks (PyTorch, for training only): a small convolutional network that
names a patch's card or says it is no index, and a smaller screen that throws most
non-indices away first. Both export to ONNX for OpenCV's ``dnn`` module."""

from __future__ import annotations

from pathlib import Path

import torch
from torch import nn

from ..patches import BRIGHTNESS, CHANNELS, CONTRAST


def _block(cin: int, cout: int, pool: bool = True, stride: int = 1) -> list[nn.Module]:
    layers: list[nn.Module] = [
        nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    ]
    return [*layers, nn.MaxPool2d(2)] if pool else layers


class Reader(nn.Module):
    """Patch (CHANNELS x h x w, normalised) -> one score per class (the cards, then "none").

    Four convolutions: one at the patch's full size, two at half size (where a rank's
    strokes are a few pixels wide: the second one tells a B from an 8, a flat-topped 3
    from a 5), one at a quarter; then a small head."""

    def __init__(
        self,
        classes: int,
        height: int,
        width: int,
        widths: tuple[int, int, int, int] = (16, 32, 32, 64),
        hidden: int = 128,
    ) -> None:
        super().__init__()
        a, b, c, d = widths
        self.features = nn.Sequential(
            *_block(CHANNELS, a), *_block(a, b, pool=False), *_block(b, c), *_block(c, d)
        )
        flat = d * (height // 8) * (width // 8)
        self.head = nn.Sequential(
            nn.Flatten(),
            nn.Linear(flat, hidden),
            nn.ReLU(inplace=True),
            nn.Dropout(0.2),
            nn.Linear(hidden, classes),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Scores (not probabilities) per class."""
        scores: torch.Tensor = self.head(self.features(x))
        return scores


class Screen(nn.Module):
    """Patch (CHANNELS x h x w, normalised, half the reader's size) -> two scores: index, none.
    Two narrow convolutions and a small head: cheap enough to run on every candidate, and
    unlike a layer over the raw pixels it sees strokes wherever they sit in the patch. The
    first convolution steps two pixels at a time instead of pooling after itself: a quarter
    of the work where most of it was. The screen's own time halves (955 patches of a 720p
    frame: 5.8 ms against 9.8), but at the threshold calibrated for the reader it lets more
    non-indices through (.028 against .017 in a build with the pooling screen), so the
    reader has more to read and the frame as a whole is about as fast as before."""

    def __init__(self, height: int, width: int, widths: tuple[int, int] = (8, 16), hidden: int = 32) -> None:
        super().__init__()
        a, b = widths
        self.features = nn.Sequential(*_block(CHANNELS, a, pool=False, stride=2), *_block(a, b))
        self.head = nn.Sequential(
            nn.Flatten(), nn.Linear(b * (height // 4) * (width // 4), hidden), nn.ReLU(inplace=True),
            nn.Linear(hidden, 2),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Scores (not probabilities): index, none."""
        scores: torch.Tensor = self.head(self.features(x))
        return scores


def normalise(x: torch.Tensor) -> torch.Tensor:
    """uint8 patches (n, h, w, 3) to network input, exactly as :func:`recognizer.patches.normalise`."""
    x = x.float()
    n, h, w = x.shape[:3]
    flat = x.reshape(n, -1)
    mean = flat.mean(dim=1)
    std = flat.std(dim=1, unbiased=False)
    colours = ((x - mean[:, None, None, None]) / (std[:, None, None, None] + 8.0)).permute(0, 3, 1, 2)
    brightness = ((mean - BRIGHTNESS[0]) / BRIGHTNESS[1])[:, None, None, None].expand(n, 1, h, w)
    contrast = (std / CONTRAST)[:, None, None, None].expand(n, 1, h, w)
    return torch.cat([colours, brightness, contrast], dim=1).contiguous()


def export(model: nn.Module, path: Path, height: int, width: int) -> None:
    """Write the model as ONNX (a batch of any size) for ``cv2.dnn.readNetFromONNX``."""
    import warnings

    model.eval()
    example = torch.zeros(1, CHANNELS, height, width)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            model,
            (example,),
            str(path),
            dynamo=False,
            opset_version=13,
            input_names=["patch"],
            output_names=["scores"],
            dynamic_axes={"patch": {0: "n"}, "scores": {0: "n"}},
            do_constant_folding=True,
        )
