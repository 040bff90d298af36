"""Jobs run in other processes, so that a packet's WeasyPrint pages use the machine's other cores.

Takes jobs (a module-level function and picklable arguments); gives each job's result when it is
collected, in whatever order the caller asks. Workers are forked from this process on Linux (cheap:
sheetgen is already imported, nothing is copied) and spawned elsewhere. Errors raised in a worker come
back as they were raised. Where there is only one core, or the caller asks for no workers, a job runs in
this process when it is collected.

Workers die with this process, however it ends (``kill -9`` included): on Linux the kernel sends each
a SIGKILL when its parent dies (prctl PR_SET_PDEATHSIG); everywhere, a thread in each worker ends it
within a second of its parent being gone (its parent process id changes).
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")


def cores() -> int:
    """The processor cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


_PR_SET_PDEATHSIG = 1
PARENT_CHECK_SECONDS = 1.0


def die_with_parent(parent: int) -> None:
    """Make this worker process end when process *parent* does (run first thing in each worker)."""
    if sys.platform == "linux":
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watch below still ends it
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="sheetgen-parent-watch", daemon=True).start()


class Jobs:
    """A pool of *workers* processes (no more than the cores), started by the first job: ask for as many
    as there are jobs to run side by side.

    *preload*, where workers are forked, runs here just before they are, so that what it imports is
    imported once for all of them rather than once in each.
    """

    def __init__(self, workers: int, preload: Callable[[], object] | None = None) -> None:
        self.workers = min(workers, cores())
        self.preload = preload
        self._pool: Executor | None = None
        self._frozen = False

    def submit(self, function: Callable[..., T], *args: Any) -> Callable[[], T]:
        """Start *function(*args)*; give a function that waits for its result and returns it."""
        if self.workers < 1 or cores() < 2:
            return lambda: function(*args)
        future: Future[T] = self._executor().submit(function, *args)
        if self._frozen:  # the workers are forked by now
            gc.unfreeze()
            self._frozen = False
        return future.result

    def _executor(self) -> Executor:
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # fork only where it is safe and cheap: Linux, and no other thread that could hold a lock
            fork = sys.platform == "linux" and threading.active_count() == 1
            context = multiprocessing.get_context("fork" if fork else "spawn")
            if fork and self.preload is not None:
                self.preload()
            if fork:
                # Objects the workers inherit are left out of their garbage collector: a collection
                # would write to every one of them and so copy every page they share with this process
                # (a first packet's three processes then hold about 25 MB less, and run faster).
                gc.freeze()
                self._frozen = True
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                             initializer=die_with_parent, initargs=(os.getpid(),))
        return self._pool

    def __enter__(self) -> Jobs:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=error is not None)
