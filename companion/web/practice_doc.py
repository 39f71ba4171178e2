"""The OpenAPI paths of the practice tables (merged into /api/openapi.json)."""

from __future__ import annotations

from typing import Any

_ERROR = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
_VIEW = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/View"}}}}
_TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}


def _err(description: str) -> dict[str, Any]:
    return {"description": description, **_ERROR}


PRACTICE_PATHS: dict[str, Any] = {
    "/api/practice": {"post": {
        "summary": "Create a practice table: the caller against the app's bots",
        "description": "`{\"game\", \"bots\"?: n, \"name\"?, \"options\"?}`. The app deals; the "
                       "caller takes seat 0 (seat and host cookies are set), the bots the "
                       "others. The view's `practice` says which seats are bots.",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": ["game"], "properties": {
                "game": {"type": "string"}, "bots": {"type": "integer"},
                "name": {"type": "string"}, "options": {"type": "object"}}}}}},
        "responses": {
            "201": {"description": "the table, the caller's seat and tokens", "content": {
                "application/json": {"schema": {"type": "object", "properties": {
                    "table_id": {"type": "string"}, "room": {"type": "string"},
                    "play_url": {"type": "string"}, "host_token": {"type": "string"},
                    "seat": {"type": "integer"}, "token": {"type": "string"}}}}}},
            "400": _err("unknown game, wrong number of bots, bad option, hands not dealt by the app"),
            "422": _err("the name holds an invisible or control character (reason 'hidden_character')"),
        }}},
    "/api/tables/{table_id}/rewind": {"post": {
        "summary": "Practice: take back the player's last move and the bots' moves after it",
        "parameters": [_TABLE_ID], "security": [{"seatToken": []}],
        "responses": {"200": {"description": "the caller's view", **_VIEW},
                      "400": _err("not a practice table"), "403": _err("not the player"),
                      "404": _err("no such table"), "422": _err("no move of the player to take back")}}},
    "/api/tables/{table_id}/show-bots": {"post": {
        "summary": "Practice: show or hide the bots' cards on the player's phone",
        "parameters": [_TABLE_ID], "security": [{"seatToken": []}],
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": ["show"], "properties": {"show": {"type": "boolean"}}}}}},
        "responses": {"200": {"description": "the caller's view", **_VIEW},
                      "400": _err("not a practice table, or 'show' not true/false"),
                      "403": _err("not the player"), "404": _err("no such table")}}},
}
