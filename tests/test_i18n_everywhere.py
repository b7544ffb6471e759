"""Every command and screen in the player's language: `--lang` wherever it is written, and no
English that never entered the catalogues (review, saves, replay, tutorial, odds, web page)."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from typer.testing import CliRunner

from dread_draw import i18n
from dread_draw.cli import app

ROOT = Path(__file__).parent.parent


# ---------------------------------------------------------------------- --lang anywhere

@pytest.mark.parametrize("args, words", [
    (["--lang", "fr", "rules"], "Comment jouer à Dread Draw"),
    (["--lang", "de", "rules"], "Lebensdeck"),
    (["--lang", "fr", "cards"], "Le Mat"),
    (["--lang=ko", "cards"], "바보"),
    (["--lang", "es", "rules", "--lang", "pt"], "Baralho de Vida"),  # the command's own wins
])
def test_the_global_lang_option_reaches_the_command(args, words):
    """`dread-draw --lang fr rules` is the French rules, as `--help` promises: a command
    without its own --lang keeps the one written before it."""
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    assert words in r.output


def test_an_error_speaks_the_global_language(tmp_path):
    from dread_draw.cli import error_text

    r = CliRunner().invoke(app, ["--lang", "fr", "replay", str(tmp_path / "missing.json")])
    assert r.exit_code != 0
    assert i18n.current_language() == "fr"
    assert r.exception is not None
    text = error_text(r.exception) if hasattr(r.exception, "said") else str(r.exception)
    assert "missing.json" in text and "No " not in text



@pytest.mark.parametrize("language, words", [("fr", "encore en cours"), ("ko", "진행 중인"),
                                             ("de", "läuft noch")])
def test_replaying_a_game_in_progress_is_refused_in_the_language(tmp_path, language, words):
    """`replay` on a game not yet finished says why in the player's language (it was one
    English sentence in every language)."""
    from dread_draw.deck.cards import load_deck
    from dread_draw.play.sim import Match, SeatSpec
    from dread_draw.store.saves import Save, SaveError, open_replay

    match = Match(load_deck(), [SeatSpec("Ana", "random"), SeatSpec("Émile", "random")], 5)
    match.apply(match.cpu_choice())
    path = tmp_path / "current.json"
    path.write_text(Save.of(match).to_json(), encoding="utf-8")
    i18n.set_language(language)
    with pytest.raises(SaveError) as refused:
        open_replay(path, None)
    assert words in str(refused.value) and "still in progress" not in str(refused.value)

# ---------------------------------------------------------------------- the web page

@pytest.mark.parametrize("language, tag", [("fr", "fr"), ("pt", "pt-BR"), ("ko", "ko"),
                                           ("en", "en")])
def test_the_web_page_says_its_language_and_speaks_it(language, tag):
    from dread_draw.web.serve import TEMPLATES, page_words

    i18n.set_language(language)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True)
    page = env.get_template("app_index.html").render(
        config={"static": {"url": "/static/"}}, application={"name": "Dread Draw"},
        app_websocket_url="ws://x/ws/1", font_size=16, **page_words("Dread Draw"))
    assert f'<html lang="{tag}">' in page
    english = ("the table is being laid", "This table is closed", "Open the table again")
    if language == "en":
        assert all(e in page for e in english)
    else:
        assert not any(e in page for e in english)


# ---------------------------------------------------------------------- the replay viewer

def _played(seed=21):
    from dread_draw.deck.cards import load_deck
    from dread_draw.play.sim import Match, SeatSpec
    from dread_draw.store.saves import Save

    match = Match(load_deck(), [SeatSpec("Ana", "random"), SeatSpec("Émile", "random")], seed)
    match.play_cpus()
    return Save.of(match), match


def test_the_replay_speaks_french_in_its_key_bar_header_and_on_ctrl_c():
    import asyncio

    from dread_draw.tui.replay import ReplayApp, position_text
    from dread_draw.tui.widgets.keybar import KeyBar

    save, match = _played()
    i18n.set_language("fr")
    app = ReplayApp(save, match)
    header = str(position_text(app.timeline, 0)).splitlines()[0]
    assert "Standard" not in header or "Standard" == i18n._("Standard")

    async def drive():
        async with app.run_test(size=(80, 24)) as pilot:
            bar = str(app.query_one(KeyBar).render())
            for english in ("Next", "Back", "Help", "Quit", "Review"):
                assert f" {english} " not in bar, bar
            assert i18n._("Quit") in bar and i18n._("Help") in bar
            await pilot.press("ctrl+c")  # quits, as at the table; no English notice
            await pilot.pause()
            assert not app._notifications
        return app.return_code

    assert asyncio.run(drive()) is not None or not app.is_running


@pytest.mark.parametrize("language", ["es", "ko"])
def test_the_replay_header_names_the_deck_in_the_language(language):
    from dread_draw.deck.overlays import deck_text
    from dread_draw.tui.replay import Timeline, position_text

    save, match = _played()
    i18n.set_language(language)
    header = str(position_text(Timeline(save, match.deck), 0)).splitlines()[0]
    assert deck_text(match.deck).name in header and "Standard" not in header


# ---------------------------------------------------------------------- no-break spaces

def test_a_log_line_never_starts_with_the_colon_a_no_break_space_holds():
    """French writes "manche 2\\u00a0: aucun dégât": at every width the log may have, no line
    of the table's log starts with ':' (Rich alone broke at the no-break space; see
    `test_no_line_starts_with_the_colon_a_no_break_space_holds_anywhere`)."""
    from rich.console import Console
    from rich.text import Text

    from dread_draw.tui import app  # noqa: F401  (the table's app installs dread_draw.base.wide_text)

    text = Text("Vesna gagne la manche 2\u00a0: aucun dégât\u00a0; la suite\u00a0?")
    for width in range(10, 50):
        console = Console(width=width, record=True, file=open("/dev/null", "w"))
        console.print(text)
        lines = [line for line in console.export_text().splitlines() if line.strip()]
        assert not any(line[:1] in ":;?" for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "").replace("\u00a0", "") == \
            text.plain.replace(" ", "").replace("\u00a0", "")


# ---------------------------------------------------------------------- tutorial and odds

@pytest.mark.parametrize("language", ["es", "de", "ko"])
def test_the_tutorials_tips_and_the_odds_line_name_cards_in_the_language(language):
    """The tips said "Death (fuerza 12)" and the odds line "The Devil (10)": the deck's own
    English names. Every tip of a whole tutorial game and every odds line names cards in the
    language (the English names never appear)."""
    from dread_draw.coach.tutorial import PERSON, Tutor, tutorial_match
    from dread_draw.deck.cards import load_deck
    from dread_draw.words.odds import odds_sentence

    i18n.set_language(language)
    deck = load_deck()
    english = [c.name for c in deck.cards]
    match = tutorial_match("Ana", deck)
    tutor = Tutor(match)
    said = []
    while not match.over:
        said += [lesson.text for lesson in tutor.due(match)]
        if match.game.pending.seat == PERSON:
            odds = odds_sentence(match.game.view(PERSON))
            if odds:
                said.append(odds)
        match.apply(match.cpu_choice() if match.game.pending.seat != PERSON
                    else match.game.pending.options[0])
    assert len(said) > 10
    from dread_draw.deck.overlays import deck_text

    own = [deck_text(deck)[c].name for c in deck.cards]
    assert any(name in text for text in said for name in own)  # cards are named, in it
    for text in said:
        assert not any(name in text for name in english if len(name) > 4), text


# ---------------------------------------------------------------------- errors, translated

def test_replaying_a_game_in_progress_is_refused_in_the_players_language(capsys, tmp_path):
    from helpers import run_cli

    from dread_draw.deck.cards import load_deck
    from dread_draw.play.sim import Match, SeatSpec
    from dread_draw.store.saves import Save, SaveDir

    saves = SaveDir(tmp_path / "saves")
    match = Match(load_deck(), [SeatSpec("Ana", "human"), SeatSpec("Zora", "easy")], 3)
    saves.write(saves.current, Save.of(match))
    code, _out, err = run_cli(capsys, "--lang", "fr", "replay", str(saves.current))
    said = " ".join(err.split())
    assert code == 2 and "cette partie est encore en cours" in said, said
    assert "still in progress" not in said


def test_an_endless_event_log_line_is_named_in_the_players_language(capsys, tmp_path,
                                                                    monkeypatch):
    from helpers import run_cli

    from dread_draw.coach import review

    log = tmp_path / "games.jsonl"
    run_cli(capsys, "simulate", "--players", "3", "--games", "1", "--log", str(log))
    first = log.read_text(encoding="utf-8").splitlines()[0]
    endless = "x" * (len(first.encode()) + 100)  # then a line longer than any event
    log.write_text(first + "\n" + endless + "\n", encoding="utf-8")
    monkeypatch.setattr(review, "MAX_LINE", len(first.encode()) + 1)
    code, _out, err = run_cli(capsys, "--lang", "de", "review", str(log))
    said = " ".join(err.split())
    assert code == 2 and "Zeile 2: länger als jedes Ereignis" in said, said


def test_replay_with_a_file_and_last_is_refused_in_the_players_language(capsys, tmp_path):
    from helpers import run_cli

    code, _out, err = run_cli(capsys, "--lang", "es", "replay", str(tmp_path / "a.json"),
                              "--last", "--save-dir", str(tmp_path))
    # (the placeholder as --help names it in Spanish: ARCHIVO)
    assert code == 2 and "Indica un ARCHIVO o --last, no ambos." in " ".join(err.split()), err


def test_no_line_starts_with_the_colon_a_no_break_space_holds_anywhere():
    """Rich and Textual broke lines at a no-break space too, so the game review read
    ": après votre choix …" at the start of a line; every screen now keeps it (the program
    installs this at start, `dread_draw.base.wide_text`)."""
    from rich.console import Console
    from rich.text import Text
    from textual.content import Content

    from dread_draw.base import wide_text  # noqa: F401

    said = "Manche 9, révéler ou invoquer depuis vos réserves\u00a0: après votre choix Révéler"
    for width in range(12, len(said)):
        lines = [line.plain for line in Text(said).wrap(Console(), width)]
        lines += [line.plain for line in Content(said).wrap(width)]
        assert not [line for line in lines if line.lstrip().startswith(":")], (width, lines)
