"""The contract every CPU level keeps, as `test_effect_contract.py` is every effect's.

A level is its agent in `dread_draw.ai.AGENTS` (the command line's `--cpu NAME`, the new-game
screen's list, a save's seats, the arena) plus the parts that must know it by name:

- its words in every language: `i18n.level_word` names it (a level it does not know is
  shown as its English id — "cautious" in a French sentence) and every catalogue
  translates it (`pgettext("CPU level", NAME)`);
- how the coach models it: `ai.hard.STYLE_OF` says how the hint's and the review's
  rollouts play a seat of that level (a level left out silently plays like `normal`);
- its place in the arena and the balance report: `play.balance.STRENGTH_ORDER` ranks it
  (strongest first), and `FAST_AGENTS` holds it if its games are fast;
- it plays: a whole arena game with it ends, and `stats` shows its seats in its words.

`level_problems(name)` lists what is missing, naming the part, so a new level with a part
left out fails here (`test_a_new_level_missing_every_part_fails_the_contract`).
"""

from __future__ import annotations

import pytest

from dread_draw.ai import AGENTS
from dread_draw.ai.hard import STYLE_OF
from dread_draw.i18n import LANGUAGES, level_word, level_words, set_language
from dread_draw.i18n.tools import TRANSLATED, read_po
from dread_draw.play.balance import STRENGTH_ORDER
from dread_draw.play.sim import play_one

CONTEXT = "CPU level"


def level_problems(name: str, deck) -> list[str]:
    out: list[str] = []
    said = {}
    for lang in LANGUAGES:
        set_language(lang)
        try:
            said[lang] = level_words().get(name)
        finally:
            set_language("en")
    if said["en"] != name:
        out.append(f"i18n.level_words does not name {name!r} (dread_draw/i18n/__init__.py): "
                   f"players would read its English id")
    missing = []
    for lang in TRANSLATED:
        entry = read_po(lang).find(name, CONTEXT)
        if entry is None or not entry.msgstr[0]:
            missing.append(lang)
        elif said["en"] == name and said[lang] != entry.msgstr[0]:
            out.append(f"level_words()[{name!r}] in {lang} is not its catalogue's word")
    if missing:
        out.append(f"its word (pgettext({CONTEXT!r}, {name!r})) is not translated in "
                   f"{', '.join(missing)}")
    if name not in STYLE_OF:
        out.append(f"the coach does not say how {name!r} plays (ai/hard.py STYLE_OF): its hint "
                   f"and review would assume it plays like normal")
    if name not in STRENGTH_ORDER:
        out.append(f"the balance report and the arena do not rank {name!r} "
                   f"(play/balance.py STRENGTH_ORDER)")
    if name in AGENTS:
        result = play_one(deck, [name, "random"], seed=1, index=0,
                          agent_options={"hard": {"samples": 2}})
        if result.winner < 0:
            out.append(f"a game with {name!r} does not end")
    else:
        out.append(f"{name!r} has no agent (ai/__init__.py AGENTS)")
    return out


@pytest.mark.parametrize("name", list(AGENTS))
def test_every_cpu_level_keeps_the_contract(name, standard_deck):
    assert level_problems(name, standard_deck) == []


def test_stats_show_each_level_in_the_players_language():
    """The stats' table of CPU levels names each level as the table does ("facile")."""
    import inspect

    from dread_draw.commands import stats

    assert "level_word(name)" in inspect.getsource(stats.stats_command)
    set_language("fr")
    try:
        assert level_word("easy") == "facile"
    finally:
        set_language("en")


def test_a_new_level_missing_every_part_fails_the_contract(standard_deck, monkeypatch):
    """A level registered as an agent and nothing else: every part it lacks is named."""
    monkeypatch.setitem(AGENTS, "cautious", AGENTS["easy"])
    problems = level_problems("cautious", standard_deck)
    assert any("level_words does not name 'cautious'" in p for p in problems), problems
    assert any("is not translated in fr, es, de, pt, ko" in p for p in problems), problems
    assert any("STYLE_OF" in p for p in problems), problems
    assert any("STRENGTH_ORDER" in p for p in problems), problems
    assert len(problems) == 4  # it plays: its agent works
