"""Untrusted content: pack and site text never becomes markup, nothing outside the package is fetched or
opened, and the documented limits are enforced quickly with clear messages.

Everything runs through the real CLI in a subprocess, as a game master would run a stranger's files.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from pdfcheck import page_texts, read_pdf
from test_bad_inputs import ROOT, sheetgen_env

from sheetgen import limits

#: HTML, CSS, ReportLab markup and Jinja syntax: each would vanish from the page, or do something, if
#: it were ever treated as markup rather than text.
PAYLOAD = (
    '<b>x</b> <img src="file:///etc/passwd"> <style>*{color:red}</style> '
    '<font color="red" size="expression(alert(1))">f</font> {{ 7*7 }} {% raw %}{% endraw %}'
)
#: The same for names, which are one line of at most 120 characters.
SHORT = '<b>x</b> <font color="red">f</font> {{ 7*7 }}'
#: Room keys are names too, and exits refer to them.
KEY_A = "<i>A</i>{{ 7*7 }}"
KEY_B = '<font size="99">B</font>'


def squeezed(text: str) -> str:
    return "".join(text.split())


def hostile_pack() -> dict[str, Any]:
    """A pack whose every text and name field holds markup."""
    return {
        "kind": "pack",
        "id": "hostile",
        "name": SHORT,
        "summary": PAYLOAD,
        "source": PAYLOAD,
        "words": {"gm": SHORT, "party": SHORT},
        "time": {"unit": "turn", "length": "10 minutes", "action": SHORT, "text": PAYLOAD},
        "procedures": [
            {
                "id": "turn",
                "name": SHORT,
                "when": PAYLOAD,
                "text": PAYLOAD,
                "steps": [{"title": SHORT, "text": PAYLOAD, "items": [PAYLOAD]}],
            }
        ],
        "check": {
            "name": SHORT,
            "when": PAYLOAD,
            "formula": PAYLOAD,
            "roll": "1d6",
            "add": ["noise"],
            "trigger": {"at_least": 6},
            "result": SHORT,
            "text": PAYLOAD,
            "on_encounter": {"reset": ["noise"]},
        },
        "tracks": [
            {
                "id": "noise",
                "name": SHORT,
                "max": 3,
                "text": PAYLOAD,
                "raises": [{"when": PAYLOAD}],
                "lowers": [{"when": PAYLOAD}],
                "resets": [{"when": PAYLOAD}],
                "levels": [{"at": "3", "label": SHORT, "text": PAYLOAD, "omen": True}],
                "box_labels": [SHORT, SHORT, SHORT],
            }
        ],
        "tallies": [{"id": "din", "name": SHORT, "text": PAYLOAD}],
        "resources": [{"id": "torch", "name": SHORT, "lasts": SHORT, "text": PAYLOAD}],
        "actions": [
            {
                "name": SHORT,
                "group": SHORT,
                "summary": PAYLOAD,
                "text": PAYLOAD,
                "items": [PAYLOAD],
                "notes": PAYLOAD,
                "effects": [{"track": "noise", "text": PAYLOAD}],
            }
        ],
        "rests": [
            {"id": "rest", "name": SHORT, "time": "1 hour", "time_label": SHORT, "risk": PAYLOAD, "countdown": True}
        ],
        "variants": [{"name": SHORT, "text": PAYLOAD}],
        "tables": [
            {
                "id": "wandering",
                "name": SHORT,
                "roll": "1d2",
                "columns": [SHORT],
                "text": PAYLOAD,
                "rows": [{"roll": "1", "cells": [PAYLOAD]}, {"roll": "2", "cells": [PAYLOAD]}],
            }
        ],
        "reference": {
            "pages": [
                {
                    "title": SHORT,
                    "subtitle": PAYLOAD,
                    "footer": PAYLOAD,
                    "sections": [
                        {"kind": "text", "title": SHORT, "text": PAYLOAD, "items": [PAYLOAD]},
                        {"kind": "callout", "title": SHORT, "text": PAYLOAD},
                        {"kind": "procedure", "ref": "turn"},
                        {"kind": "check", "title": SHORT},
                        {"kind": "track", "ref": "noise"},
                        {"kind": "tallies"},
                    ],
                },
                {
                    "title": SHORT,
                    "sections": [
                        {"kind": "actions", "title": SHORT, "detail": True},
                        {"kind": "table", "ref": "wandering"},
                        {"kind": "resources", "title": SHORT},
                        {"kind": "rests", "title": SHORT},
                        {"kind": "variants", "title": SHORT},
                    ],
                },
            ]
        },
        "trackers": [
            {
                "id": "gm",
                "title": SHORT,
                "audience": "gm",
                "parts": [
                    {"kind": "turns", "title": SHORT},
                    {"kind": "track", "ref": "noise", "title": SHORT},
                    {"kind": "resources", "title": SHORT},
                    {"kind": "notes", "title": SHORT, "items": [PAYLOAD]},
                ],
            }
        ],
    }


def hostile_site() -> dict[str, Any]:
    """A site whose every text and name field holds markup, played with the hostile pack."""
    room = {
        "size": SHORT,
        "description": PAYLOAD,
        "details": [PAYLOAD],
        "trap": PAYLOAD,
        "treasure": PAYLOAD,
        "encounter": PAYLOAD,
        "notes": PAYLOAD,
    }
    return {
        "site": SHORT,
        "system": "hostile-pack.yaml",
        "author": SHORT,
        "text": PAYLOAD,
        "rooms": [
            {"key": KEY_A, "name": SHORT, "exits": [KEY_B], **room},
            {"key": KEY_B, "name": SHORT, "exits": [KEY_A], **room},
        ],
        "wandering": {
            "roll": "1d2",
            "entries": [
                {"roll": "1", "name": SHORT, "appearing": "1d4", "stat": "thing", "text": PAYLOAD},
                {"roll": "2", "name": SHORT, "text": PAYLOAD},
            ],
        },
        "statblocks": [
            {
                "id": "thing",
                "name": SHORT,
                "description": PAYLOAD,
                "stats": {SHORT: SHORT},
                "zone": SHORT,
                "morale": 7,
                "appearing": "1d4",
                "notes": PAYLOAD,
                "actions": [{"name": SHORT, "kind": SHORT, "text": PAYLOAD}],
            }
        ],
    }


class NoAliases(yaml.SafeDumper):
    """Write shared values out in full: sheetgen refuses YAML anchors and aliases."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def write_yaml(path: Path, data: dict[str, Any]) -> Path:
    text = yaml.dump(data, Dumper=NoAliases, allow_unicode=True, sort_keys=False, width=1000)
    path.write_text(text, encoding="utf-8")
    return path


