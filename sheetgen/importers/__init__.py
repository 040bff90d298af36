"""Other tools' files in; sheetgen site files out."""
