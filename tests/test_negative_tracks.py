"""A track whose minimum is below 0 is drawn from one description (sheetgen.sheets.mechanics.track_boxes
and track_rungs) on the reference page and on the tracker: the same boxes, the same labels, the same
heavy omen boxes, whether it is drawn as boxes, a ladder or a clock."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetgen.load.files import load_pack
from sheetgen.options import RenderOptions
from sheetgen.render.html.reference import reference_html
from sheetgen.render.pdf.trackers import tracker_layouts
from sheetgen.sheets.mechanics import track_boxes, track_rungs

PACK = """\
kind: pack
id: mood
name: Mood
time: {unit: round, length: 30 minutes}
check:
  name: Mood Check
  when: every round
  formula: Roll **1d6 + Mood**; on 6 or more, trouble.
  roll: 1d6
  add: [mood]
  trigger: {at_least: 6}
  result: trouble
tracks:
  - id: mood
    name: Mood
    min: -3
    max: 2
    start: -1
    display: DISPLAY
    levels:
      - {at: "-3 to -2", label: Grim, omen: true}
      - {at: "-1 to 0", label: Uneasy}
      - {at: "1-2", label: Bold}
reference:
  pages:
    - title: Mood
      sections: [{kind: track, ref: mood}]
trackers:
  - id: gm
    title: Mood
    audience: gm
    parts: [{kind: track, ref: mood}]
"""


@pytest.mark.parametrize("display", ["boxes", "ladder", "clock"])
def test_reference_and_tracker_draw_the_same_boxes_below_zero(tmp_path: Path, display: str) -> None:
    path = tmp_path / "mood.yaml"
    path.write_text(PACK.replace("DISPLAY", display), encoding="utf-8")
    pack = load_pack(str(path))
    track = pack.track("mood")
    described = track_rungs(track) if display == "ladder" else track_boxes(track)
    # a ladder has a rung for every level, -3 included; boxes and a clock one for each step above -3
    levels = list(range(-3, 3)) if display == "ladder" else list(range(-2, 3))
    assert [box.level for box in described] == levels
    assert [box.omen for box in described] == [lv <= -2 for lv in levels]
    assert [box.start for box in described] == [lv == -1 for lv in levels]
    layout = tracker_layouts(pack, RenderOptions())[0]
    drawn = [b.tooltip for b in layout.boxes if b.name.startswith("mood-")]
    expected = [f"Mood {box.label}" for box in described]
    assert drawn == (expected[::-1] if display == "ladder" else expected)  # a ladder's top rung first
    if display != "clock":  # omen boxes are heavy on both sheets (a clock draws its omen marks as lines)
        heavy = {(r.x, r.y) for r in layout.rects if r.role == "omen"}
        assert {
            (b.x, b.y)
            for b in layout.boxes
            if b.name.startswith("mood-") and b.tooltip in {f"Mood {box.label}" for box in described if box.omen}
        } == heavy
        assert len(heavy) == sum(box.omen for box in described)
    html = reference_html(pack, RenderOptions())
    if display == "boxes":
        labels = re.findall(
            r'<span class="track-box( omen)?"><span class="box big"></span>'
            r'<span class="box-label">([^<]*)</span>',
            html,
        )
        assert [(bool(omen), label) for omen, label in labels] == [(box.omen, box.label) for box in described]
    elif display == "ladder":
        assert html.count('<td class="rung">') == len(described)
        for box in described:
            assert f'<td class="rung-level">{box.label}</td>' in html or box.label in html