def sheetgen(args: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sheetgen", *args],
        cwd=cwd,
        env=sheetgen_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    write_yaml(tmp_path / "hostile-pack.yaml", hostile_pack())
    write_yaml(tmp_path / "hostile-site.yaml", hostile_site())
    return tmp_path


# --- text never becomes markup ------------------------------------------------------------------


def test_the_hostile_files_are_valid(hostile: Path) -> None:
    done = sheetgen(["check", "hostile-pack.yaml", "hostile-site.yaml"], hostile)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [
        ["cards", "hostile-site.yaml", "--backs"],
        ["reference", "hostile-pack.yaml"],
        ["tracker", "hostile-pack.yaml"],
        ["timetable", "hostile-site.yaml", "--seed", "5"],
        ["packet", "hostile-site.yaml", "--seed", "5", "-q"],
    ],
    ids=["cards", "reference", "tracker", "timetable", "packet"],
)
def test_markup_in_every_text_field_prints_literally(hostile: Path, command: list[str]) -> None:
    done = sheetgen([*command, "-o", "out.pdf"], hostile)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    text = squeezed(" ".join(page_texts(read_pdf((hostile / "out.pdf").read_bytes()))))
    short = text.count(squeezed(SHORT))
    full = text.count(squeezed(PAYLOAD))
    assert short >= 1 and (full >= 1 or command[0] == "timetable"), (short, full)
    for piece in (
        "<b>x</b>",
        '<imgsrc="file:///etc/passwd">',
        "<style>*{color:red}</style>",
        '<fontcolor="red"size="expression(alert(1))">f</font>',
        "{%raw%}{%endraw%}",
    ):
        if command[0] != "timetable":
            assert piece in text, piece
    # Jinja never ran the text: {{ 7*7 }} is there, and 49 is not where it stood
    assert "{{7*7}}" in text
    assert squeezed(SHORT.replace("{{ 7*7 }}", "49")) not in text
    assert squeezed(PAYLOAD.replace("{{ 7*7 }}", "49")) not in text
    assert "<i>A</i>{{7*7}}" in text or command[0] in ("reference", "tracker", "timetable")


