"""Each language's glossary (docs/glossary/LANG.md, taken from that edition's rules) is what
the catalogue, the card files and the rules actually say."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from dread_draw.i18n import LANGUAGES
from dread_draw.i18n.tools import TRANSLATED, read_po

ROOT = Path(__file__).parent.parent
GLOSSARY = ROOT / "docs" / "glossary"
COLUMN = {lang: i + 1 for i, lang in enumerate(LANGUAGES)}  # in README's tables, en first


def glossary(language) -> dict[str, str]:
    """English term → the language's term, from the glossary's table (a row "a / b | x / y"
    gives a → x and b → y)."""
    terms = {}
    for line in (GLOSSARY / f"{language}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not line.startswith("| ") or set(cells[0]) <= {"-"}:
            continue
        english = [re.sub(r"\s*\(.*?\)", "", e).strip() for e in cells[0].split(" / ")]
        said = [s.strip() for s in cells[1].split(" / ")]
        if len(english) == len(said):
            terms.update(zip(english, said, strict=True))
        else:
            terms[english[0]] = said[0]
    return terms


def msgstr(language, msgid, context=None):
    entry = read_po(language).find(msgid, context)
    assert entry is not None, msgid
    return entry.msgstr[0]


def stem(term):
    """The word itself: 'éliminé (de la manche)' → 'éliminé', '탈락하다' → '탈락'."""
    word = re.sub(r"\s*\(.*?\)", "", term).split(";")[0].strip()
    return word.removesuffix("하다")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_statuses_say_the_editions_words_for_eliminated_and_defeated(language):
    terms = glossary(language)
    eliminated = stem(terms["eliminated"])
    if language == "de":
        eliminated = "ausgeschieden"  # the glossary gives the verb, ausscheiden
    assert msgstr(language, "eliminated").startswith(eliminated)
    assert msgstr(language, "defeated").startswith(stem(terms["defeated"]))
    if language in ("fr", "es", "pt"):  # a player's gender is not known: not "Ana est
        # vaincu", "Ana es derrotado" (a perdu, pierde): the participle is for the statuses
        assert stem(terms["defeated"])[:-1] not in msgstr(language, "{who} is defeated.")
    else:
        assert stem(terms["defeated"]) in msgstr(language, "{who} is defeated.")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_decks_and_the_fortune_are_named_as_the_glossary_says(language):
    terms = glossary(language)
    po = read_po(language)
    said = "\n".join(s for e in po.messages for s in e.msgstr)
    for english in ("Life Deck", "Draw Deck"):
        assert terms[english] in said, english
    near = terms["near future"]
    assert near.lower() in msgstr(language, "The near future").lower()
    rules = (ROOT / "dread_draw" / "assets" / f"rules.{language}.md").read_text(encoding="utf-8")
    for english in ("Life Deck", "Draw Deck"):
        assert terms[english] in rules, english


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_card_names_of_the_glossary_are_the_card_files_names(language):
    overlay = tomllib.loads((ROOT / "dread_draw" / "assets" / f"cards.{language}.toml")
                            .read_text(encoding="utf-8"))
    readme = (GLOSSARY / "README.md").read_text(encoding="utf-8")
    rows = [r for r in readme.splitlines() if r.startswith("| `")]
    assert len(rows) == len(overlay["card"])
    for row in rows:
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        card_id = cells[0].strip("`")
        assert overlay["card"][card_id]["name"] == cells[COLUMN[language]], card_id


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_card_reader_names_a_fortune_as_the_glossary_does(language):
    fortune = glossary(language)["a card's fortune"]
    assert msgstr(language, "Fortune: {fortune}").lower().startswith(fortune.lower())


def test_german_says_weissagung_and_the_compound_ability_words():
    terms = glossary("de")
    po = read_po("de")
    said = [s for e in po.messages for s in e.msgstr]
    assert msgstr("de", "Fortune: {fortune}").startswith(terms["a card's fortune"])
    assert not any(re.search(r"\b(Beschwörung|Reserve|Nachwirkung)-Fähigkeit", s) for s in said)
    assert not any(re.search(r"\b(Seed|Host)\b", s) for s in said)


def test_korean_addresses_the_player_one_way_and_says_동률():
    said = [s for e in read_po("ko").messages for s in e.msgstr]
    assert not any("당신" in s for s in said)
    assert not any("동점" in s or "표준 덱" in s for s in said)
    assert not any(re.search(r"라운드 \{\w+\}개", s) for s in said)
