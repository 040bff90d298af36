"""Jobs in worker processes: results and errors come back as they were, and a packet is the same either way."""

from __future__ import annotations

import os
from datetime import date

import pytest

from sheetgen.errors import Location, Problem, RenderError
from sheetgen.load.files import load_site
from sheetgen.options import LETTER, RenderOptions
from sheetgen.packet.build import PacketOptions, build_packet
from sheetgen.packet.workers import Jobs, cores


def pid_and_square(number: int) -> tuple[int, int]:
    return os.getpid(), number * number


def fail(message: str) -> None:
    raise RenderError([Problem(Location("pack.yaml", 3, 5, "reference.pages[0]"), message),
                       Problem(Location("pack.yaml"), "and another")])


@pytest.mark.skipif(cores() < 2, reason="one core: jobs run in this process")
def test_jobs_run_in_other_processes_and_give_back_their_results() -> None:
    with Jobs(2) as jobs:
        first, second = jobs.submit(pid_and_square, 3), jobs.submit(pid_and_square, 4)
        (pid, nine), (_, sixteen) = first(), second()
    assert (nine, sixteen) == (9, 16)
    assert pid != os.getpid()


@pytest.mark.parametrize("workers", [0, 2])
def test_an_error_in_a_job_comes_back_with_its_problems(workers: int) -> None:
    with Jobs(workers) as jobs:
        result = jobs.submit(fail, "does not fit")
        with pytest.raises(RenderError) as caught:
            result()
    assert [str(p) for p in caught.value.problems] == [
        "pack.yaml:3:5: reference.pages[0]: does not fit", "pack.yaml: and another"]


@pytest.mark.slow
def test_a_packet_is_the_same_whether_its_references_are_rendered_here_or_in_workers() -> None:
    loaded = load_site("the-sunken-chapel")
    packets = [
        build_packet(loaded, PacketOptions(render=RenderOptions(paper=LETTER, seed=5), seed=5,
                                           made_on=date(2026, 11, 29), use_cache=False, workers=workers))
        for workers in (0, None)
    ]
    assert packets[0].pdf == packets[1].pdf
