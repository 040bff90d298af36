"""The encounter-reaction pack holds every fact of its source text (Encounters, Combat, Running Enemies)."""

from __future__ import annotations

import pytest

from sheetgen.load.files import load_pack
from sheetgen.model.pack import Pack


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("encounter-reaction")


def rows(pack: Pack, table_id: str) -> list[tuple[str | None, list[str]]]:
    return [(None if r.roll is None else str(r.roll), list(r.cells)) for r in pack.table(table_id).rows]


def section(pack: Pack, title: str) -> str:
    """The text and items of the reference section with this title, as one string."""
    for page in pack.reference.pages:
        for s in page.sections:
            if s.title == title:
                return " ".join([s.text, *s.items])
    raise AssertionError(f"no reference section titled {title!r}")


def test_identity_and_words(pack: Pack) -> None:
    assert pack.id == "encounter-reaction"
    assert pack.words.gm == "GM"
    assert pack.words.party == "Heroes"


def test_time_is_the_combat_round(pack: Pack) -> None:
    assert pack.time.unit == "Round"
    assert pack.time.plural == "Rounds"
    assert pack.time.length == 10
    assert pack.time.actions_per_unit == 1
    assert pack.time.action == "Action"
    assert "Turns" in pack.time.text and "Action" in pack.time.text and "Move" in pack.time.text


def test_no_exploration_check(pack: Pack) -> None:
    assert pack.check is None
    assert pack.tracks == []


def test_turn_order(pack: Pack) -> None:
    (proc,) = pack.procedures
    assert proc.id == "turn-order"
    assert [s.title for s in proc.steps] == [
        "Check for surprise",
        "Heroes take the first Turn",
        "Each other Group takes its Turn",
    ]
    surprise = proc.steps[0].text
    assert "Detect Check" in surprise and "can't act on the Heroes' first Turn" in surprise
    assert all("Action" in s.text and "Move" in s.text for s in proc.steps[1:])


def test_clockwise_turn_variant(pack: Pack) -> None:
    (variant,) = pack.variants
    assert "Clockwise Turn" in variant.name
    assert "clockwise from the GM" in variant.text
    assert variant.unit_length is None and variant.danger == 1 and variant.consumption == 1


def test_the_six_actions(pack: Pack) -> None:
    actions = {a.name: a for a in pack.actions if a.group == "actions"}
    assert list(actions) == ["Attack", "Cast", "Hold", "Jump", "Rush", "Use"]
    assert actions["Attack"].text == "Make an Attack Check with your Weapon, dealing its damage on a pass."
    assert actions["Cast"].text == "You cast a Spell."  # no page of a book the packet does not hold
    assert actions["Hold"].text == "Use an Action or Move on an Off-Turn."
    assert actions["Jump"].text == "Spend half your Speed to leap up to that distance horizontally."
    assert actions["Rush"].text == "Gain Speed this Turn equal to your Speed."
    assert actions["Use"].text == "Interact with or use an Object."
    # an Action is what a Being does in its Turn of one Round
    assert all(a.time is None for a in actions.values())


def test_move(pack: Pack) -> None:
    assert section(pack, "Move") == (
        "Your Speed is how far you can Move during your Turn, which you can break up as you like."
    )


def test_defending(pack: Pack) -> None:
    table = pack.table("defending")
    assert "Block or Dodge" in table.text and "Incapacitated" in table.text
    assert rows(pack, "defending") == [
        (None, ["Block", "Endure Save, which is Hindered if the attack is a Ranged attack."]),
        (
            None,
            [
                "Dodge",
                "Reflex Save, which is Hindered if you are wearing Heavy Armor. If the Save passes, "
                "you ignore one of the attack\u2019s highest rolled damage dice.",
            ],
        ),
    ]


def test_ending_combat(pack: Pack) -> None:
    assert rows(pack, "ending-combat") == [
        (None, ["Death", "Enemies are dead."]),
        (None, ["Surrender", "Accepted surrender."]),
        (None, ["Flee", "A side successfully Retreats."]),
    ]


def test_retreating_and_running_enemies(pack: Pack) -> None:
    retreat = section(pack, "Retreating")
    assert "spend their Action and Move" in retreat and "combat ends after this Turn" in retreat
    running = section(pack, "Running Enemies")
    assert "prioritized Actions" in running and "Morale score" in running


def test_zones(pack: Pack) -> None:
    assert pack.encounter is not None and pack.encounter.zones == "zones"
    assert pack.table("zones").roll is None
    assert rows(pack, "zones") == [
        (None, ["Frontline", "Moves Close for Melee Attacks."]),
        (
            None,
            [
                "Midline",
                "Moves Close to Attack, then Move to Near. If a Midliner is at half HP or lower, it acts as Backline.",
            ],
        ),
        (None, ["Backline", "Stays Far from opposing forces for Ranged Attacks and Casts."]),
    ]


def test_distance_defaults_use_the_zone_words(pack: Pack) -> None:
    assert pack.encounter is not None and pack.encounter.distance == "npc-distance"
    table = pack.table("npc-distance")
    assert table.default is True  # printed "(default)" beside the table name
    assert table.roll == "1d6"
    assert [(r, c[0]) for r, c in rows(pack, "npc-distance")] == [("1-2", "Close"), ("3-4", "Near"), ("5-6", "Far")]


