"""Six languages: choosing one, switching at any moment, and catalogues that are complete,
compiled from their sources, and shipped in the wheel."""

from __future__ import annotations

import doctest
import fnmatch
import gettext
import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

from dread_draw import i18n
from dread_draw.base.errors import DreadDrawError
from dread_draw.i18n import (
    LANGUAGES,
    PSEUDO,
    _,
    choose_language,
    fmt,
    language_from_environment,
    ngettext,
    parse_locale,
    pgettext,
    pseudo,
)
from dread_draw.i18n.catalog import Catalog, CatalogError, Entry, compile_mo, parse_po, write_po
from dread_draw.i18n.editions import RULES_TERMS
from dread_draw.i18n.tools import (
    TRANSLATED,
    extract,
    extract_source,
    merge,
    mo_path,
    po_path,
    problems,
    translation_problems,
)

ROOT = Path(__file__).parent.parent


# ---------------------------------------------------------------------- choosing a language

@pytest.mark.parametrize("value, language", [
    ("fr", "fr"), ("FR", "fr"), ("fr_FR.UTF-8", "fr"), ("fr_CA", "fr"), ("es_MX.utf8", "es"),
    ("de_DE@euro", "de"), ("pt_BR", "pt"), ("pt-BR", "pt"), ("pt_PT.UTF-8", "pt"),
    ("ko_KR.UTF-8", "ko"), ("en_GB", "en"), ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"),
    ("tlh_001.UTF-8", None), ("", None), ("xx", None),
])
def test_a_locale_name_gives_its_language(value, language):
    assert parse_locale(value) == language


