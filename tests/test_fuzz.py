"""Property-based tests over everything that reads untrusted input: the loader, the dice parser, the engine.

For any input the outcome is a valid result or one of sheetgen's own errors (a SheetgenError subclass,
which the CLI reports with exit code 2), never another exception. Inputs made to be wrong (a stray
byte, a required field left out, a bundled file with one known mistake put in) must be refused, with
a DataError that says where: these tests fail if validation accepts everything. A timetable rolled
for any pack the loader accepts keeps every track within its range. Examples are bounded for CI; each
test prints how many it tried and how they came out.
"""

from __future__ import annotations

import copy
import itertools
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetgen.engine.dice import MAX_EXACT_WORK, exact_work, parse_dice
from sheetgen.engine.odds import quiet_odds
from sheetgen.engine.timetable import Timetable, build_timetable
from sheetgen.errors import DataError, SheetgenError
from sheetgen.export.timetable_csv import timetable_csv
from sheetgen.export.timetable_json import timetable_json
from sheetgen.load.files import builtin_dir, kind_of, pack_from_doc, site_from_doc
from sheetgen.load.yamlread import format_path, iter_paths, parse_yaml
from sheetgen.model.loaded import LoadedSite
from sheetgen.model.pack import Pack

#: Examples per test; SHEETGEN_FUZZ_EXAMPLES=5000 pytest tests/test_fuzz.py searches harder.
# Hundreds of generated files a test: left out of the quick run (-m "not slow").
pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("SHEETGEN_FUZZ_EXAMPLES", "300"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
ENGINE = settings(FUZZ, max_examples=max(1, EXAMPLES // 2))


def report(capsys: pytest.CaptureFixture[str], name: str, outcomes: Counter[str]) -> None:
    """Print the number of examples tried and how they came out, with or without -s."""
    tried = outcomes.pop("examples", 0)
    parts = ", ".join(f"{n} {what}" for what, n in sorted(outcomes.items()))
    with capsys.disabled():
        print(f"\nfuzz {name}: {tried} examples tried ({parts})")


def load_bytes(raw: bytes, folder: Path) -> Pack | LoadedSite:
    """What the CLI does with a file: parse, tell pack from site, validate, load the packs a site names."""
    doc = parse_yaml(raw, "fuzz.yaml")
    if kind_of(doc) == "pack":
        return pack_from_doc(doc)
    return site_from_doc(doc, folder / "fuzz.yaml")


def outcome_of(action: Callable[[], Any], outcomes: Counter[str], stage: str = "") -> Any:
    """Run *action*; count a result or a SheetgenError, and let any other exception fail the test."""
    stage = f"{stage} " if stage else ""
    try:
        result = action()
    except SheetgenError as exc:
        assert exc.problems, "a SheetgenError must carry at least one problem"
        assert all(str(p) for p in exc.problems)
        outcomes[f"{stage}refused ({type(exc).__name__})"] += 1
        return None
    outcomes[f"{stage}accepted"] += 1
    return result


def refused_at(raw: bytes, folder: Path, outcomes: Counter[str], what: str) -> list[tuple[int, str]]:
    """Load *raw*, which is known to be wrong: it must be refused with a DataError whose every problem
    has a place in the file; gives each problem's (line, field)."""
    try:
        load_bytes(raw, folder)
    except DataError as exc:
        places = [(p.location.line, p.location.field) for p in exc.problems]
        assert places and all(p.location.file == "fuzz.yaml" and p.location.line >= 1 for p in exc.problems), [
            str(p) for p in exc.problems
        ]
        outcomes[f"{what} refused"] += 1
        return places
    raise AssertionError(f"{what}: accepted, though it is known to be wrong")


def check_timetable(table: Timetable, pack: Pack) -> None:
    """Every track stays within its range, and the odds are probabilities."""
    ranges = {t.id: (t.min, t.max) for t in pack.tracks}
    for start in table.tracks:
        low, high = ranges[start.track]
        assert low <= start.level <= high
    for row in table.rows:
        assert [lv.track for lv in row.baseline.levels] == [t.id for t in pack.tracks]
        for level in row.baseline.levels:
            low, high = ranges[level.track]
            assert low <= level.level <= high, f"{level.name} at {level.level}, outside {low}-{high}"
        if pack.check is not None and pack.check.pool is not None:
            assert len(row.dice) <= pack.check.pool.max_dice
    if table.odds is not None:
        for c in table.odds.checks:
            assert 0 <= c.chance_first <= c.chance <= 1
            assert 0 <= c.rolled <= 1
        assert all(0 <= p <= 1 for p in table.odds.by_hour)
    timetable_json(table)
    timetable_csv(table)


# --- the loader: any bytes ------------------------------------------------------------------------

YAML_TOKENS = [
    "site: ",
    "system: ",
    "rooms:",
    "kind: pack",
    "kind: site",
    "id: ",
    "name: ",
    "key: ",
    "exits: ",
    "wandering:",
    "roll: ",
    "entries:",
    "statblocks:",
    "dungeon-turn",
    "site-alarm",
    "1d6",
    "2d6",
    "d%",
    "1-3",
    "4-6",
    "7+",
    "\n",
    "\n  ",
    "\n    ",
    "- ",
    ": ",
    ", ",
    "[",
    "]",
    "{",
    "}",
    "'",
    '"',
    "\\0",
    "\\e",
    "&a ",
    "*a",
    "<<: ",
    "!!python/object:os.system ",
    "!!str ",
    "!!binary ",
    "? ",
    "|\n  ",
    ">\n  ",
    "#",
    "---\n",
    "...\n",
    "%YAML 1.1\n",
    "%TAG ! tag:x,2000:\n",
    "\t",
    "\x00",
    "\x85",
    "\u2028",
    "\ufeff",
    "\udc80",
    "é",
    "🐉",
    "<b>x</b>",
    "{{ 7*7 }}",
    "99999999999999999999",
    "-0",
    ".inf",
    "0x1F",
    "yes",
    "~",
    "null",
    "true",
    "1e400",
    "1_000",
    "../../etc/passwd",
    "/dev/zero",
    "0",
    "500",
]


@st.composite
def yamlish(draw: st.DrawFn) -> bytes:
    text = "".join(draw(st.lists(st.sampled_from(YAML_TOKENS), max_size=60)))
    raw = _encode(text)
    if draw(st.booleans()):
        return raw
    # and sometimes a few stray bytes, anywhere
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=3)) + raw[at:]
    return raw


def bundled_bytes() -> list[bytes]:
    files = sorted(builtin_dir("rules").glob("*.yaml")) + sorted(builtin_dir("sites").glob("*.yaml"))
    return [path.read_bytes() for path in files]


def _encode(token: str) -> bytes:
    return token.encode("utf-8", "surrogateescape")


@st.composite
def corrupted(draw: st.DrawFn) -> bytes:
    """A bundled file with a few bytes changed, inserted or cut out."""
    raw = draw(st.sampled_from(bundled_bytes()))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(raw) - 1))
        cut = draw(st.integers(0, 3))
        raw = (
            raw[:at]
            + draw(st.one_of(st.binary(max_size=3), st.sampled_from(YAML_TOKENS).map(_encode)))
            + raw[at + cut :]
        )
    return raw


