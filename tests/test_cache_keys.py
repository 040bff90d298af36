"""The keys a packet's cache keeps its drawn parts by: each part keyed by the render options its drawing
reads, and by no other, so that a new seed (or an option another part reads) draws it from the cache and
an option it reads draws it anew."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import fields, replace
from datetime import date
from typing import Any

import pytest

from sheetgen.load.files import load_pack, load_site
from sheetgen.options import A4, CardPrint, Drawn, RenderOptions
from sheetgen.packet.build import PacketOptions, _cards_key, _reference_key, _trackers_key

#: A value other than the default for every render option.
CHANGED: dict[str, Any] = {
    "paper": A4,
    "seed": 48213,
    "fillable": True,
    "ink": "saver",
    "large": True,
    "language": "de",
    "words": "de",
    "cards": CardPrint(back_offset=(0.5, -1.0)),
    "page_numbers": False,
}

#: What each part's drawing reads, as its code does.
READS: dict[Drawn, set[str]] = {
    Drawn.REFERENCE: {"paper", "ink", "large", "language", "words", "page_numbers"},
    Drawn.TRACKERS: {"paper", "fillable", "ink", "large", "words", "page_numbers"},
    Drawn.CARDS: {"paper", "ink", "language", "words", "cards"},
}


def test_every_option_has_a_changed_value() -> None:
    assert set(CHANGED) == {option.name for option in fields(RenderOptions)}


@pytest.mark.parametrize("name", sorted(CHANGED))
@pytest.mark.parametrize("part", list(Drawn))
def test_an_option_changes_a_part_s_key_if_and_only_if_its_drawing_reads_it(part: Drawn, name: str) -> None:
    base = RenderOptions()
    other = replace(base, **{name: CHANGED[name]})
    assert (other.drawing_key(part) != base.drawing_key(part)) == (name in READS[part])
    assert (other.drawing(part) == base.drawing(part)) == (name not in READS[part])


def test_the_parts_keys_differ_for_the_same_options() -> None:
    keys = {RenderOptions().drawing_key(part) for part in Drawn}
    assert len(keys) == len(Drawn)


def test_a_key_is_the_same_in_another_process() -> None:
    options = RenderOptions(paper=A4, ink="saver", cards=CardPrint(back_offset=(0.5, -1.0)), seed=7)
    code = (
        "from sheetgen.options import A4, CardPrint, Drawn, RenderOptions\n"
        "o = RenderOptions(paper=A4, ink='saver', cards=CardPrint(back_offset=(0.5, -1.0)), seed=7)\n"
        "print(' '.join(o.drawing_key(part) for part in Drawn))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
        cwd="/",
    )
    assert result.stdout.split() == [options.drawing_key(part) for part in Drawn]


def test_the_packet_keys_its_trackers_without_the_seed() -> None:
    pack = load_pack("dungeon-turn")
    base = RenderOptions(seed=1)
    key = _trackers_key(pack, base, None, None)
    assert _trackers_key(pack, replace(base, seed=2), None, None) == key
    assert _trackers_key(pack, replace(base, cards=CHANGED["cards"]), None, None) == key
    assert _trackers_key(pack, replace(base, fillable=True), None, None) != key
    assert _trackers_key(pack, replace(base, large=True), None, None) != key
    assert _trackers_key(pack, base, None, 4) != key


def test_the_packet_keys_its_cards_without_the_seed_or_the_trackers_options() -> None:
    loaded = load_site("the-sunken-chapel")

    def key(render: RenderOptions, **more: Any) -> str:
        return _cards_key(loaded, PacketOptions(render=render, seed=render.seed or 1, made_on=date(2026, 1, 2), **more))

    base = RenderOptions(seed=1)
    same = [
        replace(base, seed=2),
        replace(base, fillable=True),
        replace(base, large=True),
        replace(base, page_numbers=False),
    ]
    assert {key(render) for render in same} == {key(base)}
    assert key(replace(base, cards=CHANGED["cards"])) != key(base)
    assert key(replace(base, ink="saver")) != key(base)
    assert key(base, card_size="index") != key(base)


def test_the_packet_keys_its_references_without_the_seed() -> None:
    pack = load_pack("dungeon-turn")
    base = RenderOptions(seed=1)
    key = _reference_key(pack, base, players=False)
    assert _reference_key(pack, replace(base, seed=2, fillable=True), players=False) == key
    assert _reference_key(pack, replace(base, large=True), players=False) != key
    assert _reference_key(pack, base, players=True) != key


@pytest.mark.parametrize("name", sorted(set(CHANGED) - READS[Drawn.TRACKERS]))
def test_what_the_trackers_key_leaves_out_does_not_change_them(name: str) -> None:
    from sheetgen.render.pdf.trackers import tracker_pdf

    pack = load_pack("encounter-clock")
    base = RenderOptions()
    assert tracker_pdf(pack, replace(base, **{name: CHANGED[name]})) == tracker_pdf(pack, base)


@pytest.mark.parametrize("name", sorted(set(CHANGED) - READS[Drawn.CARDS]))
def test_what_the_cards_key_leaves_out_does_not_change_them(name: str) -> None:
    from sheetgen.layout.cards import card_layout
    from sheetgen.render.pdf.cards import draw_card_sheet

    loaded = load_site("the-sunken-chapel")
    sheet = card_layout(loaded, RenderOptions().paper, size="poker", backs=True)
    base = RenderOptions()
    assert draw_card_sheet(sheet, replace(base, **{name: CHANGED[name]})) == draw_card_sheet(sheet, base)


def test_what_the_references_key_leaves_out_does_not_change_them() -> None:
    from sheetgen.render.html.reference import reference_pdf

    pack = load_pack("encounter-clock")
    unread = {name: CHANGED[name] for name in set(CHANGED) - READS[Drawn.REFERENCE]}
    assert unread.keys() == {"seed", "fillable", "cards"}
    assert reference_pdf(pack, replace(RenderOptions(), **unread), players=False) == reference_pdf(
        pack, RenderOptions(), players=False
    )
