"""Writing files so that a crash never leaves half of one: a temporary file beside the target,
flushed to disk, then renamed over it (the old file or the new one, never a mix).

`replacing(path)` opens the temporary file at once — so a path that cannot be written is known
before any work is done — and lets the caller stream lines into it (memory stays flat however
long the output); `atomic_write(path, lines)` is the one-shot form.
"""

from __future__ import annotations

import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from dread_draw.base.reasons import os_reason

NAME_MAX = 255  # the longest file or folder name (bytes; UTF-16 units on Windows)


@contextmanager
def replacing(path: Path | str) -> Iterator[TextIO]:
    """A text file to write that replaces `path` only when the block ends without an error.

    Raises OSError at once if the temporary file cannot be created beside `path`. On any
    exception (Ctrl+C included) the temporary file is removed and `path` is left as it was.
    """
    path = Path(path)
    with stopped_like_ctrl_c():
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                   dir=path.parent or ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                yield f
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise


@contextmanager
def stopped_like_ctrl_c() -> Iterator[None]:
    """While a temporary file is open: `kill` (SIGTERM) or a closed terminal (SIGHUP) stops
    the program as Ctrl+C does (KeyboardInterrupt), so the file is removed on the way out
    rather than left behind (a killed `simulate --log` left hidden files, 5 kills in 8). Only
    in the main thread, and only where the signal would otherwise end the program at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    taken = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) == signal.SIG_DFL:
            taken[signum] = signal.signal(signum, interrupt)
    try:
        yield
    finally:
        for signum, before in taken.items():
            signal.signal(signum, before)


def long_name(path: Path | str) -> str | None:
    """The first name in `path` (a file's or a folder's) longer than the system allows, if
    any: opening it would fail with "File name too long"."""
    for part in Path(path).parts:
        size = len(part) if os.name == "nt" else len(os.fsencode(part))
        if size > NAME_MAX:
            return part
    return None


def atomic_write(path: Path | str, lines: Iterable[str]) -> None:
    """Write text lines (each followed by a newline) to `path` atomically."""
    with replacing(path) as f:
        for line in lines:
            f.write(line)
            f.write("\n")


# ------------------------------------------------------------------- the one bounded reader

class Unreadable(OSError):
    """`read_bounded` could not read a file; `kind` says why, for the caller's own words:
    "missing", "folder", "special" (a FIFO, a device, a socket), "too-big" or "error" (any
    other OSError, `reason` its text). An OSError, so that a reader of optional files
    (settings, tokens) that gives up on any OSError gives up on these too."""

    def __init__(self, kind: str, reason: str = "") -> None:
        super().__init__(f"{kind}: {reason}" if reason else kind)
        self.kind, self.reason = kind, reason


def read_bounded(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes: every file the program reads
    (decks and their translation files, saves, replays, review inputs, stats, settings)
    comes through here or `open_bounded`, so none of them can hang on a FIFO, read a
    device forever or fill the memory. Never more than `limit` + 1 bytes are read,
    whatever the file's size claims. Raises `Unreadable`."""
    with open_bounded(path) as f:
        try:
            data = f.read(limit + 1)
        except OSError as e:
            raise Unreadable("error", os_reason(e)) from None
    if len(data) > limit:
        raise Unreadable("too-big")
    return data


def open_bounded(path: Path | str) -> BinaryIO:
    """A regular file opened for reading (binary), for a reader that streams it and bounds
    each line itself (an event log). The path is looked at with os.stat before it is opened,
    so a FIFO is never opened; it is then opened without blocking (a FIFO swapped in between
    answers at once) and checked again. Raises `Unreadable`."""
    try:
        _check_mode(os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except Unreadable:
        raise
    except FileNotFoundError:
        raise Unreadable("missing") from None
    except IsADirectoryError:
        raise Unreadable("folder") from None
    except OSError as e:
        raise Unreadable("error", os_reason(e)) from None
    try:
        _check_mode(os.fstat(fd).st_mode)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a regular file: reads as usual from here on
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def _check_mode(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise Unreadable("folder")
    if not stat.S_ISREG(mode):
        raise Unreadable("special")
