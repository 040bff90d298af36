"""Picture tests: each sheet kind rendered to a small grey-scale PNG and compared with a golden one.

A design change shows as a failing picture: the test writes the actual, expected and difference images
beside each other and names them. When the change is wanted, look at those images, then refresh the
goldens on purpose with ``pytest tests/test_pictures.py --update-goldens`` and review the new PNGs in
the diff before committing them.

Pictures are compared with a tolerance, not byte for byte, so that another build of PDFium or of the
font rasteriser (which may anti-alias an edge differently) does not fail them: a pixel counts as
changed when its grey differs by more than :data:`GREY_STEP`, and a picture fails when more than
:data:`CHANGED_SHARE` of its pixels changed. A moved rule, a box more or less, a wrapped line or a
changed type size changes far more than that.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from sheetgen.cli import cli
from sheetgen.preview import render_png

GOLDENS = Path(__file__).parent / "goldens"
DPI = 40
GREY_STEP = 64
CHANGED_SHARE = 0.001


@dataclass(frozen=True)
class Picture:
    name: str
    args: tuple[str, ...]
    page: int = 1
    slow: bool = False


PACKS = Path(__file__).parent / "data" / "packs"
SITES = Path(__file__).parent / "data" / "sites"
PICTURES = (
    Picture("reference-dungeon-turn", ("reference", "dungeon-turn", "--no-cache")),
    Picture("reference-site-alarm", ("reference", "site-alarm", "--no-cache")),
    Picture("reference-players-encounter-clock", ("reference", "encounter-clock", "--for", "players", "--no-cache")),
    Picture("reference-bx-dungeon", ("reference", "bx-dungeon", "--no-cache")),
    Picture("tracker-dungeon-turn", ("tracker", "dungeon-turn")),
    Picture("tracker-bx-dungeon", ("tracker", "bx-dungeon")),
    Picture("cards-poker-mill-cellars", ("cards", "the-mill-cellars"), page=2),
    Picture("reference-tension-dice", ("reference", "tension-dice", "--no-cache")),
    Picture("tracker-tension-dice", ("tracker", "tension-dice")),
    Picture("tracker-encounter-clock", ("tracker", "encounter-clock")),
    Picture("tracker-usage-light", ("tracker", str(PACKS / "usage-light.yaml"))),
    Picture("tracker-several-rolls", ("tracker", str(PACKS / "several-rolls.yaml"))),
    Picture("timetable-chapel", ("timetable", "the-sunken-chapel", "--seed", "7")),
    Picture("timetable-several-rolls", ("timetable", str(PACKS / "several-rolls.yaml"), "--seed", "3", "--hours", "3")),
    Picture("cards-poker-chapel", ("cards", "the-sunken-chapel")),
    Picture("map-chapel", ("map", "the-sunken-chapel")),
    Picture("map-floor-plan-toll-house", ("map", str(SITES / "toll-house.yaml"))),
    Picture("map-floor-plan-players-toll-house", ("map", str(SITES / "toll-house.yaml"), "--for", "players")),
    Picture("cards-index-backs-chapel", ("cards", "the-sunken-chapel", "--size", "index", "--backs"), page=2),
    Picture("packet-cover-chapel", ("packet", "--seed", "7", "-q", "--no-cache"), slow=True),
    Picture("packet-front-chapel", ("packet", "--seed", "7", "-q", "--no-cache"), page=2, slow=True),
    Picture(
        "packet-front-salt-road", ("packet", "the-salt-road", "--seed", "7", "-q", "--no-cache"), page=2, slow=True
    ),
    Picture("timetable-salt-road", ("timetable", "the-salt-road", "--seed", "7")),
)


def grey_png(pdf: bytes, page: int) -> Image.Image:
    return Image.open(io.BytesIO(render_png(pdf, page=page, dpi=DPI))).convert("L")


def changed_share(actual: Image.Image, expected: Image.Image) -> tuple[float, Image.Image]:
    difference = ImageChops.difference(actual, expected)
    changed = difference.point(lambda v: 255 if v > GREY_STEP else 0)
    return changed.histogram()[255] / (actual.width * actual.height), changed


@pytest.mark.parametrize(
    "picture", [pytest.param(p, id=p.name, marks=[pytest.mark.slow] if p.slow else []) for p in PICTURES]
)
def test_sheet_looks_as_designed(picture: Picture, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    out = tmp_path / f"{picture.name}.pdf"
    done = CliRunner().invoke(cli, [*picture.args, "-o", str(out)], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    actual = grey_png(out.read_bytes(), picture.page)
    golden = GOLDENS / f"{picture.name}.png"
    if request.config.getoption("--update-goldens"):
        GOLDENS.mkdir(exist_ok=True)
        actual.save(golden, optimize=True)
        return
    assert golden.exists(), f"no golden picture {golden}: run pytest {__file__} --update-goldens and look at it"
    expected = Image.open(golden).convert("L")
    if expected.size != actual.size:
        pytest.fail(f"{picture.name}: the page is {actual.size} pixels, the golden {expected.size}")
    share, changed = changed_share(actual, expected)
    if share > CHANGED_SHARE:
        actual.save(tmp_path / "actual.png")
        expected.save(tmp_path / "expected.png")
        changed.save(tmp_path / "difference.png")
        pytest.fail(
            f"{picture.name}: {share:.2%} of the pixels changed (at most {CHANGED_SHARE:.2%}); "
            f"see actual.png, expected.png and difference.png in {tmp_path}; if the change is "
            "wanted, look at them and run with --update-goldens"
        )


def test_an_unchanged_picture_passes_and_a_moved_rule_fails() -> None:
    """The comparison itself: the tolerance lets a grey edge through, not a line drawn elsewhere."""
    base = Image.new("L", (340, 440), 255)
    for x in range(40, 300):
        base.putpixel((x, 100), 0)
    softer = base.copy()
    for x in range(40, 300):
        softer.putpixel((x, 101), 220)  # anti-aliasing of the same line
    moved = Image.new("L", base.size, 255)
    for x in range(40, 300):
        moved.putpixel((x, 140), 0)
    assert changed_share(softer, base)[0] <= CHANGED_SHARE
    assert changed_share(moved, base)[0] > CHANGED_SHARE
