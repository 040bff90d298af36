"""Bundled example sites."""
