"""`dread-draw replay`: a finished game stepped through on the table, printed as sentences, or
written as an event log."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from dread_draw.base.safe_text import clean
from dread_draw.coach.words import record_lines
from dread_draw.commands.simulate import check_log_path, log_file
from dread_draw.i18n import _, fmt
from dread_draw.store.saves import (
    SaveDir,
    choose_replay,
    open_replay,
)


def replay_command(file: Path | None, last: bool, plain: bool, save_dir: Path | None,
                   deck: Path | None, log: Path | None = None) -> None:
    from dread_draw.words.narrate import Narrator

    if log is not None:
        check_log_path(log)
    path = choose_replay(SaveDir(save_dir), file, last)
    save, match, note = open_replay(path, deck)
    if note:
        Console(stderr=True, highlight=False).print(fmt(_("Note: {note}"), note=clean(note)),
                                                    markup=False)
    if log is not None:  # the fixed event log of docs/DESIGN.md
        with log_file(log) as written:  # an unwritable place: a clear error, exit 2
            assert written is not None
            for e in match.log():
                written.write(json.dumps(e, separators=(",", ":")))
                written.write("\n")
        return
    if plain:
        for line in record_lines(save.names, save.hints, save.takebacks, save.daily):
            print(clean(line))
        say = Narrator(match.deck, save.names, reveal=True)  # it is over
        for line in filter(None, map(say, match.events)):
            print(clean(line, lines=True))  # names were cleaned when read: defence in depth
        return
    from dread_draw.tui.replay import ReplayApp

    viewer = ReplayApp(save, match)
    viewer.run()
    if viewer.return_code:  # it stopped on an error (Textual printed it): not a success
        raise SystemExit(viewer.return_code)
