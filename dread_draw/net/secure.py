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
of order does not open, and the connection ends. The client's first sealed frame (its
hello) opens with a proof of the key (16 bytes from HKDF too): a hello whose proof is wrong
comes from someone with another code (`WrongKey`: a wrong guess); one whose proof is right
but whose seal does not open was changed on the way (`Damaged`: not a guess, so a flipped
bit does not count against the player's own address). docs/NETWORK.md says what this
protects and what it does not.
"""

from __future__ import annotations

import base64
import hmac
import ipaddress
import time

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


PROOF = 16  # bytes of the key's proof at the head of the client's hello


class Unsealed(ProtocolError):
    """A frame that does not open with this connection's key: a wrong join code on the
    other side, or a frame changed, replayed or reordered on the way."""


class WrongKey(Unsealed):
    """A hello whose proof of the key is wrong: the other side used another join code."""


class Damaged(Unsealed):
    """A hello with the right proof of the key that does not open: changed on the way."""


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
        except Exception as e:  # noqa: BLE001  # whatever else the library raises on what a
            # stranger sent (NotOnCurve, an assertion): a message that is not one, never a crash
            raise ProtocolError("the key exchange message is not one "
                                f"({type(e).__name__})") from None
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
        self._proof = _derive(key, b"client proof")[:PROOF]
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

    def seal_hello(self, text: str) -> bytes:
        """The client's first sealed frame: the proof of the key, then the sealed hello."""
        return self._proof + self.seal(text)

    def open_hello(self, frame: str | bytes) -> str:
        """The host opens the client's first sealed frame: WrongKey if the client used
        another code, Damaged if the frame was changed on the way."""
        if not isinstance(frame, bytes) or len(frame) <= PROOF:
            raise WrongKey("no proof of the key")
        if not hmac.compare_digest(frame[:PROOF], self._proof):
            raise WrongKey("the proof of the key is not this code's")
        try:
            return self.open(frame[PROOF:])
        except Unsealed:
            raise Damaged("the hello was changed on the way") from None

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


def address_group(address: str) -> str:
    """Whose guesses an address counts with: itself, or for IPv6 its /64 network (one
    computer or home usually has a whole /64 to choose addresses from)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # an IPv4 player on a dual-stack socket
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


class Guesses:
    """How many wrong join codes the host puts up with from one address (an IPv6 address
    counts with its /64): `free` of them, then that address waits longer and longer before
    its next try (1 s, 4 s, 16 s …, up to `longest`). Only the address that guessed is
    slowed: a player elsewhere is never refused for someone else's guesses (there is no
    limit over every address together, which would shut the right code out too). Wrong
    codes are counted after the key exchange: a hello that does not open, a key exchange
    message that is not one, or an exchange left without a hello. An address told to wait
    that comes back before its time is turned away before its WebSocket opens (`told`):
    waiting costs the host nothing."""

    def __init__(self, free: int = 1, longest: float = 300.0, remembered: int = 10_000) -> None:
        self.free = free
        self.longest = longest
        self.remembered = remembered  # addresses kept (the oldest forgotten beyond)
        self.wrong: dict[str, tuple[int, float]] = {}  # address group: (wrong codes, last)
        self.told: dict[str, float] = {}  # address group: told to wait until then

    def wait(self, address: str, now: float | None = None) -> float:
        """Seconds before `address` may guess again (0: now)."""
        now = time.monotonic() if now is None else now
        count, last = self.wrong.get(address_group(address), (0, 0.0))
        if count < self.free:
            return 0.0
        return max(0.0, last + min(self.longest, 4.0 ** (count - self.free)) - now)

    def tell_wait(self, address: str, now: float | None = None) -> None:
        """`address` was told to wait: until then it is turned away at once."""
        now = time.monotonic() if now is None else now
        group = address_group(address)
        self.told.pop(group, None)
        self.told[group] = now + self.wait(address, now)
        if len(self.told) > self.remembered:
            del self.told[next(iter(self.told))]

    def waiting(self, address: str, now: float | None = None) -> bool:
        """Whether `address` was told to wait and its time has not come yet."""
        now = time.monotonic() if now is None else now
        return self.told.get(address_group(address), 0.0) > now

    def missed(self, address: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        group = address_group(address)
        count, _last = self.wrong.pop(group, (0, 0.0))
        self.wrong[group] = (count + 1, now)  # (at the end: the dict is oldest first)
        if len(self.wrong) > self.remembered:
            del self.wrong[next(iter(self.wrong))]

    def right(self, address: str) -> None:
        group = address_group(address)
        self.wrong.pop(group, None)
        self.told.pop(group, None)
