"""Jobs run in other processes, so that a packet's WeasyPrint pages use the machine's other cores.

Takes jobs (a module-level function and picklable arguments), all at once; gives each job's result when it
is collected, in whatever order the caller asks. Errors raised in a worker come back as they were raised.
Where there is only one core, or the caller asks for no workers, a job runs in this process when it is
collected.

On Linux the workers are forked as a tree: one worker is forked from this process at once, runs the
*preload* (importing WeasyPrint, about half a second) while this process goes on with its own work, and
then forks the others from itself, so that the import is paid once and never waited for here. It can be
forked before the jobs are known (:meth:`Jobs.begin`); they are then sent to it, pickled, down a pipe.
Elsewhere workers are spawned, each importing what its jobs need.

Workers die with this process, however it ends (``kill -9`` included): on Linux the kernel sends each
a SIGKILL when its parent dies (prctl PR_SET_PDEATHSIG), the first worker's own workers when it does;
everywhere, a thread in each worker ends it within a second of its parent being gone (its parent process
id changes).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import pickle
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from types import TracebackType
from typing import Any, TypeVar

from sheetgen import scratch

T = TypeVar("T")

#: A job: a module-level function and its arguments.
Job = tuple[Callable[..., Any], tuple[Any, ...]]


def cores() -> int:
    """The processor cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


_PR_SET_PDEATHSIG = 1
PARENT_CHECK_SECONDS = 1.0


def die_with_parent(parent: int, *, watch: bool = True) -> None:
    """Make this worker process end when process *parent* does (run first thing in each worker). Without
    *watch*, the thread that watches the parent is left for :func:`watch_parent` to start (a process that
    still forks must not have other threads), and only the kernel's signal ends it until then."""
    if sys.platform == "linux":
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watch below still ends it
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)
    if watch:
        watch_parent(parent)


