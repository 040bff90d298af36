#!/bin/sh
# Remakes the shipped font files from the original releases (see README.md in this folder).
# Usage: fonts/trim.sh DIR, where DIR holds GentiumBookPlus-Regular.ttf, GentiumBookPlus-Bold.ttf,
# GentiumBookPlus-Italic.ttf, GentiumBookPlus-BoldItalic.ttf, Lato-Regular.ttf, Lato-Bold.ttf and
# NotoSansSymbols2-Regular.ttf.
# Needs fontTools (pyftsubset), which sheetgen already installs.
set -eu
from=$1
here=$(dirname "$0")
# The characters sheetgen supports: sheetgen.fonts.SUPPORTED_UNICODES.
# Fonts are stamped with this date (seconds since 1970), so the files come out the same each time.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-1764547200}"
unicodes="U+0020-007E,U+00A0-017F,U+0192,U+0218-021B,U+02C6-02DD,U+2000-23FF,U+2460-27BF,U+FB00-FB06"

trim() {  # trim ORIGINAL SHIPPED
  pyftsubset "$from/$1" --unicodes="$unicodes" --name-IDs='*' \
    --name-languages='*' --name-legacy --notdef-outline --recommended-glyphs \
    --output-file="$here/$2"
}
trim GentiumBookPlus-Regular.ttf SheetgenSerif-Regular.ttf
trim GentiumBookPlus-Bold.ttf SheetgenSerif-Bold.ttf
trim GentiumBookPlus-Italic.ttf SheetgenSerif-Italic.ttf
trim GentiumBookPlus-BoldItalic.ttf SheetgenSerif-BoldItalic.ttf
trim Lato-Regular.ttf SheetgenSans-Regular.ttf
trim Lato-Bold.ttf SheetgenSans-Bold.ttf
trim NotoSansSymbols2-Regular.ttf NotoSansSymbols2-Regular.ttf

# Gentium and Lato are Reserved Font Names: a modified font must not be called by them.
python3 - "$here" <<'PY'
import sys
from fontTools.ttLib import TTFont

RENAMES = {"SheetgenSerif": ("Gentium Book Plus", "Sheetgen Serif"), "SheetgenSans": ("Lato", "Sheetgen Sans")}
for prefix, (old, new) in RENAMES.items():
    for style in ("Regular", "Bold", "Italic", "BoldItalic"):
        path = f"{sys.argv[1]}/{prefix}-{style}.ttf"
        try:
            font = TTFont(path)
        except FileNotFoundError:
            continue
        name = font["name"]
        version = name.getDebugName(5).split(";")[0].removeprefix("Version ")
        name.names = [r for r in name.names if r.nameID < 256]  # labels of the dropped stylistic sets
        for record in name.names:
            text = record.toUnicode()
            if record.nameID in (1, 4, 16, 18):
                record.string = text.replace(old, new)
            elif record.nameID == 6:
                record.string = text.replace(old.replace(" ", ""), new.replace(" ", ""))
            elif record.nameID == 3:
                record.string = f"sheetgen: {new} {style}: {version}"
        for nameID, text in ((10, f"{new} is {old} {version} trimmed to the characters sheetgen sets; "
                                  "licensed under the SIL Open Font License 1.1."),):
            name.removeNames(nameID=nameID)
            name.setName(text, nameID, 3, 1, 0x409)
            if any(record.platformID == 1 for record in name.names):  # the file has Macintosh names
                name.setName(text, nameID, 1, 0, 0)
        font.save(path)
PY
