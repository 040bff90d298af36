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

MAX_ID = 60
"""Characters in an id (``loud-noise``): what other parts of a file call a part by."""

MAX_SITE_TEXT = 250_000
"""Characters of text in all of a site's rooms and statblocks together (about 400 long room cards)."""

MAX_ROOMS = 500
MAX_STATBLOCKS = 300
MAX_LIST = 300
"""Entries in any other list (table rows, actions, details, exits)."""

MAX_MAP_SQUARES = 1_000
"""Squares a site's map reaches from its origin, and its width or height (a generated dungeon spans 60 or so)."""
MAX_MAP_ITEMS = 20_000
"""Areas, doors, squares of water or columns in a site's map."""
MAX_POLYGON = 200
"""Corners of one polygon of a site's map."""

MAX_HOURS = 72
"""Hours of play a timetable may cover."""

MAX_EXTRA = 10
"""Extra rolls of the check an hour that `sheetgen odds --extra` weighs."""

MIN_DPI, MAX_DPI = 10, 600
"""The resolutions `sheetgen preview` renders at."""

MAX_CHOSEN = 12
"""Levels of a track the GM chooses (terrain, light): the odds are worked out once for each."""

MAX_UNITS = 500
"""Units of play (turns, rounds) one timetable or table of odds may cover: 72 hours of 10-minute turns
is 432; a pack of 1-second units would otherwise make exact odds over hundreds of thousands of units."""

MAX_ODDS_WORK = 500_000
"""Steps of work (a die face resolved, a state's probability carried one unit, a term of a linear
system) the exact odds of one pack may take: several seconds at most. A pack whose procedure has
more states than that is refused instead of running for minutes and filling the memory."""

MAX_USAGE_STEPS = 12
"""Dice in one usage die (d12, d10, d8, d6, d4 is five)."""

MAX_TRACK = 1_000
"""Largest range of a track, and largest number of units a cadence may span."""

MAX_TURNS = 2_000
"""Turns a tracker may be asked to show."""

MAX_CARD_TEXT = 20_000
"""Characters one room or statblock prints on its cards, every exit counted as its key and the name of
the room it leads to (300 exits to rooms with long names would otherwise print 36,000 characters from a
one-line list): about 15 poker cards."""

MAX_CARDS_TEXT = 300_000
"""Characters all the room and stat cards of a site print together (the text of exits included): about
250 poker cards, 28 pages."""

MAX_MARKS = 100
"""**bold** and _italic_ stretches in one text field: ReportLab sets each in a piece of its own and
measures a paragraph's pieces again for every card it is split over; 100 stretches are far more than any
text needs and keep a paragraph of them as quick to set as plain text of its length."""

MAX_ROLLS = 8
"""Rolls a procedure has besides its check (``rolls:``): each one multiplies the states the exact odds follow."""

MAX_PATTERN_DICE = 8
MAX_THROWS = 20_000
"""A roll read one by one (a pattern: doubles, a face on a named die) has at most this many dice and this
many different throws (4d10, 5d6 or 2d100 fit), each of which the exact odds look at once."""
