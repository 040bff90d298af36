"""Starter files for `sheetgen new`: a pack in, the text of a commented site file or pack file out.

In front of the pipeline, as sheetgen.importers is: it makes a file for the GM to edit, not a model.
Each starter is read back by the loader before it is written, so what `sheetgen new` writes passes
`sheetgen check`, and it is written with :func:`sheetgen.output.write_new`, which never replaces a file.
``site.py`` writes a site for a pack, ``pack.py`` a copy of a built-in pack with its fields explained.
"""
