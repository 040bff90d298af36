"""A pack's statblock layout: its stats in the game's order on stat cards and the reference, the loader's
rule on stats the layout does not know or requires, and the packs without one unchanged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from test_docs import PACK_DOC, examples

from sheetgen.errors import DataError
from sheetgen.load.files import load_pack, load_site
from sheetgen.model.pack import encounter_rules
from sheetgen.sheets.statblock import stat_lines

Write = Callable[[str, str], Path]


def _docs_example() -> dict[str, object]:
    """The layout example of pack-format.md, put into the page's first complete pack."""
    found = examples(PACK_DOC)
    base = next(e for e in found if e.kind == "pack")
    part = next(e for e in found if e.kind == "pack part" and "troglodyte" in e.body)
    return {**yaml.safe_load(base.body), **yaml.safe_load(part.body)}


@pytest.fixture
def layout_pack(tmp_path: Path) -> Path:
    path = tmp_path / "cave-rules.yaml"
    path.write_text(yaml.safe_dump(_docs_example(), sort_keys=False), encoding="utf-8")
    return path


def test_the_docs_example_prints_in_the_layouts_order(layout_pack: Path) -> None:
    pack = load_pack(str(layout_pack))
    rules = encounter_rules(pack, None)[1]
    # the file writes HD, AC, Att, MV; the layout says AC, HD, Att, THAC0, MV, ML, No. Appearing
    assert stat_lines(pack.statblocks[0], rules) == [
        ("AC", "5 [14]"),
        ("HD", "2"),
        ("Att", "2 claws (1d4), 1 bite (1d4)"),
        ("MV", "120' (40')"),
        ("ML", "9"),
        ("No. Appearing", "1d8"),
    ]


def _site(write: Write, stats: str, extra: str = "") -> Path:
    head = (
        'site: Cave\nsystem: cave-rules.yaml\nrooms:\n  - {key: "1", name: Mouth}\nstatblocks:\n'
        "  - id: trog\n    name: Troglodyte\n    stats:\n"
    )
    return write("cave.yaml", head + stats + "\n" + extra + "\n")


def test_a_site_statblock_in_any_order_prints_in_the_layouts(layout_pack: Path, write: Write) -> None:
    path = _site(write, "      mv: 90' (30')\n      AC: \"6\"\n      HD: 1+1", "    morale: 7")
    loaded = load_site(str(path))
    rules = encounter_rules(loaded.pack, loaded.encounter_pack)[1]
    # matched in any case, printed under the layout's label
    assert stat_lines(loaded.site.statblocks[0], rules) == [
        ("AC", "6"),
        ("HD", "1+1"),
        ("MV", "90' (30')"),
        ("ML", "7"),
    ]


def test_a_stat_the_layout_does_not_know_is_refused_where_it_is_written(layout_pack: Path, write: Write) -> None:
    path = _site(write, '      AC: "6"\n      HD: "1"\n      Speed: 30\'', "    zone: Frontline")
    with pytest.raises(DataError) as info:
        load_site(str(path))
    assert [str(p).rsplit("/", 1)[-1] for p in info.value.problems] == [
        'cave.yaml:11:7: statblocks[0].stats.Speed: "Speed" is not a stat of tension-pool\'s statblock (AC, HD, Att, '
        "THAC0, MV, morale, appearing); rename it to one of these or remove it",
        "cave.yaml:12:5: statblocks[0].zone: tension-pool's statblock has no place for zone; remove it, or give the "
        "value as one of its stats",
    ]


def test_a_required_stat_missing_is_refused(layout_pack: Path, write: Write) -> None:
    path = _site(write, '      AC: "6"\n      Att: 1 bite')
    with pytest.raises(DataError) as info:
        load_site(str(path))
    assert [str(p).rsplit("/", 1)[-1] for p in info.value.problems] == [
        "cave.yaml:9:7: statblocks[0].stats: tension-pool's statblock requires HD; add it"
    ]


def test_a_stat_given_twice_in_the_layout_is_refused(tmp_path: Path) -> None:
    data = _docs_example()
    encounter = data["encounter"]
    assert isinstance(encounter, dict)
    encounter["statblock"]["stats"].append({"stat": "ac"})
    path = tmp_path / "twice.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_pack(str(path))
    assert "ac is given twice: each stat has one place" in str(info.value)


def test_without_a_layout_the_stats_keep_the_files_order_with_zone_after_speed() -> None:
    pack = load_pack("encounter-reaction")
    griffon = next(b for b in pack.statblocks if b.id == "griffon")
    assert [label for label, _ in stat_lines(griffon, encounter_rules(pack, None)[1])] == [
        "HD",
        "Speed",
        "Zone",
        "Morale",
        "# Appearing",
        "Armor",
        "Weak",
        "TL",
    ]
