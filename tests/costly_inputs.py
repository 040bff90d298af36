"""Site files written for a test or the benchmark, at what a site's limits still allow (sheetgen.limits).

Made when they are needed, so that no large file is kept in the tree.
"""

from __future__ import annotations

import random
from pathlib import Path

from sheetgen import limits

LONG_ROOMS = 12
"""Rooms of :func:`long_rooms_site`."""


def prose(rng: random.Random, length: int) -> str:
    """Made-up words in sentences, *length* characters at most: each word new to the line breaker (a real
    dungeon's prose has few repeated words), each sentence ended by a full stop where a card may break it."""
    words: list[str] = []
    used = 0
    while True:
        word = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 9)))
        if rng.random() < 0.1:
            word += "."
        if used + len(word) + 1 > length:
            break
        words.append(word)
        used += len(word) + 1
    return " ".join(words).rstrip(".") + "."


def long_rooms_site(path: Path, rooms: int = LONG_ROOMS, seed: int = 1) -> Path:
    """A site of *rooms* rooms, each as long as a room's cards may print (limits.MAX_CARD_TEXT, less a little):
    three text fields at their longest (limits.MAX_TEXT) and notes with the rest."""
    rng = random.Random(seed)
    lines = ["site: Long Rooms", "system: dungeon-turn", "rooms:"]
    for key in range(1, rooms + 1):
        name = f"Room {key}"
        notes = limits.MAX_CARD_TEXT - 300 - 3 * limits.MAX_TEXT - len(name) - len(str(key))
        lines += [f'  - key: "{key}"', f"    name: {name}"]
        for field in ("description", "trap", "treasure"):
            lines.append(f'    {field}: "{prose(rng, limits.MAX_TEXT)}"')
        lines.append(f'    notes: "{prose(rng, notes)}"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def worst_map(path: Path) -> Path:
    """A One Page Dungeon JSON at the importer's limits (sheetgen.importers.watabou_json), which reads and
    plans it whole before refusing its floor plan for holding more than a site's map may: 484 rooms (a site
    holds MAX_ROOMS), their corridors and doors, then a comb of corridors one square wide, as many squares
    as all rects may cover, and columns and water squares, as many of each as the file may hold beside
    them (limits.MAX_FILE_BYTES); every square is walked when the rooms are joined."""
    import json

    from watabou_maps import generate

    from sheetgen.importers.watabou_json import MAX_COORD, MAX_ITEMS, MAX_SQUARES

    data = generate(1, 22, 22)
    rooms = list(data["rects"])
    covered = sum(rect["w"] * rect["h"] for rect in rooms)
    top = max(rect["y"] + rect["h"] for rect in rooms) + 2
    squares = [(rect["x"] + dx, rect["y"] + dy) for rect in rooms for dx in range(rect["w"]) for dy in range(rect["h"])]
    share = 1.0
    while True:
        spare = int((MAX_ITEMS - len(rooms)) * share)
        length = min(2 * (MAX_SQUARES - covered - spare) // max(spare, 1), MAX_COORD // 4)
        # long corridors, each joined to the next by one square
        comb = [{"x": n, "y": top, "w": 1, "h": length if n % 2 == 0 else 1} for n in range(spare)]
        listed = [{"x": x, "y": y} for x, y in squares[: int(MAX_ITEMS * share)]]
        text = json.dumps(
            {**data, "rects": rooms + comb, "columns": listed, "water": listed[::-1]}, separators=(",", ":")
        )
        if len(text.encode()) <= limits.MAX_FILE_BYTES:
            break
        share *= 0.95
    path.write_text(text, encoding="utf-8")
    return path


def odds_pack(path: Path, dice: str, at_least: int) -> Path:
    """A pack whose check every 10 minutes rolls *dice* against *at_least*: its exact odds are sums of those
    dice over every turn, the numbers as long as their limit (limits.MAX_ODDS_WORK) allows."""
    path.write_text(
        "kind: pack\nid: big-dice\nname: Big Dice\ntime: {unit: turn, length: 10 minutes}\n"
        "check: {name: Danger, when: each turn, formula: roll, roll: "
        + dice
        + ", trigger: {at_least: "
        + str(at_least)
        + "}}\n"
        "reference: {pages: [{title: T, sections: [{kind: text, text: x}]}]}\n",
        encoding="utf-8",
    )
    return path


def pdf_file(objects: list[bytes]) -> bytes:
    """A PDF of *objects* (numbered from 1, the first the catalogue), with its cross-reference table."""
    out, offsets = b"%PDF-1.7\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)


def page_pdf(content: bytes, forms: tuple[bytes, ...] = ()) -> bytes:
    """A letter page drawing *content*; *forms* are form XObjects named /F1, /F2, ... on the page, and each
    may draw the next as /F."""
    names = b" ".join(b"/F%d %d 0 R" % (n, 5 + n - 1) for n in range(1, len(forms) + 1))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << "
        + names
        + b" >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    ]
    for n, body in enumerate(forms):
        inner = b"/Resources << /XObject << /F %d 0 R >> >> " % (5 + n + 1) if n + 1 < len(forms) else b""
        objects.append(
            b"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] "
            + inner
            + b"/Length %d >>\nstream\n" % len(body)
            + body
            + b"\nendstream"
        )
    return pdf_file(objects)


def strokes_pdf(count: int) -> bytes:
    """A page of *count* short strokes, each a painting operator."""
    return page_pdf(
        b"".join(b"%d %d m %d %d l S\n" % (n % 600, n % 780, n % 600 + 3, n % 780 + 3) for n in range(count))
    )


def forms_pdf(outer: int, inner: int) -> bytes:
    """A page drawing a form *outer* times, which draws a form of one short stroke *inner* times: outer x
    (1 + inner) forms drawn."""
    return page_pdf(b"/F1 Do\n" * outer, (b"/F Do\n" * inner, b"0 0 m 9 9 l S\n"))


def fills_pdf(count: int) -> bytes:
    """A page filled all over *count* times, in greys one after another."""
    return page_pdf(b"".join(b"%.2f g 0 0 612 792 re f\n" % ((n % 10) / 10) for n in range(count)))
