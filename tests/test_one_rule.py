"""Each rule once: whether a card beats the card to beat (R4.3) is answered by the rules core
alone, and the odds line, every CPU level and the coach ask it rather than compare strengths
themselves.

The test changes R4.3 through its one seam (`dread_draw.rules.public.beats`) to "a tie
succeeds" and checks that everything that reckons with a reveal follows. Under the real rule
the same position counts differently, so the test fails if any of them keeps its own copy.
"""

from __future__ import annotations

import pytest

import dread_draw.ai.easy as easy
import dread_draw.rules.public as public
from dread_draw.ai.hard import rollout_sight, top_sight
from dread_draw.ai.policy import reveal_odds, view_sight
from dread_draw.coach.hints import BEATS, reasons
from dread_draw.rules import REVEAL, SUMMON, Game
from dread_draw.rules.game import _turn
from dread_draw.words.odds import odds_sentence, reveal_count


def plain(deck, strength: int, skip: int = 0) -> int:
    return [c for c in range(deck.size)
            if deck.strength[c] == strength and deck.ability[c] is None][skip]


def a_tie_at_stake(deck) -> Game:
    """Seat 0 has a 9 in its row and a 9 in reserve; seat 1 a 3 in its row; seat 0 to play."""
    nine, reserve_nine, three = plain(deck, 9), plain(deck, 9, 1), plain(deck, 3)
    g = Game.setup(deck, 2, life=[[], []], reserves=[[reserve_nine], []])
    for seat, c in ((0, nine), (1, three)):
        g.draw.remove(c)
        g.rows[seat] = [c]
        g.totals[seat] = deck.strength[c]
    _turn(g, 0)  # the game's own R4.1/R4.5: which options it offers
    return g


def reckonings(deck) -> dict[str, object]:
    """What the game, the odds line, each CPU level and the coach make of seat 0's reveal."""
    g = a_tie_at_stake(deck)
    view = g.view(0)
    bar = view.card_to_beat(0)
    pool = view.unseen()
    seen: list[float] = []

    def spy(state, seat, decision, sight, **_):
        seen.append(sight.odds(bar))
        return REVEAL

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(easy, "answer", spy)
        easy.EasyAgent(__import__("random").Random(1), mistakes=0.0).choose(view, g.pending)
    coach = [r for r in reasons(view, g.pending) if r.code == BEATS][0]
    count = reveal_count(view)
    assert count is not None
    nine = plain(deck, 9, 2)
    return {
        "game offers the reserve 9": g.pending.kind == SUMMON and len(g.pending.options) == 2,
        "odds line count": count.beats,
        "odds line": odds_sentence(view),
        "normal": reveal_odds(view),
        "normal's sight": view_sight(view).odds(bar),
        "easy": seen[0],
        "hard's rollouts": rollout_sight(g, 0).odds(bar),
        "hard, top card known to be a 9": top_sight(deck, nine).odds(bar),
        "coach": coach.numbers["better"],
        "pool": len(pool),
        "nines unseen": sum(deck.strength[c] == 9 for c in pool),
        "above 9 unseen": sum(deck.strength[c] > 9 for c in pool),
        "easy pool": sum(deck.strength[c] > 9 for c in range(deck.size)) / deck.size,
        "nines in the deck": sum(deck.strength[c] == 9 for c in range(deck.size)),
    }


def test_R4_3_the_reckoning_of_a_reveal_follows_the_rules_core(plain_deck, monkeypatch):
    strict = reckonings(plain_deck)
    assert strict["nines unseen"] > 0  # a tie is possible: the position tells the rules apart
    assert strict["game offers the reserve 9"] is False  # R4.5: a 9 does not beat a 9
    assert strict["odds line count"] == strict["coach"] == strict["above 9 unseen"]
    assert strict["normal"] == strict["normal's sight"] == pytest.approx(
        strict["above 9 unseen"] / strict["pool"])
    assert strict["hard's rollouts"] == strict["normal's sight"]  # what the seat may know
    assert strict["easy"] == pytest.approx(strict["easy pool"])
    assert strict["hard, top card known to be a 9"] == 0.0

    monkeypatch.setattr(public, "beats", lambda strength, bar: strength >= bar)
    tie = reckonings(plain_deck)
    above_or_tie = tie["above 9 unseen"] + tie["nines unseen"]
    assert tie["game offers the reserve 9"] is True
    assert tie["odds line count"] == tie["coach"] == above_or_tie
    assert f"with {above_or_tie} of {tie['pool']}" in tie["odds line"]
    assert tie["odds line"] != strict["odds line"]
    assert tie["normal"] == tie["normal's sight"] == pytest.approx(above_or_tie / tie["pool"])
    assert tie["hard's rollouts"] == tie["normal's sight"]
    assert tie["easy"] == pytest.approx(
        tie["easy pool"] + tie["nines in the deck"] / plain_deck.size)
    assert tie["hard, top card known to be a 9"] == 1.0


