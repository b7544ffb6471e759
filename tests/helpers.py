"""Helpers for hand-built positions: pick cards by strength, play a sequence of choices."""

from __future__ import annotations

import fcntl
import functools
import os
import struct
import subprocess
import sys
import termios
from pathlib import Path

from dread_draw.deck.cards import Deck, parse_deck
from dread_draw.rules import Game

DATA = Path(__file__).parent / "data"

# Ability cards added to the plain deck for the ability-machinery tests (one copy each).
ABILITY_CARDS = """
[[card]]
id = "oracle"
name = "The Oracle"
strength = 7
damage = 1
copies = 1
[card.ability]
when = "summon"
effect = "peek-draw"
count = 2
text = "Summon: look at the top 2 cards of the Draw Deck."

[[card]]
id = "mother"
name = "The Mother"
strength = 3
damage = 0
copies = 1
[card.ability]
when = "reserve"
effect = "gain-life"
count = 1
text = "Reserve: gain 1 life."

[[card]]
id = "revenge"
name = "Revenge"
strength = 4
damage = 1
copies = 1
[card.ability]
when = "aftermath"
effect = "gain-life"
count = 1
text = "Aftermath: gain 1 life."

[[card]]
id = "victory"
name = "Victory"
strength = 5
damage = 1
copies = 1
[card.ability]
when = "aftermath"
effect = "gain-life"
count = 2
text = "Aftermath: gain 2 life."

[[card]]
id = "justice"
name = "Justice"
strength = 6
damage = 0
copies = 1
[card.ability]
when = "always"
effect = "ward"
amount = 1
text = "You take 1 less damage."

[[card]]
id = "the-puppet"
name = "The Puppet"
strength = 2
damage = 0
copies = 1
[card.ability]
when = "always"
effect = "lower-bar"
amount = 2
text = "The card you must beat counts 2 less."

[[card]]
id = "domination"
name = "Domination"
strength = 3
damage = 1
copies = 1
[card.ability]
when = "always"
effect = "bloodlust"
amount = 1
text = "When you win a round, deal 1 more damage."

[[card]]
id = "vulture"
name = "The Vulture"
strength = 1
damage = 0
copies = 1
[card.ability]
when = "summon"
effect = "scavenge"
text = "Summon: put a card from the discard pile into your reserves."
"""


@functools.cache
def ability_deck() -> Deck:
    text = (DATA / "plain.toml").read_text() + ABILITY_CARDS
    return parse_deck(text, "abilities.toml")


class Pick:
    """Hands out unused physical cards: `pick(7)` is a card of strength 7, `pick(id="oracle")`."""

    def __init__(self, deck: Deck):
        self.deck = deck
        self.used: set[int] = set()

    def __call__(self, strength: int | None = None, damage: int | None = None, *,
                 id: str | None = None, plain: bool = True) -> int:
        d = self.deck
        for uid in range(d.size):
            if uid in self.used:
                continue
            if id is not None:
                if d.card[uid].id != id:
                    continue
            else:
                if d.strength[uid] != strength or (damage is not None and d.damage[uid] != damage):
                    continue
                if plain and d.ability[uid] is not None:
                    continue
            self.used.add(uid)
            return uid
        raise LookupError(f"no free card with strength={strength} damage={damage} id={id}")


def play(g: Game, *options: int) -> list[dict]:
    """Answer the pending Decisions in turn; return all the events."""
    events: list[dict] = []
    for option in options:
        events += g.choose(option)
    return events


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def swapped_views(deck: Deck, seed: int, players: int = 3, most: int = 40) -> list[tuple]:
    """(seat, view, swapped view) at decisions of a `normal` game with a real choice: the
    swapped view is the same seat's view of another game — every card it cannot see dealt
    differently (`determinize`) — so it must be the very same view (R11). Anything deciding
    from a view must decide the same from both."""
    import random

    from dread_draw.play.sim import Match, SeatSpec
    from dread_draw.rules import determinize

    pairs: list[tuple] = []
    rng = random.Random(seed)
    m = Match(deck, [SeatSpec(f"S{i}", "normal") for i in range(players)], seed, events=False)
    while not m.over and len(pairs) <= most:
        g = m.game
        seat = g.pending.seat
        if len(g.pending.options) > 1:
            view = g.view(seat)
            other = determinize(view, rng)  # a different deal of everything this seat cannot see
            if other.draw != g.draw or other.life != g.life:
                assert other.view(seat) == view
                pairs.append((seat, view, other.view(seat)))
        m.apply(m.cpu_choice())
    return pairs


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    """Run `dread-draw ARGS` in-process as `main()` would: (exit code, stdout, stderr)."""
    import sys

    from dread_draw.cli import main

    old = sys.argv
    sys.argv = ["dread-draw", *args]
    try:
        main()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 0
    finally:
        sys.argv = old
    out, err = capsys.readouterr()
    return code, out, err


def app_in_pty(args: list[str], columns: int = 100, lines: int = 30
               ) -> tuple[subprocess.Popen[bytes], int]:
    """`dread-draw ARGS` in a pseudo-terminal of `columns` x `lines`, in a session of its own
    (the suite's settings folders: tests/conftest.py): the process and the terminal's side
    to read the screen from and type the keys into."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(columns), LINES=str(lines))
    proc = subprocess.Popen([sys.executable, "-m", "dread_draw", *args], stdin=slave,
                            stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    return proc, master
