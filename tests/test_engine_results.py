"""What the engine works out for every pack and bundled site, against what it worked out when the odds and
timetables were last checked (tests/goldens/engine/): the exact odds of each check, outcome, roll, resource
and chosen level as fractions, the odds with an extra roll an hour, and whole timetables of two seeds.

The engine's own tests check the odds by hand where a person can (tests/test_engine_odds.py and the
packs' tests); these hold every figure of every pack, so that a change to the engine that moves any
chance, any row of a timetable or any card of a deck fails, and says which. When a change is wanted,
write them anew with ``pytest tests/test_engine_results.py --update-goldens`` and read the diff.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from kept import as_kept

from sheetgen.engine.odds import extra_odds, quiet_odds
from sheetgen.engine.timetable import build_timetable
from sheetgen.export.timetable_json import timetable_json
from sheetgen.load.files import builtin_pack_ids, builtin_site_names, load_pack, load_site
from sheetgen.load.variants import variant_id, with_variant
from sheetgen.model.pack import Pack

GOLDENS = Path(__file__).parent / "goldens" / "engine"
PACKS = Path(__file__).parent / "data" / "packs"
SITE_FILES = [path for path in sorted(PACKS.glob("*.yaml")) if "\nsite:" in "\n" + path.read_text(encoding="utf-8")]


def plain(value: object) -> object:
    """*value* as JSON: a fraction as "n/d", a dataclass as its fields."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def pack_results(pack: Pack) -> dict[str, object]:
    worked: dict[str, object] = {}
    if pack.check is not None:
        worked["odds"] = plain(quiet_odds(pack))
        worked["one extra roll an hour"] = plain(extra_odds(pack, None, 1))
    for seed in (1, 2026):
        worked[f"timetable, seed {seed}"] = timetable_json(
            build_timetable(pack, site=None, encounter_pack=None, hours=None, seed=seed)
        )
    return worked


@functools.cache
def packs() -> dict[str, Pack]:
    found = {pack_id: load_pack(pack_id) for pack_id in builtin_pack_ids()}
    for path in sorted(PACKS.glob("*.yaml")):
        if path not in SITE_FILES:
            found[f"test-{path.stem}"] = load_pack(str(path))
    for pack_id in builtin_pack_ids():
        for variant in found[pack_id].variants:
            found[f"{pack_id}-{variant_id(variant)}"] = with_variant(found[pack_id], variant_id(variant))
    return found


PACK_NAMES = sorted(packs())
SITES = [*builtin_site_names(), *(str(path) for path in SITE_FILES)]


def held(name: str, worked: object, request: pytest.FixtureRequest) -> None:
    actual = json.dumps(worked, indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    as_kept(actual, GOLDENS / f"{name}.json", request, f"the engine's results for {name}")


@pytest.mark.parametrize("name", PACK_NAMES)
def test_the_odds_and_timetables_of_each_pack_are_as_kept(name: str, request: pytest.FixtureRequest) -> None:
    held(f"pack-{name}", pack_results(packs()[name]), request)


@pytest.mark.parametrize("site", SITES, ids=lambda site: Path(site).stem)
def test_the_timetable_of_each_site_is_as_kept(site: str, request: pytest.FixtureRequest) -> None:
    loaded = load_site(site)
    table = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=None, seed=7)
    held(f"site-{Path(site).stem}", timetable_json(table), request)
