"""The built-in encounter-clock pack holds every fact of its source text (seed 001)."""

from __future__ import annotations

import pytest

from sheetgen.engine.dice import parse_dice
from sheetgen.load.files import load_pack
from sheetgen.markup import paragraphs
from sheetgen.model.pack import Pack
from sheetgen.options import Audience


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("encounter-clock")  # also checks every ref and the cover of every rolled table


def test_identity_and_words(pack: Pack) -> None:
    assert pack.id == "encounter-clock"
    assert pack.words.gm == "GM"


def test_dungeon_round_is_10_minutes(pack: Pack) -> None:
    assert pack.time.unit == "dungeon round"
    assert pack.time.length == 10 * 60
    assert pack.time.actions_per_unit == 1
    assert "take **1 round**" in pack.time.text
    assert "Each round an Encounter Check is rolled" in pack.time.text


def test_activities_take_one_round(pack: Pack) -> None:
    assert [a.name for a in pack.actions] == [
        "Move between rooms",
        "Search",
        "Pick a lock",
        "Other significant activity",
    ]
    assert all(a.time == 10 * 60 for a in pack.actions)


def test_encounter_check_pool(pack: Pack) -> None:
    check = pack.check
    assert check is not None and check.roll is None and check.pool is not None
    pool = check.pool
    assert pool.die == str(parse_dice("d6"))
    assert pool.base == 1 and pool.grow == 0 and pool.roll_at is None
    assert pool.read == "highest"
    assert pool.tallies == ["loud-noise", "stolen-coin", "same-room", "discarded-supply", "limited-scout"]
    assert check.cadence.every == 1
    assert check.trigger.track_full == "encounter-clock"
    assert check.on_encounter.reset == ["encounter-clock"]
    assert check.on_encounter.clear_tallies
    assert "plus a dice for each Loud Noise, Stolen Coin and Round spent in the same room" in check.formula
    assert "as per normal rules for skill checks" in check.formula


def test_default_advance(pack: Pack) -> None:
    check = pack.check
    assert check is not None and check.advance is not None
    assert check.advance.track == "encounter-clock"
    assert [(r.roll.low, r.roll.high, r.by) for r in check.advance.by] == [(1, 3, 0), (4, 5, 1), (6, 6, 2)]
    assert check.advance.text == "Several 6s count as one 6."


def test_encounter_clock_track(pack: Pack) -> None:
    clock = pack.track("encounter-clock")
    assert (clock.min, clock.max, clock.initial) == (0, 6, 0)
    assert clock.display == "clock"
    assert clock.per_unit == 0
    assert not clock.player_safe
    omens = [lv for lv in clock.levels if lv.omen]
    assert len(omens) == 1
    assert (omens[0].at.low, omens[0].at.high) == (3, 3)  # half way round a 6-segment clock
    assert "sound, smell or other sign of what the encounter will be" in omens[0].text
    assert [r.to for r in clock.resets] == [0]


def test_tallies(pack: Pack) -> None:
    tallies = {t.id: t for t in pack.tallies}
    assert list(tallies) == ["loud-noise", "stolen-coin", "same-room", "discarded-supply", "limited-scout"]
    assert all(t.per_unit == 0 for t in tallies.values())  # a quiet party adds no marks
    assert "same room since the last encounter" in tallies["same-room"].text
    assert "+1d to the encounter dice until the next encounter" in tallies["discarded-supply"].text
    assert "+1d to the next encounter check" in tallies["limited-scout"].text


def test_supply(pack: Pack) -> None:
    resources = {r.id: r for r in pack.resources}
    assert set(resources) == {"supply", "light"}
    assert resources["light"].boxes == 6  # an hour of 10-minute rounds
    assert "an hour" in (resources["light"].lasts or "")
    uses = pack.table("supply-uses")
    assert [r.cells[0] for r in uses.rows] == ["Light", "Rations", "Medicine", "Rope"]
    assert "Enough to last the party an hour" in uses.rows[0].cells[1]
    assert "Rest and partially recover" in uses.rows[1].cells[1]
    assert "Treat a wound" in uses.rows[2].cells[1]
    assert "pitons and grapnels to climb over an obstacle" in uses.rows[3].cells[1]


def test_scout_check_table(pack: Pack) -> None:
    table = pack.table("scout-check")
    assert table.roll is None and not table.default and table.player_safe
    assert [r.cells for r in table.rows] == [
        ["Limited", "+1d to next encounter check"],
        ["Mixed", "No Effect"],
        ["Great", "Learn rough contents of 1 room"],
        ["Critical", "Learn rough contents of all rooms"],
    ]


def test_light_levels_every_effect(pack: Pack) -> None:
    table = pack.table("light-levels")
    assert table.player_safe
    rows = {r.cells[0]: (r.cells[1], paragraphs(r.cells[2])) for r in table.rows}
    assert rows == {
        "Radiant": (
            "Torches and Lanterns fully open reveal much.",
            [
                "Players get +1 bonus to hit dwellers",
                "Players cannot surprise opponents",
            ],
        ),
        "Dim": (
            "Shuttered lanterns or sputtering torches allow hidden shadows to remain.",
            [
                "Players get a +2 to scout",
                "All creatures get +2 to checks to sneak or hide",
                "Dwellers get a +1 bonus to hit on attacks",
            ],
        ),
        "Stygian": (
            "When the party carries no light they enter true darkness.",
            [
                "All creatures get +4 to checks to sneak or hide",
                "Dwellers get a +2 bonus to hit on attacks and damage rolls.",
                "All treasure found is doubled as the riches of Hades leak into the realm.",
            ],
        ),
    }
    assert list(rows) == ["Radiant", "Dim", "Stygian"]


def test_reference_page(pack: Pack) -> None:
    (page,) = pack.reference.pages
    refs = [(s.kind, s.ref) for s in page.sections]
    for expected in [
        ("table", "scout-check"),
        ("table", "light-levels"),
        ("track", "encounter-clock"),
        ("check", None),
        ("tallies", None),
        ("odds", None),
    ]:
        assert expected in refs
    shown = " ".join([s.text for s in page.sections] + [i for s in page.sections for i in s.items])
    assert "each player must decide how much Supply they carry" in shown
    assert "always shows the size and connections of the adjacent rooms" in shown
    assert "elect a Scout" in shown
    assert "each Supply discarded adds **+1d** to the encounter dice until the next encounter" in shown
    for word in ("**Light**", "**Rations**", "**Medicine**", "**Rope**"):
        assert word in shown
    for section in page.sections:
        if section.kind in ("check", "track", "tallies", "odds"):
            assert not section.player_safe


def test_trackers_split_between_gm_and_players(pack: Pack) -> None:
    pages = {t.audience: t for t in pack.trackers}
    gm = [(p.kind, p.ref) for p in pages[Audience.GM].parts]
    assert ("turns", None) in gm and ("track", "encounter-clock") in gm and ("tallies", None) in gm
    players = [(p.kind, p.ref) for p in pages[Audience.PLAYERS].parts]
    assert ("resources", None) in players and ("table", "light-levels") in players
    assert all(kind not in ("track", "tallies") for kind, _ in players)
    light = next(p for p in pages[Audience.PLAYERS].parts if p.kind == "notes")
    assert all(level in light.items[0] for level in ("Radiant", "Dim", "Stygian"))
