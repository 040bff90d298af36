"""A deck paginated as a printed deck is: a room on one card wherever it fits, its cards side by side and in
key order, stat cards on sheets of their own, the fewest sheets; read back from the PDFs the CLI writes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import page_texts, read_pdf, squeeze

from sheetgen.cli import cli
from sheetgen.layout.card_pages import paginate
from sheetgen.layout.cards import Card, CardSheet, card_layout
from sheetgen.layout.marks import LineMark, TextMark
from sheetgen.load.files import load_site
from sheetgen.model.loaded import LoadedSite
from sheetgen.options import A4, LETTER

# name: (CLI options, layout options)
DECKS: dict[str, tuple[list[str], dict[str, object]]] = {
    "letter-poker": ([], {"paper": LETTER}),
    "a4-poker": (["--paper", "a4"], {"paper": A4}),
    "letter-index": (["--size", "index"], {"paper": LETTER, "size": "index"}),
    "letter-bleed": (["--bleed"], {"paper": LETTER, "bleed": True}),
    "letter-shop": (["--layout", "shop"], {"paper": LETTER, "backs": True, "wide_cards": False, "sideways": False}),
}


@pytest.fixture(scope="module")
def chapel() -> LoadedSite:
    return load_site("the-sunken-chapel")


def _cards_pdf(tmp_path: Path, site: str, options: list[str]) -> list[str]:
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(cli, ["cards", site, *options, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return [squeeze(text) for text in page_texts(read_pdf(out.read_bytes()))]


def _in_order(sheet: CardSheet) -> list[Card]:
    """The front cards as they lie in the deck: sheet by sheet, left to right, top to bottom."""
    return sorted(sheet.cards, key=lambda card: (card.page, -round(card.rect.top), round(card.rect.x)))


def _body_text(card: Card, loaded: LoadedSite) -> str:
    """What a room card holds beyond its heading and its exits line."""
    room = next(r for r in loaded.site.rooms if r.key == card.key)
    text = squeeze(" ".join(i.text for i in card.items if isinstance(i, TextMark)))
    names = {r.key: r.name for r in loaded.site.rooms}
    exits = "Exits: " + ", ".join(f"{key} {names[key]}" for key in room.exits)
    for part in (exits, "(cont.)", room.size or "", room.name, room.key):
        text = text.replace(squeeze(part), "", 1) if part else text
    return text.strip()


def _check_deck(loaded: LoadedSite, sheet: CardSheet, texts: list[str], shop: bool) -> None:
    rooms = [r.key for r in loaded.site.rooms]
    # the PDF is the layout drawn: its sheets (a print shop's pages: a back and a front a card)
    assert len(texts) == (2 * len(sheet.cards) if shop else len(sheet.pages))
    for card in sheet.cards:
        page = texts[2 * sheet.cards.index(card) + 1] if shop else texts[card.page]
        assert squeeze(card.name) in page
    deck = _in_order(sheet)
    # the room cards first, in key order, each room's cards side by side on one sheet
    kinds = [card.kind for card in deck]
    assert kinds == sorted(kinds, key=lambda kind: kind != "room")
    keys = [card.key for card in deck if card.kind == "room"]
    assert list(dict.fromkeys(keys)) == rooms
    for key in rooms:
        cards = [card for card in deck if card.key == key]
        at = [deck.index(card) for card in cards]
        assert at == list(range(at[0], at[0] + len(cards))), key
        assert [card.part for card in cards] == list(range(len(cards)))
        if len(cards) <= sheet.layout.per_page:
            assert len({card.page for card in cards}) == 1, key
        # no card holds only the room's heading or only its exits
        for card in cards:
            assert _body_text(card, loaded), card.label
    # stat cards only on sheets with no room card
    room_pages = {card.page for card in sheet.cards if card.kind == "room"}
    assert not room_pages & {card.page for card in sheet.cards if card.kind == "stat"}
    # one body size for the whole deck
    assert len({card.font_size for card in sheet.cards}) == 1


@pytest.mark.parametrize("name", DECKS)
def test_the_bundled_deck_keeps_rooms_whole_and_in_order(tmp_path: Path, chapel: LoadedSite, name: str) -> None:
    options, layout = DECKS[name]
    texts = _cards_pdf(tmp_path, "the-sunken-chapel", options)
    sheet = card_layout(chapel, **layout)  # type: ignore[arg-type]
    _check_deck(chapel, sheet, texts, shop=name == "letter-shop")


def test_the_letter_poker_deck_takes_three_sheets_with_ten_rooms_on_one_card(
    tmp_path: Path, chapel: LoadedSite
) -> None:
    texts = _cards_pdf(tmp_path, "the-sunken-chapel", [])
    assert len(texts) <= 3
    sheet = card_layout(chapel, LETTER)
    whole = [c.key for c in sheet.cards if c.kind == "room" and c.parts == 1 and not c.wide]
    # the exits under the name and details set clear of the boxes above them put the belfry on one card
    assert len(whole) >= 10
    # read back: a room on one card has no "(cont.)" card and its card holds all its text
    for key in whole:
        assert f"{key} (cont.)" not in " ".join(texts)
    assert sum(1 for c in sheet.cards if c.kind == "room") <= 16


def test_the_index_deck_leaves_no_sheet_emptier_than_it_must(tmp_path: Path, chapel: LoadedSite) -> None:
    texts = _cards_pdf(tmp_path, "the-sunken-chapel", ["--size", "index"])
    sheet = card_layout(chapel, LETTER, size="index")
    per_page = sheet.layout.per_page
    rooms = sum(1 for c in sheet.cards if c.kind == "room")
    stats = sum(1 for c in sheet.cards if c.kind == "stat")
    assert len(texts) == -(-rooms // per_page) + -(-stats // per_page)


@pytest.mark.parametrize(
    ("shapes", "columns", "rows", "expected"),
    [
        # singles fill a sheet in order
        ([[(1,)]] * 5, 2, 2, ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0))),
        # a body of two cards does not split over two sheets when the next sheet can take it
        ([[(1,)], [(1,)], [(1,)], [(1, 1)]], 2, 2, ((0, 0), (0, 1), (0, 2), (1, 0))),
        # a long body splits rather than take a wide card whose gap before it would cost a sheet
        ([[(1,)], [(1, 1), (2,)], [(1,)]], 2, 2, ((0, 0), (0, 1), (0, 3))),
        # and takes the wide card when that costs no sheet
        ([[(1,)], [(1,)], [(1, 1), (2,)]], 2, 2, ((0, 0), (0, 1), (0, 2))),
    ],
)
def test_pagination_keeps_order_and_takes_the_fewest_sheets(
    shapes: list[list[tuple[int, ...]]], columns: int, rows: int, expected: tuple[tuple[int, int], ...]
) -> None:
    pagination = paginate(shapes, columns, rows)
    assert tuple(spots[0] for spots in pagination.spots) == expected


def test_a_wide_card_stands_at_a_row_s_end_on_a_sheet_cut_across() -> None:
    # three rows: a sheet with a wide card keeps its last two columns for wide cards, in every row
    pagination = paginate([[(1,)], [(1, 1), (2,)], [(1,)], [(1,)]], 3, 3)
    assert pagination.shapes == (0, 1, 0, 0)
    assert pagination.spots == (((0, 0),), ((0, 1),), ((0, 3),), ((0, 6),))
    assert pagination.pages == 1


LONG_ROOM = """\
site: The Long Hall
system: dungeon-turn
rooms:
  - key: "1"
    name: Gate
    exits: ["2"]
    description: A rusted gate.
  - key: "2"
    name: The Long Hall
    exits: ["1", "3"]
    description: |
{paragraphs}
    details:
      - A loose flagstone hides a copper key.
    trap: A tripwire across the far door rings a bell.
  - key: "3"
    name: Vault
    exits: ["2"]
    description: An empty vault.
