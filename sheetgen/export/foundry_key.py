"""A site's room key in; a Foundry VTT JournalEntry document out, as JSON that "Import Data" reads.

One page per room, in the file's order, of type "text" with HTML content (``text.format`` 1): the
room's size, its exits as ``@UUID[.<page>]{5. Flooded Nave}`` links to the other rooms' pages
(relative to the entry the page is in, so they hold in whatever entry the file is imported into), its
description, details as a list, trap, treasure, encounter and notes, and a link to the "Statblocks"
page, the last one, which holds each statblock's description, an HTML table of its stats in the pack's
order, its actions and notes. A journey's route is a "Route" page between them: an HTML table of its
legs in order (key, name, terrain, time and the units it covers, notes).

Every text is made inert as the RollTables' are (sheetgen.export.foundry_html.inert): the only enricher
syntax in the document is the links written here. A link's label is one text node, which Foundry
shows as text, so it is HTML-escaped and loses the characters that would end the link or start
another (``{ } [ ] @``). Ids are 16 letters and digits, made from the site's slug and the room's key,
so the same site gives the same ids (and the same file) every time and a re-import keeps its links.
"""

from __future__ import annotations

import hashlib
import html
from typing import Any

from sheetgen.export.foundry_html import inert, inert_paragraphs
from sheetgen.export.labels import ACTIONS, EXITS, NOTES, ROOM_KEY, ROUTE, SIZE, STATBLOCKS, route_head, with_colon
from sheetgen.export.room_key import KeyRoom, KeyStatblock, RoomKey
from sheetgen.markup import paragraphs, plain
from sheetgen.words.language import _, after_colon

_ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def document_id(slug: str, *what: str) -> str:
    """A Foundry id (16 letters and digits) for one of the site's documents, the same on every run."""
    digest = hashlib.sha256("\0".join(("sheetgen", slug, *what)).encode()).digest()
    return "".join(_ID_ALPHABET[b % len(_ID_ALPHABET)] for b in digest[:16])


def journal_entry(site_name: str, slug: str, key: RoomKey) -> dict[str, Any]:
    """The JournalEntry: one page per room, then the route's page for a journey and the statblocks' page
    when the site has statblocks."""
    entry = document_id(slug, "journal")
    pages = [document_id(slug, "room", room.key) for room in key.rooms]
    blocks_page = document_id(slug, "statblocks")

    def link(page: str, label: str) -> str:
        shown = " ".join(plain(label).translate({ord(ch): " " for ch in "{}[]@"}).split()) or "?"
        return f"@UUID[.{page}]{{{html.escape(shown, quote=False)}}}"

    documents = []
    for n, room in enumerate(key.rooms):
        content = _room_html(
            room,
            [link(pages[i], key.rooms[i].title) for i in room.exits],
            link(blocks_page, _(STATBLOCKS)) if room.stats else None,
            [key.statblocks[i].name for i in room.stats],
        )
        documents.append(_page(pages[n], room.title, content, n))
    if key.route:
        documents.append(_page(document_id(slug, "route"), _(ROUTE), _route_html(key), len(documents)))
    if key.statblocks:
        content = "".join(_statblock_html(block) for block in key.statblocks)
        documents.append(_page(blocks_page, _(STATBLOCKS), content, len(documents)))
    return {
        "_id": entry,
        "name": after_colon(" ".join(plain(site_name).split()), _(ROOM_KEY)),
        "pages": documents,
        "flags": {"sheetgen": {"site": slug}},
    }


def _page(page_id: str, name: str, content: str, n: int) -> dict[str, Any]:
    return {
        "_id": page_id,
        "name": " ".join(plain(name).split()),
        "type": "text",
        "title": {"show": True, "level": 1},
        "text": {"content": content, "format": 1},
        "sort": (n + 1) * 100_000,
    }


def _room_html(room: KeyRoom, exits: list[str], statblocks: str | None, names: list[str]) -> str:
    out = []
    if room.size:
        out.append(f"<p><strong>{html.escape(with_colon(_(SIZE)))}</strong> {inert(room.size)}</p>")
    if exits:
        out.append(f"<p><strong>{html.escape(with_colon(_(EXITS)))}</strong> {', '.join(exits)}</p>")
    out.append(inert_paragraphs(room.description))
    if room.details:
        out.append("<ul>" + "".join(f"<li>{_lines(d)}</li>" for d in room.details) + "</ul>")
    for label, text in room.sections:
        out.append(_labelled(_(label), text))
    if statblocks is not None:
        label = html.escape(with_colon(_(STATBLOCKS)))
        out.append(f"<p><strong>{label}</strong> {', '.join(inert(n) for n in names)} ({statblocks})</p>")
    return "".join(out)


def _route_html(key: RoomKey) -> str:
    head = "".join(f"<th>{inert(label)}</th>" for label in route_head(key.route_track))
    rows = "".join(
        "<tr>"
        + "".join(f"<td>{_lines(cell)}</td>" for cell in (leg.key, leg.name, leg.terrain, leg.time, leg.notes))
        + "</tr>"
        for leg in key.route
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def _labelled(label: str, text: str) -> str:
    paras = [inert(p) for p in paragraphs(text)]
    if not paras:
        return ""
    first, *rest = paras
    return f"<p><strong>{html.escape(with_colon(label))}</strong> {first}</p>" + "".join(f"<p>{p}</p>" for p in rest)


def _lines(text: str) -> str:
    return "<br>".join(inert(p) for p in paragraphs(text))


def _statblock_html(block: KeyStatblock) -> str:
    out = [f"<h2>{inert(block.name)}</h2>", inert_paragraphs(block.description)]
    if block.stats:
        head = "".join(f"<th>{inert(label)}</th>" for label, _value in block.stats)
        row = "".join(f"<td>{inert(value)}</td>" for _label, value in block.stats)
        out.append(f"<table><thead><tr>{head}</tr></thead><tbody><tr>{row}</tr></tbody></table>")
    if block.actions:
        items = "".join(
            f"<li><strong>{inert(name)}</strong>"
            + (f" ({inert(kind)})" if kind else "")
            + (f": {_lines(text)}" if text else "")
            + "</li>"
            for name, kind, text in block.actions
        )
        out.append(f"<p><strong>{html.escape(with_colon(_(ACTIONS)))}</strong></p><ul>{items}</ul>")
    if block.notes:
        out.append(_labelled(_(NOTES), block.notes))
    return "".join(out)
