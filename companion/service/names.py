"""Text that players type and the server says back: names checked, odd input quoted.

A player's name is shown on every phone and in the log, so a character that cannot be seen
(a control character such as NUL or a line break, a right-to-left override, a zero-width
space) could make one name pass for another or reorder the text around it: such a name is
refused with the position of the character, never cleaned silently. Anything a request carries
that the server repeats in a message (a card code that is not a card, a game's name) is quoted
and escaped, and cut short, so it cannot bend the sentence it is shown in.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from .errors import BadRequest, Unprocessable

MAX_NAME = 24
ZERO_WIDTH_JOINER = "\u200d"  # joins the parts of one emoji (a family, a flag): visible as one
# a card code's shape, or a plain word (an action's type): harmless, repeated as it is. Quoting a
# word would also quote the message's own use of it ("you can only "choose" a card").
SHOWN_PLAIN = re.compile(r"[0-9A-Za-z]{1,4}|[a-z][a-z_]{0,23}")


def hidden_character(text: str) -> tuple[int, str] | None:
    """The first character of ``text`` that cannot be seen (Unicode category C: controls,
    format characters such as bidi overrides, surrogates, unassigned), as its 1-based position
    and its ``U+XXXX`` name; None when there is none."""
    for i, ch in enumerate(text):
        if unicodedata.category(ch)[0] == "C" and ch != ZERO_WIDTH_JOINER:
            return i + 1, f"U+{ord(ch):04X}"
    return None


def clean_name(raw: Any) -> str | None:
    """A player's name: visible characters only, single-spaced, at most ``MAX_NAME`` characters;
    None for no name. A name with a hidden character is refused (422, ``reason:
    hidden_character``) and names the character's position."""
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str):
        raise BadRequest("A player's name must be a text.", "Il nome di un giocatore deve essere un testo.")
    hidden = hidden_character(raw)
    if hidden is not None:
        at, code = hidden
        raise Unprocessable(
            f"A player's name cannot contain invisible or control characters (line breaks, "
            f"direction marks): character {at} is {code}.",
            f"Il nome di un giocatore non può contenere caratteri invisibili o di controllo (a capo, "
            f"segni di direzione): il carattere {at} è {code}.",
            reason="hidden_character", position=at)
    name = " ".join(raw.split()).lstrip("#").strip()
    if len(name) > MAX_NAME:
        raise BadRequest(
            f"A name may have at most {MAX_NAME} characters.",
            f"Un nome può avere al massimo {MAX_NAME} caratteri.",
        )
    return name or None


def quoted(value: Any, limit: int = 16) -> str:
    """``value`` as a message may repeat it: in quotes, every character that is not printable
    ASCII escaped (``\\u202e``), at most ``limit`` characters of it."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=True)
    short = text[:limit] + ("…" if len(text) > limit else "")
    return json.dumps(short, ensure_ascii=True).replace("\\u2026", "…")


def strings_in(value: Any) -> list[str]:
    """Every text inside a JSON value (nested lists and objects included)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


def unechoed(message: str, sent: Any) -> str:
    """A message about a request with every odd text the request carried (``sent``: anything
    but a card code's shape) quoted and escaped where the message repeats it, and any hidden
    character left escaped."""
    odd = {v for s in strings_in(sent) if not SHOWN_PLAIN.fullmatch(s.strip())
           for v in (s, s.strip(), s.upper(), s.strip().upper()) if v}
    for text in sorted(odd, key=len, reverse=True):
        if text in message:
            message = message.replace(text, quoted(text))
    return "".join(f"\\u{ord(ch):04x}" if unicodedata.category(ch)[0] == "C" else ch for ch in message)
