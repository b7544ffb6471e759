"""The standard deck (issue 3): what it must contain, that its texts say what its effects do,
that CPU seats can play every ability in it, and `dread-draw cards`."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from dread_draw.cli import app
from dread_draw.commands.cards import cards_table
from dread_draw.deck.cards import TIMINGS
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import USE, USE_IT, Game

PLAIN = Path(__file__).parent / "data" / "plain.toml"


def test_the_deck_has_100_cards_of_at_least_30_kinds(standard_deck):
    assert standard_deck.size == 100  # R1.2
    assert len(standard_deck.cards) >= 30
    assert len({c.name for c in standard_deck.cards}) == len(standard_deck.cards)


def test_strength_runs_from_0_to_at_least_12_and_damage_from_0_to_3(standard_deck):
    strengths = set(standard_deck.strength)
    assert min(strengths) == 0 and max(strengths) >= 12
    assert set(standard_deck.damage) == {0, 1, 2, 3}


def test_half_the_cards_have_abilities_every_timing_on_8_and_12_effects(standard_deck):
    when = Counter(w for w in standard_deck.when if w)
    assert sum(when.values()) >= standard_deck.size / 2
    assert all(when[t] >= 8 for t in TIMINGS), when
    assert len({a.effect for a in standard_deck.ability if a}) >= 12


def test_every_card_has_a_fortune_of_one_or_two_lines(standard_deck):
    for c in standard_deck.cards:
        assert c.fortune.strip(), c.id  # R10.2: read at the end of the game
        assert 1 <= len(c.fortune.strip().splitlines()) <= 2, c.id


def test_ability_texts_start_with_the_keyword_and_state_the_numbers(standard_deck):
    for c in standard_deck.cards:
        a = c.ability
        if a is None:
            continue
        assert a.text.startswith(f"{c.keyword}: "), c.id
        numbers = set(re.findall(r"\d+", a.text))
        for value in a.params.values():
            assert str(value) in numbers or (value == 1 and "the top card" in a.text), c.id


def test_effect_texts_name_the_condition_the_code_checks(standard_deck):
    """Salvage works only when eliminated and curse only for the winner (effects.py)."""
    for c in standard_deck.cards:
        a = c.ability
        if a and a.effect == "salvage":
            assert "if you were eliminated" in a.text
        if a and a.effect == "curse":
            assert "if you won the round" in a.text


def play_random(deck, players: int, seed: int) -> Game:
    rng = random.Random(seed)
    g = Game(deck, players, seed)
    while not g.over:
        assert g.decisions < 5000, "a game that does not end"
        g.choose(rng.choice(g.pending.options))
    return g


def test_random_games_on_the_standard_deck_end_and_use_every_ability(standard_deck):
    used = Counter()
    for seed in range(120):
        g = play_random(standard_deck, 2 + seed % 4, seed)  # 2 to 5 players
        assert g.zone_sizes() == standard_deck.size  # R1.4
        for e in g.events:
            if e["type"] == "ability" and e["used"]:
                used[e["effect"]] += 1
    triggered = {a.effect for a in standard_deck.ability if a and a.when != "always"}
    assert triggered <= set(used), triggered - set(used)


def test_cpu_seats_answer_every_ability_of_the_deck(standard_deck):
    """Every Decision an ability asks (PICK_CARD, PICK_SEAT, USE) gets a legal answer."""
    asked, used = Counter(), Counter()
    for seed in range(6):
        m = Match(standard_deck, [SeatSpec(f"S{i}", "normal") for i in range(4)], seed)
        while not m.over:
            d = m.game.pending
            asked[d.kind] += 1
            option = m.cpu_choice()
            assert option in d.options
            if d.kind == USE:
                used[standard_deck.ability[d.card].effect] += option == USE_IT
            m.apply(option)
    assert asked["card"] and asked["seat"]  # abilities' parameters were asked and answered
    assert sum(used.values()) > 0


# --------------------------------------------------------------------- dread-draw cards

runner = CliRunner()


def test_cards_shows_damage_as_red_dots_and_a_number(plain_deck):
    r = runner.invoke(app, ["cards", "--deck", str(PLAIN)], catch_exceptions=False,
                      terminal_width=200)
    assert r.exit_code == 0 and "●●● 3" in r.output and "Plain (tests) deck" in r.output
    out = Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=200)
    out.print(cards_table(plain_deck))
    assert "\x1b[31m●●●" in out.file.getvalue()  # red


def test_cards_sorts_by_name_strength_or_damage():
    def order(sort: str) -> list[str]:
        r = runner.invoke(app, ["cards", "--deck", str(PLAIN), "--sort", sort],
                          catch_exceptions=False, terminal_width=200)
        return re.findall(r"The [A-Z][a-z]+", r.output)

    by_name = order("name")
    assert by_name == sorted(by_name)
    assert order("strength")[:2] == ["The Fool", "The Lantern"]  # strength 0
    assert order("damage")[:1] == ["The Fool"]  # 0 damage, strength 0


def test_cards_refuses_an_unknown_sort_with_exit_2():
    r = subprocess.run([sys.executable, "-m", "dread_draw", "cards", "--sort", "colour"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "--sort" in r.stderr and "strength" in r.stderr and "Traceback" not in r.stderr


# ------------------------------------------------------------------- the balance report

def test_balance_credits_the_cards_of_the_rounds_winning_row(plain_deck):
    from helpers import Pick

    from dread_draw.play.balance import Balance
    from dread_draw.rules import REVEAL

    pick = Pick(plain_deck)
    five, one, fails = pick(5), pick(1), pick(1)
    g = Game.setup(plain_deck, 2, life=[[pick(0)], [pick(0)]], draw=[five, one, fails])
    for _ in range(3):
        g.choose(REVEAL)  # seat 0: 5; seat 1: 1, then 1 fails: seat 0 wins (R7)
    b = Balance(2)
    b.add_game(g.events)
    t5, t1 = b.cards[plain_deck.card[five].id], b.cards[plain_deck.card[one].id]
    assert (t5.summoned, t5.won) == (1, 1) and (t1.summoned, t1.won) == (1, 0)
    assert b.attempts == {3: 1}  # three summon attempts in the round
    assert b.average_win_rate() == 0.5


def test_R10_2_balance_counts_the_games_that_end_with_a_fortune_to_read(standard_deck):
    """R10.2: a winner whose Life Deck is empty has no fortune; the report says how often."""
    from dread_draw.play.balance import Balance

    b, read = Balance(3), 0
    for seed in range(12):
        m = Match(standard_deck, [SeatSpec(f"S{i}", "random") for i in range(3)], seed=seed)
        while not m.over:
            m.apply(m.cpu_choice())
        b.add_game(m.events)
        read += bool(m.game.fortune)
    assert b.games == 12 and b.fortunes == read and 0 < read < 12


def test_simulate_report_prints_the_targets_and_a_row_per_card():
    r = runner.invoke(app, ["simulate", "--report", "--games", "12", "--deck", str(PLAIN)],
                      catch_exceptions=False, env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    for words in ("Balance targets", "median game 5 to 10 rounds", "The Eclipse",
                  "summon attempts per round", "games ending with a fortune to read"):
        assert words in r.output
    # words for players: no rule numbers or issue numbers in what the command prints
    assert not re.search(r"\bR\d+(\.\d+)?\b|\bissue \d", r.output), r.output
