"""Refused requests that matter for access, logged one line each: who tried what, where, why.

Logged: a token of no seat (401), acting for another seat or without the host's powers (403),
a missing CSRF token (403), a full table or a taken seat (409 when joining), guessing room codes
too fast (429). The line has the table, the route, the address and the reason; never a token.
"""

from __future__ import annotations

import logging

from flask import request

from ..service.errors import ServiceError

log = logging.getLogger("companion.access")
AUDITED = frozenset({401, 403, 429})
JOINING = "api.join"


def audited(e: ServiceError) -> bool:
    """True for the refusals the access log keeps."""
    return e.status in AUDITED or (e.status == 409 and request.endpoint == JOINING)


def refused(e: ServiceError) -> None:
    """Log one refused request (when it is of the kinds kept)."""
    if not audited(e):
        return
    table = (request.view_args or {}).get("table_id", "-")
    route = request.url_rule.rule if request.url_rule is not None else request.path
    reason = e.message
    if e.extra.get("reason"):
        reason = f"{reason} ({e.extra['reason']})"
    log.warning("refused %s %s table=%s addr=%s status=%d: %s", request.method, route, table,
                request.remote_addr or "unknown", e.status, reason)
