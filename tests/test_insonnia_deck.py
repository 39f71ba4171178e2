"""The printed Insonnia deck: the files ``companion print-deck`` writes, and the camera reading
the cards exactly (every card in synthetic photos, nothing where there is no card)."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.decks.art import PAPERS, Cells, card_shapes, cards_per_page
from companion.decks.printdeck import render
from companion.decks.raster import render_card
from companion.decks.scenes import Scene, jpeg, scene, table
from companion.games.cards import INSONNIA108, deck_codes, deck_list
from recognizer import markerdeck as md
from recognizer.decode import decode
from recognizer.pipeline import recognize
from recognizer.types import Detection

from .conftest import SHARED

DECK = deck_list(INSONNIA108)
PAGES = math.ceil(len(DECK) / cards_per_page())
SVG = "{http://www.w3.org/2000/svg}"


# ---- the marker scheme ---------------------------------------------------------------------
def test_every_card_code_has_two_markers_of_its_own() -> None:
    assert set(md.CODES) == deck_codes(INSONNIA108) and len(md.CODES) == 52
    ids = [md.marker_id(code, corner) for code in md.CODES for corner in md.CORNERS]
    assert sorted(ids) == list(range(md.MARKERS))
    assert all(md.marker_card(md.marker_id(c, k)) == (c, k) for c in md.CODES for k in md.CORNERS)
    with pytest.raises(ValueError):
        md.marker_id("R11", 0)
    with pytest.raises(ValueError):
        md.marker_card(104)


def test_markers_differ_in_at_least_seven_bits_however_turned() -> None:
    bits = [md.marker_cells(i)[1:-1, 1:-1] for i in range(md.MARKERS)]
    worst = 25
    for i, a in enumerate(bits):
        for k in (1, 2, 3):
            worst = min(worst, int((a != np.rot90(a, k)).sum()))
        for b in bits[i + 1:]:
            worst = min(worst, *(int((a != np.rot90(b, k)).sum()) for k in range(4)))
    assert worst >= md.MIN_DISTANCE == 7


def test_the_bottom_marker_is_the_top_one_turned_half_a_turn() -> None:
    top, bottom = md.marker_points(md.TOP_LEFT), md.marker_points(md.BOTTOM_RIGHT)
    assert np.allclose(bottom, [[md.CARD_W, md.CARD_H]] - top)
    # the quiet zone stays on the card, clear of its edges
    for corner in md.CORNERS:
        box = md.box_points(corner)
        assert box.min() > 1.5 and box[:, 0].max() < md.CARD_W - 1.5 and box[:, 1].max() < md.CARD_H - 1.5
    assert md.QUIET > md.CELL


# ---- the printable files -------------------------------------------------------------------
def _cells_from_path(d: str, corner: int) -> np.ndarray:
    """The 7x7 grid a marker's path paints (1 white, 0 black), in the marker's own frame."""
    grid = np.ones((md.CELLS, md.CELLS), np.uint8)
    for x, y, w, h in re.findall(r"M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-[\d.]+z", d):
        x0, y0, x1, y1 = float(x), float(y), float(x) + float(w), float(y) + float(h)
        if corner == md.BOTTOM_RIGHT:
            x0, y0, x1, y1 = md.CARD_W - x1, md.CARD_H - y1, md.CARD_W - x0, md.CARD_H - y0
        c0, c1 = round((x0 - md.MARKER_AT) / md.CELL), round((x1 - md.MARKER_AT) / md.CELL)
        r0, r1 = round((y0 - md.MARKER_AT) / md.CELL), round((y1 - md.MARKER_AT) / md.CELL)
        grid[r0:r1, c0:c1] = 0
    return grid


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_svg_holds_every_card_once_with_its_markers(paper: str) -> None:
    root = ET.fromstring(render(paper, "svg"))
    width, height = PAPERS[paper]
    assert root.tag == f"{SVG}svg" and root.get("width") == f"{width:g}mm"
    pages = root.findall(f"{SVG}g[@class='page']")
    assert len(pages) == PAGES == 12
    seen: Counter[str] = Counter()
    for page in pages:
        cards = page.findall(f"{SVG}g[@class='card']")
        assert 1 <= len(cards) <= cards_per_page()
        for card in cards:
            code = card.get("data-card")
            assert code is not None
            seen[code] += 1
            x, y = map(float, re.findall(r"[\d.]+", card.get("transform", ""))[:2])
            assert x > 0 and x + md.CARD_W < width and y > 0 and y + md.CARD_H < height
            markers = card.findall(f"{SVG}path[@class='marker']")
            ids = [int(m.get("data-marker", -1)) for m in markers]
            assert ids == [md.marker_id(code, k) for k in md.CORNERS]
            for corner, m in zip(md.CORNERS, markers, strict=True):
                grid = _cells_from_path(m.get("d", ""), corner)
                assert (grid == md.marker_cells(md.marker_id(code, corner))).all()
    assert seen == Counter(DECK)


def _pdf_objects(data: bytes) -> dict[int, bytes]:
    """Every object of a PDF, found through its cross-reference table."""
    start = int(data[data.rindex(b"startxref") + 9:].split()[0])
    assert data[start:start + 4] == b"xref"
    lines = data[start:].split(b"\n")
    first, count = map(int, lines[1].split())
    assert first == 0
    objects = {}
    for n in range(1, count):
        entry = lines[2 + n]
        assert len(entry) == 19 and entry.endswith(b" n ")  # 20 bytes with the newline
        offset = int(entry[:10])
        assert data[offset:].startswith(f"{n} 0 obj".encode())
        objects[n] = data[offset:data.index(b"endobj", offset)]
    return objects


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pdf_is_well_formed_with_every_card_once(paper: str) -> None:
    data = render(paper, "pdf")
    assert data.startswith(b"%PDF-1.4\n") and data.rstrip().endswith(b"%%EOF")
    objects = _pdf_objects(data)
    page_objects = [o for o in objects.values() if b"/Type /Page " in o]
    assert len(page_objects) == PAGES == 12
    assert any(b"/Type /Pages /Kids" in o and f"/Count {PAGES}".encode() in o for o in objects.values())
    width, height = (round(v * 72 / 25.4, 3) for v in PAPERS[paper])
    box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", page_objects[0])
    assert box and (float(box.group(1)), float(box.group(2))) == pytest.approx((width, height), abs=0.01)
    cards: Counter[str] = Counter()
    markers = 0
    for o in objects.values():
        if b"stream\n" in o:
            body = o[o.index(b"stream\n") + 7:o.rindex(b"\nendstream")]
            length = int(re.search(rb"/Length (\d+)", o).group(1))  # type: ignore[union-attr]
            assert len(body) == length
            text = zlib.decompress(body).decode("latin-1")
            cards.update(re.findall(r"^% card (\S+)$", text, re.M))
            markers += len(re.findall(r"^% marker \d+$", text, re.M))
    assert cards == Counter(DECK) and markers == 2 * len(DECK)


def test_print_deck_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deck.svg"
    assert main(["print-deck", "insonnia", "--paper", "letter", "-o", str(out)]) == 0
    assert ET.parse(out).getroot().tag == f"{SVG}svg"  # the format follows the suffix
    assert "12 Letter pages" in capsys.readouterr().out
    pdf = tmp_path / "deck.out"
    assert main(["print-deck", "insonnia", "--format", "pdf", "-o", str(pdf)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert main(["print-deck", "insonnia", "-o", str(tmp_path / "missing" / "x.pdf")]) == 2
    with pytest.raises(SystemExit):
        main(["print-deck", "uno"])


def test_every_card_face_carries_its_two_markers() -> None:
    for code in md.CODES:
        marks = [s for s in card_shapes(code) if isinstance(s, Cells)]
        assert [m.marker for m in marks] == [md.marker_id(code, k) for k in md.CORNERS]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="no pdftoppm (poppler-utils) to render the PDF")
def test_a_printed_page_rendered_by_poppler_reads_back(tmp_path: Path) -> None:
    (tmp_path / "d.pdf").write_bytes(render("a4", "pdf"))
    subprocess.run(["pdftoppm", "-r", "100", "-f", "12", "-l", "12", "-png", str(tmp_path / "d.pdf"),
                    str(tmp_path / "p")], check=True)
    found = recognize(next(tmp_path.glob("p*.png")), deck="insonnia108")
    assert Counter(d.card for d in found) == Counter(DECK[99:])


# ---- reading synthetic photos ------------------------------------------------------------------
def _match(scene_: Scene, found: list[Detection]) -> tuple[list[float], list[Detection]]:
    """Each card's worst corner error (share of the card's long side) and the unmatched detections."""
    left = list(found)
    errors = []
    for card in scene_.cards:
        best = min((d for d in left if d.card == card.code),
                   key=lambda d: float(np.abs(np.array(d.corners) - card.corners).max()), default=None)
        assert best is not None, f"{card.code} not found; found {[d.card for d in found]}"
        left.remove(best)
        errors.append(float(np.linalg.norm(np.array(best.corners) - card.corners, axis=1).max()) / card.size)
    return errors, left


SIZES = [(640, 480), (1280, 720), (1920, 1080), (4000, 3000)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_card_is_read_with_its_corners(size: tuple[int, int]) -> None:
    w, h = size
    rng = np.random.default_rng(w)
    errors: list[float] = []
    for k in range(2 if w > 2000 else 5):
        codes = [md.CODES[i] for i in rng.integers(0, len(md.CODES), int(rng.integers(2, 7)))]
        if k == 0:
            codes[-1] = codes[0]  # two copies of one card: two detections
        made = scene(rng, w, h, codes, tilt_max=45)
        found = recognize(jpeg(made.image, int(rng.integers(60, 92))), deck="insonnia108")
        errs, extra = _match(made, found)
        assert not extra, f"false reads: {[d.card for d in extra]}"
        assert all(0.5 <= d.confidence <= 1 for d in found)
        errors += errs
    assert max(errors) < 0.05 and float(np.median(errors)) < 0.01, errors


def _card_on(background: np.ndarray, face: np.ndarray, x: int, y: int) -> np.ndarray:
    out = background.copy()
    out[y:y + face.shape[0], x:x + face.shape[1]] = face
    return out


def _box_px(corner: int, k: float) -> tuple[slice, slice]:
    pts = md.box_points(corner) * k
    (x0, y0), (x1, y1) = pts.min(axis=0).astype(int), pts.max(axis=0).astype(int) + 1
    return slice(y0, y1), slice(x0, x1)


def test_one_marker_is_enough_and_gives_the_whole_outline() -> None:
    k = 6.0
    face = render_card("B7", k).copy()
    rows, cols = _box_px(md.BOTTOM_RIGHT, k)
    face[rows, cols] = (60, 140, 200)  # a thumb over the bottom corner
    found = recognize(_card_on(np.full((800, 700, 3), 70, np.uint8), face, 100, 150), deck="insonnia108")
    assert [d.card for d in found] == ["B7"]
    assert 0.6 <= found[0].confidence < 0.9  # alone: sure, but less than a pair
    want = np.array([[100, 150], [100 + 63 * k, 150], [100 + 63 * k, 150 + 88 * k], [100, 150 + 88 * k]])
    assert np.abs(np.array(found[0].corners) - want + 0.5).max() < 0.02 * 88 * k


def test_a_close_up_and_a_card_half_out_of_the_frame() -> None:
    face = render_card("P9", 25.0)  # the card fills a 2-megapixel frame: markers of 450 pixels
    photo = _card_on(np.full((face.shape[0] + 100, face.shape[1] + 100, 3), 120, np.uint8), face, 50, 50)
    found = recognize(jpeg(photo), deck="insonnia108")
    assert [d.card for d in found] == ["P9"] and found[0].confidence >= 0.9
    half = recognize(photo[:photo.shape[0] // 2], deck="insonnia108")
    assert [d.card for d in half] == ["P9"]
    bottom = np.array(half[0].corners)[2:]  # outside the photo, where the card goes on
    assert bottom[:, 1].min() > photo.shape[0] * 0.9


def test_an_upside_down_card_reports_its_corners_from_its_own_top_left() -> None:
    k = 6.0
    face = np.ascontiguousarray(render_card("R3", k)[::-1, ::-1])
    found = recognize(_card_on(np.full((800, 700, 3), 70, np.uint8), face, 100, 150), deck="insonnia108")
    assert [d.card for d in found] == ["R3"] and found[0].confidence > 0.9
    first = np.array(found[0].corners[0])
    assert np.abs(first - (100 + 63 * k, 150 + 88 * k)).max() < 3  # the card's top-left is bottom-right


def test_markers_that_disagree_give_no_card() -> None:
    """The top corner says R1; where its bottom marker must be, another card's marker sits."""
    k = 6.0
    face = render_card("R1", k).copy()
    rows, cols = _box_px(md.BOTTOM_RIGHT, k)
    face[rows, cols] = render_card("G5", k)[rows, cols]
    assert recognize(_card_on(np.full((800, 700, 3), 70, np.uint8), face, 100, 150), deck="insonnia108") == []