# --- nothing outside the package is opened or fetched --------------------------------------------

AUDITED = textwrap.dedent("""
    import json, os, sys

    allowed = [os.path.realpath(p) for p in json.loads(sys.argv[1])]
    log_path = sys.argv[2]
    seen = []
    NETWORK = ("socket.connect", "socket.getaddrinfo", "socket.gethostbyname", "socket.bind",
               "urllib.Request", "http.client.connect", "subprocess.Popen", "os.system", "os.exec")

    def inside(path):
        return any(path == root or path.startswith(root + os.sep) for root in allowed)

    def hook(event, args):
        if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
            path = os.path.realpath(os.path.abspath(os.fsdecode(args[0])))
            if not inside(path):
                seen.append(["open", path])
        elif event in NETWORK:
            seen.append([event, repr(args)[:300]])

    def save():
        with open(log_path, "w") as handle:
            json.dump(seen, handle)

    import atexit
    atexit.register(save)
    # Loading the renderers' native libraries runs ldconfig and opens temporary files (ctypes'
    # find_library); that happens once, before any input is read, so it is done before listening.
    import weasyprint, pypdf, reportlab.pdfgen.canvas, fontTools.ttLib, pypdfium2  # noqa: E401, F401
    sys.addaudithook(hook)
    if sys.argv[3] == "--library":
        # a custom stylesheet and HTML handed straight to the renderer
        from sheetgen.errors import RenderError
        from sheetgen.render.html.weasy import html_to_pdf
        try:
            html_to_pdf(sys.argv[4], title="t", subject="s", base_css=sys.argv[5])
        except RenderError as exc:
            print(exc, file=sys.stderr)
            sys.exit(2)
        sys.exit(0)
    sys.argv = ["sheetgen", *sys.argv[3:]]
    from sheetgen.cli import main
    main()
""")

#: References to files outside the package and to the network, as pack and site text.
FETCHES = (
    '<img src="file:///etc/passwd"> <link rel="stylesheet" href="http://127.0.0.1:9/x.css"> '
    '<style>@import url("file:///etc/shadow"); body{background:url(http://127.0.0.1:9/bg.png)}</style> '
    '<iframe src="../../../../etc/hostname"></iframe> ![x](https://example.invalid/a.png) '
    '<object data="/etc/passwd"></object> url(../../../etc/passwd)'
)
OUTSIDE_CSS = (
    '@import url("file:///etc/passwd"); @import url("http://127.0.0.1:9/x.css"); '
    '@font-face { font-family: x; src: url("/etc/passwd"); } '
    'body { background: url("../../../../etc/hostname"); }'
)


def allowed_roots(tmp_path: Path) -> list[str]:
    """Where a run may open files: the checkout (package, fonts, templates), Python and its libraries,
    and the test's own folder."""
    import site
    import sysconfig

    roots = {
        str(ROOT),
        str(tmp_path),
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        *site.getsitepackages(),
        site.getusersitepackages(),
        *sysconfig.get_paths().values(),
    }
    return sorted(roots)


