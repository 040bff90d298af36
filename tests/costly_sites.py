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
