"""The building blocks of the OpenAPI document: an error answer, a JSON answer, a page, a redirect, and
the parameters many paths share.
"""

from __future__ import annotations

from typing import Any

ERROR = {"$ref": "#/components/schemas/Error"}


def err(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": ERROR}}}


def answer(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}


VIEW = {"$ref": "#/components/schemas/View"}


AS_TABLE = {"name": "as", "in": "query", "required": False, "schema": {"enum": ["table"]},
             "description": "the public view (the table screen), whatever the seat cookie; "
                            "a player's phone (a seat cookie, no host token) that moves, scans "
                            "or asks for hints from it gets 403 reason 'table_screen' with "
                            "'page', its own page"}


HTML = {"description": "an HTML page", "content": {"text/html": {"schema": {"type": "string"}}}}


REDIRECT = {"description": "a redirect to the page to open", "headers": {
    "Location": {"schema": {"type": "string"}}}}