@pytest.mark.parametrize("env, language", [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LC_MESSAGES": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),
    ({"LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "fr_FR"}, "ko"),
    ({"LANGUAGE": "es", "LC_ALL": "ko_KR.UTF-8"}, "es"),
    ({"LANGUAGE": "tlh:pt_BR:fr", "LANG": "de_DE"}, "pt"),  # the first of ours in the list
    ({"LANGUAGE": "", "LANG": "pt_BR.UTF-8"}, "pt"),  # an empty variable is not set
    ({"LANG": "tlh_001.UTF-8"}, "en"),  # a language we lack (Klingon): English
    ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),  # the C locale is English
])
def test_the_environment_chooses_as_gettext_does(env, language):
    assert language_from_environment(env) == language


def test_an_explicit_language_wins_over_the_environment():
    assert choose_language("ko", {"LANG": "fr_FR.UTF-8"}) == "ko"
    assert choose_language("pt_BR", {}) == "pt"
    assert choose_language(None, {"LANG": "fr_FR.UTF-8"}) == "fr"


def test_an_unknown_explicit_language_is_an_error_listing_the_six():
    for wrong in ("xx", "tlh", "klingon", ""):
        with pytest.raises(DreadDrawError) as e:
            choose_language(wrong, {})
        message = str(e.value)
        assert repr(wrong) in message
        assert all(code in message for code in LANGUAGES)
        assert "한국어" in message and "Français" in message


def test_a_game_started_in_french_goes_on_in_korean():
    i18n.set_language("fr")
    assert pgettext("ability keyword", "Aftermath") == "Après-Coup"
    assert fmt(ngettext("{n} card", "{n} cards", 0), n=0) == "0 carte"  # French: 0 is singular
    i18n.set_language("ko")
    assert i18n.current_language() == "ko"
    assert pgettext("ability keyword", "Aftermath") == "여파"
    assert fmt(ngettext("{n} card", "{n} cards", 7), n=7) == "카드 7장"
    i18n.set_language("en")
    assert pgettext("ability keyword", "Aftermath") == "Aftermath"
    assert fmt(ngettext("{n} card", "{n} cards", 1), n=1) == "1 card"


def test_each_language_has_its_own_plural_rule():
    counts = {}
    for language in LANGUAGES:
        i18n.set_language(language)
        counts[language] = [fmt(ngettext("{n} card", "{n} cards", n), n=n) for n in (0, 1, 2)]
    assert counts["en"] == ["0 cards", "1 card", "2 cards"]
    assert counts["es"] == ["0 cartas", "1 carta", "2 cartas"]
    assert counts["de"] == ["0 Karten", "1 Karte", "2 Karten"]
    assert counts["fr"] == ["0 carte", "1 carte", "2 cartes"]
    assert counts["pt"] == ["0 carta", "1 carta", "2 cartas"]  # Brazilian: 0 is singular
    assert counts["ko"] == ["카드 0장", "카드 1장", "카드 2장"]


def test_an_unknown_language_cannot_be_set_and_leaves_the_language_as_it_was():
    i18n.set_language("de")
    with pytest.raises(DreadDrawError):
        i18n.set_language("tlh")
    assert i18n.current_language() == "de"


def test_fmt_attaches_a_korean_particle_named_in_a_placeholder():
    template = "{name:이} 라운드에서 이겼습니다. {loser:은} 피해를 {n} 받습니다."
    assert (fmt(template, name="민준", loser="Ana", n=2)
            == "민준이 라운드에서 이겼습니다. Ana는 피해를 2 받습니다.")
    assert fmt("{n:>3}|{name}", n=7, name="x") == "  7|x"  # ordinary specs still work
    assert i18n.placeholders(template) == {"name", "loser", "n"}


# ---------------------------------------------------------------------- the catalogues

@pytest.fixture(scope="module")
def template() -> Catalog:
    return extract()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_is_complete_with_the_english_placeholders(language, template):
    assert problems(language, template) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_recompiling_a_catalogue_gives_the_shipped_mo_byte_for_byte(language):
    catalog = parse_po(po_path(language).read_text(encoding="utf-8"))
    assert compile_mo(catalog) == mo_path(language).read_bytes()


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_catalogue_file_is_written_as_the_tools_write_it(language):
    """So `update` rewrites a catalogue without noise in its diff."""
    text = po_path(language).read_text(encoding="utf-8")
    assert write_po(parse_po(text)) == text


def test_the_code_marks_the_cards_command_and_the_keywords(template):
    ids = {(e.msgctxt, e.msgid) for e in template.messages}
    assert ("cards table column", "strength") in ids
    assert ("ability keyword", "Always") in ids
    assert (None, "{n} card") in ids


def test_the_problems_found_name_what_is_wrong(template):
    catalog = parse_po(po_path("fr").read_text(encoding="utf-8"))
    entry = catalog.find("{n} card")
    entry.msgstr = ["{count} carte", ""]
    catalog.find("name", "cards table column").flags.append("fuzzy")
    catalog.entries.remove(catalog.find("copies", "cards table column"))
    catalog.entries.append(Entry("Gone from the code.", ["Parti."]))
    found = "\n".join(translation_problems("fr", catalog, template))
    assert "placeholders ['count'], the English ['n']" in found
    assert "'{n} card' is not translated (form 1)" in found
    assert "'name' is marked fuzzy" in found
    assert "[cards table column] 'copies' is missing" in found
    assert "'Gone from the code.' is no longer in the code" in found


# ---------------------------------------------------------------------- the tools

PO = r'''# A comment.
msgid ""
msgstr ""
"Language: fr\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\n"

#, python-brace-format
msgid "{n} apple"
msgid_plural "{n} apples"
msgstr[0] "{n} pomme"
msgstr[1] "{n} pommes"

msgctxt "menu"
msgid "Open"
msgstr "Ouvrir"

msgid "Open"
msgstr "Ouvert"

msgid ""
"Two\n"
"lines \"quoted\""
msgstr "Deux\nlignes « citées »"

#, fuzzy
msgid "Unsure"
msgstr "Pas sûr"

msgid "Untranslated"
msgstr ""
'''


def test_a_compiled_catalogue_reads_back_through_the_standard_library(tmp_path):
    mo = tmp_path / "x.mo"
    mo.write_bytes(compile_mo(parse_po(PO)))
    with mo.open("rb") as f:
        t = gettext.GNUTranslations(f)
    assert [t.ngettext("{n} apple", "{n} apples", n) for n in (0, 1, 2)] == [
        "{n} pomme", "{n} pomme", "{n} pommes"]
    assert t.pgettext("menu", "Open") == "Ouvrir"
    assert t.gettext("Open") == "Ouvert"
    assert t.gettext('Two\nlines "quoted"') == "Deux\nlignes « citées »"
    assert t.gettext("Unsure") == "Unsure"  # fuzzy: left out, English shown
    assert t.gettext("Untranslated") == "Untranslated"


def test_compiling_is_deterministic_and_round_trips():
    catalog = parse_po(PO)
    assert compile_mo(parse_po(write_po(catalog))) == compile_mo(catalog)
    assert parse_po(write_po(catalog)) == catalog


@pytest.mark.parametrize("bad, where", [
    ('msgid "a"\nmsgstr "b\n', ":2"),
    ('msgid "a"\nmsgstr "\\q"\n', ":2"),
    ('msgid "a"\n', ":1"),
    ('"stray"\n', ":1"),
    ('msgid "a"\nmsgstr "b"\nmsgid "a"\nmsgstr "c"\n', "twice"),
    ('msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n', ":1"),
    ('bogus "a"\n', ":1"),
])
def test_a_catalogue_that_cannot_be_read_names_the_line(bad, where):
    with pytest.raises(CatalogError) as e:
        parse_po(bad, "x.po")
    assert str(e.value).startswith("x.po") and where in str(e.value)


def test_extraction_finds_every_marking_function_in_source_order():
    source = '''
from dread_draw.i18n import _, N_, ngettext, pgettext, npgettext
HEADINGS = [N_("first")]
def f(n, name, i18n):
    # Translators: the player's name,
    # then a count.
    a = _("{name} has {n} cards.")
    b = ngettext("{n} card", "{n} cards", n)
    c = pgettext("menu", "Open")
    d = npgettext("deck", "{n} copy", "{n} copies", n)
    e = _(HEADINGS[0])  # a string marked elsewhere: nothing new
    g = i18n._("via the module")
'''
    found = extract_source(source, "pkg/mod.py")
    assert [(e.msgctxt, e.msgid, e.msgid_plural) for e in found] == [
        (None, "first", None), (None, "{name} has {n} cards.", None),
        (None, "{n} card", "{n} cards"), ("menu", "Open", None),
        ("deck", "{n} copy", "{n} copies"), (None, "via the module", None)]
    assert found[1].extracted == ["Translators: the player's name, then a count."]
    assert found[1].references == ["pkg/mod.py"] and "python-brace-format" in found[1].flags
    assert "python-brace-format" not in found[3].flags


def test_update_keeps_translations_adds_new_messages_and_drops_old_ones():
    old = parse_po(PO)
    template = Catalog([Entry(""), Entry("{n} apple", ["", ""], "{n} apples"),
                        Entry("Open", msgctxt="menu"), Entry("New one")])
    merged, dropped = merge(template, old)
    assert merged.entries[0].msgstr == old.entries[0].msgstr  # the header is kept
    assert merged.find("{n} apple").msgstr == ["{n} pomme", "{n} pommes"]
    assert merged.find("Open", "menu").msgstr == ["Ouvrir"]
    assert merged.find("New one").msgstr == [""]
    assert {e.msgid for e in dropped} == {"Open", 'Two\nlines "quoted"', "Unsure",
                                          "Untranslated"}


def test_a_message_that_became_a_plural_is_kept_as_a_fuzzy_start():
    old = parse_po(PO)
    template = Catalog([Entry(""), Entry("Untranslated"), Entry("Open", ["", ""], "Opens")])
    merged, _dropped = merge(template, old)
    opens = merged.find("Open")
    assert opens.msgstr == ["Ouvert", "Ouvert"] and opens.fuzzy


# ---------------------------------------------------------------------- shipped in the wheel

def test_the_wheel_ships_the_compiled_catalogues_and_localized_assets():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["dread_draw"]
    package = ROOT / "dread_draw"
    shipped = [mo_path(lang) for lang in TRANSLATED]
    shipped += sorted(package.glob("assets/cards.*.toml")) + sorted(package.glob("assets/*.md"))
    assert len(shipped) >= 5 + 5 + 6
    for path in shipped:
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, g) for g in globs), f"{relative} is not shipped"


