"""Sample dungeons in the JSON of Watabou's One Page Dungeon, made from a seed; and the edge cases.

Rooms stand on a lattice, joined along a random spanning tree (and a few more links) by corridors
with a door at each end, drawn the way the generator draws them: every door is also a 1 x 1 rect,
corridors are one square wide, and notes sit in the middle of their rooms. Run this file to write
the fixtures in tests/watabou/ again:

    python tests/watabou_maps.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent / "watabou"
SPACING = 8
TEXTS = [
    "A dying knight, a key among his belongings.",
    "A mosaic, totally destroyed by mold.",
    "A broken strongbox with a bronze chess piece in it.",
    "An altar | a bowl of *ash* and a [torn] banner -- still warm.",
    "Two ghouls gnaw at old bones. They flee from fire.",
    "A pit trap under loose flagstones, 20 ft deep.",
]


def generate(seed: int, cols: int, rows: int, *, notes: bool = True, title: str | None = None) -> dict[str, Any]:
    """A connected dungeon of ``cols`` x ``rows`` rooms."""
    rng = random.Random(seed)
    rects: list[dict[str, Any]] = []
    doors: list[dict[str, Any]] = []
    room_at: dict[tuple[int, int], dict[str, Any]] = {}
    for row in range(rows):
        for col in range(cols):
            w, h = rng.randint(3, 5), rng.randint(3, 5)
            rect: dict[str, Any] = {
                "x": col * SPACING + rng.randint(0, 1),
                "y": row * SPACING + rng.randint(0, 1),
                "w": w,
                "h": h,
            }
            if w == h and rng.random() < 0.3:
                rect["rotunda"] = True
            room_at[(col, row)] = rect
            rects.append(rect)
    rects[-1]["ending"] = True
    links = _tree(rng, cols, rows)
    for a, b in sorted(links):
        _join(rng, room_at[a], room_at[b], rects, doors)
    first = room_at[(0, 0)]
    entrance = (first["x"] + 1, first["y"] - 1)
    doors.append({"x": entrance[0], "y": entrance[1], "dir": {"x": 0, "y": 1}, "type": 3})
    rects.append({"x": entrance[0], "y": entrance[1], "w": 1, "h": 1})
    dungeon_notes = []
    columns: list[dict[str, int]] = []
    water: list[dict[str, int]] = []
    ref = 1
    for _, rect in sorted(room_at.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if notes and rng.random() < 0.75:
            dungeon_notes.append(
                {
                    "text": rng.choice(TEXTS),
                    "ref": str(ref),
                    "pos": {"x": rect["x"] + rect["w"] / 2, "y": rect["y"] + rect["h"] / 2},
                }
            )
            ref += 1
        if rng.random() < 0.2:
            water += [{"x": rect["x"] + dx, "y": rect["y"]} for dx in range(rect["w"])]
        if rng.random() < 0.2:
            columns += [{"x": rect["x"] + 1, "y": rect["y"] + dy} for dy in range(1, rect["h"] - 1)]
    return {
        "version": "1.2.4b",
        "title": title or f"Sample Dungeon {seed}",
        "story": "The halls were sealed a century ago. Something has opened them.",
        "rects": rects,
        "doors": doors,
        "notes": dungeon_notes,
        "columns": columns,
        "water": water,
    }


def _tree(rng: random.Random, cols: int, rows: int) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """A random spanning tree of the lattice, and a few more links."""
    seen = {(0, 0)}
    stack = [(0, 0)]
    links = set()
    while stack:
        col, row = stack[-1]
        nexts = [
            (c, r)
            for c, r in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1))
            if 0 <= c < cols and 0 <= r < rows and (c, r) not in seen
        ]
        if not nexts:
            stack.pop()
            continue
        nxt = rng.choice(nexts)
        links.add((min((col, row), nxt), max((col, row), nxt)))
        seen.add(nxt)
        stack.append(nxt)
    for col in range(cols - 1):
        for row in range(rows):
            if rng.random() < 0.15:
                links.add(((col, row), (col + 1, row)))
    return links


def _join(
    rng: random.Random, a: dict[str, Any], b: dict[str, Any], rects: list[dict[str, Any]], doors: list[dict[str, Any]]
) -> None:
    """A corridor with a door at each end between two rooms next to each other on the lattice."""
    kinds = [0, 0, 1, 1, 1, 2, 4, 5, 6, 7, 9]
    if b["x"] >= a["x"] + a["w"]:  # b is east of a: join along a row both rooms cover
        y = max(a["y"], b["y"]) + 1
        start, end = a["x"] + a["w"], b["x"] - 1
        cells = [(start, y), (end, y)]
        corridor = {"x": start + 1, "y": y, "w": end - start - 1, "h": 1}
        facing = {"x": 1, "y": 0}
    else:  # b is south of a
        x = max(a["x"], b["x"]) + 1
        start, end = a["y"] + a["h"], b["y"] - 1
        cells = [(x, start), (x, end)]
        corridor = {"x": x, "y": start + 1, "w": 1, "h": end - start - 1}
        facing = {"x": 0, "y": 1}
    for x, y in cells:
        doors.append({"x": x, "y": y, "dir": dict(facing), "type": rng.choice(kinds)})
        rects.append({"x": x, "y": y, "w": 1, "h": 1})
    if corridor["w"] >= 1 and corridor["h"] >= 1:
        rects.append(corridor)


def edge_cases() -> dict[str, dict[str, Any]]:
    """The hand-shaped cases: no notes, a note outside every rect, doors at the map's edge."""
    no_notes = generate(7, 3, 2, notes=False, title="Unnoted Vaults")
    outside = generate(8, 3, 2, title="Scattered Notes")
    outside["notes"].append(
        {"text": "Scratched on the outer wall: TURN BACK.", "ref": "99", "pos": {"x": -30.5, "y": -12.25}}
    )
    corridor = next(r for r in outside["rects"] if r["w"] > 1 and r["h"] == 1)
    outside["notes"].append(
        {
            "text": "A dead torch in the passage.",
            "ref": "98",
            "pos": {"x": corridor["x"] + 0.5, "y": corridor["y"] + 0.5},
        }
    )
    edges = generate(9, 2, 2, title="Crumbling Edge")
    rooms = [r for r in edges["rects"] if r["w"] > 1 and r["h"] > 1]
    for rect, kind, dx in ((rooms[0], 8, -1), (rooms[1], 6, 1), (rooms[-1], 4, 0)):
        x = rect["x"] - 1 if dx < 0 else rect["x"] + rect["w"] if dx > 0 else rect["x"]
        y = rect["y"] + 1 if dx else rect["y"] + rect["h"]
        edges["doors"].append({"x": x, "y": y, "dir": {"x": dx, "y": 0 if dx else 1}, "type": kind})
        edges["rects"].append({"x": x, "y": y, "w": 1, "h": 1})
    return {"no-notes": no_notes, "note-outside": outside, "edge-doors": edges}


def fixtures() -> dict[str, dict[str, Any]]:
    """Every fixture by file stem: three sample dungeons and the edge cases (not the 200-room map)."""
    made = {f"sample-{seed}": generate(seed, 4, 3) for seed in (1, 2, 3)}
    made.update(edge_cases())
    return made


def write_all(folder: Path = HERE) -> None:
    folder.mkdir(exist_ok=True)
    for stem, data in fixtures().items():
        (folder / f"{stem}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
