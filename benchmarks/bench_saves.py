"""Saves, by hand: the cost of autosaving every decision, of resuming, and the file size.

    python benchmarks/bench_saves.py [--games 20]

Plays standard-deck games (4 random CPU seats) with and without an `Autosaver`, then resumes
each game from its last in-progress save; prints per-decision and per-resume times.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from dread_draw.deck.cards import load_deck, standard_deck_path
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.store.saves import Autosaver, Save, SaveDir, resume


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=20)
    games = p.parse_args().games
    deck = load_deck()
    seats = [SeatSpec(f"Seat {i + 1}", "random") for i in range(4)]
    plain, saved, resumes, sizes, decisions = [], [], [], [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(games):
            t = time.perf_counter()
            Match(deck, seats, seed).play_cpus()
            plain.append(time.perf_counter() - t)
            folder = SaveDir(os.path.join(tmp, str(seed)))
            m = Match(deck, seats, seed)
            t = time.perf_counter()
            Autosaver(folder, m).attach()
            while not m.over:
                m.apply(m.cpu_choice())
            saved.append(time.perf_counter() - t)
            decisions += len(m.choices)
            sizes.append(len(Save.of(m, deck_text="").to_json()))
            # resume from a save one decision before the end
            folder.write(folder.current, Save.of(Match.replay(deck, seats, seed, m.choices[:-1])))
            t = time.perf_counter()
            resume(folder)
            resumes.append(time.perf_counter() - t)
    per = (sum(saved) - sum(plain)) / decisions * 1000
    print(f"{games} games, {decisions} decisions; load {os.getloadavg()[0]:.1f}")
    print(f"autosave cost per decision: {per:.2f} ms (write + fsync + rename)")
    print(f"resume of a whole game: median {statistics.median(resumes) * 1000:.1f} ms")
    print(f"save size without the deck text: median {statistics.median(sizes):.0f} bytes; "
          f"the deck text adds {standard_deck_path().stat().st_size} bytes")


if __name__ == "__main__":
    main()
