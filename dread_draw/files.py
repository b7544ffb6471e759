"""Writing files so that a crash never leaves half of one: a temporary file beside the target,
flushed to disk, then renamed over it (the old file or the new one, never a mix).

`replacing(path)` opens the temporary file at once — so a path that cannot be written is known
before any work is done — and lets the caller stream lines into it (memory stays flat however
long the output); `atomic_write(path, lines)` is the one-shot form.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


@contextmanager
def replacing(path: Path | str) -> Iterator[TextIO]:
    """A text file to write that replaces `path` only when the block ends without an error.

    Raises OSError at once if the temporary file cannot be created beside `path`. On any
    exception (Ctrl+C included) the temporary file is removed and `path` is left as it was.
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
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


def atomic_write(path: Path | str, lines: Iterable[str]) -> None:
    """Write text lines (each followed by a newline) to `path` atomically."""
    with replacing(path) as f:
        for line in lines:
            f.write(line)
            f.write("\n")