# ---------------------------------------------------------------------- the pseudo-locale

def test_the_pseudo_locale_is_longer_accented_and_keeps_placeholders_and_markup():
    english = "[b]{name}[/b] takes {n} damage from {card:은}."
    p = pseudo.pseudo(english)
    assert i18n.placeholders(p) == i18n.placeholders(english)
    assert p.startswith("[b]{name}[/b]") and "{card:은}" in p and "{n}" in p
    free = len("[b][/b] takes  damage from .") - len("[b][/b]")
    assert len(p) - len(english) >= 0.4 * free
    assert not any(ch in "takesdgro" for ch in p.replace("{name}", "").replace(
        "{card:은}", "").replace("[b]", "").replace("[/b]", ""))


def test_every_pseudo_letter_is_one_cell_wide_even_for_east_asian_terminals():
    sample = pseudo.pseudo("The quick brown fox jumps over the lazy dog. THE QUICK BROWN FOX "
                           "JUMPS OVER THE LAZY DOG.")
    assert all(unicodedata.east_asian_width(ch) in ("N", "Na") for ch in sample)


def test_the_pseudo_locale_translates_everything_but_is_never_offered():
    i18n.set_language(PSEUDO)
    assert _("Draw Deck") == pseudo.pseudo("Draw Deck") != "Draw Deck"
    assert ngettext("{n} card", "{n} cards", 2) == pseudo.pseudo("{n} cards")
    assert pgettext("ability keyword", "Always") == pseudo.pseudo("Always")
    with pytest.raises(DreadDrawError):
        choose_language(PSEUDO, {})
    assert language_from_environment({"LANG": PSEUDO}) == "en"


