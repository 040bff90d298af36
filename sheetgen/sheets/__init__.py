"""What goes on each reference page, as plain views (no measuring, no drawing): a Pack in, views out."""
