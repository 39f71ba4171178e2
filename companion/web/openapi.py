"""The OpenAPI 3.1 document of the JSON API, served at /api/openapi.json."""

from __future__ import annotations

from typing import Any

from .decks_doc import deck_paths
from .doc_parts import AS_TABLE, TABLE_ID, VIEW, answer, err
from .doc_schemas import components
from .pages_doc import page_paths
from .practice_doc import PRACTICE_PATHS

_UNSAFE = ("post", "put", "patch", "delete")
CSRF_NOTE = ("Every POST, PUT, PATCH and DELETE carries either a seat or host token as "
             "`Authorization: Bearer`, or the CSRF token: the `csrf` cookie and the same value in "
             "the `X-CSRF-Token` header (pages have it in `<meta name=\"csrf-token\">`; scripts ask "
             "`GET /api/csrf`). Without either the answer is 403 with error `csrf`, and nothing changes.")


def _guard_unsafe(doc: dict[str, Any]) -> dict[str, Any]:
    """Every state-changing operation: a Bearer token or the CSRF pair, and its 403; the
    answers every operation of a kind can give (a body: 400 and 413; a table: 404)."""
    for path, item in doc["paths"].items():
        for method, op in item.items():
            responses = op.setdefault("responses", {})
            if "requestBody" in op:
                responses.setdefault("400", err("a malformed body"))
                responses.setdefault("413", err("the body is too large"))
            if "{table_id}" in path and path.startswith("/api/"):
                responses.setdefault("404", err("no such table"))
            if method not in _UNSAFE:
                continue
            bearer: list[dict[str, list[str]]] = [{"seatToken": []}] if op.get("security") else []
            op["security"] = [*bearer, {"csrfToken": [], "csrfCookie": []}]
            responses = op.setdefault("responses", {})
            if "403" in responses:
                responses["403"] = err(responses["403"]["description"] + "; or no CSRF token")
            else:
                responses["403"] = err("no CSRF token (error 'csrf')")
    return doc


def document() -> dict[str, Any]:
    """Build the document (the game list comes from the engines)."""
    return _guard_unsafe(_document())


