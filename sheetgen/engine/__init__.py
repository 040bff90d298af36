"""The rules engine: runs a pack's procedure over time, exactly (odds) or with dice (timetables).

Takes validated Pack and Site models; gives plain dataclasses of numbers and text. Imports no
renderer.
"""
