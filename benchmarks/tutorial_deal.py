"""Choose the tutorial's prepared deal: `python benchmarks/tutorial_deal.py [--seeds 400]`.

For each seed, the tutorial's table (the person's seat played by `normal`, `easy` and `random`
in turn — a careful, a casual and a lost first player — against the tutorial's two `easy`
CPUs) is played out, and the lessons of `dread_draw.coach.tutorial` it meets are counted with the
person's decisions. The best seeds meet every lesson whoever plays, in the fewest decisions of
the person: the game stays under ten minutes.
"""

from __future__ import annotations

import argparse

from dread_draw.coach.tutorial import ALL_LESSONS, PERSON, TUTORIAL_CPUS, Tutor
from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import Match, SeatSpec

PLAYERS = ("normal", "easy", "random")


def met(deck, seed: int, person: str) -> tuple[set[str], int, int]:
    seats = [SeatSpec("You", person)] + [SeatSpec(n, k) for n, k in TUTORIAL_CPUS]
    m = Match(deck, seats, seed)
    tutor = Tutor(m)
    told = {x.key for x in tutor.due(m)}
    mine = 0
    while not m.over:
        if m.to_move() == PERSON:
            mine += 1
        d = m.game.pending
        m.apply(m.agents[d.seat].choose(m.game.view(d.seat), d))
        told |= {x.key for x in tutor.due(m)}
    return told, mine, len(m.choices)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=400)
    a = p.parse_args()
    deck = load_deck(None)
    scored = []
    for seed in range(1, a.seeds + 1):
        runs = [met(deck, seed, person) for person in PLAYERS]
        fewest = min(len(told) for told, _, _ in runs)
        most = max(mine for _, mine, _ in runs)
        missing = set(ALL_LESSONS).difference(*(told for told, _, _ in runs))
        scored.append((fewest, -most, seed, sorted(missing), [m for _, m, _ in runs]))
    scored.sort(reverse=True)
    for n, _most, seed, missing, mine in scored[:10]:
        print(f"seed {seed}: at least {n}/{len(ALL_LESSONS)} lessons whoever plays, "
              f"{', '.join(map(str, mine))} decisions of the person ({', '.join(PLAYERS)}); "
              f"never met: {', '.join(missing) or 'none'}")


if __name__ == "__main__":
    main()
