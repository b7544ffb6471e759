"""The round summary (R7, R8): every change to a Life Deck in the round is listed — an
Aftermath's damage before the round's (R7.3), life gained (R8.5) — and the numbers add up:
a seat's Life Deck at the round's start, less the damage listed, plus the life listed, is
its Life Deck when the next round starts. Played headless through the rules core and the
summary's own data (`round_reports`, no Textual)."""

from __future__ import annotations

from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.words.narrate import LifeChange, RoundTracker, round_reports


def life_at_round_starts(match: Match) -> list[list[int]]:
    """Plays `match` to its end and returns each seat's Life Deck size, read from the game
    itself, whenever a round starts and when the game ends."""
    game = match.game
    assert [ev["type"] for ev in match.events].count("round_start") == 1  # (a new match)
    sizes = [[len(life) for life in game.life]]  # round 1 started when the match was made

    class Spy(list):
        def append(self, ev) -> None:
            if ev["type"] in ("round_start", "game_end"):
                sizes.append([len(life) for life in game.life])
            super().append(ev)

    assert game.events is not None
    game.events = Spy(game.events)
    while not match.over:
        match.apply(match.cpu_choice())
    return sizes


def test_r7_r8_every_round_summary_adds_up(standard_deck):
    names = ["A", "B", "C", "D", "E"]
    rounds = early = 0
    for seed in range(1, 41):
        n = 2 + seed % 4
        match = Match(standard_deck, [SeatSpec(names[s], ("easy", "random")[(s + seed) % 2])
                                      for s in range(n)], seed=seed)
        sizes = life_at_round_starts(match)
        reports = round_reports(match.events, match.deck)
        assert [r.round for r in reports] == list(range(1, len(reports) + 1))
        for report in reports:
            rounds += 1
            before, after = sizes[report.round - 1], sizes[report.round]
            life = list(before)
            for change in report.changes:
                assert change.before == life[change.seat], (seed, report)
                life[change.seat] = change.after
                early += change.early
            for seat in range(n):  # before - damage listed + life listed = after
                taken = sum(c.before - c.after for c in report.hits if c.seat == seat)
                gained = sum(c.gained for c in report.changes if c.seat == seat)
                assert before[seat] - taken + gained == after[seat], (seed, report, seat)
            said = report.lines(names[:n])
            assert sum(" damage (Life Deck " in line for line in said) == len(report.hits)
    assert rounds > 200 and early > 0  # Aftermath damage happened, and was listed


def test_r7_3_an_aftermaths_damage_is_listed_before_the_rounds(standard_deck):
    """Death's Aftermath deals Ben 2 before the round's 5: the summary says both, and that
    his Life Deck went from 7 to 5, then from 5 to 0 — not 'takes 5 damage: 0 cards left'."""
    deck = standard_deck
    death = next(c for c in range(deck.size) if deck.card[c].id == "death")
    events = [
        {"type": "round_start", "round": 2, "starting_seat": 0, "in_round": [0, 1]},
        {"type": "outcome", "seat": 0, "card": {"id": "death", "uid": death}, "effect": "curse",
         "target": 1},
        {"type": "damage", "seat": 1, "amount": 2, "drawn": [{"uid": 1}, {"uid": 2}],
         "kept": {"uid": 1}, "life": 5},
        {"type": "round_end", "round": 2, "winner": 0, "damage": 5, "row": []},
        {"type": "damage", "seat": 1, "amount": 5, "drawn": [{"uid": c} for c in range(3, 8)],
         "kept": {"uid": 3}, "life": 0},
        {"type": "round_start", "round": 3, "starting_seat": 1, "in_round": [0, 1]},
    ]
    (report,) = round_reports(events, deck)
    assert report.changes == [LifeChange(1, 7, 5, amount=2, by=(0, death), early=True),
                              LifeChange(1, 5, 0, amount=5)]
    assert report.lines(["Ana", "Ben"])[2:] == [
        "Before the round's damage, Ana's Death deals Ben 2 damage (Life Deck 7 → 5).",
        "Ben takes 5 damage (Life Deck 5 → 0)."]
    tracker = RoundTracker(deck)  # the table's tracker, fed one event at a time, agrees
    assert [r for r in map(tracker.feed, events) if r] == [report]


def test_a_person_seat_changes_nothing_in_the_summary_data(standard_deck):
    """The summary's data is the events' alone: the same for any kind of seat."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", "random")]
    match = Match(standard_deck, seats, seed=11)
    while match.game.round < 3 and not match.over:
        d = match.game.pending
        match.apply(match.cpu_choice() if match.cpu_to_move() else d.options[0])
    assert round_reports(match.events, match.deck)
