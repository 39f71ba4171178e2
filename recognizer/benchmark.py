"""The French reader's figures for ``make bench``: every labelled photo folder scored by
networks that never saw it, the synthetic stress table with its targets, the speed on a
12-megapixel photo and a 1280x720 frame on one core (one sample photo, and table photos of
every labelled folder), and peak memory."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from .decode import decode
from .evaluate import labelled_folders, labels, p95, peak_memory_mb, report
from .pipeline import read_indices
from .reader import DESCRIPTION, networks, unseen
from .training.provenance import matches

# The targets of the recogniser issue, printed beside the figures they judge.
TARGET_RECALL = 0.97
TARGET_PRECISION = 0.99
TARGET_12MP_MS = 100.0
TARGET_720P_MS = 30.0


def provenance_line(description: Path = DESCRIPTION) -> str:
    """Which code made the networks scored below, and whether ``make models`` would make them today."""
    d = json.loads(description.read_text())
    same = matches(d)
    if same is None:
        return "networks: their description records no code fingerprint (built before builds recorded one)"
    made = str(d.get("commit") or "")
    built = f"code {d['code']}" + (f", commit {made[:10]}{made[40:]}" if made else "")
    if same:
        return f"networks: built by today's code ({built})"
    return (f"networks: built by older code ({built}); the code that builds them has changed since: "
            "`make models` would build others")


def environment_line(description: Path = DESCRIPTION) -> str:
    """Whether the networks were built with this machine's fonts and libraries (a build with
    other fonts draws other scenes, so `make models` here would not repeat it)."""
    from .training.environment import differences, environment

    d = json.loads(description.read_text())
    recorded = d.get("environment")
    if not isinstance(recorded, dict):
        return "networks' fonts and libraries: not recorded (built before builds recorded them)"
    changed = differences(recorded, environment())
    if not changed:
        return "networks' fonts and libraries: the same as on this machine"
    return "networks' fonts and libraries differ from this machine's: " + ", ".join(changed)


def photo_figures(photos: Path, log: Callable[[str], None] = print) -> None:
    """Each real photo folder from networks that never saw it."""
    log(f"French reader on the labelled photos in {photos} (each folder read by networks that never saw "
        f"it, named in brackets; card codes as multisets per photo):")
    for line in report(photos):
        log("  " + line)


def real_loss_figures(photos: Path, log: Callable[[str], None] = print) -> None:
    """Where the cards of the real table photos with boxed corner indices are lost, stage by
    stage, each folder read by networks that never saw it."""
    from .reallosses import folder_losses
    from .training.photos import TRAINING_FOLDERS

    for folder in TRAINING_FOLDERS:
        model = unseen(folder.name)
        if folder.boxes != "index" or model is None or not (photos / folder.name / "boxes").is_dir():
            continue
        t = folder_losses(photos / folder.name, folder.codes, networks(model.name))
        log(f"French reader, where the {folder.name} table photos' cards are lost (the first stage without a "
            f"right reading of a boxed index; networks {model.name}): {t.line()}")
        log(f"  the reader's losses by its likeliest reading: {t.confusions()}")


SHRUNK_FOLDERS = ("guillex7", "rdpong", "tarbo")  # single-card photos the shipped networks never saw
SHRUNK_WIDTHS = (30, 36, 40, 46, 52, 60, 80)
UNIT_PER_WIDTH = 0.147  # rank-to-suit distance over card width: the median on these photos


def shrunk_figures(photos: Path, log: Callable[[str], None] = print) -> None:
    """Real single-card photos shrunk to a card width: the smallest card read at 95 %."""
    from .shrunk import shrunk, single_cards

    found = [p for f in SHRUNK_FOLDERS if (photos / f).is_dir() for p in single_cards(photos / f)]
    rows = shrunk(found, SHRUNK_WIDTHS, networks())
    log(f"French reader on real single cards shrunk to a width ({len(found)} photos of "
        f"{', '.join(SHRUNK_FOLDERS)}, {max(r.photos for r in rows)} of them read right at full size):")
    for row in rows:
        log(f"  card {row.width:3} px wide (rank to suit about {row.width * UNIT_PER_WIDTH:.1f} px): read "
            f"{row.read}/{row.photos} ({row.share:.3f}), {row.false} false cards")
    good = [r.width for r in rows if r.photos and r.share >= 0.95]
    log(f"  narrowest card read at 95%: {f'{min(good)} px' if good else 'none'}")


def stress_figures(shared: Path, per: int, log: Callable[[str], None] = print) -> None:
    """The synthetic stress table (needs the training extra for the drawn decks)."""
    from .stress import colour_line, losses_line, run, smallest_read, sources_from, unframed_line

    log(f"French reader, synthetic stress table ({per} scenes a row, seeds no training run uses):")
    table = run(sources_from(shared), networks(), per, log=log)
    fans = table["fan spacing"]
    recall = sum(r.correct for r in fans) / max(1, sum(r.expected for r in fans))
    found = sum(r.found for r in fans)
    precision = (found - sum(r.false for r in fans)) / found if found else 1.0
    whole = sum(r.whole for r in fans)
    log(f"  fans of 13: recall {recall:.3f} (target {TARGET_RECALL}), precision {precision:.3f} "
        f"(target {TARGET_PRECISION}), read whole {whole}/{sum(r.scenes for r in fans)}")
    log(f"  smallest index read at 95% (a camera in focus): {smallest_read(table['index height'])}")
    log("  suits of one colour told apart (a card read as the other suit of its colour), by index height:")
    for row in table["index height"]:
        log(f"    {row.label:14} {colour_line(row)}")
    dark, light = table["ink"]
    log(f"  light ink on dark cards: recall {light.recall:.3f}, precision {light.precision:.3f} "
        f"(the same scenes' kind in dark ink: {dark.recall:.3f}, {dark.precision:.3f})")
    log("  where cards were lost (the first stage without a right reading); what false cards were read from:")
    for section, rows in table.items():
        log(f"    {section:12} {losses_line(rows)}")
    log("  the cards lost by the finder, by the first of its tests their index fails "
        "(recognizer/finderlosses.py):")
    for section, rows in table.items():
        log(f"    {section:12} {unframed_line(rows)}")


def _frame(image: np.ndarray, size: tuple[int, int]) -> bytes:
    """A photo cropped to the frame's shape (never squashed), resized, as a JPEG."""
    h, w = image.shape[:2]
    want = size[0] / size[1]
    if w / h > want:
        cut = int(h * want)
        image = image[:, (w - cut) // 2:(w - cut) // 2 + cut]
    else:
        cut = int(w / want)
        image = image[(h - cut) // 2:(h - cut) // 2 + cut]
    frame = cv2.resize(image, size, interpolation=cv2.INTER_CUBIC)
    ok, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return jpeg.tobytes()


def speed_figures(sample: Path, runs: int = 15, log: Callable[[str], None] = print) -> None:
    """Milliseconds per photo (JPEG decode included) at 12 MP and 720p, one thread."""
    image = cv2.imread(str(sample))
    if image is None:
        log(f"French reader speed: cannot read {sample}")
        return
    nets = networks()
    for label, size, target in (("12-megapixel photo (4000x3000)", (4000, 3000), TARGET_12MP_MS),
                                ("1280x720 frame", (1280, 720), TARGET_720P_MS)):
        data = _frame(image, size)
        times = []
        found = 0
        for _ in range(runs):
            t0 = time.perf_counter()
            found = len(read_indices(decode(data), nets=nets))
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        log(f"French reader speed, {label} from {sample.name}, JPEG decode included, one thread: "
            f"median {statistics.median(times):.0f} ms (target {target:.0f}), "
            f"p95 {p95(times):.0f} ms, {found} cards found")


def table_photos(photos: Path, count: int) -> list[Path]:
    """About ``count`` French table photos from every labelled folder: the folders take
    turns (a small folder is not crowded out by a big one), and each folder's share is
    spread evenly over its photos."""
    folders = [[folder / row["file"] for row in labels(folder, "french") if row["kind"] == "table"]
               for folder in labelled_folders(photos)]
    folders = [f for f in folders if f]
    shares = [0] * len(folders)
    while sum(shares) < count and any(n < len(f) for n, f in zip(shares, folders, strict=True)):
        for k, f in enumerate(folders):
            if shares[k] < len(f) and sum(shares) < count:
                shares[k] += 1
    return [f[j * len(f) // n] for f, n in zip(folders, shares, strict=True) for j in range(n)]


def spread_speed_figures(photos: Path, count: int = 40, log: Callable[[str], None] = print) -> None:
    """Milliseconds per photo over many table photos (each framed to 12 MP and to 720p, as
    a JPEG, read once untimed and then once timed): a frame's time depends on what it shows,
    so one sample photo says little about the next table."""
    frames = (("12 MP", (4000, 3000), TARGET_12MP_MS), ("720p", (1280, 720), TARGET_720P_MS))
    nets = networks()
    times: dict[str, list[float]] = {label: [] for label, _, _ in frames}
    read, unreadable = set(), 0
    for path in table_photos(photos, count):
        image = cv2.imread(str(path))
        if image is None:
            unreadable += 1
            continue
        read.add(path.parent.name)
        for label, size, _ in frames:
            data = _frame(image, size)
            read_indices(decode(data), nets=nets)
            t0 = time.perf_counter()
            read_indices(decode(data), nets=nets)
            times[label].append((time.perf_counter() - t0) * 1000)
    skipped = f" ({unreadable} unreadable left out)" if unreadable else ""
    if not read:
        log(f"French reader speed over table photos: none found under {photos}{skipped}")
        return
    for label, _, target in frames:
        t = times[label]
        log(f"French reader speed over {len(t)} table photos of {len(read)} folders{skipped}, framed to "
            f"{label}, JPEG decode included, one thread, one timed reading each: median "
            f"{statistics.median(t):.0f} ms (target {target:.0f}), p95 {p95(t):.0f} ms, "
            f"slowest {max(t):.0f} ms")


def run(shared: Path, photos: Path, stress_scenes: int = 20, log: Callable[[str], None] = print) -> None:
    """Every French reader figure."""
    cv2.setNumThreads(1)
    log(provenance_line())
    log(environment_line())
    if photos.is_dir():
        photo_figures(photos, log)
        sample = next(iter(sorted(photos.glob("*/8card_slight.jpg"))), None) or next(photos.glob("*/*.jpg"))
        speed_figures(sample, log=log)
        spread_speed_figures(photos, log=log)
        shrunk_figures(photos, log)
        real_loss_figures(photos, log)
    else:
        log(f"French reader: no labelled photos at {photos} (set --photos)")
    if (shared / "cardart").is_dir():
        try:
            stress_figures(shared, stress_scenes, log)
        except ImportError as e:  # Pillow draws the synthetic decks: the training extra
            log(f"French reader stress table skipped: {e} (install '.[models]')")
    log(f"peak memory of this process: {peak_memory_mb():.0f} MB")
