"""Acceptance test of "effects are data plus one registration" (docs/DESIGN.md principle 14): an
effect registered here, in a test module, with what it does, what a CPU needs to judge it and
how it is told, is dealt in a deck, played by every CPU level and told by the narrator —
with no change to `dread_draw.ai` or to the narration."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pytest
from helpers import DATA

from dread_draw.deck.cards import parse_deck
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import EFFECTS, HELP, PICK_CARD, PICK_SEAT, TAKE, Game, Pick, Tell, effect
from dread_draw.rules.game import outcome
from dread_draw.rules.public import PublicState
from dread_draw.rules.registry import SHOWN
from dread_draw.words.narrate import Narrator


def others_reserves(state: PublicState, seat: int, card: int,
                    params: Mapping[str, object]) -> list[int]:
    return [c for s, zone in enumerate(state.reserves) if s != seat for c in zone]


def everyone(state: PublicState, seat: int, card: int,
             params: Mapping[str, object]) -> list[int]:
    return [s for s in range(state.players) if not state.defeated[s]]


ROB = Pick(TAKE, "Choose another player's reserve card to take into yours.", others_reserves)
BLESS = Pick(HELP, "Choose a player to gain {count} life.", everyone)


def rob(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Summon: take a card of your choice from another player's reserves into yours."""
    g.ask_pick(seat, ROB, others_reserves(g, seat, card, params), _rob_pick, (card,), card=card)


def _rob_pick(g: Game, seat: int, card: int, chosen: int) -> None:
    victim = next(s for s in range(g.n) if chosen in g.reserves[s])
    g.reserves[victim].remove(chosen)
    outcome(g, seat, card, took=g.ev_card(chosen), victim=victim)
    g.to_reserves(seat, chosen)


def bless(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Reserve: a player of your choice gains `count` life."""
    count = params["count"]
    g.ask_pick(seat, BLESS, everyone(g, seat, card, params), _bless_pick, (card, count),
               card=card, count=count)


def _bless_pick(g: Game, seat: int, card: int, count: int, chosen: int) -> None:
    outcome(g, seat, card, target=chosen)
    g.gain_life(chosen, count)


CARDS = """
[[card]]
id = "the-robber"
name = "The Robber"
strength = 6
damage = 1
copies = 8
[card.ability]
when = "summon"
effect = "rob"
text = "Summon: take a card from another player's reserves into yours."

[[card]]
id = "the-saint"
name = "The Saint"
strength = 2
damage = 0
copies = 8
[card.ability]
when = "reserve"
effect = "bless"
count = 1
text = "Reserve: a player of your choice gains 1 life."
"""


@pytest.fixture(scope="module")
def deck() -> Iterator[object]:
    effect("rob", timings=("summon",), picks=(ROB,), outcome={"took": SHOWN, "victim": SHOWN},
           tell=Tell("{who} takes {took} from {victim}'s reserves.", on="took",
                     seats=("victim",)))(rob)
    effect("bless", params={"count": int}, timings=("reserve",), picks=(BLESS,),
           outcome={"target": SHOWN},
           tell=Tell("{who} blesses {target}.", on="target", seats=("target",)))(bless)
    try:
        yield parse_deck((DATA / "plain.toml").read_text() + CARDS, "new-effects.toml")
    finally:
        del EFFECTS["rob"], EFFECTS["bless"]


@pytest.mark.parametrize("kind", ["random", "easy", "normal", "hard"])
def test_every_cpu_level_plays_a_newly_registered_effect_and_the_narrator_tells_it(deck, kind):
    names = ["Ana", "Ben", "Cy"]
    say = Narrator(deck, names)
    asked: set[str] = set()
    used: set[str] = set()
    told: list[str] = []
    for seed in range(6 if kind != "hard" else 2):
        m = Match(deck, [SeatSpec(n, kind) for n in names], seed, events=True,
                  agent_options={"hard": {"samples": 2}})
        while not m.over:
            d = m.game.pending
            option = m.cpu_choice()
            assert option in d.options
            if d.kind in (PICK_CARD, PICK_SEAT) and d.pick in (ROB, BLESS):
                asked.add(d.pick.does)
            for ev in m.apply(option):
                if ev["type"] == "ability" and ev["effect"] in ("rob", "bless") and ev["used"]:
                    used.add(ev["effect"])
                if ev["type"] == "outcome" and ev["effect"] in ("rob", "bless"):
                    line = say(ev)
                    assert line is not None
                    told.append(line)
    assert used == {"rob", "bless"} and asked == {TAKE, HELP}
    assert any(" takes " in line and "'s reserves." in line for line in told)
    assert any(line.endswith(tuple(f"blesses {n}." for n in names)) for line in told)


def test_a_cpu_judges_a_new_effect_by_what_it_declares(deck):
    """`normal` takes the best card a TAKE pick offers, and a HELP pick helps itself; the
    prompt's words play no part."""
    from dread_draw.ai import make_agent

    robber = next(c for c in range(deck.size) if deck.card[c].id == "the-robber")
    saint = next(c for c in range(deck.size) if deck.card[c].id == "the-saint")
    weak = next(c for c in range(deck.size) if deck.strength[c] == 1 and not deck.ability[c])
    strong = next(c for c in range(deck.size) if deck.strength[c] == 12)
    g = Game.setup(deck, 3, life=[[], [], []], reserves=[[], [weak], [strong]])
    g.ask_pick(0, ROB, (weak, strong), lambda *a: None, card=robber)
    normal = make_agent("normal")
    assert normal.choose(g.view(0), g.pending) == strong
    g.ask_pick(1, BLESS, (0, 1, 2), lambda *a: None, card=saint, count=1)
    assert normal.choose(g.view(1), g.pending) == 1
