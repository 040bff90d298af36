"""Incremental rebuilds: trackers and cards come from the cache when what they show has not changed."""

from __future__ import annotations

import dataclasses
import io
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from sheetgen.load.files import load_site
from sheetgen.model.loaded import LoadedSite
from sheetgen.options import LETTER, RenderOptions
from sheetgen.packet.build import PacketOptions, build_packet
from sheetgen.render.pdf import cards as draw_cards
from sheetgen.render.pdf import trackers as draw_trackers

pytestmark = pytest.mark.slow  # every test builds whole packets


def options(seed: int, *, use_cache: bool = True) -> PacketOptions:
    return PacketOptions(
        render=RenderOptions(paper=LETTER, seed=seed),
        seed=seed,
        made_on=date(2026, 1, 2),
        use_cache=use_cache,
        workers=0,
    )


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache for this file's tests: the reference pages are rendered once for all of them."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch, cache: Path) -> list[str]:
    """What each build drew afresh: "trackers" and "cards" (none of them in the cache when a test starts)."""
    for entry in [*cache.glob("trackers-*"), *cache.glob("cards-*")]:
        entry.unlink()
    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(cache))
    calls: list[str] = []
    tracker_pdf, draw_card_sheet = draw_trackers.tracker_pdf, draw_cards.draw_card_sheet

    def trackers(*args: Any, **kwargs: Any) -> bytes:
        calls.append("trackers")
        return tracker_pdf(*args, **kwargs)

    def cards(*args: Any, **kwargs: Any) -> bytes:
        calls.append("cards")
        return draw_card_sheet(*args, **kwargs)

    monkeypatch.setattr(draw_trackers, "tracker_pdf", trackers)
    monkeypatch.setattr(draw_cards, "draw_card_sheet", cards)
    return calls


def with_room_renamed(loaded: LoadedSite, name: str) -> LoadedSite:
    rooms = list(loaded.site.rooms)
    rooms[0] = rooms[0].model_copy(update={"name": name})
    return dataclasses.replace(loaded, site=loaded.site.model_copy(update={"rooms": rooms}))


def test_a_new_seed_draws_neither_trackers_nor_cards_again_and_gives_the_same_packet_as_no_cache(
    drawn: list[str],
) -> None:
    loaded = load_site("the-sunken-chapel")
    build_packet(loaded, options(1))
    first = list(drawn)
    assert first.count("cards") == 1 and first.count("trackers") == 2  # the site's pack and its encounter pack
    drawn.clear()
    again = build_packet(loaded, options(2))
    assert drawn == []
    fresh = build_packet(loaded, options(2, use_cache=False))
    assert drawn == first
    assert again.pdf == fresh.pdf and again.contents == fresh.contents


def test_editing_a_room_draws_the_cards_again_and_not_the_trackers(drawn: list[str]) -> None:
    loaded = load_site("the-sunken-chapel")
    build_packet(loaded, options(1))
    drawn.clear()
    edited = build_packet(with_room_renamed(loaded, "Flooded Narthex"), options(1))
    assert drawn == ["cards"]
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(edited.pdf)).pages)
    assert "Flooded Narthex" in text


def test_a_damaged_card_entry_is_drawn_again(drawn: list[str], cache: Path) -> None:
    loaded = load_site("the-sunken-chapel")
    first = build_packet(loaded, options(1))
    entries = list(cache.glob("cards-*"))
    assert entries
    for entry in entries:
        data = bytearray(entry.read_bytes())
        data[-10] ^= 0xFF
        entry.write_bytes(bytes(data))
    drawn.clear()
    assert build_packet(loaded, options(1)).pdf == first.pdf
    assert drawn == ["cards"]


def test_setting_the_cards_again_in_one_process_measures_only_the_room_that_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sheetgen.layout import cards
    from sheetgen.layout.card_content import BODY_SIZES

    monkeypatch.setattr(cards, "_FITTED", {})
    measured: list[str] = []
    fit = cards._fit

    def noted(*args: Any) -> Any:
        measured.append(args[-1])
        return fit(*args)

    monkeypatch.setattr(cards, "_fit", noted)
    loaded = load_site("the-sunken-chapel")
    first = draw_cards.cards_pdf(loaded, RenderOptions(paper=LETTER))
    # each room and statblock is set once at each body size a deck may take
    sizes = len(BODY_SIZES)
    assert len(measured) == sizes * (len(loaded.site.rooms) + len(loaded.site.statblocks))
    measured.clear()
    assert draw_cards.cards_pdf(loaded, RenderOptions(paper=LETTER)) == first
    assert measured == []
    # A new description changes that room's card only (a new name would change the cards whose exits
    # name the room too).
    rooms = list(loaded.site.rooms)
    rooms[4] = rooms[4].model_copy(update={"description": "Black water, and something moving in it."})
    edited = dataclasses.replace(loaded, site=loaded.site.model_copy(update={"rooms": rooms}))
    text = " ".join(
        page.extract_text()
        for page in PdfReader(io.BytesIO(draw_cards.cards_pdf(edited, RenderOptions(paper=LETTER)))).pages
    )
    assert measured == [f"rooms[4] (key {rooms[4].key!r})"] * sizes
    assert "something moving in it" in " ".join(text.split())


def test_a_run_after_a_one_room_edit_sets_only_that_room_s_cards_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Each room's set cards are kept in the cache, so that a new process (a new run) after an edit sets only
    the edited room's cards; the packet is the one a run without the cache makes, and --no-cache keeps
    none."""
    from sheetgen.layout import cards
    from sheetgen.layout.card_content import BODY_SIZES

    monkeypatch.setenv("SHEETGEN_CACHE_DIR", str(tmp_path))
    measured: list[str] = []
    fit = cards._fit

    def noted(*args: Any) -> Any:
        measured.append(args[-1])
        return fit(*args)

    monkeypatch.setattr(cards, "_fit", noted)
    loaded = load_site("the-sunken-chapel")

    def new_run(site: LoadedSite, *, use_cache: bool = True) -> bytes:
        monkeypatch.setattr(cards, "_FITTED", {})  # what a new process has set: nothing
        measured.clear()
        return build_packet(site, options(1, use_cache=use_cache)).pdf

    new_run(loaded, use_cache=False)
    assert measured and not list(tmp_path.glob("card-fit-*"))
    new_run(loaded)
    assert len(measured) == len(BODY_SIZES) * (len(loaded.site.rooms) + len(loaded.site.statblocks))
    rooms = list(loaded.site.rooms)
    rooms[4] = rooms[4].model_copy(update={"description": "Black water, and something moving in it."})
    edited = dataclasses.replace(loaded, site=loaded.site.model_copy(update={"rooms": rooms}))
    cached = new_run(edited)
    assert measured == [f"rooms[4] (key {rooms[4].key!r})"] * len(BODY_SIZES)
    assert cached == new_run(edited, use_cache=False)
    # an entry that holds no set cards (its checksum right) is set again and replaced
    from sheetgen.packet.cache import seal

    for entry in tmp_path.glob("card-fit-*"):
        body = b'{"wide": false, "cards": [[["text", 1, 2]]]}'
        entry.write_bytes(seal(body) or b"")
    for entry in tmp_path.glob("cards-*"):
        entry.unlink()
    assert new_run(edited) == cached
    assert len(measured) == len(BODY_SIZES) * (len(loaded.site.rooms) + len(loaded.site.statblocks))
