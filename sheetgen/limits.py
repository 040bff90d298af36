"""The documented bounds on what sheetgen reads, so that a small file can never cost minutes or gigabytes."""

MAX_FILE_BYTES = 2_000_000
"""A pack or site file larger than this is refused before it is read."""

MAX_YAML_NODES = 100_000
"""Values (scalars, lists and mappings) in one file."""

MAX_DEPTH = 40
"""Nesting depth of one file."""

MAX_TEXT = 6_000
"""Characters in one text field."""

MAX_NAME = 120
"""Characters in a name, key or label."""

MAX_ROOMS = 500
MAX_STATBLOCKS = 300
MAX_LIST = 300
"""Entries in any other list (table rows, actions, details, exits)."""

MAX_HOURS = 72
"""Hours of play a timetable may cover."""

MAX_TRACK = 1_000
"""Largest range of a track, and largest number of units a cadence may span."""

MAX_TURNS = 2_000
"""Turns a tracker may be asked to show."""
