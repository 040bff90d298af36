"""Out to other formats: the timetable as JSON and CSV, tables for virtual tabletops and notes apps."""
