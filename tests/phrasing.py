"""Helpers of the exact-phrase tables (tests/test_phrases_*.py): small packs (a few fields in, a validated Pack
or Check out, with turns of 10 minutes and a one-page reference unless the fields say otherwise), a deck's
card, and what a phrase says in German."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sheetgen.engine.deck import DeckCard
from sheetgen.model.pack import Check, Pack
from sheetgen.words.language import using

T = TypeVar("T")


def in_german(said: Callable[[], T]) -> T:
    """What *said* says with sheetgen's words in German."""
    with using("de"):
        return said()


def pack_of(**fields: Any) -> Pack:
    """A pack with *fields* over a pack of 10-minute turns that has nothing else."""
    data: dict[str, Any] = {
        "kind": "pack",
        "id": "phrases",
        "name": "Phrases",
        "time": {"unit": "turn", "length": "10 minutes"},
        "reference": {"pages": [{"title": "Phrases", "sections": [{"kind": "text", "text": "Rules."}]}]},
    }
    return Pack.model_validate(data | fields)


def check_of(**fields: Any) -> Check:
    """A check with *fields* (its dice and trigger at least)."""
    return Check.model_validate({"name": "Check", "when": "every turn", "formula": "Roll.", **fields})


def checked_pack(tracks: list[dict[str, Any]] | None = None, **check: Any) -> Pack:
    """A pack of 10-minute turns with *tracks* and a check of the fields *check*."""
    return pack_of(tracks=tracks or [], check={"name": "Check", "when": "every turn", "formula": "Roll.", **check})


def card_of(**fields: Any) -> DeckCard:
    """Card 1 of a deck, Goblins (1d8 = 3, the entry for 3-4), 5 appearing (2d4: 1+4), with *fields* over it
    and nothing else rolled."""
    card: dict[str, Any] = {
        "index": 1,
        "dice": "1d8",
        "roll": 3,
        "faces": (3,),
        "range": "3-4",
        "name": "Goblins",
        "text": "",
        "appearing_dice": "2d4",
        "appearing": 5,
        "appearing_faces": (1, 4),
        "distance": None,
        "reaction": None,
        "morale": None,
        "morale_roll": None,
        "morale_faces": (),
        "morale_fails": None,
        "zone": None,
        "zone_text": None,
        "stat_id": None,
        "stat_name": None,
    }
    return DeckCard(**(card | fields))
