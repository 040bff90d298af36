"""The bundled example site, the-sunken-chapel, loads and is a complete, well-formed dungeon."""

from __future__ import annotations

from collections import deque

import pytest

from sheetgen.load.files import builtin_site_names, load_site
from sheetgen.model.loaded import LoadedSite

NAME = "the-sunken-chapel"


@pytest.fixture(scope="module")
def loaded() -> LoadedSite:
    return load_site(NAME)


def test_is_bundled() -> None:
    assert NAME in builtin_site_names()


def test_header(loaded: LoadedSite) -> None:
    site = loaded.site
    assert site.site == "The Sunken Chapel"
    assert site.author == "sheetgen example"
    assert site.text
    assert site.system == "dungeon-turn"
    assert loaded.pack.id == "dungeon-turn"
    assert site.encounters == "encounter-reaction"
    assert loaded.encounter_pack is not None
    assert loaded.encounter_pack.id == "encounter-reaction"


def test_rooms_have_unique_keys(loaded: LoadedSite) -> None:
    keys = [room.key for room in loaded.site.rooms]
    assert len(keys) >= 12
    assert len(set(keys)) == len(keys)
    assert {str(n) for n in range(1, 13)} <= set(keys)


def test_exits_lead_to_rooms_and_are_symmetric(loaded: LoadedSite) -> None:
    rooms = {room.key: room for room in loaded.site.rooms}
    for room in rooms.values():
        assert room.exits, f"room {room.key} has no exits"
        assert len(set(room.exits)) == len(room.exits), f"room {room.key} lists an exit twice"
        assert room.key not in room.exits, f"room {room.key} leads to itself"
        for key in room.exits:
            assert key in rooms, f"room {room.key} leads to missing room {key}"
            assert room.key in rooms[key].exits, f"{room.key} -> {key} has no way back"


def test_rooms_are_connected(loaded: LoadedSite) -> None:
    rooms = {room.key: room for room in loaded.site.rooms}
    start = loaded.site.rooms[0].key
    seen = {start}
    queue = deque([start])
    while queue:
        for key in rooms[queue.popleft()].exits:
            if key not in seen:
                seen.add(key)
                queue.append(key)
    assert seen == set(rooms), f"unreachable from {start}: {sorted(set(rooms) - seen)}"


def test_rooms_are_described(loaded: LoadedSite) -> None:
    for room in loaded.site.rooms:
        assert room.name
        assert room.size
        assert room.description.strip(), f"room {room.key} has no description"
        assert 1 <= len(room.details) <= 4, f"room {room.key} needs 1-4 details"
        assert all(detail.strip() for detail in room.details)


def test_descriptions_fit_cards(loaded: LoadedSite) -> None:
    lengths = sorted(len(room.description) for room in loaded.site.rooms)
    assert lengths[-1] <= 950, "the one long room stays near 900 characters"
    assert lengths[-2] <= 600, "only one room may run past a card"


def test_traps_treasures_encounters(loaded: LoadedSite) -> None:
    rooms = loaded.site.rooms
    assert sum(1 for room in rooms if room.trap) >= 4
    assert sum(1 for room in rooms if room.treasure) >= 5
    encounters = [room.encounter for room in rooms if room.encounter]
    assert len(encounters) >= 3
    names = [block.name.removeprefix("The ") for block in loaded.site.statblocks]
    naming = [text for text in encounters if any(name in text for name in names)]
    assert len(naming) >= 3, "fixed encounters name the statblocks they use"


def test_wandering_table(loaded: LoadedSite) -> None:
    from sheetgen.engine.dice import parse_dice

    wandering = loaded.site.wandering
    assert wandering is not None
    assert len(wandering.entries) >= 6
    ids = {block.id for block in loaded.site.statblocks}
    for entry in wandering.entries:
        assert entry.stat in ids, f"{entry.name} points at no statblock"
        assert entry.appearing
    faces = sorted(v for v, p in parse_dice(wandering.roll).distribution().items() if p > 0)
    covered = sorted(face for entry in wandering.entries for face in faces if face in entry.roll)
    assert covered == faces, "every result of the roll is covered exactly once"


def test_statblocks(loaded: LoadedSite) -> None:
    blocks = loaded.site.statblocks
    assert len(blocks) >= 4
    for block in blocks:
        assert block.description
        assert list(block.stats)[:4] == ["HD", "Speed", "Armor", "Weak"], block.id
        assert block.zone in ("Frontline", "Midline", "Backline"), block.id
        assert block.morale is not None and 2 <= block.morale <= 12
        assert block.appearing
        assert block.actions, block.id


def test_griffon_matches_the_text(loaded: LoadedSite) -> None:
    griffon = next(block for block in loaded.site.statblocks if block.id == "griffon")
    assert list(griffon.stats.items()) == [
        ("HD", "7 (31 HP)"),
        ("Speed", "30' (Fly 80')"),
        ("Armor", "2 [as Chain]"),
        ("Weak", "Shock"),
        ("TL", "3.7"),
    ]
    assert griffon.appearing == "d4"
    assert (griffon.zone, griffon.morale) == ("Frontline", 8)
    assert [(a.name, a.kind, a.text) for a in griffon.actions] == [
        ("Multi-Attack", None, "2\u00d7Claw and 1\u00d7Beak"),
        ("Beak", "Melee Attack", "9 (2d8)"),
        ("Claw", "Melee Attack", "2 (d4)"),
    ]