def test_loader_on_any_bytes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    outcomes: Counter[str] = Counter()

    @FUZZ
    @given(st.one_of(st.binary(max_size=400), yamlish(), corrupted()))
    def run(raw: bytes) -> None:
        outcomes["examples"] += 1
        outcome_of(lambda: load_bytes(raw, tmp_path), outcomes)

    run()
    report(capsys, "loader, any bytes", outcomes)


@st.composite
def broken_bytes(draw: st.DrawFn) -> tuple[bytes, int, str]:
    """A bundled file with a byte no sheetgen file may hold put in anywhere: (the bytes, the line it is
    on, what it is)."""
    raw = draw(st.sampled_from(bundled_bytes()))
    at = draw(st.integers(0, len(raw)))
    while 0 < at < len(raw) and raw[at] & 0xC0 == 0x80:  # not inside a UTF-8 character
        at -= 1
    bad, what = draw(
        st.sampled_from(
            [(b"\x00", "a NUL byte"), (b"\xff", "a byte that is not UTF-8"), (b"\xc3", "a cut UTF-8 character")]
        )
    )
    if bad == b"\xc3" and at < len(raw) and raw[at] & 0x80:
        bad = b"\xff"  # a lead byte before another lead byte may still decode: use one that never does
    return raw[:at] + bad + raw[at:], raw[:at].count(b"\n") + 1, what


def test_loader_refuses_a_bad_byte_at_its_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    outcomes: Counter[str] = Counter()

    @FUZZ
    @given(broken_bytes())
    def run(case: tuple[bytes, int, str]) -> None:
        raw, line, what = case
        outcomes["examples"] += 1
        places = refused_at(raw, tmp_path, outcomes, what)
        assert [place_line for place_line, _ in places] == [line], (what, places)

    run()
    report(capsys, "loader, a bad byte in a bundled file", outcomes)


