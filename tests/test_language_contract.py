"""The contract every language keeps, as `test_effect_contract.py` is every effect's.

A language is one line in `dread_draw.i18n.LANGUAGES` (and its name in itself in
`LANGUAGE_NAMES`) plus the parts that must exist for it (docs/translating.md, "Adding a
language"):

- its catalogue, made by one command (`python -m dread_draw.i18n new LANG`) and complete
  (`python -m dread_draw.i18n check`), with its plural rule (`editions.PLURAL_FORMS`);
- the standard deck's words (`dread_draw/assets/cards.LANG.toml`) and the rules
  (`dread_draw/assets/rules.LANG.md`);
- its game vocabulary: the glossary (`docs/glossary/LANG.md`), the terms its rules say
  (`editions.RULES_TERMS`) and the words each effect's texts say (`editions.EFFECT_WORDS`)
  — tables in the package, which the checks of the translations read.

`language_problems(code)` lists what is missing, naming the part and the file, so that a new
language fails here, once, saying what to add — not in fifteen tests at once with a KeyError
(`test_a_new_language_missing_every_part_fails_the_contract`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dread_draw.i18n import LANGUAGE_NAMES, LANGUAGES, locale_dir
from dread_draw.i18n import tools as i18n_tools
from dread_draw.i18n.editions import EFFECT_WORDS, PLURAL_FORMS, RULES_TERMS
from dread_draw.rules import EFFECTS

ROOT = Path(__file__).resolve().parents[1]
ASSETS = locale_dir().parent / "assets"


def language_problems(code: str, template=None) -> list[str]:
    out: list[str] = []
    if code not in LANGUAGES:
        out.append(f"{code!r} is not in LANGUAGES (dread_draw/i18n/__init__.py)")
    if code not in LANGUAGE_NAMES:
        out.append(f"{code!r} has no name in itself in LANGUAGE_NAMES (the language menu)")
    if code not in PLURAL_FORMS:
        out.append(f"{code!r} has no plural rule in PLURAL_FORMS (dread_draw/i18n/editions.py)")
    if code != "en":
        if not i18n_tools.po_path(code).is_file():
            out.append(f"{code!r} has no catalogue: python -m dread_draw.i18n new {code}")
        else:
            found = i18n_tools.problems(code, template)
            if found:
                out.append(f"its catalogue has {len(found)} problems (python -m dread_draw.i18n "
                           f"check), the first: {found[0]}")
        for path in (ASSETS / f"cards.{code}.toml", ASSETS / f"rules.{code}.md",
                     ROOT / "docs" / "glossary" / f"{code}.md"):
            if not path.is_file():
                out.append(f"{path.relative_to(ROOT)} is missing")
        if code not in RULES_TERMS:
            out.append("its rules' terms are not in RULES_TERMS (dread_draw/i18n/editions.py)")
    missing = [name for name in EFFECTS if code not in EFFECT_WORDS.get(name, {})]
    if missing:
        out.append(f"what its ability texts say is not in EFFECT_WORDS "
                   f"(dread_draw/i18n/editions.py) for {len(missing)} effects: "
                   f"{', '.join(missing[:3])}…")
    return out


@pytest.fixture(scope="module")
def template():
    return i18n_tools.extract()


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_keeps_the_contract(code, template):
    assert language_problems(code, template) == []


def test_a_new_language_missing_every_part_fails_the_contract(template):
    """Klingon, named nowhere: each part it lacks is named, with its file."""
    problems = language_problems("tlh", template)
    said = "\n".join(problems)
    for part in ("not in LANGUAGES", "LANGUAGE_NAMES", "PLURAL_FORMS",
                 "python -m dread_draw.i18n new tlh", "cards.tlh.toml", "rules.tlh.md",
                 "docs/glossary/tlh.md", "RULES_TERMS", "EFFECT_WORDS"):
        assert part in said, (part, said)
    assert len(problems) == 9


def test_one_command_creates_a_new_languages_catalogue(tmp_path, monkeypatch, template):
    """`new LANG` once the language is in LANGUAGES: every message of the code, untranslated,
    with the plural rule given, compiled; `update` then works, and before it said what to
    do instead of failing on the missing file."""
    from dread_draw.i18n import __main__ as command
    from dread_draw.i18n.catalog import parse_po

    monkeypatch.setattr(i18n_tools, "TRANSLATED", (*i18n_tools.TRANSLATED, "tlh"))
    shipped = i18n_tools.po_path
    monkeypatch.setattr(i18n_tools, "po_path", lambda lang: (
        tmp_path / lang / "LC_MESSAGES" / "dread_draw.po" if lang == "tlh" else shipped(lang)))
    monkeypatch.setattr(i18n_tools, "LANGUAGE_NAMES", {**LANGUAGE_NAMES, "tlh": "tlhIngan Hol"})
    try:
        i18n_tools.update()
        raise AssertionError("update went on without the new language's catalogue")
    except i18n_tools.DreadDrawError as e:
        assert "python -m dread_draw.i18n new tlh" in str(e)
    assert command.main(["new", "tlh"]) == 2  # no plural rule known: it says how to give one
    assert command.main(["new", "tlh", "nplurals=1; plural=0;"]) == 0
    made = parse_po((tmp_path / "tlh" / "LC_MESSAGES" / "dread_draw.po").read_text("utf-8"))
    assert made.nplurals == 1 and made.header["Language"] == "tlh"
    assert {e.key for e in made.messages} == {e.key for e in template.messages}
    assert all(not any(e.msgstr) for e in made.messages)
    assert (tmp_path / "tlh" / "LC_MESSAGES" / "dread_draw.mo").is_file()
    assert command.main(["new", "tlh", "nplurals=1; plural=0;"]) == 2  # never over one
