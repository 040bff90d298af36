"""sheetgen: printable game-master sheets from rule packs and site files."""

__version__ = "0.1.0"
