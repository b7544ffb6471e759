"""The sealed channel: a key from the join code alone, then every frame sealed.

Before anything else, the client and the host run SPAKE2 (a password-authenticated key
exchange, as magic-wormhole does with its short codes) on the join code: each sends one
message in the clear, and each ends with a strong shared key if, and only if, both used the
same code. Someone who watches the exchange learns nothing of the code or the key; someone
who takes part in it gets one guess of the code, and learns only whether it was right when
their first sealed frame is (or is not) opened. The host limits the guesses (`Guesses`).

From that key, HKDF derives one key for each direction; every frame after the exchange is
a binary frame sealed with ChaCha20-Poly1305, whose nonce is the frame's number in its
direction (0, 1, 2, …, never sent): a frame that was changed, replayed, dropped or sent out
of order does not open, and the connection ends. docs/NETWORK.md says what this protects
and what it does not.
"""

from __future__ import annotations

import base64
import time
from collections import deque

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B  # type: ignore[import-untyped]
from spake2.spake2 import SPAKEError  # type: ignore[import-untyped]

from dread_draw.net.protocol import ProtocolError, normal_code

CLIENT_ID = b"dread-draw client"
HOST_ID = b"dread-draw host"
PAKE_MAX = 200  # characters of a SPAKE2 message in base64 (they are 44)


class Unsealed(ProtocolError):
    """A frame that does not open with this connection's key: a wrong join code on the
    other side, or a frame changed, replayed or reordered on the way."""


def _password(code: str) -> bytes:
    return normal_code(code).encode("utf-8", "replace")


class Exchange:
    """One side's half of the key exchange on the join code."""

    def __init__(self, code: str, *, host: bool) -> None:
        side = SPAKE2_B if host else SPAKE2_A
        self.host = host
        self._pake = side(_password(code), idA=CLIENT_ID, idB=HOST_ID)
        self.message = base64.b64encode(self._pake.start()).decode("ascii")

    def finish(self, theirs: object) -> Channel:
        """The sealed channel, from the other side's message (ProtocolError if it is not
        one; a wrong code is found only when the first sealed frame does not open)."""
        if not isinstance(theirs, str) or len(theirs) > PAKE_MAX:
            raise ProtocolError("the key exchange message is missing")
        try:
            key = self._pake.finish(base64.b64decode(theirs, validate=True))
        except (ValueError, SPAKEError) as e:
            raise ProtocolError(f"the key exchange message is not one ({e})") from None
        return Channel(key, host=self.host)


def _derive(key: bytes, label: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                info=b"dread-draw 2 " + label).derive(key)


class Channel:
    """Both directions of one connection's sealed frames (see the module docstring)."""

    def __init__(self, key: bytes, *, host: bool) -> None:
        to_host = ChaCha20Poly1305(_derive(key, b"client to host"))
        to_client = ChaCha20Poly1305(_derive(key, b"host to client"))
        self._out, self._in = (to_client, to_host) if host else (to_host, to_client)
        self.sent = 0  # frames sealed (the next frame's nonce)
        self.opened = 0  # frames opened (the nonce the next frame must have)

    @staticmethod
    def _nonce(n: int) -> bytes:
        return b"\0\0\0\0" + n.to_bytes(8, "big")

    def seal(self, text: str | bytes) -> bytes:
        data = text.encode("utf-8") if isinstance(text, str) else text
        sealed = self._out.encrypt(self._nonce(self.sent), data, None)
        self.sent += 1
        return sealed

    def open(self, frame: str | bytes) -> str:
        """The text of the next frame (Unsealed if it does not open; ProtocolError if what
        it holds is not text)."""
        if not isinstance(frame, bytes):
            raise Unsealed("a frame in the clear on a sealed connection")
        try:
            data = self._in.decrypt(self._nonce(self.opened), frame, None)
        except InvalidTag:
            raise Unsealed("a frame that does not open with this connection's key") from None
        self.opened += 1
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("a frame that is not UTF-8 text") from None


class Guesses:
    """How many wrong join codes the host puts up with: a few from one address, then that
    address waits longer and longer (doubling, up to `longest` seconds); and at most `rate`
    wrong codes a second from everywhere together (a bucket of `burst`), whoever sends them.
    With 40 bits of code this keeps guessing hopeless; it costs the attacker, not the
    players, as long as the players' addresses are not the attacker's."""

    def __init__(self, free: int = 3, longest: float = 300.0, rate: float = 0.5,
                 burst: int = 20) -> None:
        self.free = free
        self.longest = longest
        self.rate = rate
        self.burst = burst
        self.wrong: dict[str, tuple[int, float]] = {}  # address: (wrong codes, last one)
        self.recent: deque[float] = deque()  # the times of the last wrong codes, everywhere

    def wait(self, address: str, now: float | None = None) -> float:
        """Seconds before `address` may guess again (0: now)."""
        now = time.monotonic() if now is None else now
        waits = [0.0]
        count, last = self.wrong.get(address, (0, 0.0))
        if count >= self.free:
            waits.append(last + min(self.longest, 2.0 ** (count - self.free)) - now)
        while self.recent and self.recent[0] < now - self.burst / self.rate:
            self.recent.popleft()
        if len(self.recent) >= self.burst:
            waits.append(self.recent[0] + self.burst / self.rate - now)
        return max(waits)

    def missed(self, address: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        count, _last = self.wrong.get(address, (0, 0.0))
        self.wrong[address] = (count + 1, now)
        self.recent.append(now)
        if len(self.wrong) > 10_000:  # many addresses: forget the oldest
            oldest = min(self.wrong, key=lambda a: self.wrong[a][1])
            del self.wrong[oldest]

    def right(self, address: str) -> None:
        self.wrong.pop(address, None)
