"""Practice tables on the web: create one against bots, take a move back, show the bots' cards.

The bots move after every request that may have given them the turn (a move, an undo, a
look at the table, a live stream opened): see :func:`_wake_bots`.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request
from flask.blueprints import BlueprintSetupState

from ..service.practice import DEFAULT_DELAY, Practice
from .common import host_cookie, json_body, public_base, seat_cookie, service, tokens

bp = Blueprint("practice", __name__, url_prefix="/api")
COOKIE_AGE = 60 * 60 * 24 * 7
# Requests after which the bots of a practice table may have to move.
WAKING = frozenset({"api.act", "api.undo", "api.state", "api.events", "api.correct",
                    "practice.rewind"})


@bp.record_once
def _install(state: BlueprintSetupState) -> None:
    app = state.app
    app.extensions["tavolo_practice"] = Practice(
        app.extensions["tavolo"], float(app.config.get("PRACTICE_DELAY", DEFAULT_DELAY)),
        bool(app.config.get("PRACTICE_BACKGROUND", True)))


def practice() -> Practice:
    """The app's practice tables."""
    found: Practice = current_app.extensions["tavolo_practice"]
    return found


@bp.after_app_request
def _wake_bots(resp: Response) -> Response:
    """After a request that may have given the bots the turn, let them move."""
    table_id = (request.view_args or {}).get("table_id")
    if request.endpoint in WAKING and table_id and resp.status_code < 400:
        practice().kick(str(table_id))
    return resp


def _caller_view(table_id: str) -> Response:
    seats, host = service().seats.credentials(table_id, tokens(request, table_id))
    return jsonify(service().views.view(table_id, seats[0] if seats else None, host))


@bp.post("/practice")
def create() -> tuple[Response, int]:
    """A practice table: ``{"game", "bots"?, "name"?, "options"?}``; the caller takes seat 0."""
    created, joined = practice().create(json_body())
    base = public_base()
    resp = jsonify({"table_id": created.table_id, "room": created.room,
                    "play_url": f"{base}/play/{created.table_id}",
                    "host_token": created.host_token, "seat": joined.seat, "token": joined.token})
    for name, value in ((host_cookie(created.table_id), created.host_token),
                        (seat_cookie(created.table_id), joined.token)):
        resp.set_cookie(name, value, max_age=COOKIE_AGE, httponly=True, samesite="Lax")
    return resp, 201


@bp.post("/tables/<table_id>/rewind")
def rewind(table_id: str) -> Response:
    """Take back the player's last move and the bots' moves after it."""
    practice().rewind(table_id, tokens(request, table_id))
    return _caller_view(table_id)


@bp.post("/tables/<table_id>/show-bots")
def show_bots(table_id: str) -> Response:
    """Show or hide the bots' cards: ``{"show": true | false}``."""
    held = tokens(request, table_id)
    practice().player_table(table_id, held)  # rights before shape: a guest hears 403, not 400
    practice().show_bots(table_id, held, json_body().get("show"))
    return _caller_view(table_id)
