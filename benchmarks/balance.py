"""The standard deck's balance report (issue 3), run by hand.

`python benchmarks/balance.py [--games 10000] [--players 4] [--agent NAME] [--workers 2]`
plays that many games with one CPU agent in every seat (by default the strongest registered
agent fast enough for 10,000 games: `normal`; `hard` searches for seconds a game) and prints
rounds per game, summon attempts per round, wins by seat, a row per card, and the targets.
"""

from __future__ import annotations

import argparse
import os
import time

from rich.console import Console

from dread_draw.deck.cards import load_deck
from dread_draw.play.balance import report_tables, run_balance, strongest_agent


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--agent", default=None, help="default: the strongest fast agent")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--deck", default=None)
    p.add_argument("--think-ms", type=int, default=None, help="budget for the hard agent")
    a = p.parse_args()
    deck = load_deck(a.deck)
    agent = a.agent or strongest_agent()
    options = {agent: {"think_ms": a.think_ms}} if a.think_ms else None
    start = time.perf_counter()
    b = run_balance(deck, a.players, a.games, a.seed, agent, workers=a.workers,
                    agent_options=options)
    seconds = time.perf_counter() - start
    out = Console(width=max(120, Console().width))
    for table in report_tables(b, deck, agent, a.seed):
        out.print(table)
    load = os.getloadavg()[0]
    out.print(f"{b.games} games in {seconds:.0f} s with {a.workers} workers "
              f"(load average {load:.2f}).")


if __name__ == "__main__":
    main()
