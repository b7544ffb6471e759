"""A CPU seat's dice: random numbers that restart at every decision from the game's seed, the
seat, the CPU's kind and the decision's number — so a game resumed from a save plays on
exactly as if it had never stopped, whatever the CPUs drew before.

Restarting a Mersenne Twister costs about 5 µs (as much as a whole decision of the rules), so
the dice are a small counter-based generator instead (SplitMix64): restarting is one integer
hash, and a draw is a few integer operations. It is a `random.Random`, so `choice`, `random`,
`shuffle` and `getrandbits` work as usual — slower than Mersenne Twister's for long
shuffles, so a CPU that draws a lot (the `hard` search) seeds its own generator from them.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a 64-bit integer hash."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Dice(random.Random):
    """Random numbers for one CPU seat of one game; `at(number)` restarts them for a decision."""

    def __init__(self, seed: int = 0, seat: int = 0, kind: str = "") -> None:
        self._base = _mix(_mix(seed & _MASK) ^ _mix(seat + 1) ^ zlib.crc32(kind.encode()))
        self._state = self._base
        super().__init__()

    def at(self, number: int) -> Dice:
        """Restart for the decision numbered `number` (see `Decision.number`)."""
        self._state = _mix((self._base + number) & _MASK)
        return self

    def first(self, number: int) -> int:
        """``at(number)``, then its first 64-bit draw: what a seat that draws once per
        decision (the `random` CPU) needs, in one call instead of four."""
        z = (self._base + number) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        self._state = z = ((z ^ (z >> 31)) + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def seed(self, a: Any = None, version: int = 2) -> None:
        if a is None:  # random.Random() seeds itself with None: keep the seat's stream
            return
        key = a if isinstance(a, int) else zlib.crc32(str(a).encode())
        self._base = self._state = _mix(key & _MASK)

    def _next(self) -> int:
        self._state = z = (self._state + _GAMMA) & _MASK
        return _mix(z)

    def choice(self, seq: Any) -> Any:
        """A uniform choice among at most a few hundred options: one draw (the bias of the
        remainder is below 2**-50)."""
        return seq[self._next() % len(seq)]

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            return self._next() >> (64 - k)
        out, bits = 0, 0
        while bits < k:
            out, bits = (out << 64) | self._next(), bits + 64
        return out >> (bits - k)

    def getstate(self) -> tuple[Any, ...]:
        return (self._base, self._state)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._base, self._state = state


def restart(rng: random.Random, number: int) -> random.Random:
    """The dice for decision `number`: restarted if they are a seat's `Dice`; any other
    generator (a test's own `random.Random`) simply goes on."""
    return rng.at(number) if isinstance(rng, Dice) else rng
