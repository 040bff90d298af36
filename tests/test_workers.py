"""Jobs in worker processes: results and errors come back as they were, and a packet is the same either way."""

from __future__ import annotations

import os
import sys
import time
from datetime import date

import pytest

from sheetgen.errors import Location, Problem, RenderError
from sheetgen.load.files import load_site
from sheetgen.options import LETTER, RenderOptions
from sheetgen.packet.build import PacketOptions, build_packet
from sheetgen.packet.workers import Jobs, WorkerDied, cores


def pid_and_square(number: int) -> tuple[int, int]:
    return os.getpid(), number * number


def fail(message: str) -> None:
    raise RenderError(
        [
            Problem(Location("pack.yaml", 3, 5, "reference.pages[0]"), message),
            Problem(Location("pack.yaml"), "and another"),
        ]
    )


def pid_and_preloaded(_: int) -> tuple[int, int, str | None]:
    return os.getpid(), os.getppid(), os.environ.get("SHEETGEN_TEST_PRELOADED")


def preload() -> None:
    os.environ["SHEETGEN_TEST_PRELOADED"] = str(os.getpid())


def broken_preload() -> None:
    raise RenderError([Problem(Location(), "WeasyPrint is missing")])


def die(_: int) -> None:
    os._exit(3)


def slow_preload() -> None:
    time.sleep(30)


def die_in_preload() -> None:
    os._exit(5)


several_cores = pytest.mark.skipif(cores() < 2, reason="one core: jobs run in this process")
forked = pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")


@several_cores
def test_jobs_run_in_other_processes_and_give_back_their_results() -> None:
    with Jobs(2) as jobs:
        first, second, third = jobs.start([(pid_and_square, (3,)), (pid_and_square, (4,)), (pid_and_square, (5,))])
        (pid, nine), (_, sixteen), (_, twenty_five) = third(), first(), second()
    assert (nine, sixteen, twenty_five) == (25, 9, 16)
    assert pid != os.getpid()


@several_cores
@forked
def test_the_preload_runs_once_in_the_first_worker_and_the_others_are_forked_from_it() -> None:
    with Jobs(2, preload=preload) as jobs:
        results = [result() for result in jobs.start([(pid_and_preloaded, (n,)) for n in range(4)])]
    first, second = results[0], results[1]
    assert "SHEETGEN_TEST_PRELOADED" not in os.environ  # not in this process
    assert first[1] == os.getpid() and first[2] == str(first[0])  # the first worker preloaded
    assert second[1] == first[0] and second[2] == str(first[0])  # the second was forked from it, preloaded
    assert [r[0] for r in results] == [first[0], second[0]] * 2  # each took every other job


@several_cores
def test_a_preload_that_fails_fails_every_job_with_its_error() -> None:
    with Jobs(2, preload=broken_preload) as jobs:
        results = jobs.start([(pid_and_square, (n,)) for n in range(3)])
        for result in results:
            with pytest.raises(RenderError, match="WeasyPrint is missing"):
                result()


@several_cores
def test_a_worker_that_dies_is_an_error_where_its_result_is_collected() -> None:
    with Jobs(2) as jobs:
        alive, dead = jobs.start([(pid_and_square, (2,)), (die, (0,))])
        assert alive()[1] == 4
        with pytest.raises(WorkerDied):
            dead()


@pytest.mark.parametrize("workers", [0, 2])
def test_an_error_in_a_job_comes_back_with_its_problems(workers: int) -> None:
    with Jobs(workers) as jobs:
        (result,) = jobs.start([(fail, ("does not fit",))])
        with pytest.raises(RenderError) as caught:
            result()
    assert [str(p) for p in caught.value.problems] == [
        "pack.yaml:3:5: reference.pages[0]: does not fit",
        "pack.yaml: and another",
    ]


@pytest.mark.slow
def test_a_packet_is_the_same_whether_its_references_are_rendered_here_or_in_workers() -> None:
    loaded = load_site("the-sunken-chapel")
    packets = [
        build_packet(
            loaded,
            PacketOptions(
                render=RenderOptions(paper=LETTER, seed=5),
                seed=5,
                made_on=date(2026, 11, 29),
                use_cache=False,
                workers=workers,
            ),
        )
        for workers in (0, None)
    ]
    assert packets[0].pdf == packets[1].pdf


@several_cores
@forked
def test_a_worker_begun_before_its_jobs_are_known_preloads_then_takes_them() -> None:
    with Jobs(2, preload=preload) as jobs:
        jobs.begin()
        results = [result() for result in jobs.start([(pid_and_preloaded, (n,)) for n in range(3)])]
    first, second = results[0], results[1]
    assert first[1] == os.getpid() and first[2] == str(first[0])
    assert second[1] == first[0] and second[2] == str(first[0])
    assert [r[0] for r in results] == [first[0], second[0], first[0]]


@several_cores
@forked
def test_a_worker_begun_for_nothing_is_ended_at_once() -> None:
    start = time.monotonic()
    with Jobs(2, preload=slow_preload) as jobs:
        jobs.begin()
        assert jobs.start([]) == []
    with pytest.raises(ValueError), Jobs(2, preload=slow_preload) as jobs:
        jobs.begin()
        raise ValueError("the site did not load")
    assert time.monotonic() - start < 10  # neither waited for the preload


@several_cores
@forked
def test_a_worker_begun_that_dies_before_taking_its_jobs_is_an_error_where_they_are_collected() -> None:
    with Jobs(2, preload=die_in_preload) as jobs:
        jobs.begin()
        time.sleep(0.5)  # it is gone by now
        (result,) = jobs.start([(pid_and_square, (3,))])
        with pytest.raises(WorkerDied):
            result()
