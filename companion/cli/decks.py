"""The companion command's deck subcommands: recognize cards in photos, print the Insonnia deck, enrol
a deck from face images, list, export and import the enrolled decks.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .common import CliError, database_of, database_shown

if TYPE_CHECKING:
    from recognizer.enrolled import EnrolledDeck

    from ..decks.library import DeckLibrary


def _library(args: argparse.Namespace) -> DeckLibrary:
    from ..decks.library import DeckLibrary
    from ..storage.eventlog import open_store

    return DeckLibrary(open_store(database_of(args)))


def _deck_for(args: argparse.Namespace) -> str | EnrolledDeck:
    """``--deck``: a built-in deck, a deck file's path, or an enrolled deck in the database."""
    from recognizer.enrolled import DeckFileError, EnrolledDeck
    from recognizer.pipeline import DECKS

    if args.deck in DECKS:
        return str(args.deck)
    path = Path(args.deck)
    if path.is_file():
        try:
            return EnrolledDeck.from_bytes(path.read_bytes())
        except DeckFileError as e:
            raise CliError(f"{args.deck}: {e}") from e
    deck = _library(args).load(args.deck)
    if deck is None:
        raise CliError(f"unknown deck {args.deck!r}: not a built-in deck ({', '.join(DECKS)}), not a "
                       f"deck file, and not enrolled in {database_shown(args)} (see `companion decks`)")
    return deck


def recognize(args: argparse.Namespace) -> int:
    import time

    from recognizer.decode import ImageError, decode
    from recognizer.matching import recognize_enrolled
    from recognizer.pipeline import recognize_decoded
    from recognizer.settings import Settings, decks_mixed

    try:
        deck = _deck_for(args)
    except CliError as e:
        print(f"companion recognize: {e}", file=sys.stderr)
        return 2
    settings = decks_mixed() if args.decks_mixed else Settings()
    results: list[dict[str, object]] = []
    for path in args.images:
        try:
            data = Path(path).read_bytes()
            start = time.perf_counter()
            decoded = decode(data)
            detections = recognize_decoded(decoded, settings, deck=deck) if isinstance(deck, str) \
                else recognize_enrolled(decoded, deck)
            elapsed = (time.perf_counter() - start) * 1000
        except OSError as e:
            results.append({"file": path, "error": f"cannot read the file: {e.strerror}"})
            continue
        except ImageError as e:
            results.append({"file": path, "error": str(e)})
            continue
        results.append({
            "file": path, "width": decoded.width, "height": decoded.height,
            "elapsed_ms": round(elapsed, 1), "detections": [d.to_json() for d in detections],
        })
    if args.json:
        json.dump({"images": results}, sys.stdout)
        sys.stdout.write("\n")
    else:
        for r in results:
            if "error" in r:
                print(f"{r['file']}: ERROR {r['error']}")
                continue
            found = r["detections"]
            assert isinstance(found, list)
            print(f"{r['file']}  {r['width']}x{r['height']}  {r['elapsed_ms']} ms  "
                  f"{len(found)} card(s)")
            for d in found:
                print(f"    {d['card']:>4}  confidence {d['confidence']:.2f}  corners {d['corners']}")
    return 0


def print_deck(args: argparse.Namespace) -> int:
    from ..decks.printdeck import FORMATS, write_deck

    fmt = args.format
    if fmt is None:
        suffix = Path(args.output).suffix.lower().lstrip(".") if args.output else ""
        fmt = suffix if suffix in FORMATS else "pdf"
    out = Path(args.output) if args.output else Path(f"insonnia-{args.paper}.{fmt}")
    try:
        count = write_deck(out, args.paper, fmt)
    except OSError as e:
        print(f"companion print-deck: cannot write {out}: {e.strerror}", file=sys.stderr)
        return 2
    paper = "A4" if args.paper == "a4" else "Letter"
    print(f"{out}: the Insonnia deck, 108 cards (63 x 88 mm) on {count} {paper} pages, {fmt.upper()}. "
          "Print at actual size (100%) and cut along the marks.")
    return 0


def enrol(args: argparse.Namespace) -> int:
    import time

    from ..decks.library import DeckError, check_kind, images_in_folder

    try:
        images = images_in_folder(Path(args.folder), check_kind(args.deck))
        start = time.perf_counter()
        done = _library(args).enrol(args.name, args.deck, images, replace_existing=args.replace)
    except DeckError as e:
        print(f"companion enrol: {e}", file=sys.stderr)
        return 2
    deck = done.deck
    print(f"Enrolled {deck.name!r} ({deck.kind}): {len(deck.codes)} cards from "
          f"{sum(len(v) for v in images.values())} images in {time.perf_counter() - start:.1f} s, "
          f"{len(deck.to_bytes()) / 1e6:.2f} MB, into {database_shown(args)}")
    if done.missing:
        print(f"No face for {len(done.missing)} card(s) of {deck.kind}: {' '.join(done.missing)}")
    return 0


def list_decks(args: argparse.Namespace) -> int:
    import datetime

    rows = _library(args).decks()
    if not rows:
        print(f"No enrolled decks in {database_shown(args)}. Enrol one with `companion enrol`.")
    for r in rows:
        when = datetime.datetime.fromtimestamp(r.created).strftime("%Y-%m-%d %H:%M")
        print(f"{r.name:24} {r.kind:9} {r.cards:3} cards  {r.size / 1e6:5.2f} MB  {when}")
    return 0


def export_deck(args: argparse.Namespace) -> int:
    from ..decks.library import DeckError

    try:
        data = _library(args).export(args.name)
        Path(args.file).write_bytes(data)
    except DeckError as e:
        print(f"companion deck-export: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"companion deck-export: cannot write {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    print(f"Exported {args.name!r} to {args.file} ({len(data) / 1e6:.2f} MB)")
    return 0


def import_deck(args: argparse.Namespace) -> int:
    from ..decks.library import DeckError

    try:
        done = _library(args).import_file(Path(args.file).read_bytes(), args.name, args.replace)
    except DeckError as e:
        print(f"companion deck-import: {args.file}: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"companion deck-import: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    print(f"Imported {done.deck.name!r} ({done.deck.kind}, {len(done.deck.codes)} cards) into "
          f"{database_shown(args)}")
    return 0
