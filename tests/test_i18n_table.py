"""Six languages at the table: a whole game played through the keys in each language, to
the fortune reading; and the new-game screen's language choice — chosen, started, and
remembered in the next run (``--lang`` still wins for its run, the environment loses)."""

from __future__ import annotations

import re

import pytest
from test_tui import make_app, play_out, sync, text_of, until_screen
from test_tui_privacy import screen_text
from textual.widgets import Select

from dread_draw import i18n
from dread_draw.commands import play as table_app
from dread_draw.deck.overlays import deck_text
from dread_draw.i18n import LANGUAGES, choose_language
from dread_draw.i18n.tools import TRANSLATED, extract, read_po
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.setup import Setup, load_setup
from dread_draw.tui.screens.new_game import NewGame
from dread_draw.tui.screens.table import TableScreen

SIZE = (100, 36)


def english_lines(language: str) -> set[str]:
    """Pieces of the catalogue's English (between placeholders, at least 14 characters)
    that the language's translation does not share: none of them may be on screen."""
    template = {(e.msgctxt, e.msgid) for e in extract().messages if e.msgid}
    pieces = set()
    for e in read_po(language).messages:
        if (e.msgctxt, e.msgid) not in template:
            continue
        said = " ".join(e.msgstr)
        for english in (e.msgid, e.msgid_plural or ""):
            for piece in re.split(r"\{[^{}]*\}", english):
                piece = piece.strip()
                if len(piece) >= 14 and piece not in said:
                    pieces.add(piece)
    return pieces


@pytest.mark.slow
@sync
@pytest.mark.parametrize("language", TRANSLATED)
async def test_a_whole_game_through_the_keys_in_each_language(standard_deck, quick_guards,
                                                              language):
    """One person against a CPU with the standard deck, every decision by key, to the
    fortune (R10.2): the fortune shows the card's fortune in this language (the deck's
    overlay), and neither the table's log nor the game-over screen shows a line of the
    catalogue's English."""
    i18n.set_language(language)
    match = Match(standard_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 37)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        over = await play_out(app, pilot)
        assert match.over and match.game.fortune, "seed 37 leaves the winner cards to read"
        await pilot.press("enter")
        await pilot.pause()
        words = deck_text(standard_deck)[standard_deck.card[match.game.fortune[0]]]
        english = deck_text(standard_deck, "en")[standard_deck.card[match.game.fortune[0]]]
        card = text_of(over.query_one(".fortune-card"))
        assert words.fortune != english.fortune and " ".join(words.fortune.split()) in (
            " ".join(card.split()))
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        log = "\n".join(line.text for line in table.query_one("#log").lines)
        shown = " ".join((screen_text(app) + "\n" + log).split())
        left = [piece for piece in english_lines(language) if piece in shown]
        assert not left, left


@sync
async def test_the_language_chosen_on_the_new_game_screen_plays_and_is_remembered(
        tmp_path, monkeypatch):
    """Choosing Français redraws the new-game screen in French and the game it starts is
    played in French; the choice is kept with the settings, and the next `play` speaks it
    although the environment says German — unless --lang says otherwise for that run."""
    settings = tmp_path / "settings.json"
    setup = Setup([SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 5)
    app = make_app(setup=setup, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(app, pilot, NewGame)
        assert text_of(app.screen.query_one("#title")) == "DREAD DRAW — a new game"
        app.screen.query_one("#language", Select).value = "fr"
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGame)
        assert text_of(screen.query_one("#title")) == "DREAD DRAW — une nouvelle partie"
        assert screen.query_one("#language", Select).value == "fr"
        assert screen.query_one("#name-0").value == "Ana"  # the form kept as it was
        await pilot.press("ctrl+s")
        await until_screen(app, pilot, TableScreen)
        assert "manche 1" in text_of(app.screen.query_one("#topbar"))
    assert load_setup(settings).language == "fr"

    # the next run: the remembered choice wins over the environment, --lang over both
    i18n.set_language("en")
    assert choose_language(None, {"LANG": "de_DE.UTF-8"}, load_setup(settings).language) == "fr"
    spoken = []
    monkeypatch.setattr(table_app, "settings_path", lambda: settings)
    monkeypatch.setattr("dread_draw.tui.app.run_table", lambda app: spoken.append(
        i18n.current_language()))
    monkeypatch.setenv("LANGUAGE", "de")
    for lang in (None, "ko"):
        table_app.play_command(players=None, humans=[], cpus=[], seed=None, deck=None,
                               cpu_delay=0, save_dir=tmp_path / "saves", lang=lang)
    assert spoken == ["fr", "ko"]
    assert load_setup(settings).language == "fr"  # --lang ko did not change the choice
    assert set(LANGUAGES) == {"en", "fr", "es", "de", "pt", "ko"}
