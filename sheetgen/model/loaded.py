"""A site as it was read: its model, the packs it is played with and the file it came from."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sheetgen.model.pack import Pack
from sheetgen.model.site import Site


@dataclass(frozen=True)
class LoadedSite:
    site: Site
    pack: Pack
    encounter_pack: Pack | None
    path: Path

    @property
    def slug(self) -> str:
        return self.path.stem

    @property
    def language(self) -> str:
        """The language of the site's text: the site's own, or its pack's."""
        return self.site.language or self.pack.language
