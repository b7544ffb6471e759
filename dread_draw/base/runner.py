"""The process pools: the runner for every command that plays many games (`simulate`,
`arena`, the balance report), and `Workers`, a pool that lasts (the coach's hints).

`run_batches(work, total, workers=...)` cuts ``range(total)`` into consecutive batches, has
``work(start, stop)`` done for each — in this process, or spread over worker processes — and
yields the results in batch order. Game `i` of a run depends only on the run's seed and `i`,
so the results are the same whatever the number of workers.

It is built for runs of any length and for people who stop them:

- work is handed out a few batches at a time, so memory stays flat however many games;
- Ctrl+C (or a consumer that stops reading) stops the workers at once: they ignore SIGINT,
  which the parent alone handles, and are terminated on the way out;
- a worker dies with its parent, even when the parent is killed outright (SIGKILL): on
  Linux through ``PR_SET_PDEATHSIG``, elsewhere by watching its parent.
"""

from __future__ import annotations

import atexit
import os
import select
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # (imported when a pool is made: every command imports this module)
    from concurrent.futures import Future, ProcessPoolExecutor

R = TypeVar("R")

MAX_GAMES = 10**12  # a trillion: more than any machine will play; beyond is a typo
IN_FLIGHT = 2  # batches handed to each worker ahead of the results read


def batch_size(total: int, workers: int, most: int = 50) -> int:
    """Batches small enough to share the work out evenly and to show progress, big enough
    that handing them out costs nothing next to playing them."""
    return max(1, min(most, total // (workers * 4)))


def run_batches(work: Callable[[int, int], R], total: int, *, workers: int = 1,
                batch: int | None = None) -> Iterator[R]:
    """Yield ``work(start, stop)`` for consecutive batches of ``range(total)``, in order.

    With ``workers > 1`` the batches are done by that many worker processes (the work object
    goes to each of them once); an exception in a worker is raised here.
    """
    size = batch or batch_size(total, workers)
    workers = min(workers, -(-total // size))  # no worker is started that would have no batch
    if workers <= 1:
        for start in range(0, total, size):
            yield work(start, min(total, start + size))
        return
    yield from _pool(work, total, size, workers)


def _pool(work: Callable[[int, int], R], total: int, size: int, workers: int) -> Iterator[R]:
    import multiprocessing  # (here: every command imports this module, few make a pool)
    import queue

    ctx = multiprocessing.get_context()
    tasks: Any = ctx.Queue()
    results: Any = ctx.Queue()
    parent = os.getpid()
    procs = [ctx.Process(target=_worker, args=(work, tasks, results, parent), daemon=True)
             for _ in range(workers)]
    for p in procs:
        p.start()
    count = -(-total // size)  # batches
    sent = 0  # batches handed out
    done: dict[int, R] = {}  # results that came in before an earlier batch's
    ahead = workers * IN_FLIGHT
    try:
        for index in range(count):
            while sent < count and sent - index < ahead:
                tasks.put((sent, sent * size, min(total, (sent + 1) * size)))
                sent += 1
            while index not in done:
                try:
                    got, ok, value = results.get(timeout=0.25)
                except queue.Empty:
                    if any(p.exitcode not in (None, 0) for p in procs):
                        raise RuntimeError("a worker process stopped unexpectedly") from None
                    continue
                if not ok:
                    raise RuntimeError(f"a worker process failed:\n{value}")
                done[got] = value
            yield done.pop(index)
        for _ in procs:
            tasks.put(None)
        for p in procs:
            p.join(timeout=5)
    finally:
        for p in procs:  # Ctrl+C, an error, or a consumer that stopped reading
            if p.is_alive():
                p.terminate()
        for p in procs:
            p.join(timeout=1)
            if p.is_alive():
                p.kill()
        tasks.cancel_join_thread()
        results.cancel_join_thread()


def _worker(work: Callable[[int, int], Any], tasks: Any, results: Any, parent: int) -> None:
    _die_with(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    while (task := tasks.get()) is not None:
        index, start, stop = task
        try:
            results.put((index, True, work(start, stop)))
        except BaseException:
            import traceback

            results.put((index, False, traceback.format_exc()))
            return


def _die_with(parent: int) -> None:
    """End this process when `parent` ends, however it ends (a SIGKILL included)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            pr_set_pdeathsig = 1
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
        else:
            if os.getppid() != parent:  # the parent was gone before the call took effect
                os._exit(1)
            return

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


class Workers:
    """A pool of worker processes that lasts, one per core by default: for work that comes
    in bursts and must answer fast (a hint shares its search out). Started when first asked
    (or `warm`), by the runner's conventions: the workers ignore Ctrl+C and die with this
    process, however it ends; `shutdown` stops them at once.

    They start from a fresh server process (`forkserver`, where there is one) that has
    imported `preload` once, never by forking this process: a program with threads (the
    table) must not be forked."""

    def __init__(self, workers: int | None = None, preload: Sequence[str] = ()) -> None:
        self.size = workers or os.cpu_count() or 1
        self.preload = list(preload)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        # stopped while the interpreter is whole: left to its end, a pool was collected after
        # its modules were taken down, and its manager's callback printed "Exception ignored
        # … 'NoneType' object has no attribute 'util'" on the player's terminal after the game
        atexit.register(self.shutdown)

    def _executor(self) -> ProcessPoolExecutor:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        with self._lock:
            if self._pool is None:
                methods = multiprocessing.get_all_start_methods()
                ctx = multiprocessing.get_context(
                    "forkserver" if "forkserver" in methods else "spawn")
                if self.preload and ctx.get_start_method() == "forkserver":
                    ctx.set_forkserver_preload(self.preload)
                _start_servers(ctx.get_start_method())
                self._pool = ProcessPoolExecutor(self.size, mp_context=ctx,
                                                 initializer=_start_worker,
                                                 initargs=(os.getpid(),))
            return self._pool

    def submit(self, fn: Callable[..., R], *args: Any) -> Future[R]:
        """Have ``fn(*args)`` done by a worker (`fn` and `args` must pickle)."""
        return self._executor().submit(fn, *args)

    def warm(self) -> None:
        """Start every worker now, ahead of the first real work."""
        for _ in range(self.size):
            self.submit(os.getpid)

    def shutdown(self) -> None:
        """Stop the workers at once; work not yet started is dropped."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:  # a run in progress is not waited for
                process.terminate()


def _start_servers(method: str) -> None:
    """Start multiprocessing's own helper processes (its resource tracker, the fork server)
    with the real standard error: a program that captures its output (the table, a test)
    has a `sys.stderr` with no file descriptor to hand down to them."""
    from multiprocessing import forkserver, resource_tracker

    captured = sys.stderr
    try:
        sys.stderr = sys.__stderr__ or captured
        resource_tracker.ensure_running()
        if method == "forkserver":
            forkserver.ensure_running()
    finally:
        sys.stderr = captured


def _start_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    if os.getppid() == parent:
        _die_with(parent)
    else:  # started by the fork server, on `parent`'s behalf
        _watch(parent)


def _watch(pid: int) -> None:
    """End this process when the process `pid` ends, however it ends (a SIGKILL included),
    when it is not this process's parent: on Linux the moment it ends (a pidfd), elsewhere
    within half a second."""
    def watch() -> None:
        try:
            handle = os.pidfd_open(pid)
        except (AttributeError, OSError):
            handle = -1
        if handle >= 0:
            select.select([handle], [], [])  # readable once the process has ended
        else:
            while True:
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                except PermissionError:
                    pass
                threading.Event().wait(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()
