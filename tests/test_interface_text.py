"""The interface text of static/i18n.js: every sentence in both languages, with the same
blanks to fill, and a singular only beside the plural it stands in for; and the English text
players read anywhere in the app (i18n.js, the code's strings, the templates) never "he"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "static" / "i18n.js"
_PAIR = re.compile(r'(?:^|[\s,{])([a-z][a-z0-9_]*): "((?:[^"\\]|\\.)*)"', re.MULTILINE)
_BLANK = re.compile(r"\{(\w+)\}")


def texts(lang: str) -> dict[str, str]:
    """The key: "text" pairs of one language's block of i18n.js."""
    source = SOURCE.read_text()
    start = source.index(f"\n  {lang}: {{")
    ends = [i for i in (source.find("\n  it: {", start + 1), source.find("\n  en: {", start + 1),
                        source.find("\n};", start)) if i > 0]
    return dict(_PAIR.findall(source[start:min(ends)]))


def test_the_blocks_are_read_whole() -> None:
    en, it = texts("en"), texts("it")
    assert len(en) > 300 and len(it) > 300
    assert en["new_table"] == "New table" and it["dv_shows_who"] == "Chi mostra 15 o il Diavolo?"


def test_every_sentence_exists_in_both_languages() -> None:
    """A singular ("_one") is a language's own: Italian needs "1 carta" where English may not."""
    en = {k for k in texts("en") if not k.endswith("_one")}
    it = {k for k in texts("it") if not k.endswith("_one")}
    assert sorted(en - it) == [] and sorted(it - en) == []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_singular_stands_beside_its_plural_with_the_same_blanks(lang: str) -> None:
    found = texts(lang)
    for key, text in found.items():
        if key.endswith("_one"):
            plural = found.get(key[:-4])
            assert plural is not None, f"{lang}.{key} has no plural"
            assert set(_BLANK.findall(text)) <= set(_BLANK.findall(plural)), key


def test_both_languages_fill_the_same_blanks() -> None:
    en, it = texts("en"), texts("it")
    differ = [k for k in en.keys() & it.keys() if set(_BLANK.findall(en[k])) != set(_BLANK.findall(it[k]))]
    assert differ == []


_CALLED = re.compile(r"""\bt\(\s*["']([a-z][a-z0-9_]*)["']\s*[,)]""")  # a key named whole
_MARKED = re.compile(r"""data-t=["']([a-z][a-z0-9_]*)["']""")


def test_every_text_the_pages_ask_for_exists() -> None:
    """Every key the scripts ask ``t()`` for by name, and every ``data-t`` of the templates and
    scripts, is a sentence of i18n.js (or of the practice table's text, which joins it): a
    missing one shows the player its bare key ("cancel")."""
    root = SOURCE.parents[1]
    scripts = {path.name: path.read_text() for path in (root / "static").glob("*.js")}
    known = set(texts("en")) | {key for key, _ in _PAIR.findall(scripts["practice_text.js"])}
    asked = {(name, key) for name, text in scripts.items()
             for key in _CALLED.findall(text) + _MARKED.findall(text)}
    asked |= {(path.name, key) for path in (root / "templates").glob("*.html")
              for key in _MARKED.findall(path.read_text())}
    assert len(asked) > 200
    assert sorted((name, key) for name, key in asked if key not in known) == []


_GENDERED = re.compile(r"\b(he|him|his|himself)\b", re.IGNORECASE)


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a Python module (f-strings' text included), docstrings left out."""
    tree = ast.parse(path.read_text())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def test_the_english_text_speaks_of_players_as_they() -> None:
    """A player may be anyone: the English interface, rule books, refusals, hints and stories say
    "they", "their", never "he" or "his" (Italian says "lui" where its grammar asks, as the seeds
    do). Every string the app's code holds is read, and the pages' templates."""
    package = SOURCE.parents[1] / "companion"
    gendered = [k for k, v in texts("en").items() if _GENDERED.search(v)]
    gendered += [f"{path.relative_to(package)}:{line}" for path in sorted(package.rglob("*.py"))
                 for line, text in _strings(path) if _GENDERED.search(text)]
    gendered += [path.name for path in sorted((SOURCE.parents[1] / "templates").glob("*.html"))
                 if _GENDERED.search(path.read_text())]
    assert gendered == []