"""


@pytest.mark.parametrize("options", [[], ["--layout", "shop"], ["--size", "index"]])
def test_a_very_long_room_splits_cleanly(tmp_path: Path, write: Callable[[str, str], Path], options: list[str]) -> None:
    sentence = "Pillars of black stone march away into the dark, each carved with a drowned saint."
    paragraphs = "\n\n".join("      " + " ".join([f"Bay {n}:", *[sentence] * 5]) for n in range(1, 13))
    path = write("long.yaml", LONG_ROOM.format(paragraphs=paragraphs))
    loaded = load_site(str(path))
    texts = _cards_pdf(tmp_path, str(path), options)
    shop = options == ["--layout", "shop"]
    layout = DECKS["letter-shop"][1] if shop else {"paper": LETTER, "size": "index" if options else "poker"}
    sheet = card_layout(loaded, **layout)
    _check_deck(loaded, sheet, texts, shop=shop)
    hall = [c for c in sheet.cards if c.key == "2"]
    assert len(hall) >= 3 and all(c.parts == len(hall) for c in hall)
    whole = " ".join(texts)
    for n in range(1, 13):
        assert f"Bay {n}:" in whole
    assert "A tripwire across the far door rings a bell." in whole


def _exits_below_rule(card: Card) -> bool:
    """Whether the card's exits line is in its body, under the heading's rule, rather than in the heading."""
    rule = next(m for m in card.items if isinstance(m, LineMark))
    exits = next(m for m in card.items if isinstance(m, TextMark) and m.text.startswith("Exits:"))
    return exits.y < rule.y1


def test_a_room_s_exits_stand_under_its_name_unless_they_would_crowd_the_card(
    chapel: LoadedSite, write: Callable[[str, str], Path]
) -> None:
    sheet = card_layout(chapel, LETTER)
    assert not any(_exits_below_rule(card) for card in sheet.cards if card.kind == "room" and card.part == 0)
    names = [f"The Very Long Gallery of the Forgotten Drowned Saints Number {n}" for n in range(2, 42)]
    rooms = "\n".join(
        f'  - {{key: "{n}", name: {name}, exits: ["1"], description: A hall.}}' for n, name in enumerate(names, 2)
    )
    path = write(
        "crowded.yaml",
        "site: Crowded\nsystem: dungeon-turn\nrooms:\n"
        f'  - {{key: "1", name: Hub, exits: [{", ".join(f"{n!r}" for n in range(2, 42))}], '
        f"description: Doors everywhere.}}\n{rooms}\n",
    )
    hub = next(c for c in card_layout(load_site(str(path)), LETTER).cards if c.key == "1")
    assert _exits_below_rule(hub)
