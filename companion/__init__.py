"""Tavolo companion: the Flask app factory.

``create_app(config)`` wires the store, the table service and the blueprints.
Templates and static files live at the project's top level (``templates/``,
``static/``); an installed wheel carries them inside the package as well.
"""

from __future__ import annotations

import os

# Photos are read in a small pool of threads of our own: numpy's BLAS must not start threads
# of its own per call, which spin for nothing on a small matrix (set before numpy loads).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, Response

from .service.limits import MissLimiter
from .service.presence import Presence
from .service.service import TableService
from .storage.eventlog import database_from_env, is_postgres, open_store
from .storage.live import Doorbell

MAX_BODY = 256 * 1024  # JSON requests; photos get their own limit


def _asset_dir(name: str) -> str:
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / name, here / "_assets" / name):
        if candidate.is_dir():
            return str(candidate)
    raise RuntimeError(f"the {name}/ folder is missing from the installation")


CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "frame-ancestors 'none'; form-action 'self'")


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. Config: DATABASE (a SQLite path or a ``postgresql://`` URL; the
    environment's DATABASE_URL or TAVOLO_DATABASE by default), PUBLIC_URL (the link phones use),
    PHONES_CAN_JOIN (False when phones cannot reach the server: every page says so)."""
    app = Flask(
        __name__, template_folder=_asset_dir("templates"), static_folder=_asset_dir("static"),
    )
    app.config.update(
        DATABASE=database_from_env(),
        PUBLIC_URL=os.environ.get("TAVOLO_PUBLIC_URL"),
        PHONES_CAN_JOIN=True,  # False: the server listens only on this computer (serve --host 127.0.0.1)
        MAX_CONTENT_LENGTH=MAX_BODY,
        SSE_HEARTBEAT=15.0,
        JSON_SORT_KEYS=False,
    )
    if config:
        app.config.update(config)
    database = str(app.config["DATABASE"])
    # SQLite's commits get the server's own thread (STORE_WRITER); PostgreSQL takes them as they come.
    store = open_store(database, app.config.get("STORE_WRITER"))
    doorbell = Doorbell()
    announce = getattr(store, "announce", None)  # several servers: they tell each other their phones
    service = app.extensions["tavolo"] = TableService(store, doorbell, presence=Presence(doorbell, announce))
    if is_postgres(database):  # other app servers' commits wake this one's streams
        from .storage.live_pg import PgListener

        app.extensions["tavolo_listener"] = PgListener(database, doorbell, own=getattr(store, "origin", None),
                                                       presence=service.presence.heard)
    app.extensions["tavolo_misses"] = MissLimiter()  # wrong room codes per address

    from .web import api, csrf, decks_api, errors, pages, practice_api, rules, shell

    @app.after_request
    def _guard(resp: Response) -> Response:
        """Only our own scripts, styles and images run in the page (photos shown from the
        phone's memory are blob: URLs); no framing; no guessing of content types."""
        resp.headers.setdefault("Content-Security-Policy", CSP)
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("Referrer-Policy", "same-origin")
        resp.headers.setdefault("X-Frame-Options", "DENY")
        return resp

    app.register_blueprint(api.bp)
    app.register_blueprint(decks_api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(practice_api.bp)
    app.register_blueprint(shell.bp)
    errors.register(app)
    csrf.register(app)
    return app
