"""Benchmarks: engine games per second, ms per action through the service, the recogniser
(French indices on labelled photos; the printed Insonnia deck on synthetic photos; enrolled
tarot decks on real photos and rendered scenes), and the load test (its own process)."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from ..games.quinta.engine import RULES as QUINTA
from ..games.quinta.state import QuintaState
from ..service.service import TableService
from ..storage.sqlite import Store
from .botpace import bot_pace


def random_game(rng: random.Random, players: int, seed: int) -> QuintaState:
    """One complete Quinta game with uniformly random legal moves."""
    s = QUINTA.new_state(players, {"hands": "known"}, seed)
    while s.phase != "over":
        seat = min(QUINTA.to_act(s))
        s = QUINTA.apply(s, rng.choice(QUINTA.legal_actions(s, seat)))
    return s


def engine_games_per_second(seconds: float) -> tuple[float, int]:
    """Play random 3-6 player games for ``seconds`` on one core."""
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        random_game(rng, 3 + games % 4, games)
        games += 1
    return games / elapsed, games


def service_latencies(actions: int) -> list[float]:
    """Milliseconds per accepted action through TableService, SQLite commit included."""
    rng = random.Random(2)
    timings: list[float] = []
    # On the disk the app writes to (data/), not a memory-backed /tmp: commits are real fsyncs.
    Path("data").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir="data") as tmp:
        svc = TableService(Store(Path(tmp) / "bench.sqlite3"))
        while len(timings) < actions:
            created = svc.lobby.create({"game": "quinta", "players": ["A", "B", "C", "D"],
                                  "options": {"hands": "known"}})
            tokens = [svc.lobby.join(created.table_id, seat).token for seat in range(4)]
            table = svc.tables.table(created.table_id)
            while table.state.phase != "over" and len(timings) < actions:
                seat = min(QUINTA.to_act(table.state))
                action = rng.choice(QUINTA.legal_actions(table.state, seat))
                body = {"action": QUINTA.dump_action(action), "seq": table.seq}
                t0 = time.perf_counter()
                table, _ = svc.moves.submit(created.table_id, [tokens[seat]], body)
                timings.append((time.perf_counter() - t0) * 1000)
    return timings


def recogniser_figures(shared: Path, photos: Path, scenes: int) -> None:
    """The French reader: each photo folder from networks that never saw it, the synthetic
    stress table, speed at 12 MP and 720p on one thread, peak memory."""
    from recognizer.benchmark import run as french_figures

    french_figures(shared, photos, stress_scenes=max(5, scenes // 2))


def marker_figures(scenes: int = 40) -> None:
    """The printed Insonnia deck: reading accuracy on synthetic photos, and speed."""
    import cv2
    import numpy as np

    from recognizer.decode import decode
    from recognizer.markerdeck import CODES
    from recognizer.markers import read_markers

    from ..decks.scenes import jpeg, scene

    cv2.setNumThreads(1)
    rng = np.random.default_rng(2024)
    sizes = ((640, 480), (1280, 720), (1920, 1080), (4000, 3000))
    cards = found = false = 0
    errors: list[float] = []
    for k in range(scenes):
        w, h = sizes[k % len(sizes)]
        made = scene(rng, w, h, [CODES[i] for i in rng.integers(0, len(CODES), int(rng.integers(2, 7)))])
        left = read_markers(decode(jpeg(made.image, int(rng.integers(60, 92)))))
        for card in made.cards:
            cards += 1
            near = [(float(np.abs(np.array(d.corners) - card.corners).max()) / card.size, i)
                    for i, d in enumerate(left) if d.card == card.code]
            if near and min(near)[0] < 0.1:
                err, i = min(near)
                errors.append(err)
                found += 1
                left.pop(i)
        false += len(left)
    errors.sort()
    print(f"insonnia markers: {found}/{cards} cards read in {scenes} synthetic photos (0.3-12 MP, tilt up "
          f"to 45 deg, overlaps, a hand, blur, noise, JPEG), {false} false reads; corner error "
          f"median {100 * statistics.median(errors):.2f}%, worst {100 * errors[-1]:.2f}% of the card")
    for label, size in (("12-megapixel photo (4000x3000)", (4000, 3000)), ("1280x720 frame", (1280, 720))):
        data = jpeg(scene(rng, *size, list(CODES[:6]), hand=False).image, 90)
        times = []
        for _ in range(15):
            t0 = time.perf_counter()
            n = len(read_markers(decode(data)))
            times.append((time.perf_counter() - t0) * 1000)
        print(f"insonnia markers speed, {label}, 6 cards, JPEG decode included, one thread: "
              f"median {statistics.median(times):.0f} ms, {n} cards found")




def _rss_mb() -> float | None:
    """This process's resident memory now (Linux), or None."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def _twelve_megapixels(image: np.ndarray) -> bytes:
    """A photo brought to 4000x3000 (cropped to 4:3 first, never squashed), as a JPEG."""
    import cv2

    h, w = image.shape[:2]
    if w / h > 4 / 3:
        cut = int(h * 4 / 3)
        image = image[:, (w - cut) // 2:(w - cut) // 2 + cut]
    else:
        cut = int(w * 3 / 4)
        image = image[(h - cut) // 2:(h - cut) // 2 + cut]
    big = cv2.resize(image, (4000, 3000), interpolation=cv2.INTER_CUBIC)
    ok, jpeg = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return jpeg.tobytes()


def enrolled_figures(art: Path, photos: Path, scenes: int = 40) -> None:
    """Enrol the tarot artwork and measure it: real photos of the same design, rendered scenes,
    milliseconds per 12-megapixel photo, and the size of a deck in memory and on disk."""
    import cv2

    from recognizer.decode import decode
    from recognizer.enrolled import EnrolledDeck, enrol_faces
    from recognizer.evaluate import evaluate_enrolled_folder, evaluate_scenes, load_art
    from recognizer.matching import recognize_enrolled
    from recognizer.scenes import render

    cv2.setNumThreads(1)
    if not (art / "rws-tarot").is_dir():
        print(f"enrolled decks: no tarot artwork at {art} (set TAVOLO_SHARED)")
        return
    decks = {}
    faces = {}
    for folder, label in (("rws-tarot", "RWS 1909"), ("tarot-nouveau", "Tarot Nouveau 1898")):
        if not (art / folder).is_dir():
            continue
        faces[folder] = load_art(art / folder)
        t0 = time.perf_counter()
        deck = enrol_faces(faces[folder], "tarot78", folder)
        elapsed = time.perf_counter() - t0
        decks[folder] = deck
        print(f"enrolled {label} ({folder}): {len(deck.codes)} cards in {elapsed:.1f} s; "
              f"{len(deck.owner)} keypoints; file {len(deck.to_bytes()) / 1e6:.2f} MB; "
              f"arrays {deck.nbytes / 1e6:.2f} MB")
    rws = decks["rws-tarot"]
    # Memory: load the deck file three times over, each ready to read (its index built).
    data = rws.to_bytes()
    blank = np.full((600, 800, 3), 90, np.uint8)
    before = _rss_mb()
    kept = []
    for _ in range(3):
        copy = EnrolledDeck.from_bytes(data)
        recognize_enrolled(decode(cv2.imencode(".jpg", blank)[1].tobytes()), copy)
        kept.append(copy)
    after = _rss_mb()
    if before is not None and after is not None:
        print(f"memory per enrolled 78-card deck, loaded and indexed: {(after - before) / 3:.1f} MB")
    # Real photos: the design enrolled, and each photo's design.
    if photos.is_dir():
        print(f"real tarot photos in {photos} (cards as multisets per photo):")
        same = []
        for folder, deck_name in (("rws_aces", "rws-tarot"), ("rws_major", "rws-tarot"),
                                  ("frtarot", "tarot-nouveau")):
            if not (photos / folder / "labels.csv").exists() or deck_name not in decks:
                continue
            recognize_enrolled(decode((next((photos / folder).glob("*.jpg"))).read_bytes()), decks[deck_name])
            tally = evaluate_enrolled_folder(photos / folder, decks[deck_name])
            print("  " + tally.line(f"{folder} ({deck_name})"))
            for miss in tally.misses:
                print(f"      {miss}")
            if deck_name == "rws-tarot":
                same.append(tally)
        if same:
            expected = sum(t.expected for t in same)
            correct = sum(t.correct for t in same)
            found = sum(t.found for t in same)
            print(f"  RWS photos with the RWS deck enrolled: recall {correct / expected:.3f}, "
                  f"precision {sum(t.found_right for t in same) / max(found, 1):.3f} "
                  f"(targets 0.95 and 0.99)")
    else:
        print(f"no tarot photos at {photos}")
    print(f"rendered scenes ({scenes} each: 1-6 cards spread, in tricks or fanned; turned, tilted, "
          "lit unevenly, glare, blur, noise, JPEG):")
    for folder, deck in decks.items():
        tally = evaluate_scenes(faces[folder], deck, scenes, seed=7)
        print("  " + tally.line(f"{folder} scenes"))
    italian_figures(art, scenes)
    # Speed on 12-megapixel photos with the 78-card deck enrolled.
    rng = np.random.default_rng(3)
    codes = ["T0", "T15", "AC", "5D", "KH", "9S"]
    scene = render(faces["rws-tarot"], codes, rng, (4000, 3000)).image
    samples = [("six cards rendered at 4000x3000", scene)]
    real = photos / "rws_major" / "IMG_4120.jpg"
    if real.exists():
        samples.append(("rws_major/IMG_4120 brought to 4000x3000", np.asarray(cv2.imread(str(real)))))
    for label, image in samples:
        jpeg = _twelve_megapixels(image)
        times = []
        cards: list[str] = []
        for _ in range(15):
            t0 = time.perf_counter()
            cards = sorted(d.card for d in recognize_enrolled(decode(jpeg), rws))
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        print(f"enrolled speed, {label}, JPEG decode included, one thread: median "
              f"{statistics.median(times):.0f} ms, p95 {times[int(0.95 * (len(times) - 1))]:.0f} ms, "
              f"{len(cards)} cards: {' '.join(cards)}")


def italian_figures(art: Path, scenes: int) -> None:
    """The two Italian 40-card decks enrolled for Kaiserspiel (``kaiser40``, the cavallo read
    as the Ober), measured on rendered scenes: no photos of Italian cards exist to measure on."""
    from recognizer.enrolled import enrol_faces
    from recognizer.evaluate import evaluate_scenes

    from ..decks.library import DeckError, images_in_folder

    for folder in ("italian-piacentine", "italian-napoletane"):
        try:
            faces = {code: images[0] for code, images in images_in_folder(art / folder, "kaiser40").items()}
        except DeckError as e:
            print(f"  {folder}: {e}")
            continue
        deck = enrol_faces(faces, "kaiser40", folder)
        tally = evaluate_scenes(faces, deck, scenes, seed=7)
        print("  " + tally.line(f"{folder} scenes (kaiser40)"))


def run(games_seconds: float = 3.0, actions: int = 2000, photos: str | None = None,
        load_tables: int = 200, load_seconds: float = 20.0, scenes: int = 40) -> None:
    """Print the figures."""
    rate, games = engine_games_per_second(games_seconds)
    print(f"quinta engine: {rate:,.0f} random games/s on one core ({games} games, 3-6 players)")
    timings = sorted(service_latencies(actions))
    p50 = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(f"service action (check + SQLite commit, WAL, synchronous=FULL): "
          f"p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(timings)} actions")
    bot_pace()
    shared = Path(os.environ.get("TAVOLO_SHARED", "../shared"))
    recogniser_figures(shared, Path(photos) if photos else shared / "cardphotos", scenes)
    if scenes:
        marker_figures(scenes)
    enrolled_figures(shared / "cardart", Path(photos) if photos else shared / "cardphotos", scenes)
    if load_tables:
        # Its own process: the load client patches the standard library for gevent.
        subprocess.run([sys.executable, "-m", "companion.bench.load", "--tables", str(load_tables),
                        "--seconds", str(load_seconds)], check=False)
        postgres_load(load_tables, load_seconds)


def postgres_load(tables: int, seconds: float) -> None:
    """The same load on a throwaway PostgreSQL server shared by 2, then 4 app servers."""
    from . import pgtemp

    try:
        server = pgtemp.start()
    except pgtemp.NoPostgres as e:
        print(f"load, PostgreSQL: skipped ({e})")
        return
    try:
        for servers in (2, 4):
            url = server.new_database()
            subprocess.run([sys.executable, "-m", "companion.bench.load", "--tables", str(tables),
                            "--seconds", str(seconds), "--database", url, "--servers", str(servers)],
                           check=False)
    finally:
        server.stop()