def test_a_damaged_marker_confirms_its_partner_but_never_stands_alone() -> None:
    k = 6.0
    face = render_card("Y4", k).copy()
    cells = md.marker_cells(md.marker_id("Y4", md.TOP_LEFT))
    r, c = 2, 2  # flip one data cell of the top marker
    x0, y0 = round((md.MARKER_AT + c * md.CELL) * k), round((md.MARKER_AT + r * md.CELL) * k)
    face[y0:y0 + round(md.CELL * k), x0:x0 + round(md.CELL * k)] = 0 if cells[r, c] else 255
    background = np.full((800, 700, 3), 70, np.uint8)
    found = recognize(_card_on(background, face, 100, 150), deck="insonnia108")
    assert [d.card for d in found] == ["Y4"] and found[0].confidence >= 0.9
    rows, cols = _box_px(md.BOTTOM_RIGHT, k)
    face[rows, cols] = (60, 140, 200)
    assert recognize(_card_on(background, face, 100, 150), deck="insonnia108") == []


# ---- no false reads ----------------------------------------------------------------------------
def test_tables_noise_and_other_markers_give_no_card() -> None:
    rng = np.random.default_rng(7)
    for _ in range(6):
        assert recognize(jpeg(table(rng, 1280, 960)), deck="insonnia108") == []
    assert recognize(rng.integers(0, 256, (720, 1280, 3), dtype=np.uint8), deck="insonnia108") == []
    blocks = cv2.resize(rng.integers(0, 2, (90, 160), dtype=np.uint8) * 255, (1280, 720),
                        interpolation=cv2.INTER_NEAREST)
    assert recognize(blocks, deck="insonnia108") == []
    # markers of the same family that the deck does not use, and random patterns in a black border
    family = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250)
    sheet = np.full((1400, 1400), 255, np.uint8)
    for n, mid in enumerate(range(104, 250)):
        y, x = divmod(n, 13)
        marker = cv2.aruco.generateImageMarker(family, mid, 70)
        sheet[15 + y * 105:85 + y * 105, 15 + x * 105:85 + x * 105] = marker
    assert recognize(sheet, deck="insonnia108") == []
    for _ in range(3):
        sheet = np.full((1400, 1400), 255, np.uint8)
        for n in range(169):
            bits = rng.integers(0, 2, (7, 7), dtype=np.uint8) * 255
            bits[0, :] = bits[-1, :] = bits[:, 0] = bits[:, -1] = 0
            y, x = divmod(n, 13)
            sheet[15 + y * 105:85 + y * 105, 15 + x * 105:85 + x * 105] = cv2.resize(
                bits, (70, 70), interpolation=cv2.INTER_NEAREST)
        assert recognize(sheet, deck="insonnia108") == []


PHOTOS = SHARED / "cardphotos"


@pytest.mark.skipif(not PHOTOS.is_dir(), reason=f"no photos at {PHOTOS}")
def test_french_card_photos_give_no_insonnia_card() -> None:
    photos = sorted(PHOTOS.glob("*/*.jpg"))
    assert photos
    false = {p.name: [d.card for d in recognize(p, deck="insonnia108")] for p in photos}
    assert {k: v for k, v in false.items() if v} == {}


def test_recognize_command_reads_the_insonnia_deck(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    made = scene(np.random.default_rng(3), 1280, 720, ["G2", "X", "F"], hand=False)
    photo = tmp_path / "table.jpg"
    photo.write_bytes(jpeg(made.image))
    assert main(["recognize", "--deck", "insonnia108", "--json", str(photo)]) == 0
    out = json.loads(capsys.readouterr().out)["images"][0]
    assert sorted(d["card"] for d in out["detections"]) == ["F", "G2", "X"]
    assert all(len(d["corners"]) == 4 for d in out["detections"])
    assert main(["recognize", "--deck", "uno", str(photo)]) == 2
    decoded = decode(photo.read_bytes())
    assert (decoded.width, decoded.height) == (1280, 720)
