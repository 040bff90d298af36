"""Make the README's pictures again: `python tests/docs_pictures.py` (not part of pytest).

docs/packet-pages.png is the bundled site's packet (seed 7, letter), its first ten pages side by side in
two rows; docs/reference-dungeon-turn.png is the first page of dungeon-turn's reference for the game
master. Look at both before committing them.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from sheetgen.load.files import load_pack, load_site
from sheetgen.options import LETTER, RenderOptions
from sheetgen.packet.build import PacketOptions, build_packet
from sheetgen.render.html.reference import reference_pdf

DOCS = Path(__file__).resolve().parent.parent / "docs"


def pages(pdf: bytes, width: int) -> list[Image.Image]:
    document = pdfium.PdfDocument(io.BytesIO(pdf))
    return [page.render(scale=width / page.get_width()).to_pil().convert("RGB") for page in document]


def contact_sheet(images: list[Image.Image], per_row: int, gap: int = 12) -> Image.Image:
    width, height = images[0].size
    rows = -(-len(images) // per_row)
    sheet = Image.new("RGB", (per_row * width + (per_row + 1) * gap, rows * height + (rows + 1) * gap), "#d8d8d8")
    for n, image in enumerate(images):
        row, col = divmod(n, per_row)
        sheet.paste(image, (gap + col * (width + gap), gap + row * (height + gap)))
    return sheet


def main() -> None:
    packet = build_packet(
        load_site("the-sunken-chapel"), PacketOptions(RenderOptions(paper=LETTER), seed=7, use_cache=False)
    )
    contact_sheet(pages(packet.pdf, 200)[:10], 5, gap=12).save(DOCS / "packet-pages.png", optimize=True)
    reference = reference_pdf(load_pack("dungeon-turn"), RenderOptions(paper=LETTER))
    pages(reference, 850)[0].save(DOCS / "reference-dungeon-turn.png", optimize=True)


if __name__ == "__main__":
    main()
