"""The worker processes that render a packet's reference pages with WeasyPrint, the slow part of a packet.

Apart from build.py, and importing nothing heavy, so that `sheetgen packet` can fork the first worker
before it imports the rest of sheetgen: that worker's import of WeasyPrint is the longest part of a first
packet, and it starts while this process imports, reads the site and draws.
"""

from __future__ import annotations

from sheetgen.packet import cache
from sheetgen.packet.workers import Jobs, cores


def reference_workers(use_cache: bool) -> Jobs:
    """The workers for :func:`sheetgen.packet.build.build_packet`. Where the cache holds no reference part
    at all (a first packet, or *use_cache* False) reference pages will be rendered for certain, so the first
    worker is started at once, to import WeasyPrint while this process reads the site and works out which
    pages it needs."""
    jobs = Jobs(cores(), preload=preload_references)
    if not use_cache or not cache.holds_any("reference-part"):
        jobs.begin()
    return jobs


def preload_references() -> None:
    """Import WeasyPrint and what every reference needs, once, before worker processes are forked."""
    from sheetgen.render.html.reference import prepare_references

    prepare_references()
