"""What every route needs: the service, the caller's language and credentials."""

from __future__ import annotations

from typing import Any

from flask import Request, current_app, request

from ..service.errors import BadRequest, NotFound, TooMany
from ..service.service import TableService

LANGS = ("en", "it")


def service() -> TableService:
    """The app's table service."""
    svc: TableService = current_app.extensions["tavolo"]
    return svc


def lang() -> str:
    """``it`` or ``en``: the ``lang`` query or cookie, else the browser's preference."""
    chosen = request.args.get("lang") or request.cookies.get("lang")
    if chosen in LANGS:
        return str(chosen)
    return request.accept_languages.best_match(LANGS, default="en") or "en"


def seat_cookie(table_id: str) -> str:
    """The cookie holding a phone's seat token for one table."""
    return f"seat_{table_id}"


def host_cookie(table_id: str) -> str:
    """The cookie holding the host token for one table."""
    return f"host_{table_id}"


def bearer(req: Request) -> str | None:
    """The token of an ``Authorization: Bearer`` header, or None (then cookies are the credentials)."""
    auth = req.headers.get("Authorization", "")
    return auth[7:].strip() if auth.startswith("Bearer ") else None


def tokens(req: Request, table_id: str, seat_on_screen: bool = False) -> list[str]:
    """The caller's credentials: a Bearer token, else the table's seat and host cookies.

    ``?as=table`` (the shared table screen) drops the seat: that screen shows only
    what is public, even on the host's phone that also holds a seat. ``seat_on_screen``
    keeps it there: whose phone this is, not what it may show (presence).
    """
    given = bearer(req)
    if given is not None:
        return [given]
    found = [req.cookies.get(host_cookie(table_id))]
    if seat_on_screen or req.args.get("as") != "table":
        found.append(req.cookies.get(seat_cookie(table_id)))
    return [t for t in found if t]


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a clear 400."""
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # absurdly deep nesting
        data = None
    if not isinstance(data, dict):
        raise BadRequest(
            "The request body must be a JSON object (Content-Type: application/json).",
            "Il corpo della richiesta deve essere un oggetto JSON (Content-Type: application/json).",
        )
    return data


def public_base() -> str:
    """The base URL phones should use: the configured LAN link, else this request's host."""
    configured = current_app.config.get("PUBLIC_URL")
    return str(configured or request.host_url).rstrip("/")


def table_of_room(room: str) -> str:
    """The table behind a room code, for this caller. An address that keeps missing (guessing
    codes) is slowed down: a 429 until its misses age out (logged by ``audit``)."""
    limiter = current_app.extensions["tavolo_misses"]
    who = request.remote_addr or "unknown"
    wait = limiter.wait(who)
    if wait > 0:
        raise TooMany(f"Too many wrong room codes from this device: try again in {int(wait) + 1} s.",
                      f"Troppi codici sbagliati da questo dispositivo: riprova tra {int(wait) + 1} s.",
                      retry_after=int(wait) + 1)
    try:
        return service().lobby.find_room(room)
    except NotFound:
        limiter.miss(who)
        current_app.logger.info("unknown room code from %s", who)
        raise
