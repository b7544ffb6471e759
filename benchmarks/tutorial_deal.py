"""Choose the tutorial's prepared deal: `python benchmarks/tutorial_deal.py [--seeds 3000]`.

For each seed, the tutorial's table (the person's seat played by `normal`, `easy`, `random` and
the first option every time in turn — a careful, a casual and a lost first player, and the
tests' keys — against the tutorial's two `easy`
CPUs) is played out, and the lessons of `dread_draw.coach.tutorial` it meets are counted with the
person's decisions. The best seeds meet every lesson of `ALL_LESSONS` (a reshuffle of the Draw
Deck included) in the order `BEFORE` asks, whoever plays, in the fewest decisions of the
person: the game stays short.
"""

from __future__ import annotations

import argparse

from dread_draw.coach.tutorial import ALL_LESSONS, PERSON, TUTORIAL_CPUS, Tutor, out_of_order
from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec

FIRST = "first"  # the first option at every question: the tests' player, through the keys

PLAYERS = ("normal", "easy", "random", FIRST)


def met(deck, seed: int, person: str) -> tuple[list[str], int, int]:
    """The lessons told in order, the person's decisions and the game's rounds."""
    seats = [SeatSpec("You", HUMAN if person == FIRST else person)] + [
        SeatSpec(n, k) for n, k in TUTORIAL_CPUS]
    m = Match(deck, seats, seed)
    tutor = Tutor(m)
    told = [x.key for x in tutor.due(m)]
    mine = 0
    while not m.over:
        if m.to_move() == PERSON:
            mine += 1
        d = m.game.pending
        agent = m.agents[d.seat]
        m.apply(d.options[0] if agent is None else agent.choose(m.game.view(d.seat), d))
        told += [x.key for x in tutor.due(m)]
    return told, mine, m.game.round


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=3000)
    p.add_argument("--first", type=int, default=1)
    a = p.parse_args()
    deck = load_deck(None)
    scored = []
    for seed in range(a.first, a.first + a.seeds):
        runs = [met(deck, seed, person) for person in PLAYERS]
        missing = set().union(*(set(ALL_LESSONS) - set(told) for told, _, _ in runs))
        wrong = {pair for told, _, _ in runs for pair in out_of_order(told)}
        most = max(mine for _, mine, _ in runs)
        scored.append((len(missing) + len(wrong), most, seed, sorted(missing), sorted(wrong),
                       [m for _, m, _ in runs], [r for _, _, r in runs]))
    scored.sort()
    for bad, _most, seed, missing, wrong, mine, rounds in scored[:10]:
        print(f"seed {seed}: {bad} lessons missing or out of order whoever plays; "
              f"{', '.join(map(str, mine))} decisions of the person and "
              f"{', '.join(map(str, rounds))} rounds ({', '.join(PLAYERS)}); never met: "
              f"{', '.join(missing) or 'none'}; out of order: "
              f"{', '.join(f'{x} after {y}' for x, y in wrong) or 'none'}")


if __name__ == "__main__":
    main()
