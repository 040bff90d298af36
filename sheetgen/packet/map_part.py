"""A site's map, from a loaded site to PDF bytes, for `sheetgen map` and the packet's map page: its floor plan
drawn to scale when the site has a map, else the map of its exits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheetgen.errors import DataError, Location, display_name
from sheetgen.model.loaded import LoadedSite
from sheetgen.options import RenderOptions

if TYPE_CHECKING:
    from sheetgen.layout.exit_map import ExitMapLayout
    from sheetgen.layout.floor_plan import FloorPlanLayout


def map_pdf(
    loaded: LoadedSite, render: RenderOptions, *, players: bool = False
) -> tuple[bytes, ExitMapLayout | FloorPlanLayout]:
    """The map's pages and their layout: for the game master, the floor plan with its keys and secret doors
    (or, without a map, the exits' map, whose keys and names tell the whole dungeon); for the players, the
    floor plan without them, and an error for a site without a map."""
    from sheetgen.render.pdf.exit_map import exit_map_pdf
    from sheetgen.sheets.floor_plan import floor_plan

    plan = floor_plan(loaded.site, loaded.pack.words.gm, players=players)
    layout: ExitMapLayout | FloorPlanLayout
    if plan is not None:
        from sheetgen.layout.floor_plan import floor_plan_layout

        layout = floor_plan_layout(plan, render.paper)
    elif players:
        raise DataError(
            "a players' map is drawn from the site's floor plan, and this site has none (the map of its "
            "exits names every room): add a map:, see docs/site-format.md, or import the dungeon from "
            "One Page Dungeon",
            Location(display_name(loaded.path), field="map"),
        )
    else:
        from sheetgen.layout.exit_map import exit_map_layout
        from sheetgen.sheets.exit_map import exit_map

        layout = exit_map_layout(exit_map(loaded.site, loaded.pack.words.gm, loaded.language), render.paper)
    pdf = exit_map_pdf(layout.pages, loaded.site.site, ink_saver=render.ink_saver, language=render.language)
    return pdf, layout