def test_R4_3_a_revealed_tie_follows_the_rules_core_too(plain_deck, monkeypatch):
    """The game itself: a revealed 9 over a 9 fails (R4.4), or succeeds under the changed
    rule — the same seam."""
    def reveal_a_nine() -> list[str]:
        g = a_tie_at_stake(plain_deck)
        nine = plain(plain_deck, 9, 2)
        g.draw.remove(nine)
        g.draw.append(nine)  # the top of the Draw Deck is its end
        return [e["type"] for e in g.choose(REVEAL)]

    assert "fail" in reveal_a_nine()
    monkeypatch.setattr(public, "beats", lambda strength, bar: strength >= bar)
    assert "summon" in reveal_a_nine() and "fail" not in reveal_a_nine()


# ------------------------------------------------------------ events carry what they state

def test_R4_2_a_summon_or_fail_event_carries_the_bar_it_was_measured_against(standard_deck):
    """Every `summon` and `fail` says what its card had to beat — the row's last card and the
    value it counted as, always-active cards included (R4.2, R9.5) — as the game measured it
    when the seat chose, so no reader works it out again (and gets it wrong: a reserve
    summon of a bar-lowering card takes that card out of the reserves first)."""
    from dread_draw.play.sim import Match, SeatSpec

    lowered = 0
    for seed in range(12):
        m = Match(standard_deck, [SeatSpec(f"S{i}", "normal") for i in range(3)], seed)
        while not m.over:
            d = m.game.pending
            expected = None
            if d.kind == SUMMON:
                row = m.game.rows[d.seat]
                expected = (row[-1] if row else -1, m.game.card_to_beat(d.seat))
                lowered += row != [] and expected[1] != standard_deck.strength[row[-1]]
            new = m.apply(m.cpu_choice())
            if expected is not None:
                ev = next(e for e in new if e["type"] in ("summon", "fail")
                          and e["seat"] == d.seat)
                card = ev["beat_card"]
                assert ((-1 if card is None else card["uid"]), ev["beat"]) == expected
    assert lowered > 0  # the always-active cards that lower the bar were in play


def test_the_stage_says_the_bar_the_event_carries_in_a_batch_of_events(standard_deck):
    """A resumed game or a network rejoin shows events in one batch, with no position to
    start from: the stage's 'It had to beat' line still says what the reveal had to beat,
    counting a bar-lowering card (read from the event, not worked out)."""
    from dread_draw.play.sim import Match, SeatSpec
    from dread_draw.table.moments import acts
    from dread_draw.tui.stage import Stage

    m = Match(standard_deck, [SeatSpec(f"S{i}", "normal") for i in range(3)], 2)
    said = lowered = 0
    while not m.over:
        m.apply(m.cpu_choice())
    names = [s.name for s in m.seats]
    events = m.events
    moments = [a for a in acts(events, standard_deck, names) if not a.banner]
    attempts = [e for e in events if e["type"] in ("summon", "fail")]
    assert len(moments) == len(attempts)
    for act, ev in zip(moments, attempts, strict=True):
        assert act.beat == ev["beat"]
        if act.beat_card >= 0:
            said += 1
            strength = standard_deck.strength[act.beat_card]
            words = Stage(standard_deck).beat_words(act)
            assert f"({strength})" in words
            if act.beat != strength:
                lowered += 1
                assert f"counting as {act.beat}." in words
    assert said > 20 and lowered > 0