def audited(tmp_path: Path, args: list[str]) -> tuple[subprocess.CompletedProcess[str], list[list[str]]]:
    runner = tmp_path / "audited.py"
    runner.write_text(AUDITED, encoding="utf-8")
    log = tmp_path / "events.json"
    # WeasyPrint hands fonts to fontconfig through files in its own temporary folder: keep that here
    (tmp_path / "tmp").mkdir(exist_ok=True)
    # and the cache of rendered reference pages, with the key that seals its entries
    env = {
        **sheetgen_env(),
        "TMPDIR": str(tmp_path / "tmp"),
        "SHEETGEN_CACHE_DIR": str(tmp_path / "cache"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    done = subprocess.run(
        [sys.executable, str(runner), json.dumps(allowed_roots(tmp_path)), str(log), *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done, json.loads(log.read_text(encoding="utf-8"))


def fetching_site(tmp_path: Path) -> None:
    pack = hostile_pack()
    pack["reference"]["pages"][0]["sections"][0]["text"] = FETCHES
    pack["summary"] = FETCHES
    write_yaml(tmp_path / "hostile-pack.yaml", pack)
    site = hostile_site()
    site["rooms"][0]["description"] = FETCHES
    site["statblocks"][0]["description"] = FETCHES
    write_yaml(tmp_path / "hostile-site.yaml", site)


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [
        ["reference", "hostile-pack.yaml", "-o", "out.pdf"],
        ["packet", "hostile-site.yaml", "--seed", "3", "-q", "-o", "out.pdf"],
    ],
    ids=["reference", "packet"],
)
def test_pack_text_fetches_nothing(tmp_path: Path, command: list[str]) -> None:
    fetching_site(tmp_path)
    done, events = audited(tmp_path, command)
    assert done.returncode == 0, done.stderr
    assert events == []
    text = squeezed(" ".join(page_texts(read_pdf((tmp_path / "out.pdf").read_bytes()))))
    assert '<imgsrc="file:///etc/passwd">' in text


def test_a_custom_stylesheet_fetches_nothing(tmp_path: Path) -> None:
    """sheetgen's CLI takes no stylesheets; the renderer below it refuses what one would ask for."""
    html = f"<p>{FETCHES}</p><img src='file:///etc/passwd'><img src='http://127.0.0.1:9/i.png'>"
    done, events = audited(tmp_path, ["--library", html, OUTSIDE_CSS])
    assert done.returncode == 2
    assert 'the page asks for "file:///etc/passwd", which sheetgen does not read' in done.stderr
    assert events == []


def test_the_audit_hook_sees_an_open_outside(tmp_path: Path) -> None:
    """The hook itself works: opening a file outside the allowed folders is logged."""
    done, events = audited(tmp_path, ["--library", "<p>x</p>", "p { color: black }"])
    assert done.returncode == 0, done.stderr
    assert events == []
    outside = "/etc/hostname" if Path("/etc/hostname").exists() else "/etc/passwd"
    script = tmp_path / "audited.py"
    script.write_text(
        AUDITED.replace("sys.addaudithook(hook)", f"sys.addaudithook(hook); open({outside!r}).close()"),
        encoding="utf-8",
    )
    log = tmp_path / "events.json"
    subprocess.run(
        [sys.executable, str(script), json.dumps(allowed_roots(tmp_path)), str(log), "--library", "<p>x</p>", ""],
        cwd=tmp_path,
        env=sheetgen_env(),
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert ["open", str(Path(outside).resolve())] in json.loads(log.read_text(encoding="utf-8"))


# --- limits ---------------------------------------------------------------------------------------


def small_site(**changes: Any) -> dict[str, Any]:
    site: dict[str, Any] = {"site": "Small", "system": "dungeon-turn", "rooms": [{"key": "1", "name": "Hall"}]}
    site.update(changes)
    return site


def small_pack(check: dict[str, Any], length: str = "10 minutes", **more: Any) -> dict[str, Any]:
    return {
        "kind": "pack",
        "id": "small",
        "name": "Small",
        "time": {"unit": "turn", "length": length},
        "check": {"name": "Danger", "when": "each turn", "formula": "roll", **check},
        **more,
        "reference": {"pages": [{"title": "T", "sections": [{"kind": "text", "text": "x"}]}]},
    }


#: A few hundred bytes whose exact odds would take minutes and gigabytes: three tracks of a thousand
#: levels, a d1000 advancing one of them, and a cadence that depends on another.
STATE_EXPLOSION = small_pack(
    {
        "roll": "1d1000",
        "add": ["a", "b"],
        "trigger": {"track_full": "c"},
        "advance": {
            "track": "c",
            "by": [{"roll": "1-500", "by": 0}, {"roll": "501-999", "by": 1}, {"roll": "1000", "by": 1000}],
        },
        "on_encounter": {"reset": ["a"]},
        "cadence": {"every": {"track": "a", "levels": {"0-333": 1, "334-666": 997, "667-1000": 1000}}},
    },
    length="30 seconds",
    tracks=[
        {"id": "a", "name": "A", "max": 1000, "per_unit": 1},
        {"id": "b", "name": "B", "max": 1000, "per_unit": 3},
        {"id": "c", "name": "C", "max": 1000},
    ],
)

LIMIT_CASES: dict[str, tuple[dict[str, Any], list[str], str]] = {
    "rooms": (
        small_site(rooms=[{"key": str(i), "name": f"Room {i}"} for i in range(limits.MAX_ROOMS + 1)]),
        ["packet", "site.yaml", "-o", "out.pdf"],
        f"error: site.yaml:4:1: rooms: {limits.MAX_ROOMS + 1} entries; at most {limits.MAX_ROOMS} are allowed",
    ),
    "hours": (
        small_site(),
        ["timetable", "site.yaml", "--hours", str(limits.MAX_HOURS + 1), "-o", "out.pdf"],
        f"error: --hours must be a whole number from 1 to {limits.MAX_HOURS}, not {limits.MAX_HOURS + 1}",
    ),
    "text": (
        small_site(rooms=[{"key": "1", "name": "Hall", "description": "x" * 7_000}]),
        ["cards", "site.yaml", "-o", "out.pdf"],
        f"error: site.yaml:6:16: rooms[0].description: text is 7000 characters; at most {limits.MAX_TEXT} are allowed",
    ),
    "dice": (
        small_site(wandering={"roll": "1d6", "entries": [{"roll": "1-6", "name": "Rats", "appearing": "1001d6"}]}),
        ["timetable", "site.yaml", "-o", "out.pdf"],
        'error: site.yaml:11:16: wandering.entries[0].appearing: dice "1001d6": too many dice (the limit is 1000) '
        "at column 1",
    ),
    "units": (
        small_pack({"roll": "1d997", "trigger": {"at_least": 997}}, length="1 second"),
        ["timetable", "site.yaml", "--hours", "72", "-o", "out.pdf"],
        f"error: --hours 72 is 259,200 turns of Small; odds and timetables cover at most {limits.MAX_UNITS:,} "
        "turns: ask for fewer hours",
    ),
    "states": (
        STATE_EXPLOSION,
        ["timetable", "site.yaml", "--hours", "1", "-o", "out.pdf"],
        'error: site.yaml:8:3: check: Small ("small"): its check has too many states to work out the odds exactly '
        f"(more than {limits.MAX_ODDS_WORK:,} steps); use fewer or shorter tracks, smaller dice or pools, or fewer "
        "hours",
    ),
    "long-numbers": (
        small_pack({"roll": "394d6", "trigger": {"at_least": 1400}}, length="10 minutes"),
        ["timetable", "site.yaml", "--hours", "72", "-o", "out.pdf"],
        'error: site.yaml:8:3: check: Small ("small"): its exact odds over these hours run to numbers of 131,995 '
        f"digits, too long to work out in a few seconds (more than {limits.MAX_ODDS_WORK:,} steps); use smaller "
        "dice, or fewer hours",
    ),
    "pool-on-the-page": (
        small_pack(
            {"pool": {"die": "d1000", "base": 40, "max_dice": 40}, "trigger": {"at_least": 1000}, "formula": "pool"}
        ),
        ["timetable", "site.yaml", "-o", "out.pdf"],
        "error: Small (small): a pool of 40 dice does not fit on a timetable row beside the rules; use fewer "
        "dice in the check",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(LIMIT_CASES))
def test_limits_are_refused_quickly(tmp_path: Path, name: str) -> None:
    data, args, message = LIMIT_CASES[name]
    write_yaml(tmp_path / "site.yaml", data)
    done = sheetgen(args, tmp_path, timeout=60)  # a limit that is not enforced runs past the timeout
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [message]
    assert not (tmp_path / "out.pdf").exists()


def test_exact_odds_too_long_to_write_are_left_out_of_json(tmp_path: Path) -> None:
    """A pool of d1000s checked for hours has odds whose exact fractions run to thousands of digits."""
    write_yaml(
        tmp_path / "pool.yaml",
        small_pack(
            {
                "pool": {"die": "d1000", "base": 0, "grow": 1, "max_dice": 100, "roll_at": 100},
                "trigger": {"at_least": 1000},
                "formula": "pool",
            },
            length="30 seconds",
        ),
    )
    done = sheetgen(["timetable", "pool.yaml", "--hours", "4", "--format", "json", "-o", "out.json"], tmp_path)
    assert done.returncode == 0, done.stderr
    odds = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["odds"]
    chances = [check[key] for check in odds["checks"] for key in ("chance", "chance_first")]
    assert any(c["exact"] is None for c in chances)
    assert all(c["exact"] is None or len(c["exact"]) < 2_100 for c in chances)
    assert all(0 <= c["approx"] <= 1 for c in chances)


def test_the_readme_documents_the_limits() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for value in (limits.MAX_FILE_BYTES, limits.MAX_ROOMS, limits.MAX_TEXT, limits.MAX_HOURS, 1_000):
        assert f"{value:,}" in readme or str(value) in readme, value
