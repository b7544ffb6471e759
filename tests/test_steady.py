"""A table that never stops on an error a player can cause (issue 40): keys reach the
session, not widgets (one guard, `dread_draw/tui/guard.py`); the help and Textual's palette
open over each other in any order; the "too small" notice comes and goes with the first
picture at a new size. Each test here is a crash (or a wrong notice) seen in play."""

from __future__ import annotations

import asyncio
import itertools
import random
from pathlib import Path

from textual import events
from textual.command import CommandPalette

from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.saves import Save
from dread_draw.tui.app import make_app
from dread_draw.tui.replay import ReplayApp
from dread_draw.tui.screens.dialogs import HelpScreen
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.widgets.base import MIN_HEIGHT, MIN_WIDTH, TooSmall
from dread_draw.tui.widgets.prompt import PromptBar

PLAIN = Path(__file__).parent / "data" / "plain.toml"


def table_app(**options):
    match = Match(load_deck(PLAIN), [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "easy")], 3)
    return make_app(match, animate=False, cpu_delay=0, **options)


async def at_the_table(pilot) -> TableScreen:
    """The table, once its first question is on screen (an event: the prompt's answers)."""
    app = pilot.app
    while not (isinstance(app.screen, TableScreen) and app.screen.answer is not None):
        await pilot.pause()
    return app.screen


def test_help_and_the_palette_open_over_each_other_in_any_order():
    """F1, Ctrl+P, F1, Ctrl+P ended the app with `DuplicateIds '--command-palette'`: Textual
    looks for an open palette on the top screen only, and F1 had put the help over it. Every
    sequence of three of F1, ?, Ctrl+P and Esc, one after another (each screen in place
    before the next key): the app goes on, with the help and the palette open once at most,
    and the key last pressed decides what is on top."""
    keys = ("f1", "question_mark", "ctrl+p", "escape")
    # the sequence first, then every ordered triple, one after another
    sequence = ["f1", "ctrl+p", "f1", "ctrl+p", "escape", "escape"]
    for triple in itertools.product(keys, repeat=3):
        sequence += [*triple, "back"]  # back: Esc until the table is on top again

    async def drive() -> list[str]:
        app = table_app()
        problems = []
        async with app.run_test(size=(100, 40)) as pilot:
            table = await at_the_table(pilot)
            for i, key in enumerate(sequence):
                if key == "back":
                    for _ in range(4):
                        if app.screen is table:
                            break
                        await pilot.press("escape")
                        await pilot.pause()
                    if app.screen is not table:
                        problems.append(f"{sequence[:i]}: Esc four times left {app.screen}")
                    continue
                before = app.screen
                await pilot.press(key)
                await pilot.pause()
                stack = app.screen_stack
                helps = sum(isinstance(s, HelpScreen) for s in stack)
                palettes = sum(isinstance(s, CommandPalette) for s in stack)
                if helps > 1 or palettes > 1:
                    problems.append(f"{sequence[:i + 1]}: {[type(s).__name__ for s in stack]}")
                if key == "f1" and not isinstance(before, HelpScreen):
                    if not isinstance(app.screen, HelpScreen):
                        problems.append(f"{sequence[:i + 1]}: F1 left {app.screen}")
                if key == "ctrl+p" and not isinstance(app.screen, CommandPalette):
                    problems.append(f"{sequence[:i + 1]}: Ctrl+P left {app.screen}")
            assert app._exception is None
        return problems

    assert asyncio.run(drive()) == []