def test_reaction_is_2d6_with_default_rows(pack: Pack) -> None:
    assert pack.encounter is not None and pack.encounter.reaction == "npc-reaction"
    table = pack.table("npc-reaction")
    assert table.roll == "2d6"
    assert table.default is True  # printed "(default)" beside the table name
    assert "end Combat" in table.text
    assert rows(pack, "npc-reaction") == [
        ("2", ["Hostile, attacks"]),
        ("3-5", ["Unfriendly"]),
        ("6-8", ["Uncertain"]),
        ("9-11", ["Indifferent / open to talk"]),
        ("12", ["Friendly"]),
    ]
    covered = sorted(v for r in table.rows if r.roll is not None for v in range(r.roll.low, r.roll.high + 1))
    assert covered == list(range(2, 13))


def test_morale(pack: Pack) -> None:
    assert pack.encounter is not None and pack.encounter.morale is not None
    assert pack.encounter.morale.roll == "2d6"
    assert pack.encounter.morale.fails == "above"
    morale = section(pack, "Morale")
    assert "The first death in their Group." in morale
    assert "Their HP is at half or less, or half their Group is Incapacitated." in morale
    callouts = [s.text for p in pack.reference.pages for s in p.sections if s.kind == "callout"]
    assert any("2d6" in t and "higher than its Morale" in t and "retreats or surrenders" in t for t in callouts)


def test_action_gambit_multi_actions_recharge(pack: Pack) -> None:
    assert "go down the list to the next one" in section(pack, "Action Gambit")
    assert "doesn't use the unavailable one" in section(pack, "Multi Actions")
    assert "this die is rolled each Round" in section(pack, "Recharge")


def test_griffon_statblock(pack: Pack) -> None:
    (griffon,) = pack.statblocks
    assert griffon.id == "griffon" and griffon.name == "Griffon"
    assert "pick up horses" in griffon.description
    assert griffon.stats == {
        "HD": "7 (31 HP)",
        "Speed": "30' (Fly 80')",
        "Armor": "2 [as Chain]",
        "Weak": "Shock",
        "TL": "3.7",
    }
    assert griffon.zone == "Frontline"
    assert griffon.morale == 8
    assert griffon.appearing == "d4"
    assert [(a.name, a.kind, a.text) for a in griffon.actions] == [
        ("Multi-Attack", None, "2\u00d7Claw and 1\u00d7Beak"),
        ("Beak", "Melee Attack", "9 (2d8)"),
        ("Claw", "Melee Attack", "2 (d4)"),
    ]


def test_reading_example_on_the_reference(pack: Pack) -> None:
    shown = [s for p in pack.reference.pages for s in p.sections if s.kind == "statblock"]
    assert [s.ref for s in shown] == ["griffon"]
    assert "retreats on a Morale Check (2d6) of 9 or higher" in shown[0].text


def test_one_reference_page_in_order(pack: Pack) -> None:
    (page,) = pack.reference.pages
    kinds = [(s.kind, s.ref or s.group or s.title) for s in page.sections]
    assert kinds[:4] == [
        ("table", "npc-distance"),
        ("table", "npc-reaction"),
        ("text", "Combat"),
        ("procedure", "turn-order"),
    ]
    assert ("actions", "actions") in kinds and ("table", "zones") in kinds and ("variants", None) in kinds
    # every table of the pack is shown
    assert {s.ref for s in page.sections if s.kind == "table"} == {t.id for t in pack.tables}


def test_player_safe_sections(pack: Pack) -> None:
    (page,) = pack.reference.pages
    safe = {s.ref or s.group or s.title: s.player_safe for s in page.sections if s.kind != "callout"}
    for shown in ("turn-order", "actions", "Move", "defending", "ending-combat", "Retreating", None):
        assert safe[shown] is True, shown
    for secret in ("npc-distance", "npc-reaction", "zones", "griffon", "Morale", "Running Enemies"):
        assert safe[secret] is False, secret


def test_gm_combat_tracker(pack: Pack) -> None:
    tracker, _players = pack.trackers
    assert tracker.audience == "gm"
    kinds = [(p.kind, p.ref) for p in tracker.parts]
    assert kinds[0] == ("rounds", None) and tracker.parts[0].rounds == 10
    assert ("table", "zones") in kinds
    morale = next(p for p in tracker.parts if p.title == "Morale Checks")
    assert morale.kind == "notes"
    assert "The first death in their Group." in morale.items
    assert any("2d6" in i and "higher" in i for i in morale.items)


def test_sections_resolve_and_rolled_tables_cover_their_dice(pack: Pack) -> None:
    from sheetgen.engine.dice import parse_dice

    ids = {
        "procedure": {p.id for p in pack.procedures},
        "table": {t.id for t in pack.tables},
        "statblock": {s.id for s in pack.statblocks},
        "track": {t.id for t in pack.tracks},
    }
    for page in pack.reference.pages:
        for s in page.sections:
            if s.kind in ids:
                assert s.ref in ids[s.kind], (s.kind, s.ref)
    for table in pack.tables:
        if table.roll is not None:
            faces = sorted(parse_dice(table.roll).distribution())
            covered = sorted(v for r in table.rows if r.roll is not None for v in range(r.roll.low, r.roll.high + 1))
            assert covered == faces, table.id
