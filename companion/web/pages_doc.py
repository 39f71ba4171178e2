"""The OpenAPI paths of the pages (merged into /api/openapi.json): the HTML pages phones open and the
redirects between them.
"""

from __future__ import annotations

from typing import Any

from .doc_parts import HTML, REDIRECT, TABLE_ID


def page_paths() -> dict[str, Any]:
    """The HTML pages (for completeness: phones open them, scripts use the JSON above)."""
    table = [TABLE_ID]
    room = [{"name": "room", "in": "path", "required": True, "schema": {"type": "string"}}]
    lang = {"name": "lang", "in": "query", "required": False, "schema": {"enum": ["it", "en"]},
            "description": "the page's language (kept in a cookie)"}
    missing = {"description": "no such table (an HTML page)",
               "content": {"text/html": {"schema": {"type": "string"}}}}
    return {
        "/sw.js": {"get": {"summary": "The installable app's service worker (its version in X-Tavolo-Shell)",
                           "responses": {"200": {"description": "the worker's script", "content": {
                               "text/javascript": {"schema": {"type": "string"}}}}}}},
        "/": {"get": {"summary": "Page: create a table, or join one by its room code",
                      "parameters": [lang], "responses": {"200": HTML}}},
        "/decks": {"get": {"summary": "Page: the enrolled decks, and teaching the camera one",
                           "parameters": [lang], "responses": {"200": HTML}}},
        "/r/{room}": {"get": {"summary": "Page: a room code leads to the table's join page",
                              "parameters": room, "responses": {"302": REDIRECT, "404": missing,
                                                                "429": missing}}},
        "/join": {"get": {"summary": "Page: the home page's room-code form",
                          "parameters": [{"name": "room", "in": "query", "required": False,
                                          "schema": {"type": "string"}}],
                          "responses": {"302": REDIRECT, "404": missing, "429": missing}}},
        "/join/{table_id}": {"get": {"summary": "Page: pick a seat (a phone with a seat goes to its view)",
                                     "parameters": [*table, lang],
                                     "responses": {"200": HTML, "302": REDIRECT, "404": missing}}},
        "/t/{table_id}": {"get": {"summary": "Page: the table screen", "parameters": [*table, lang],
                                  "responses": {"200": HTML, "404": missing}}},
        "/rules": {"get": {"summary": "Page: the rule books of every game",
                           "parameters": [lang], "responses": {"200": HTML}}},
        "/rules/{game}": {"get": {"summary": "Page: one game's rule book, a paragraph per anchor",
                                  "parameters": [{"name": "game", "in": "path", "required": True,
                                                  "schema": {"type": "string"}}, lang],
                                  "responses": {"200": HTML, "404": {
                                      "description": "no rule book for that game (an HTML page)",
                                      "content": {"text/html": {"schema": {"type": "string"}}}}}}},
        "/play/{table_id}": {"get": {"summary": "Page: a player's phone (without a seat: to the join page)",
                                     "parameters": [*table, lang],
                                     "responses": {"200": HTML, "302": REDIRECT, "404": missing}}},
    }
