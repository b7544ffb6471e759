"""Every benchmark in benchmarks/, run briefly (seconds each, no figure asserted): a benchmark
that no longer runs fails CI instead of rotting (issue 41). `.ci/run` runs this; so can you:
`.venv/bin/python .ci/benchmarks.py [NAME ...]`. tests/test_install.py checks that every
benchmark has its line below.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# benchmark -> its small arguments (or its own --quick)
BRIEF: dict[str, list[str]] = {
    "balance.py": ["--games", "20", "--workers", "1"],
    "bench_arena.py": ["--games", "20", "--hard-games", "4", "--think-ms", "5",
                       "--workers", "1"],
    "bench_coach_accuracy.py": ["--positions", "1", "--playouts", "4", "--budget-ms", "10"],
    "bench_engine.py": ["--games", "20"],
    "bench_hard.py": ["--positions", "3", "--samples", "2", "--repeat", "1"],
    "bench_hints.py": ["--quick"],
    "bench_keys_tmux.py": ["--quick"],
    "bench_layout.py": ["--brief"],  # the layout on one seeded game at two sizes
    "bench_log_viewer.py": ["--games", "1", "--size", "80x24", "--runs", "1"],
    "bench_network.py": ["--games", "1"],
    "bench_oracle.py": ["--deals", "1", "--samples", "2", "--players", "2", "--only", "hard"],
    "bench_rl.py": ["--brief"],
    "bench_saves.py": ["--games", "2"],
    # from a fresh process to the table's first frame (and the new-game screen's) in tmux
    "bench_startup.py": ["--quick"],
    "bench_table.py": ["--quick"],
    # key mashing at the real table in tmux: fails if any key ends the app with an error
    "chaos.py": ["--seconds", "3"],
    # the network's: the join flood (fails if an honest join or rejoin is refused or takes
    # over 5 s, a traceback reaches the host's console, or a save is lost) and the dead
    # connections (fails if a side takes over 10 s to notice)
    "dead_peer.py": ["--limit", "20"],
    "emblem_sheet.py": ["--out", "{tmp}/emblem_sheet.svg"],
    "fit_hardcal.py": ["--games", "2", "--think-ms", "5", "--budget-ms", "10"],
    "fit_hardlike.py": ["--games", "3", "--think-ms", "5", "--versus", "4"],
    "fit_value.py": ["--games", "40"],
    "flood.py": ["--seconds", "10"],
    "hostile_inputs.py": ["--only", "bigint", "--timeout", "30"],
    "tutorial_deal.py": ["--seeds", "2"],
    "vs_openspiel.py": ["--players", "2", "--seeds", "1", "--think-ms", "100"],
}


def main() -> None:
    names = sys.argv[1:] or sorted(BRIEF)
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            args = [a.replace("{tmp}", tmp) for a in BRIEF[name]]
            start = time.perf_counter()
            done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / name), *args],
                                  cwd=tmp, capture_output=True, text=True, timeout=600,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
            took = time.perf_counter() - start
            print(f"{name} {' '.join(args)}: {'ran' if done.returncode == 0 else 'FAILED'} "
                  f"in {took:.1f} s", flush=True)
            if done.returncode != 0:
                failed.append(name)
                print(done.stdout[-2000:], done.stderr[-4000:], sep="\n", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}")
    if failed:
        sys.exit(f"benchmarks that no longer run: {', '.join(failed)}")


if __name__ == "__main__":
    main()
