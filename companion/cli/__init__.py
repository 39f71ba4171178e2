"""The ``companion`` command: serve, replay, recognize, print-deck, export/import, bench,
and the enrolled decks."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ..games import GAMES
from ..games.scenarios import ScenarioError, replay_scenario
from .common import DATABASE_HELP, database_of, database_shown
from .decks import enrol, export_deck, import_deck, list_decks, print_deck, recognize


def _export(args: argparse.Namespace) -> int:
    """Write a table's game record, finished or not.

    An operator's tool on the server (it reads the database directly, a backup or a move to
    another server): unlike the host's download over the web, which waits for the end of the
    game, it also exports a game in progress, seed and private entries included.
    """
    from ..storage.eventlog import open_store

    record = open_store(database_of(args)).export_table(args.table_id)
    if record is None:
        print(f"companion export: no table {args.table_id!r} in {database_shown(args)}", file=sys.stderr)
        return 2
    text = json.dumps(record, ensure_ascii=False, indent=1)
    if args.output in (None, "-"):
        print(text)
    else:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
        print(f"{args.output}: the game record of table {args.table_id} ({len(record['events'])} events)")
    return 0


def _import(args: argparse.Namespace) -> int:
    from ..storage.eventlog import open_store

    try:
        record = json.loads(Path(args.record).read_text(encoding="utf-8"))
        if not isinstance(record, dict):
            raise ValueError("a game record is a JSON object")
        table_id = open_store(database_of(args)).import_table(record)
    except (OSError, ValueError) as e:
        print(f"companion import: {e}", file=sys.stderr)
        return 2
    print(f"table {table_id} restored into {database_shown(args)}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    try:
        text = Path(args.scenario).read_text(encoding="utf-8")
    except OSError as e:
        print(f"companion replay: cannot read {args.scenario}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        scenario = json.loads(text)
    except json.JSONDecodeError as e:
        print(f"companion replay: {args.scenario} is not JSON: {e}", file=sys.stderr)
        return 2
    try:
        report = replay_scenario(scenario)
    except ScenarioError as e:
        print(f"companion replay: {args.scenario}: {e}", file=sys.stderr)
        return 2
    json.dump(report, sys.stdout)
    sys.stdout.write("\n")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from ..storage.eventlog import is_postgres
    from ..web.server import patch, serve, writer_thread

    patch()  # before the app exists: its locks and sockets must be cooperative
    from urllib.parse import urlsplit

    from .. import create_app
    from ..service.joining import reach

    port = args.port or int(os.environ.get("PORT", "5000"))
    scheme = "https" if args.https else "http"
    # The link printed and encoded in every QR code: an address this server really listens on.
    where = reach(args.host, port, scheme, os.environ.get("TAVOLO_PUBLIC_URL"))
    public = where.link
    address = urlsplit(public).hostname or "127.0.0.1"
    database = database_of(args)
    ssl_context: tuple[str, str] | None = None
    if args.https:
        from ..web.tls import CertificateError, ensure_certificate

        try:
            home = Path("data") if is_postgres(database) else Path(database).parent
            cert, key = ensure_certificate(home, address)
            ssl_context = (str(cert), str(key))
        except CertificateError as e:
            print(f"companion serve: {e}", file=sys.stderr)
            return 2
    try:
        app = create_app({"DATABASE": database, "PUBLIC_URL": public, "PHONES_CAN_JOIN": where.phones,
                          **({} if is_postgres(database) else {"STORE_WRITER": writer_thread()})})
    except Exception as e:
        print(f"companion serve: cannot open the database {database_shown(args)}: {e}", file=sys.stderr)
        return 2

    def ready() -> None:
        print(banner(args.host, public, where.phones, where.others))
        data = database_shown(args) if is_postgres(database) else Path(database).resolve()
        print(f"Data: {data}   (Ctrl-C stops the server)", flush=True)

    certfile, keyfile = ssl_context or (None, None)
    try:
        serve(app, args.host, port, connections=args.connections, threads=args.threads,
              certfile=certfile, keyfile=keyfile, ready=ready)
    except OSError as e:
        print(f"companion serve: cannot listen on {args.host}:{port}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


def banner(host: str, link: str, phones: bool, others: tuple[str, ...] = ()) -> str:
    """What ``companion serve`` prints once it listens: the link phones open and its QR code;
    or, when phones cannot reach this server, the link for this computer and why phones
    cannot join, with how to start it for the local network."""
    from ..service.joining import loopback_only, qr_terminal

    if phones:
        lines = [f"Tavolo is running. On phones on the same network, open:\n\n    {link}/\n",
                 qr_terminal(f"{link}/")]
        if others:
            lines.append("If the phones cannot reach it, this computer also answers at: "
                         + ", ".join(f"{o}/" for o in others) + "\n")
        return "\n".join(lines)
    if loopback_only(host):
        why = (f"PHONES CANNOT JOIN: this server listens only on this computer ({host}).\n"
               "To let phones on the same Wi-Fi join, start it on every network interface:\n\n"
               "    companion serve --host 0.0.0.0        (what `make run` does)\n")
    else:
        why = ("PHONES CANNOT JOIN: this computer is on no network. Connect it to the Wi-Fi the "
               "phones use, then start the server again.\n")
    return f"Tavolo is running on this computer only: open {link}/ here.\n\n{why}"


def _bench(args: argparse.Namespace) -> int:
    from ..bench.suite import run

    run(games_seconds=args.seconds, actions=args.actions, photos=args.photos,
        load_tables=args.load_tables, load_seconds=args.load_seconds, scenes=args.scenes)
    return 0


def _bots_bench(args: argparse.Namespace) -> int:
    from ..bench.bots import GAMES, run

    run(games=args.games, only=tuple(args.game or GAMES))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``companion`` command."""
    parser = argparse.ArgumentParser(prog="companion", description="Tavolo companion")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("export", help="write a table's complete log as a JSON game record "
                       "(an operator's tool: games in progress too)")
    p.add_argument("table_id")
    p.add_argument("-o", "--output", default=None, help="file to write (default: print it)")
    p.add_argument("--database", default=None, help=DATABASE_HELP)
    p.set_defaults(func=_export)
    p = sub.add_parser("import", help="restore a table from a JSON game record")
    p.add_argument("record")
    p.add_argument("--database", default=None, help=DATABASE_HELP)
    p.set_defaults(func=_import)
    p = sub.add_parser("replay", help="replay a rules-scenario/1 file and print a JSON report")
    p.add_argument("scenario")
    p.set_defaults(func=_replay)
    p = sub.add_parser("serve", help="start the web app for phones")
    p.add_argument("--host", default="0.0.0.0",
                   help="the address to listen on (default 0.0.0.0: every network interface, so that "
                        "phones on the same Wi-Fi can join; 127.0.0.1: this computer only)")
    p.add_argument("--port", type=int, default=None, help="default: $PORT or 5000")
    p.add_argument("--database", default=None, help=DATABASE_HELP)
    p.add_argument("--https", action="store_true",
                   help="serve over HTTPS with a self-signed certificate (for the live camera)")
    p.add_argument("--connections", type=int, default=int(os.environ.get("TAVOLO_CONNECTIONS", "4000")),
                   help="connections held at once: every phone keeps one live stream open "
                        "(default $TAVOLO_CONNECTIONS or 4000)")
    p.add_argument("--threads", type=int, default=int(os.environ.get("TAVOLO_THREADS", "2")),
                   help="threads reading photos (default $TAVOLO_THREADS or 2)")
    p.set_defaults(func=_serve)
    p = sub.add_parser("bench", help="measure engine and service speed")
    p.add_argument("--seconds", type=float, default=3.0, help="time spent on engine playouts")
    p.add_argument("--actions", type=int, default=2000, help="actions sent through the service")
    p.add_argument("--photos", default=None,
                   help="labelled photo sets to measure the recogniser on (default ../shared/cardphotos)")
    p.add_argument("--scenes", type=int, default=40,
                   help="synthetic photos of the printed Insonnia deck, and rendered scenes per "
                        "enrolled deck, to measure on (0: none)")
    p.add_argument("--load-tables", type=int, default=200,
                   help="tables of six phones with live streams for the load test (0: skip it)")
    p.add_argument("--load-seconds", type=float, default=20.0, help="length of the load test")
    p.set_defaults(func=_bench)
    p = sub.add_parser("bots-bench", help="bots against random players: legality, win rate, speed")
    p.add_argument("--games", type=int, default=1000, help="seeded games per game (default 1000)")
    p.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    p.set_defaults(func=_bots_bench)
    p = sub.add_parser("print-deck", help="write a printable deck (PDF or SVG) the camera reads")
    p.add_argument("deck", choices=["insonnia"])
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")
    p.add_argument("--format", choices=["pdf", "svg"], default=None,
                   help="default: from the output's suffix, else pdf")
    p.add_argument("-o", "--output", default=None, help="default: insonnia-PAPER.FORMAT here")
    p.set_defaults(func=print_deck)
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument("--database", default=None,
                          help=DATABASE_HELP)
    p = sub.add_parser("recognize", help="find the cards in photos", parents=[database])
    p.add_argument("--deck", default="french54",
                   help="french54, insonnia108, an enrolled deck's name, or a deck file (.tavdeck)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--decks-mixed", action="store_true",
                   help="the photos may hold two copies of a card (decks mixed): a card read twice "
                        "stays twice; by default one deck is assumed, and a card read twice whose "
                        "reader doubted is read as its second guess")
    p.add_argument("images", nargs="+")
    p.set_defaults(func=recognize)
    p = sub.add_parser("enrol", help="learn a deck from a folder of face images named by card code",
                       parents=[database])
    p.add_argument("--deck", required=True, metavar="KIND",
                   help="the kind of deck: tarot78, kaiser40, kaiser48, french54 or custom")
    p.add_argument("--name", required=True, help="the name to keep it under")
    p.add_argument("--replace", action="store_true", help="replace a deck of the same name")
    p.add_argument("folder")
    p.set_defaults(func=enrol)
    p = sub.add_parser("decks", help="list the enrolled decks", parents=[database])
    p.set_defaults(func=list_decks)
    p = sub.add_parser("deck-export", help="write an enrolled deck to one file", parents=[database])
    p.add_argument("name")
    p.add_argument("file")
    p.set_defaults(func=export_deck)
    p = sub.add_parser("deck-import", help="store a deck file as an enrolled deck", parents=[database])
    p.add_argument("file")
    p.add_argument("--name", default=None, help="store it under another name")
    p.add_argument("--replace", action="store_true", help="replace a deck of the same name")
    p.set_defaults(func=import_deck)
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
