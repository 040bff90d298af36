"""What goes on each page."""