# --- the validators: any structure with the formats' own field names ---------------------------

FIELDS = [
    "kind",
    "site",
    "system",
    "encounters",
    "author",
    "text",
    "rooms",
    "key",
    "name",
    "size",
    "exits",
    "description",
    "details",
    "trap",
    "treasure",
    "encounter",
    "notes",
    "wandering",
    "roll",
    "entries",
    "appearing",
    "stat",
    "statblocks",
    "id",
    "stats",
    "zone",
    "morale",
    "actions",
    "time",
    "unit",
    "units",
    "length",
    "check",
    "when",
    "formula",
    "add",
    "pool",
    "cadence",
    "every",
    "offset",
    "trigger",
    "at_least",
    "at_most",
    "faces",
    "track_full",
    "advance",
    "by",
    "track",
    "levels",
    "tracks",
    "min",
    "max",
    "start",
    "per_unit",
    "tallies",
    "reference",
    "pages",
    "title",
    "sections",
    "ref",
    "trackers",
    "parts",
    "audience",
]
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.sampled_from([2**63, -(2**70), 10**20]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(
        [
            "pack",
            "site",
            "dungeon-turn",
            "1d6",
            "d0",
            "1-6",
            "10 minutes",
            "a",
            "1",
            "-1",
            "0d6",
            "1000d1000",
            "../x.yaml",
            "boxes",
            "gm",
            "players",
            "text",
        ]
    ),
)


REQUIRED = {"pack": ("id", "name", "time", "reference"), "site": ("site", "system", "rooms")}
"""The fields a pack or a site cannot do without."""


def structures() -> st.SearchStrategy[Any]:
    return st.recursive(
        SCALARS,
        lambda children: st.one_of(
            st.lists(children, max_size=4), st.dictionaries(st.sampled_from(FIELDS), children, max_size=6)
        ),
        max_leaves=40,
    )


