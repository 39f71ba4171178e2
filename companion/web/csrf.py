"""Cross-site request forgery: a request that changes something must show it comes from our page.

The design, a double submit with a custom header:

- Each browser gets its own random token (32 random bytes, URL-safe) in the ``csrf`` cookie:
  HttpOnly (no script reads the cookie), SameSite=Lax (another site's form posts go without it).
- Our pages carry the same token in ``<meta name="csrf-token">``; ``static/csrf.js`` sends it in
  the ``X-CSRF-Token`` header of every POST, PUT, PATCH and DELETE. Scripts may ask for it at
  ``GET /api/csrf`` (the reply sets the cookie too).
- Every such request needs the header equal to the cookie (compared in constant time), unless it
  carries a seat or host token as ``Authorization: Bearer``: a browser never adds that by
  itself, and with it the cookies are not used as credentials.

Why it holds: another site cannot read our pages or the cookie (same-origin policy; no CORS
here), so it cannot know the token; and it cannot send a custom header to us without a CORS
preflight that we never grant, so even a cookie planted from elsewhere is of no use to it. A
refused request gets a 403 in both languages before the route runs: nothing is changed.
"""

from __future__ import annotations

import hmac
import re
import secrets

from flask import Flask, Response, g, jsonify, request

from ..service.errors import Forbidden
from .common import bearer

COOKIE = "csrf"
HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
COOKIE_AGE = 60 * 60 * 24 * 365
_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,128}")


class CsrfRefused(Forbidden):
    """A state-changing request without the page's token."""

    code = "csrf"


def _valid(value: str | None) -> bool:
    return bool(value) and _SHAPE.fullmatch(str(value)) is not None


def token() -> str:
    """This browser's token: its cookie's, or a new one (set as the cookie with this reply)."""
    known = getattr(g, "csrf_token", None)
    if known:
        return str(known)
    value = request.cookies.get(COOKIE)
    if not _valid(value):
        value = secrets.token_urlsafe(32)
        g.csrf_new = True
    g.csrf_token = value
    return str(value)


def exempt() -> bool:
    """True for requests that cannot be forged by another site: safe methods, and requests
    carrying a Bearer token (then the cookies are not credentials). Not any Authorization
    header: a browser adds Basic credentials by itself, for a proxy that asked for them."""
    return request.method in SAFE_METHODS or bool(bearer(request))


def check() -> None:
    """Refuse (403) a state-changing request whose header does not match its cookie."""
    if exempt():
        return
    cookie = request.cookies.get(COOKIE)
    sent = request.headers.get(HEADER)
    if not _valid(cookie):
        reason = "no CSRF cookie"
    elif not _valid(sent):
        reason = "no CSRF token in the request"
    elif not hmac.compare_digest(str(cookie).encode(), str(sent).encode()):
        reason = "CSRF token does not match"
    else:
        return
    raise CsrfRefused(
        "This request did not come from a Tavolo page (its security token is missing or "
        "stale): reload the page and try again.",
        "Questa richiesta non viene da una pagina di Tavolo (il suo codice di sicurezza manca "
        "o è scaduto): ricarica la pagina e riprova.",
        reason=reason,
    )


def register(app: Flask) -> None:
    """Check every request, give pages ``csrf_token()``, and set the cookie when it is new."""

    app.add_url_rule("/api/csrf", "csrf", issue, methods=["GET"])

    @app.before_request
    def _check() -> None:
        check()

    @app.context_processor
    def _inject() -> dict[str, object]:
        return {"csrf_token": token}

    @app.after_request
    def _set(resp: Response) -> Response:
        if getattr(g, "csrf_new", False):
            resp.set_cookie(COOKIE, str(g.csrf_token), max_age=COOKIE_AGE, httponly=True,
                            samesite="Lax")
            resp.headers.add("Vary", "Cookie")
        return resp


def issue() -> Response:
    """``GET /api/csrf``: this browser's token, for scripts (the reply also sets the cookie)."""
    resp = jsonify({"token": token(), "header": HEADER})
    resp.headers["Cache-Control"] = "no-store"
    return resp