# ---------------------------------------------------------------------- docstrings

@pytest.mark.parametrize("module", [i18n, pseudo])
def test_the_examples_in_the_docstrings_hold(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


# ---------------------------------------------------------------------- the rules, per language

@pytest.mark.parametrize("language", TRANSLATED)
def test_each_language_has_its_own_rules_in_its_editions_words(language):
    english = i18n.rules_markdown("en")
    text = i18n.rules_markdown(language)
    assert text != english
    assert text.count("\n## ") == english.count("\n## ")  # the same sections
    for term in RULES_TERMS[language]:
        assert term in text, term
    assert not re.search(r"\bR\d", text)  # players never see rule numbers


def test_the_rules_follow_the_current_language():
    from dread_draw.words.rules_text import rules_markdown

    assert rules_markdown().startswith("# How to play Dread Draw")
    i18n.set_language("ko")
    assert rules_markdown().startswith("# Dread Draw 하는 법")
    i18n.set_language(PSEUDO)
    assert rules_markdown().startswith(pseudo.pseudo("# How to play Dread Draw"))


def test_dread_draw_rules_speaks_the_language_asked_for():
    from typer.testing import CliRunner

    from dread_draw.cli import app

    r = CliRunner().invoke(app, ["rules", "--lang", "fr"])
    assert r.exit_code == 0 and "Comment jouer à Dread Draw" in r.output
    assert "Après-Coup" in r.output
    r = CliRunner().invoke(app, ["rules", "--lang", "xx"])
    assert r.exit_code != 0 and isinstance(r.exception, DreadDrawError)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_glossary_names_the_keywords_the_catalogue_uses(language):
    """The glossary in the repo and the words on screen are the same words."""
    glossary = (ROOT / "docs" / "glossary" / f"{language}.md").read_text(encoding="utf-8")
    i18n.set_language(language)
    for keyword in ("Summon", "Reserve", "Aftermath", "Always"):
        assert f"| {pgettext('ability keyword', keyword)} |" in glossary


def test_the_language_layer_imports_no_screen_and_no_rules():
    """Anything may use it (the CLI, the table, the replay printer): it needs none of them."""
    from test_architecture import GRAPH, under

    layer = [m for m in GRAPH if under(m, "dread_draw.i18n")]
    layer += ["dread_draw.deck.overlays", "dread_draw.base.glyphs"]
    for module in layer:
        for name in GRAPH[module]:
            if name == "dread_draw.rules.errors":
                continue  # the project's error types (standard library only, below every layer)
            assert not any(under(name, p) for p in (
                "textual", "dread_draw.tui", "dread_draw.rules", "dread_draw.ai",
                "dread_draw.cli")), (module, name)
            if under(module, "dread_draw.i18n"):
                assert not under(name, "rich"), (module, name)


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_message_read_from_the_file_is_the_catalogues(language):
    """`one_message` (the default name in every language, without loading five catalogues
    at the new-game screen's start) says what the whole catalogue says, for every message it
    holds, one it does not hold, and the default name the new-game screen asks for."""
    from dread_draw.store.setup import DEFAULT_NAME, default_names

    catalogue = i18n.translations(language)
    keys = [k for k in getattr(catalogue, "_catalog", {}) if isinstance(k, str) and k]
    assert language == "en" or len(keys) > 100
    for message in [*keys, "no such message here", DEFAULT_NAME]:
        assert i18n.one_message(language, message) == catalogue.gettext(message), message
    assert catalogue.gettext(DEFAULT_NAME) in default_names()