def test_the_help_the_palette_and_the_quit_question_are_each_open_once_at_most():
    """Ctrl+P at a quit question asked over the palette and the help (Ctrl+C, Ctrl+P, F1,
    q, Ctrl+P) ended the app with `DuplicateIds '--command-palette'` (found by
    benchmarks/chaos.py): the palette was open, but not on top. A seeded walk of the keys
    that open and close these three, each screen in place before the next key: the app goes
    on, each of them open once at most, and the quit question is never lost under them."""
    from dread_draw.tui.screens.dialogs import ConfirmQuit

    rng = random.Random(40)
    walk = ["ctrl+c", "ctrl+p", "f1", "q", "ctrl+p"]  # the crash, as it was seen
    walk += rng.choices(["f1", "question_mark", "ctrl+p", "escape", "q", "ctrl+c", "n"],
                        k=150)

    async def drive() -> list[str]:
        app = table_app()
        problems = []
        async with app.run_test(size=(100, 40)) as pilot:
            await at_the_table(pilot)
            for i, key in enumerate(walk):
                await pilot.press(key)
                await pilot.pause()
                stack = [type(s).__name__ for s in app.screen_stack]
                if any(stack.count(kind) > 1 for kind in
                       ("HelpScreen", "CommandPalette", "ConfirmQuit")):
                    problems.append(f"{walk[max(0, i - 5):i + 1]}: {stack}")
                if key == "ctrl+c" and not isinstance(app.screen, ConfirmQuit):
                    problems.append(f"{walk[max(0, i - 5):i + 1]}: Ctrl+C left {stack}")
            assert app.is_running and app._exception is None
        return problems

    assert asyncio.run(drive()) == []


def test_enter_pressed_again_as_the_palette_closes_leaves_the_table_in_place():
    """Enter on a command of Ctrl+P's palette, pressed again before the palette was gone:
    it was dismissed again, and the second pop took the table from under it; a third ended
    the app (`ScreenStackError`), or the answer was given twice (`InvalidStateError`) — both
    found by benchmarks/chaos.py. Enter three times at once on each command searched for
    (the theme list opens a palette of its own, once): the table stays, the app goes on."""
    from textual.command import CommandList

    async def drive() -> list[str]:
        app = table_app()
        problems = []
        async with app.run_test(size=(100, 40)) as pilot:
            table = await at_the_table(pilot)
            for query in ("keys", "theme", "dark"):
                await pilot.press("ctrl+p", *query)
                while not (isinstance(app.screen, CommandPalette)
                           and app.screen.query_one(CommandList).option_count):
                    await pilot.pause()
                for _ in range(3):  # as a terminal sends them: none waits for the last
                    app.post_message(events.Key("enter", "\r"))
                await pilot.pause()
                if sum(isinstance(s, CommandPalette) for s in app.screen_stack) > 1:
                    problems.append(f"{query}: {[type(s).__name__ for s in app.screen_stack]}")
                for _ in range(3):  # the theme list (once): Esc
                    if not app.is_running or not isinstance(app.screen, CommandPalette):
                        break
                    await pilot.press("escape")
                if not app.is_running or app.screen is not table:
                    problems.append(f"{query}: {[type(s).__name__ for s in app.screen_stack]}")
                    break
            assert app._exception is None
        return problems

    assert asyncio.run(drive()) == []


def test_paging_the_palette_before_its_list_is_laid_out_does_nothing():
    """PageDown in Ctrl+P's palette as its list of commands came, before the list had a
    size, ended the app with `KeyError: 0` in Textual's list (found by
    benchmarks/chaos.py). The list with its commands but no room yet (height 0): PageDown and
    PageUp do nothing, and the palette and the app go on."""
    from textual.command import CommandList

    async def drive() -> BaseException | None:
        app = table_app()
        async with app.run_test(size=(100, 40)) as pilot:
            await at_the_table(pilot)
            await pilot.press("ctrl+p", *"theme")
            while not (isinstance(app.screen, CommandPalette)
                       and app.screen.query_one(CommandList).option_count):
                await pilot.pause()
            commands = app.screen.query_one(CommandList)
            commands.styles.height = commands.styles.max_height = 0
            await pilot.pause()
            await pilot.press("pagedown", "pageup", "pagedown")
            assert app.is_running and isinstance(app.screen, CommandPalette)
        return app._exception

    assert asyncio.run(drive()) is None


def test_a_key_whose_widget_is_gone_does_nothing():
    """`NoMatches 'PromptBar'` from the table's Enter (the suite's own mashing, at load 29):
    a screen is on top while its widgets are taken down, and a key reached an action that
    looked for one. Every key of the table, with its prompt, odds line and card reader gone:
    nothing happens, and the app goes on."""
    async def drive() -> BaseException | None:
        app = table_app()
        async with app.run_test(size=(100, 40)) as pilot:
            table = await at_the_table(pilot)
            for widget in (PromptBar, "#odds", "#reader"):
                await table.query_one(widget).remove()
            for key in ("enter", "space", "1", "2", "y", "n", "o", "tab", "enter"):
                await pilot.press(key)
            assert app.is_running and app.screen is table
        return app._exception

    assert asyncio.run(drive()) is None


