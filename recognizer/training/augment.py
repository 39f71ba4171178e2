"""Changes made to each training batch, so that the reader learns what varies between a
rendered index and a photographed one rather than the renderer's exact pixels: the
candidate's frame a little off (the glyph centres found are never exact), colours cast by
the light, a photo without colour, brighter or dimmer light, softness and noise. Drawn
from a seeded generator, so a training run stays reproducible."""

from __future__ import annotations

import torch
import torch.nn.functional as F

TURN = 0.17  # radians (about 10 degrees) at strength 1
ZOOM = 0.10  # of the patch's scale
SHIFT = (0.10, 0.08)  # of the patch's half width and half height
CAST = 0.15  # per-channel gain
GREY = 0.08  # share of patches seen without colour
SOFT = 0.25  # share of patches blurred a little
NOISE = 0.15  # noise's largest standard deviation, in normalised units
LIGHT = 0.25  # the brightness plane's shift (about 16 grey levels)
CONTRAST = 0.15  # the contrast plane's share


def augment(x: torch.Tensor, generator: torch.Generator, strength: float = 1.0) -> torch.Tensor:
    """Normalised patches (n, channels, h, w: three colours, brightness and contrast; see
    :func:`recognizer.patches.normalise`), each changed at random; ``strength`` scales every
    change (0: none)."""
    n = len(x)
    if strength <= 0 or not n:
        return x
    h, w = x.shape[2:]

    def spread(*shape: int) -> torch.Tensor:
        return torch.rand(*shape, generator=generator) * 2 - 1

    angle = spread(n) * TURN * strength
    zoom = 1 + spread(n) * ZOOM * strength
    cos, sin = torch.cos(angle) / zoom, torch.sin(angle) / zoom
    theta = torch.stack([
        torch.stack([cos, -sin * h / w, spread(n) * SHIFT[0] * strength], 1),
        torch.stack([sin * w / h, cos, spread(n) * SHIFT[1] * strength], 1),
    ], 1)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    x = F.grid_sample(x, grid, padding_mode="border", align_corners=False)
    colours, planes = x[:, :3] * (1 + spread(n, 3, 1, 1) * CAST * strength), x[:, 3:]
    grey = (torch.rand(n, 1, 1, 1, generator=generator) < GREY * strength).float()
    colours = colours * (1 - grey) + colours.mean(dim=1, keepdim=True) * grey
    # another light: the patch a little brighter or darker, more or less contrasted
    brightness = planes[:, :1] + spread(n, 1, 1, 1) * LIGHT * strength
    contrast = planes[:, 1:] * (1 + spread(n, 1, 1, 1) * CONTRAST * strength)
    x = torch.cat([colours, brightness, contrast], dim=1)
    soft = torch.rand(n, generator=generator) < SOFT * strength
    if bool(soft.any()):
        kernel = torch.tensor([[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]) / 16
        padded = F.pad(x[soft], (1, 1, 1, 1), mode="replicate")
        channels = x.shape[1]
        blurred = F.conv2d(padded, kernel.expand(channels, 1, 3, 3), groups=channels)
        x = x.clone()
        x[soft] = blurred
    level = torch.rand(n, 1, 1, 1, generator=generator) * NOISE * strength
    noise = torch.randn(n, 3, h, w, generator=generator) * level
    return torch.cat([x[:, :3] + noise, x[:, 3:]], dim=1)
