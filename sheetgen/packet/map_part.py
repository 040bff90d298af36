"""The map of a site's exits, from a loaded site to PDF bytes: for `sheetgen map` and the packet's map page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.model.loaded import LoadedSite
from sheetgen.options import RenderOptions

if TYPE_CHECKING:
    from sheetgen.layout.exit_map import ExitMapLayout


def map_pdf(loaded: LoadedSite, render: RenderOptions) -> tuple[bytes, ExitMapLayout]:
    """The map's pages, for the game master (the keys and names tell the whole dungeon), and its layout."""
    from sheetgen.layout.exit_map import exit_map_layout
    from sheetgen.render.pdf.exit_map import exit_map_pdf
    from sheetgen.sheets.exit_map import exit_map

    layout = exit_map_layout(exit_map(loaded.site, loaded.pack.words.gm), render.paper)
    pdf = exit_map_pdf(layout, loaded.site.site, ink_saver=render.ink_saver, language=render.language)
    return pdf, layout