def watch_parent(parent: int) -> None:
    """End this process within :data:`PARENT_CHECK_SECONDS` of process *parent* being gone."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="sheetgen-parent-watch", daemon=True).start()


class WorkerDied(RuntimeError):
    """A worker process ended before it gave back the result of a job."""


class Jobs:
    """At most *workers* processes (no more than the cores) for the jobs given to :meth:`start`: ask for as
    many as there are jobs to run side by side.

    *preload*, where workers are forked, runs in the first worker before it forks the others, so that what
    it imports is imported once for all of them, and not in this process. :meth:`begin` forks the first
    worker before the jobs are known, so that its preload runs while this process works them out.
    """

    def __init__(self, workers: int, preload: Callable[[], object] | None = None) -> None:
        self.workers = min(workers, cores())
        self.preload = preload
        self._tree: _ForkedTree | None = None
        self._pool: Executor | None = None

    def _forks(self) -> bool:
        # fork only where it is safe and cheap: Linux, and no other thread that could hold a lock
        return self.workers >= 1 and cores() >= 2 and sys.platform == "linux" and threading.active_count() == 1

    def begin(self) -> None:
        """Fork the first worker now, to run the preload while this process works out the jobs (where
        workers are forked; elsewhere nothing happens until :meth:`start`)."""
        if self._tree is None and self._forks():
            self._tree = _ForkedTree(self.workers, self.preload)

    def start(self, jobs: Sequence[Job]) -> list[Callable[[], Any]]:
        """Start *jobs*; give, for each, a function that waits for its result and returns it."""
        count = min(self.workers, len(jobs))
        if self._tree is None and count >= 1 and self._forks():
            self._tree = _ForkedTree(count, self.preload, jobs)
        if self._tree is not None and count < 1:  # begun, and nothing to do after all
            self._tree.end(kill=True)
            self._tree = None
        if self._tree is not None:
            tree = self._tree
            tree.send(jobs)
            return [functools.partial(tree.result, index) for index in range(len(jobs))]
        if count < 1 or cores() < 2:
            return [functools.partial(function, *args) for function, args in jobs]
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self._pool = ProcessPoolExecutor(
            max_workers=count,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=die_with_parent,
            initargs=(os.getpid(),),
        )
        return [self._pool.submit(function, *args).result for function, args in jobs]

    def __enter__(self) -> Jobs:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._tree is not None:
            self._tree.end(kill=error is not None)
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=error is not None)


_LENGTH = struct.Struct("!Q")

#: How much a pipe that carries jobs to a worker holds (Linux's default upper bound for a user's pipe).
_JOBS_PIPE_BYTES = 1 << 20


def _write_framed(out: Any, data: bytes) -> None:
    """Write pickled *data* to *out*, preceded by its length."""
    out.write(_LENGTH.pack(len(data)) + data)
    out.flush()


def _read_framed(source: Any) -> Any:
    """The next value :func:`_write_framed` wrote to *source*; EOFError when it ended first."""
    head = source.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        raise EOFError
    return pickle.loads(source.read(_LENGTH.unpack(head)[0]))


class _ForkedTree:
    """The workers forked as a tree (see the module's docstring), at most *slots* of them: worker k runs
    jobs k, k + count, ..., and writes each result, pickled and preceded by its length, to a pipe of its
    own. The jobs are handed to the first worker as it is forked or, when it is forked before they are
    known (*jobs* None), sent to it down a pipe by :meth:`send`."""

    def __init__(self, slots: int, preload: Callable[[], object] | None, jobs: Sequence[Job] | None = None) -> None:
        pipes = [os.pipe() for _ in range(slots)]
        incoming = os.pipe() if jobs is None else None
        if incoming is not None:
            # Room for the jobs in the pipe, so that sending them does not wait for the worker to be ready
            # to read them (a large site's packs can be a few hundred kilobytes; a pipe holds 64 KB at first).
            with contextlib.suppress(OSError, AttributeError):
                import fcntl

                fcntl.fcntl(incoming[1], fcntl.F_SETPIPE_SZ, _JOBS_PIPE_BYTES)
        # The workers' temporary files go in this process's folder, which it removes however it ends.
        scratch.folder()
        self._readers = [os.fdopen(read, "rb") for read, _ in pipes]
        self._results: dict[int, tuple[bool, Any]] = {}
        self._count = slots
        self._jobs = None if incoming is None else os.fdopen(incoming[1], "wb")
        # Objects the workers inherit are left out of their garbage collector: a collection would write
        # to every one of them and so copy every page they share with this process.
        gc.freeze()
        try:
            self._leader = os.fork()
        except BaseException:
            gc.unfreeze()
            raise
        if self._leader == 0:
            if incoming is not None:
                os.close(incoming[1])
            _lead(jobs, incoming and incoming[0], preload, [write for _, write in pipes], os.getppid())
        gc.unfreeze()
        for _, write in pipes:
            os.close(write)
        if incoming is not None:
            os.close(incoming[0])

    def send(self, jobs: Sequence[Job]) -> None:
        """Hand *jobs* to a first worker forked before they were known (nothing to do otherwise)."""
        if self._jobs is not None:
            self._count = max(1, min(self._count, len(jobs)))
            with contextlib.suppress(BrokenPipeError), self._jobs:  # a worker that died: see result()
                _write_framed(self._jobs, pickle.dumps(list(jobs)))
            self._jobs = None

    def result(self, index: int) -> Any:
        reader = self._readers[index % self._count]
        while index not in self._results:
            try:
                done, ok, value = _read_framed(reader)
            except EOFError:
                raise WorkerDied(
                    f"a worker process ended before finishing job {index + 1}; see the messages above"
                ) from None
            self._results[done] = (ok, value)
        ok, value = self._results.pop(index)
        if not ok:
            raise value
        return value

    def end(self, *, kill: bool) -> None:
        """Wait for the workers to end (end them at once with *kill*) and close the pipes."""
        if kill:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._leader, signal.SIGKILL)  # its own workers die with it
        if self._jobs is not None:  # never sent: the first worker reads the end of the pipe and ends
            self._jobs.close()
        for reader in self._readers:
            reader.close()
        os.waitpid(self._leader, 0)


def _lead(
    jobs: Sequence[Job] | None,
    incoming: int | None,
    preload: Callable[[], object] | None,
    writers: list[int],
    parent: int,
) -> None:
    """The first worker: preload, take the jobs (from *incoming* when not given), fork the others, run its
    own jobs, wait for its workers, and end. Should the preload fail, every job gives back its error."""
    status = 1
    try:
        die_with_parent(parent, watch=False)
        failed: Exception | None = None
        try:
            if preload is not None:
                preload()
        except Exception as error:  # raised again where each result is collected
            failed = error
        if jobs is None:
            assert incoming is not None
            try:
                with os.fdopen(incoming, "rb") as source:
                    jobs = _read_framed(source)
            except EOFError:  # no jobs after all
                jobs = []
        count = min(len(writers), len(jobs))
        for write in writers[count:]:
            os.close(write)
        writers = writers[:count]
        gc.freeze()
        children = []
        for k in range(1, count):
            child = os.fork()
            if child == 0:
                _work(jobs, k, count, writers, os.getppid(), failed)
            children.append(child)
        watch_parent(parent)
        for k in range(1, count):
            os.close(writers[k])
        if count:
            _run(jobs, 0, count, writers[0], failed)
        for child in children:
            os.waitpid(child, 0)
        status = 0
    finally:
        scratch.tidy()
        os._exit(status)


def _work(jobs: Sequence[Job], k: int, count: int, writers: list[int], parent: int, failed: Exception | None) -> None:
    """Worker *k*, forked by the first one: run its jobs and end."""
    status = 1
    try:
        die_with_parent(parent)
        for j, write in enumerate(writers):
            if j != k:
                os.close(write)
        _run(jobs, k, count, writers[k], failed)
        status = 0
    finally:
        scratch.tidy()
        os._exit(status)


def _run(jobs: Sequence[Job], k: int, count: int, write: int, failed: Exception | None) -> None:
    """Run jobs k, k + count, ... and write each result, or the error it raised (*failed*: that error for
    every job), to *write*."""
    with os.fdopen(write, "wb") as out:
        for index in range(k, len(jobs), count):
            function, args = jobs[index]
            outcome: tuple[int, bool, Any] = (index, False, failed)
            if failed is None:
                try:
                    outcome = (index, True, function(*args))
                except Exception as error:  # raised again where the result is collected
                    outcome = (index, False, error)
            try:
                data = pickle.dumps(outcome)
            except Exception as error:
                data = pickle.dumps(
                    (
                        index,
                        False,
                        WorkerDied(f"job {index + 1} gave back what cannot be passed between processes: {error}"),
                    )
                )
            _write_framed(out, data)