def _document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Tavolo companion API",
            "version": "1",
            "description": "Tables for real card games: create, join, act, follow live. "
                           "Errors are JSON with an English and an Italian sentence; "
                           "a refused request changes nothing. " + CSRF_NOTE,
        },
        "components": components(),
        "paths": {
            **PRACTICE_PATHS,
            "/api/tables": {"post": {
                "summary": "Create a table",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/NewTable"}}}},
                "responses": {
                    "201": answer({"type": "object", "properties": {
                        "table_id": {"type": "string"}, "room": {"type": "string"},
                        "join_url": {"type": "string"}, "table_url": {"type": "string"},
                        "host_token": {"type": "string"}, "qr_url": {"type": "string"}}},
                        "the new table"),
                    "400": err("malformed body, unknown game or option"),
                    "413": err("body too large"),
                    "422": err("a player's name holds an invisible or control character "
                                "(reason 'hidden_character')"),
                }}},
            "/api/tables/{table_id}/seats": {"post": {
                "summary": "Join a table (take a seat)",
                "parameters": [TABLE_ID, AS_TABLE],
                "requestBody": {"content": {"application/json": {"schema": {
                    "type": "object", "properties": {
                        "seat": {"type": "integer"}, "name": {"type": "string"}}}}}},
                "responses": {
                    "201": answer({"type": "object", "properties": {
                        "seat": {"type": "integer"}, "token": {"type": "string"},
                        "name": {"type": "string"}}}, "the seat and its secret token"),
                    "400": err("no such seat, or a name is needed"),
                    "404": err("no such table"),
                    "409": err("seat taken, or name in use"),
                    "422": err("the name holds an invisible or control character "
                                "(reason 'hidden_character')"),
                }}},
            "/api/tables/{table_id}/seats/{seat}": {"delete": {
                "summary": "Host: free a seat whose phone was lost",
                "parameters": [TABLE_ID, AS_TABLE, {"name": "seat", "in": "path", "required": True,
                                           "schema": {"type": "integer"}}],
                "security": [{"seatToken": []}],
                "responses": {"200": answer(VIEW, "the seat is free again"),
                              "400": err("that seat has no phone"),
                              "403": err("not the host"), "404": err("no such table")},
            }},
            "/api/tables/{table_id}/state": {"get": {
                "summary": "The caller's own view",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}, {}],
                "responses": {"200": answer(VIEW, "the view"), "404": err("no such table")},
            }},
            "/api/tables/{table_id}/actions": {"post": {
                "summary": "Submit an action",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["action", "seq"], "properties": {
                        "action": {"$ref": "#/components/schemas/Action"},
                        "seq": {"type": "integer",
                                "description": "the last event sequence this phone saw"},
                        "id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$",
                               "description": "the phone's id for this request, its seat's own "
                                              "(another seat may use the same id): a retry with "
                                              "the same id and body is answered as the first "
                                              "time, never applied twice; the same id with "
                                              "another body is a 409 'request_id_reused'"}}}}}},
                "responses": {
                    "200": answer(VIEW, "accepted and committed, the new view; a retry of a request "
                                        "already applied gets the view right after its move"),
                    "400": err("malformed request, or an action with a field its game does "
                               "not read ('fields' names them)"),
                    "401": err("no valid token for this table"),
                    "403": err("acting for another seat, or a player's phone acting from the "
                               "table screen (reason 'table_screen')"),
                    "404": err("no such table"),
                    "409": err("someone moved first (reason 'moved_first', with 'view': the table "
                                "as it is now, and 'movers': the seats whose moves came since); or "
                                "this seat's request id already made another move "
                                "(reason 'request_id_reused'); nothing done"),
                    "413": err("body too large"),
                    "422": err("illegal move: rule id and sentence"),
                }}},
            "/api/tables/{table_id}/corrections": {"post": {
                "summary": "Host: correct a revealed card entered by mistake",
                "description": "Only for hands the app does not know. The moves after it are "
                               "replayed; the correction is refused if they no longer fit. The "
                               "action keeps the move's player ('player' may be left out; another "
                               "player is refused).",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["seq", "target", "action"], "properties": {
                        "seq": {"type": "integer"},
                        "target": {"type": "integer", "description": "the event of the move"},
                        "action": {"$ref": "#/components/schemas/Action"}}}}}},
                "responses": {
                    "200": answer(VIEW, "corrected"),
                    "400": err("malformed, an action with a field its game does not read, or "
                               "another player ('fields' names them); nothing corrected"),
                    "403": err("not the host"), "409": err("stale sequence"),
                    "422": err("not correctable, or it does not fit the game"),
                }}},
            "/api/tables/{table_id}/corrections/{target}": {"get": {
                "summary": "Host: the cards that could replace the card of one move",
                "description": "Each card of the table's deck that a correction of that move would "
                               "accept (the engine allows it there and every later move still "
                               "fits), the move's own card included.",
                "parameters": [TABLE_ID, AS_TABLE, {"name": "target", "in": "path", "required": True,
                                                    "schema": {"type": "integer"},
                                                    "description": "the event of the move"}],
                "security": [{"seatToken": []}],
                "responses": {
                    "200": {"description": "the cards", "content": {"application/json": {"schema": {
                        "type": "object", "properties": {
                            "seq": {"type": "integer"}, "target": {"type": "integer"},
                            "cards": {"type": "array", "items": {"type": "string"}}}}}}},
                    "403": err("not the host"), "404": err("no such table or move"),
                }}},
            "/api/tables/{table_id}/next": {"post": {
                "summary": "Host: tell a finished table's phones about the new game",
                "description": "Once the game is over, the host of this table and of the new one "
                               "(its host token from the cookie, or 'host_token' with Bearer "
                               "tokens) points the table's phones to the new table: its view then "
                               "carries 'next' (the new table's id and room code).",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["table", "seq"], "properties": {
                        "table": {"type": "string", "description": "the new table's id"},
                        "seq": {"type": "integer"},
                        "host_token": {"type": "string", "description": "the new table's host token"}}}}}},
                "responses": {
                    "200": answer(VIEW, "announced"),
                    "400": err("malformed, or no new table named"),
                    "403": err("not the host of both tables"), "404": err("no such table"),
                    "409": err("stale sequence, or the game is not over (reason 'game_in_progress')"),
                }}},
            "/api/tables/{table_id}/host-link": {"get": {
                "summary": "Host: the link that gives another device the host's tools",
                "description": "The table page's address with the host token in its fragment "
                               "(never sent to a server). Anyone who opens it gets the host's "
                               "tools: show it only to whom may have them.",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "responses": {
                    "200": answer({"type": "object", "required": ["url"],
                                   "properties": {"url": {"type": "string"}}}, "the host's link"),
                    "403": err("not the host"), "404": err("no such table"),
                }},
                "post": {
                "summary": "Host: a new host link; the old one stops working",
                "description": "A new host token: every other device that had the host's tools "
                               "loses them (a link shown to the wrong person, a lost phone). The "
                               "caller keeps them: the answer sets its host cookie and gives the "
                               "new token.",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "responses": {
                    "200": answer({"type": "object", "required": ["url", "host_token"],
                                   "properties": {"url": {"type": "string"},
                                                  "host_token": {"type": "string"}}},
                                  "the new host link"),
                    "403": err("not the host"), "404": err("no such table"),
                }}},
            "/api/tables/{table_id}/host-qr.svg": {"get": {
                "summary": "Host: the host's link as a QR code",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "responses": {"200": {"description": "SVG", "content": {"image/svg+xml": {}}},
                              "403": err("not the host"), "404": err("no such table")},
            }},
            "/api/tables/{table_id}/host": {"post": {
                "summary": "Take the host's tools with the host's link",
                "description": "A device that opened the host's link sends the token it carries and "
                               "gets the host cookie. The host's other devices keep their tools.",
                "parameters": [TABLE_ID],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["host_token"],
                    "properties": {"host_token": {"type": "string", "maxLength": 200}}}}}},
                "responses": {
                    "200": answer({"type": "object", "properties": {"host": {"type": "boolean"}}},
                                  "this device has the host's tools"),
                    "400": err("malformed, or no token"),
                    "403": err("not this table's host token (reason 'host_link')"),
                    "404": err("no such table"),
                }}},
            "/api/tables/{table_id}/record": {"get": {
                "summary": "Host: the table's complete log as a JSON game record (tavolo-record/1), "
                           "once the game is over",
                "description": "The record holds the seed (every dealt hand, the deck's order) and "
                               "the private entries, so it is refused while the game is played.",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "responses": {
                    "200": {"description": "the record, as a file to download",
                            "content": {"application/json": {"schema": {"type": "object"}}}},
                    "403": err("not the host"), "404": err("no such table"),
                    "409": err("the game is still being played (reason 'game_in_progress')"),
                }}},
            "/api/tables/{table_id}/undo": {"post": {
                "summary": "Host: take back the last action",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["seq"],
                    "properties": {"seq": {"type": "integer"}}}}}},
                "responses": {
                    "200": answer(VIEW, "undone"),
                    "403": err("not the host"), "409": err("stale sequence"),
                    "422": err("nothing to undo, or cards revealed since"),
                }}},
            "/api/tables/{table_id}/hints": {
                "get": {
                    "summary": "The caller's own legal moves and what each would do",
                    "description": "Only for the caller's own seat (a seat token or cookie), only "
                                   "from what that seat may know: its hand and the public table.",
                    "parameters": [TABLE_ID],
                    "security": [{"seatToken": []}],
                    "responses": {
                        "200": answer({"type": "object", "properties": {
                            "seat": {"type": "integer"}, "seq": {"type": "integer"},
                            "moves": {"type": "array", "items": {"type": "object", "properties": {
                                "action": {"type": ["object", "null"]},
                                "card": {"type": ["string", "null"]},
                                "en": {"type": "string"}, "it": {"type": "string"}},
                                "additionalProperties": True}},
                            "note": {"type": ["object", "null"]}}}, "the hints"),
                        "401": err("no seat at this table"),
                        "403": err("the host switched hints off, the caller holds no seat, or "
                                   "a player's phone asks from the table screen (reason "
                                   "'table_screen')"),
                        "404": err("no such table"),
                    }},
                "post": {
                    "summary": "Host: switch hints on or off (recorded in the log)",
                    "parameters": [TABLE_ID],
                    "security": [{"seatToken": []}],
                    "requestBody": {"required": True, "content": {"application/json": {"schema": {
                        "type": "object", "required": ["on", "seq"],
                        "properties": {"on": {"type": "boolean"}, "seq": {"type": "integer"}}}}}},
                    "responses": {
                        "200": answer(VIEW, "switched"),
                        "400": err("'on' is not true or false, or 'seq' is missing"),
                        "403": err("not the host"), "409": err("stale sequence, or already so"),
                    }},
            },
            "/api/rules/{rule}": {"get": {
                "summary": "The rule book paragraph explaining a rule id",
                "description": "An engine's rule id names its game (`quinta.joker_colour`); the app's "
                               "own refusals (`undo.revealed`, `correct.not_allowed`) are explained in "
                               "every game's book: name the game with `?game=`.",
                "parameters": [{"name": "rule", "in": "path", "required": True,
                                "schema": {"type": "string"}, "example": "quinta.joker_colour"},
                               {"name": "game", "in": "query", "required": False,
                                "schema": {"type": "string"}, "example": "quinta"}],
                "responses": {
                    "200": answer({"type": "object", "properties": {
                        "rule": {"type": "string"}, "game": {"type": "string"},
                        "anchor": {"type": "string"}, "url": {"type": "string"},
                        "text": {"type": "object"}, "decision": {"type": ["string", "null"]}}},
                        "the paragraph"),
                    "404": err("no paragraph explains this rule id"),
                }}},
            "/api/tables/{table_id}/events": {"get": {
                "summary": "Live view as Server-Sent Events",
                "description": "Each event is `event: state`, `id: <seq>`, `data: <View>`. "
                               "Send Last-Event-ID (or ?after=) to resume.",
                "parameters": [
                    TABLE_ID, AS_TABLE,
                    {"name": "after", "in": "query", "required": False, "schema": {"type": "integer"},
                     "description": "the last event seen: only newer views are sent"},
                    {"name": "limit", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 1},
                     "description": "end the stream after this many views (scripts, tests)"},
                    {"name": "Last-Event-ID", "in": "header", "required": False,
                     "schema": {"type": "string"}, "description": "as ?after=, sent by browsers"}],
                "responses": {"200": {"description": "an event stream",
                                      "content": {"text/event-stream": {}}},
                              "404": err("no such table")},
            }},
            "/api/tables/{table_id}/photos": {"post": {
                "summary": "Scan a photo of the table: the cards seen and the moves they imply",
                "description": "Multipart field `photo`, or the raw image as the body. JPEG, PNG, "
                               "WebP or BMP; at most 20 MB and 50 megapixels. Nothing is played.",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {
                    "multipart/form-data": {"schema": {"type": "object", "properties": {
                        "photo": {"type": "string", "format": "binary"}}}},
                    "image/*": {"schema": {"type": "string", "format": "binary"}}}},
                "responses": {
                    "200": answer({"type": "object", "properties": {
                        "width": {"type": "integer"}, "height": {"type": "integer"},
                        "elapsed_ms": {"type": "number"},
                        "detections": {"type": "array", "items": {"type": "object"}},
                        "proposal": {"type": ["string", "null"]},
                        "seq": {"type": "integer", "description": "the table the moves were "
                                "judged on (ask again with cards/check once it moves)"},
                        "codes": {"type": "array", "items": {"type": "string"},
                                  "description": "the cards a reading may be corrected to "
                                                 "(the state's cannot_hold says, for each "
                                                 "seat, which of them it does not hold)"}}},
                        "what the photo shows"),
                    "400": err("not an image, damaged, truncated, or too many pixels"),
                    "401": err("not a player or host of this table"),
                    "403": err("a player's phone scanning from the table screen (reason "
                               "'table_screen')"),
                    "404": err("no such table"),
                    "413": err("over 20 MB"),
                }}},
            "/api/tables/{table_id}/cards/check": {"post": {
                "summary": "What each card of a scan's list would mean for the caller now",
                "description": "The phone asks again when the table has moved since the photo "
                               "(each card's move, as a photo's detection carries it). Nothing "
                               "is played.",
                "parameters": [TABLE_ID, AS_TABLE],
                "security": [{"seatToken": []}],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["cards"], "properties": {
                        "cards": {"type": "array", "maxItems": 60,
                                  "items": {"type": "string", "minLength": 1, "maxLength": 8}},
                        "seats": {"type": "array", "maxItems": 60,
                                  "items": {"type": ["integer", "null"], "minimum": 0},
                                  "description": "the table screen: the seat each card is "
                                                 "given to (null: none yet), one per card"}}}}}},
                "responses": {
                    "200": answer({"type": "object", "properties": {
                        "seq": {"type": "integer"},
                        "waiting": {"type": "array", "items": {"type": "integer"}},
                        "moves": {"type": "array", "items": {"type": ["object", "null"]}}}},
                        "one move per card, in order (null when nobody is to act, or, on the "
                        "table screen, for a seat whose hand the app knows and a phone holds)"),
                    "400": err("malformed request"),
                    "401": err("not a player or host of this table"),
                    "403": err("a player's phone asking from the table screen (reason "
                               "'table_screen')"),
                    "404": err("no such table"),
                }}},
            "/api/tables/{table_id}/qr.svg": {"get": {
                "summary": "QR code of the join link",
                "parameters": [TABLE_ID, AS_TABLE],
                "responses": {"200": {"description": "SVG",
                                      "content": {"image/svg+xml": {}}},
                              "404": err("no such table")},
            }},
            "/api/rooms/{room}": {"get": {
                "summary": "Find a table by its room code",
                "parameters": [{"name": "room", "in": "path", "required": True,
                                "schema": {"type": "string"}}],
                "responses": {"200": answer({"type": "object"}, "table id and join link"),
                              "404": err("no table with that code"),
                              "429": err("too many wrong codes from this address: wait "
                                          "'retry_after' seconds")},
            }},
            "/api/csrf": {"get": {
                "summary": "This browser's CSRF token (also set as the csrf cookie)",
                "responses": {"200": answer({"type": "object", "required": ["token", "header"],
                                            "properties": {"token": {"type": "string"},
                                                           "header": {"type": "string"}}},
                                           "the token and the header to send it in")},
            }},
            "/api/openapi.json": {"get": {
                "summary": "This document",
                "responses": {"200": answer({"type": "object"}, "the OpenAPI 3.1 document")},
            }},
            "/api/games": {"get": {
                "summary": "The games available",
                "responses": {"200": answer({"type": "array"}, "games")},
            }},
            **deck_paths(),
            **page_paths(),
        },
    }