def test_keys_while_the_replay_closes_never_end_it_on_an_error():
    """`NoMatches '#review-status'`: `q` and `v` typed at once in the replay — the review
    opened while the app was closing (or closed while it started), and its worker found its
    screen taken down. Keys still coming after the last screen is gone (`v`, `q`, `v`) ended
    it on `ScreenStackError`. However the keys fall, no error; and the replay then closes as
    a player closes it (Esc from the review, `q` from the replay), with exit code 0."""
    from dread_draw.tui.coach import ReviewScreen

    deck = load_deck(PLAIN)
    match = Match(deck, [SeatSpec("Ana", "random"), SeatSpec("Ben", "random")], 21)
    match.play_cpus()
    save = Save.of(match)

    async def once(keys: list[str], spacing: int) -> tuple[int | None, BaseException | None]:
        app = ReplayApp(save, match)
        async with app.run_test(size=(100, 40)) as pilot:
            for key in keys:  # posted as a terminal sends them: none waits for the last
                app.post_message(events.Key(key, key if len(key) == 1 else None))
                for _ in range(spacing):
                    await asyncio.sleep(0)
            await pilot.pause()
            for _ in range(4):  # the review open (or not) over the replay: at most two keys
                if not app.is_running or app._exit:
                    break
                await pilot.press("escape" if isinstance(app.screen, ReviewScreen) else "q")
                await pilot.pause()
            assert app._exit or not app.is_running, [type(s).__name__ for s in app.screen_stack]
            while app.is_running and not app._exit:  # closing: an event, not a clock
                await pilot.pause()
        return app.return_code, app._exception

    async def drive() -> list:
        found = []
        for keys in (["q", "v"], ["ctrl+c", "v"], ["v", "q", "v"], ["v", "q", "v", "q"],
                     ["v", "escape", "v", "escape", "v", "q"]):
            for spacing in range(8):
                code, problem = await once(keys, spacing)
                if problem is not None or code:
                    found.append((keys, spacing, code, problem))
        return found

    assert asyncio.run(drive()) == []


def test_the_too_small_notice_comes_and_goes_before_any_screen_is_laid_out_at_a_new_size():
    """Shrinking the window, the table stayed ~1.7 s before the "too small" notice; growing
    it back, for ~1.3 s the notice said "This one is 80×24: please make the window larger".
    Whenever a screen or a widget is told of a new size (having been laid out at it), the
    app already knows whether the terminal is too small; the notice always names a size
    below the minimum."""
    seen: list[tuple[tuple[int, int], bool]] = []
    said: list[tuple[int, int]] = []

    async def drive() -> None:
        app = table_app()

        def hook(message) -> None:  # every message, as some part of the app takes it
            if isinstance(message, events.Resize):  # the app's, a screen's, a widget's
                seen.append((tuple(app.size), app.has_class("-too-small")))

        original = TooSmall.render

        def render(self):
            if self.app.has_class("-too-small"):
                said.append(tuple(self.app.size))
            return original(self)

        TooSmall.render = render  # type: ignore[method-assign]
        try:
            async with app.run_test(size=(100, 40), message_hook=hook) as pilot:
                await at_the_table(pilot)
                for size in ((60, 20), (100, 40), (79, 30), (120, 23), (80, 24), (40, 12),
                             (220, 70)):
                    await pilot.resize_terminal(*size)
                    await pilot.pause()
                    small = size[0] < MIN_WIDTH or size[1] < MIN_HEIGHT
                    assert app.has_class("-too-small") == small
        finally:
            TooSmall.render = original  # type: ignore[method-assign]

    asyncio.run(drive())
    assert len(seen) >= 14  # the app's and the table's, at each size
    wrong = [(size, flag) for size, flag in seen
             if flag != (size[0] < MIN_WIDTH or size[1] < MIN_HEIGHT)]
    assert wrong == []
    assert said and all(w < MIN_WIDTH or h < MIN_HEIGHT for w, h in said)
