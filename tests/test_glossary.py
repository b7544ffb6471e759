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
    """A seat eliminated from the round (R5.3) reads as out of the round, in the edition's
    word for a round, never as out of the game; a defeated one in the edition's word.
    French, Spanish and Portuguese said "ÉLIMINÉ", "ELIMINADO": participles that agree with a
    player, and read wrong on half of them, so the label is the player-neutral phrase the
    glossary gives for a named player ("hors de la manche", "fuera de la ronda", "fora da
    rodada"), and the edition's participle stays in the rules and the cards' texts, where it
    speaks of "you"."""
    terms = glossary(language)
    assert stem(terms["round"]).lower() in msgstr(language, "out of the round").lower()
    if language in ("fr", "es", "pt"):
        row = next(line for line in (GLOSSARY / f"{language}.md").read_text(
            encoding="utf-8").splitlines() if line.startswith("| (a named player, out) |"))
        neutral = row.split("|")[2]
        out_of_round = re.findall(r"[«“]\s?([^»”]+?)\s?[»”]", neutral)[-1]
        assert msgstr(language, "out of the round") == out_of_round
        participle = stem(terms["defeated"])
        for status in ("out of the round", "defeated", "out: Aftermath"):
            assert participle[:-1] not in msgstr(language, status), status
            assert stem(terms["eliminated"])[:-1] not in msgstr(language, status), status
        # a player's gender is not known: not "Ana est vaincu", "Ana es derrotado"
        assert participle[:-1] not in msgstr(language, "{who} is defeated.")
        return
    assert msgstr(language, "defeated").startswith(stem(terms["defeated"]))
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


def one_word(language):
    """The glossary's "One word for one idea" table: (idea, our words, the words not used)."""
    from proofread import one_word as table

    return table(language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_one_idea_is_said_with_one_word_everywhere_in_the_catalogue(language):
    """The review, the daily deal, gaining life …: the glossary names the word for each idea
    and the words not to use for it; no message uses those, and the word itself is used."""
    from proofread import avoided

    rows = one_word(language)
    assert len(rows) >= 3
    said = [s for e in read_po(language).messages for s in e.msgstr]
    for idea, ours, avoid in rows:
        for word in avoid:
            wrong = [s for s in said if avoided(word).search(s)]
            assert not wrong, f"{idea}: {word!r} in {wrong[:3]}"
        first = ours.split(",")[0].split("/")[0].strip()
        if "N" not in first.split() and not set(first) <= set("“” "):
            assert any(first.lower() in s.lower() for s in said), f"{idea}: {first!r} unused"


def test_the_review_the_daily_deal_and_life_have_one_word_in_each_language():
    """The three ideas the readers found said two ways (#46) each have their row."""
    for language in TRANSLATED:
        ideas = {idea for idea, _ours, _avoid in one_word(language)}
        assert "the review of a finished game" in ideas, language
    for language in ("fr", "es", "de", "pt", "ko"):
        assert any("daily deal" in idea for idea, _o, _a in one_word(language)), language
    for language in ("fr", "es", "pt", "ko"):
        assert any("life" in idea for idea, _o, _a in one_word(language)), language