def test_validators_on_any_structure(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    outcomes: Counter[str] = Counter()

    @FUZZ
    @given(
        st.dictionaries(st.sampled_from(FIELDS), structures(), max_size=8),
        st.sampled_from([{"kind": "pack"}, {"kind": "site"}, {}]),
    )
    def run(data: dict[str, Any], kind: dict[str, str]) -> None:
        outcomes["examples"] += 1
        raw = yaml.safe_dump({**data, **kind}, allow_unicode=True, sort_keys=False).encode()
        required = REQUIRED.get(kind.get("kind", ""), ())
        missing = [name for name in required if name not in data]
        if not missing:
            outcome_of(lambda: load_bytes(raw, tmp_path), outcomes)
            return
        refused_at(raw, tmp_path, outcomes, "required field missing")

    run()
    report(capsys, "validators, any structure", outcomes)


# --- the validators and the engine: the bundled files, mutated ---------------------------------


def bundled() -> dict[str, Any]:
    """The data of every built-in pack and of the example site, by file name."""
    files = sorted(builtin_dir("rules").glob("*.yaml")) + sorted(builtin_dir("sites").glob("*.yaml"))
    return {path.name: parse_yaml(path.read_bytes(), path.name).data for path in files}


BUNDLED = bundled()


def containers(data: Any) -> list[tuple[Any, ...]]:
    return [path for path, value in iter_paths(data) if path]


def mutate(data: Any, path: tuple[Any, ...], how: str, value: Any) -> None:
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if how == "delete" and (isinstance(parent, dict) or len(parent) > 1):
        del parent[last]
    elif how == "repeat" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    else:
        parent[last] = value


MUTANT_VALUES = st.one_of(
    SCALARS,
    st.integers(-3, 12),
    st.sampled_from(["1d4", "2d6", "d10", "4d6kh3", "1d6+1", "3", "1-2", "5-6"]),
    st.lists(SCALARS, max_size=3),
)


def test_bundled_files_mutated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Small changes to real files reach deep into validation; what still loads must roll a timetable."""
    outcomes: Counter[str] = Counter()

    @ENGINE
    @given(st.data())
    def run(data: st.DataObject) -> None:
        outcomes["examples"] += 1
        name = data.draw(st.sampled_from(sorted(BUNDLED)), label="file")
        hours = data.draw(st.integers(1, 4), label="hours")
        seed = data.draw(st.integers(0, 2**32), label="seed")
        tree = copy.deepcopy(BUNDLED[name])
        for _ in range(data.draw(st.integers(1, 3), label="mutations")):
            paths = containers(tree)
            path = paths[data.draw(st.integers(0, len(paths) - 1), label="at")]
            how = data.draw(st.sampled_from(["replace", "delete", "repeat"]), label="how")
            mutate(tree, path, how, data.draw(MUTANT_VALUES, label="value"))
        raw = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False).encode()
        loaded = outcome_of(lambda: load_bytes(raw, tmp_path), outcomes, "loader")
        if loaded is None:
            return
        pack, site = (loaded, None) if isinstance(loaded, Pack) else (loaded.pack, loaded)
        table = outcome_of(
            lambda: build_timetable(
                pack,
                site=site.site if site else None,
                encounter_pack=site.encounter_pack if site else None,
                hours=hours,
                seed=seed,
            ),
            outcomes,
            "timetable",
        )
        if table is not None:
            check_timetable(table, pack)

    run()
    report(capsys, "bundled files mutated, then timetables", outcomes)


# --- the validators: the bundled files with one known mistake -------------------------------------

#: Mappings whose keys are the file's own (a statblock's stats, levels by range), not fields.
FREE_MAPPINGS = {"stats", "levels"}


def _paths(tree: Any, test: Callable[[tuple[Any, ...], Any], bool]) -> list[tuple[Any, ...]]:
    return [path for path, value in iter_paths(tree) if test(path, value)]


@st.composite
def known_mistakes(draw: st.DrawFn) -> tuple[bytes, str, str]:
    """A bundled file with one mistake of a kind validation must catch: (the bytes, the field path the
    mistake is at, what it is)."""
    name = draw(st.sampled_from(sorted(BUNDLED)), label="file")
    tree = copy.deepcopy(BUNDLED[name])
    site = "rooms" in tree
    choices: list[tuple[str, list[tuple[Any, ...]]]] = [
        ("an unknown field", _paths(tree, lambda p, v: isinstance(v, dict) and (not p or p[-1] not in FREE_MAPPINGS))),
        ("an id that is not an id", _paths(tree, lambda p, v: bool(p) and p[-1] == "id" and isinstance(v, str))),
        ("dice that cannot be rolled", _paths(tree, lambda p, v: bool(p) and p[-1] == "roll" and isinstance(v, str))),
        ("an empty name", _paths(tree, lambda p, v: bool(p) and p[-1] == "name" and isinstance(v, str))),
        (
            "a reference to nothing",
            _paths(tree, lambda p, v: bool(p) and p[-1] in ("ref", "system") and isinstance(v, str)),
        ),
        (
            "a repeated id",
            _paths(
                tree,
                lambda p, v: isinstance(v, list) and len(v) > 0 and all(isinstance(i, dict) and "id" in i for i in v),
            ),
        ),
        ("a morale out of reach", _paths(tree, lambda p, v: bool(p) and p[-1] == "morale" and isinstance(v, int))),
        ("an exit to no room", _paths(tree, lambda p, v: site and bool(p) and p[-1] == "exits")),
    ]
    what, paths = draw(st.sampled_from([(w, ps) for w, ps in choices if ps]), label="mistake")
    path = draw(st.sampled_from(paths), label="at")
    node: Any = tree
    for part in path[:-1]:
        node = node[part]
    last = path[-1] if path else None
    if what == "an unknown field":
        target = node[last] if path else tree
        target["zzz-not-a-field"] = 1
        path = (*path, "zzz-not-a-field")
    elif what == "an id that is not an id":
        node[last] = "Not An Id!"
    elif what == "dice that cannot be rolled":
        node[last] = "d0"
    elif what == "an empty name":
        node[last] = "   "
    elif what == "a reference to nothing":
        node[last] = "no-such-thing"
    elif what == "a repeated id":
        items = node[last] if path else tree
        i = draw(st.integers(0, len(items) - 1), label="item")
        items.append(copy.deepcopy(items[i]))
        path = (*path, len(items) - 1, "id")
    elif what == "a morale out of reach":
        node[last] = 99
    else:
        node[last] = [*node[last], "no-such-room"]
        path = (*path, len(node[last]) - 1)
    raw = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False).encode()
    return raw, format_path(path), what


def test_validators_refuse_known_mistakes_where_they_are(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """One mistake put into a valid file: refused, with a problem at the mistake's own field (or, for a
    value that cannot be read at all, at the field that holds it)."""
    outcomes: Counter[str] = Counter()

    @FUZZ
    @given(known_mistakes())
    def run(case: tuple[bytes, str, str]) -> None:
        raw, field, what = case
        outcomes["examples"] += 1
        places = refused_at(raw, tmp_path, outcomes, what)
        assert any(at == field or at.startswith((f"{field}.", f"{field}[")) for _, at in places), (what, field, places)

    run()
    report(capsys, "validators, a bundled file with one known mistake", outcomes)


# --- the dice parser --------------------------------------------------------------------------------

DICE_TOKENS = [
    "d",
    "D",
    "%",
    "k",
    "h",
    "l",
    "K",
    "H",
    "L",
    "+",
    "-",
    "\u2212",
    " ",
    "0",
    "1",
    "2",
    "6",
    "10",
    "20",
    "100",
    "999",
    "1000",
    "1001",
    "4d6kh3",
    "(",
    ")",
    "*",
    "x",
    "!",
    "\t",
    "\x00",
    "١",
]


def test_dice_parser_on_any_text(capsys: pytest.CaptureFixture[str]) -> None:
    """Any text: a Dice whose rolls stay within its bounds and whose odds sum to 1, or a DiceError."""
    outcomes: Counter[str] = Counter()

    @FUZZ
    @given(
        st.one_of(
            st.text(max_size=40),
            st.lists(st.sampled_from(DICE_TOKENS), max_size=16).map("".join),
            st.integers(-(10**30), 10**30),
        ),
        st.integers(0, 2**32),
    )
    def run(text: str | int, seed: int) -> None:
        outcomes["examples"] += 1
        dice = outcome_of(lambda: parse_dice(text), outcomes, "parse")
        if dice is None:
            return
        assert parse_dice(str(dice)).text == dice.text  # the normalised text reads back the same
        rng = random.Random(seed)
        for _ in range(3):
            total, faces = dice.roll_detail(rng)
            assert dice.minimum <= total <= dice.maximum
            assert len(faces) <= 1000
        if exact_work(dice.terms) <= MAX_EXACT_WORK // 20 or exact_work(dice.terms) > MAX_EXACT_WORK:
            dist = outcome_of(dice.distribution, outcomes, "odds")  # refused at once when too large
            if dist is not None:
                assert sum(dist.values()) == 1
                assert min(dist) == dice.minimum and max(dist) == dice.maximum

    run()
    report(capsys, "dice parser, any text", outcomes)


# --- the engine: any small valid pack -----------------------------------------------------------


def split_range(draw: st.DrawFn, low: int, high: int, parts: int) -> Iterator[tuple[int, int]]:
    """Cut low..high into at most *parts* consecutive ranges that cover it exactly."""
    cuts = sorted(set(draw(st.lists(st.integers(low + 1, high), max_size=parts - 1)))) if high > low else []
    edges = [low, *cuts, high + 1]
    for a, b in itertools.pairwise(edges):
        yield a, b - 1


def range_text(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}-{b}"


@st.composite
def engine_packs(draw: st.DrawFn) -> dict[str, Any]:
    """A pack made to be valid: tracks with levels, tallies, a plain roll or a pool, every trigger kind,
    advance tables, cadences by track; the loader has the last word."""
    tracks: list[dict[str, Any]] = []
    for i in range(draw(st.integers(0, 3))):
        low = draw(st.integers(-3, 3))
        high = low + draw(st.sampled_from([1, 2, 3, 5, 8, 20]))
        track: dict[str, Any] = {
            "id": f"t{i}",
            "name": f"Track {i}",
            "min": low,
            "max": high,
            "start": draw(st.integers(low, high)),
            "per_unit": draw(st.integers(-3, 3)),
        }
        if draw(st.booleans()):
            track["levels"] = [
                {"at": range_text(a, b), "label": f"L{a}", "omen": draw(st.booleans())}
                for a, b in split_range(draw, low, high, 3)
            ]
        tracks.append(track)
    ids = [t["id"] for t in tracks]
    tallies = [
        {"id": f"n{i}", "name": f"Noise {i}", "per_unit": draw(st.integers(0, 2))}
        for i in range(draw(st.integers(0, 2)))
    ]
    sides = draw(st.sampled_from([2, 4, 6, 8, 10, 20]))
    check: dict[str, Any] = {"name": "Check", "when": "each turn", "formula": "roll"}
    pool = draw(st.booleans())
    if pool:
        check["pool"] = {
            "die": f"d{sides}",
            "base": draw(st.integers(0, 3)),
            "tallies": [t["id"] for t in tallies],
            "grow": draw(st.integers(0, 2)),
            "max_dice": draw(st.integers(1, 12)),
            "read": draw(st.sampled_from(["highest", "lowest", "sum"])),
        }
        if draw(st.booleans()):
            check["pool"]["roll_at"] = draw(st.integers(1, 8))
        faces = (
            list(range(1, sides + 1))
            if check["pool"]["read"] != "sum"
            else list(range(0, sides * check["pool"]["max_dice"] + 1))
        )
    else:
        check["roll"] = draw(st.sampled_from([f"1d{sides}", f"2d{sides}", f"1d{sides}+1", f"3d{sides}kh1"]))
        dist = parse_dice(check["roll"]).distribution()
        faces = sorted(dist)
        if bool(ids) and draw(st.booleans()):
            check["add"] = draw(st.lists(st.sampled_from(ids), max_size=2))
    kinds = ["at_least", "at_most", "faces"] + (["by_track", "track_full"] if ids else [])
    kind = draw(st.sampled_from(kinds))
    if kind in ("at_least", "at_most"):
        check["trigger"] = {kind: draw(st.integers(faces[0] - 2, faces[-1] + 4))}
    elif kind == "faces":
        check["trigger"] = {"faces": [str(draw(st.sampled_from(faces)))]}
    elif kind == "by_track":
        track = draw(st.sampled_from(tracks))
        value: dict[str, Any] = {"track": track["id"]}
        if draw(st.booleans()):
            value["levels"] = {
                range_text(a, b): draw(st.integers(faces[0], faces[-1] + 1))
                for a, b in split_range(draw, track["min"], track["max"], 3)
            }
        check["trigger"] = {draw(st.sampled_from(["at_least", "at_most"])): value}
    else:
        clock = draw(st.sampled_from(tracks))
        check["trigger"] = {"track_full": clock["id"]}
        check["advance"] = {
            "track": clock["id"],
            "by": [
                {"roll": range_text(a, b), "by": draw(st.integers(0, 3))}
                for a, b in split_range(draw, faces[0], faces[-1], 3)
            ],
        }
    if bool(ids) and draw(st.booleans()):
        track = draw(st.sampled_from(tracks))
        check["cadence"] = {
            "every": {
                "track": track["id"],
                "levels": {
                    range_text(a, b): draw(st.integers(1, 4))
                    for a, b in split_range(draw, track["min"], track["max"], 3)
                },
            },
            "offset": draw(st.integers(0, 2)),
        }
    else:
        check["cadence"] = {"every": draw(st.integers(1, 4)), "offset": draw(st.integers(0, 3))}
    if ids:
        check["on_encounter"] = {
            "reset": draw(st.lists(st.sampled_from(ids), max_size=2, unique=True)),
            "clear_tallies": draw(st.booleans()),
        }
    minutes = draw(st.sampled_from(["10 minutes", "30 minutes", "1 hour", "30 seconds", "7 minutes"]))
    return {
        "kind": "pack",
        "id": "fuzz",
        "name": "Fuzz",
        "time": {"unit": "turn", "length": minutes},
        "check": check,
        "tracks": tracks,
        "tallies": tallies,
        "reference": {"pages": [{"title": "T", "sections": [{"kind": "text", "text": "x"}]}]},
    }


def test_engine_on_any_valid_pack(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Timetables of any pack the loader accepts keep their tracks within range; exact odds are
    probabilities that agree with the timetable."""
    outcomes: Counter[str] = Counter()

    @ENGINE
    @given(engine_packs(), st.integers(1, 4), st.integers(0, 2**32))
    def run(data: dict[str, Any], hours: int, seed: int) -> None:
        outcomes["examples"] += 1
        raw = yaml.safe_dump(data, sort_keys=False).encode()
        pack = outcome_of(lambda: load_bytes(raw, tmp_path), outcomes, "loader")
        if pack is None:
            return
        assert isinstance(pack, Pack)
        table = outcome_of(
            lambda: build_timetable(pack, site=None, encounter_pack=None, hours=hours, seed=seed), outcomes, "timetable"
        )
        if table is None:
            return
        check_timetable(table, pack)
        odds = quiet_odds(pack, hours)
        assert odds.by_hour[-1] == sum((c.chance_first for c in odds.checks), Fraction(0))

    run()
    assert outcomes["timetable accepted"] > 0, "the strategy should make packs the loader accepts"
    report(capsys, "engine, any valid pack", outcomes)
